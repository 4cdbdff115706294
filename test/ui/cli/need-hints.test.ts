/**
 * A need that looks like the criteria syntax but does not parse is accepted as written
 * (it is judged as free text), with a one-line warning naming the closest form (12.8).
 */
import { afterEach, expect, it } from "vitest";
import { collectEntries } from "../../../tools/world/read.js";
import { needHints } from "../../../verifier/need-hints.js";
import { tempWorld, world, type TempWorld, ownEntries } from "../../support/world.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

it("names the closest form for near misses, and says nothing for criteria or plain words", () => {
  const closest = (need: string) => needHints(need).map((h) => /expected (.*), received/.exec(h)?.[1]);
  expect(closest("file exist invoice.pdf")).toEqual(["file exists <path>"]);
  expect(closest("fiel exists invoice.pdf")).toEqual(["file exists <path>"]);
  expect(closest("output contains done")).toEqual(['output contains "<text>"']);
  expect(closest("output match /ok/")).toEqual(["output matches /re/flags"]);
  expect(closest("event notify loged")).toEqual(["event <source> logged [matching /re/]"]);
  expect(closest("command exit 0: true")).toEqual(["command exits 0: <cmd> [args…]"]);
  expect(closest("file report.md matchs /total/")).toEqual(["file <path> matches /re/flags"]);
  // Real criteria, and free text a person means as free text: no warning.
  expect(needHints('file exists a.txt and output contains "done" and command exits 0: true')).toEqual([]);
  expect(needHints("a confirmation number and a friendly tone")).toEqual([]);
  expect(needHints("the file is on the shared drive")).toEqual([]);
});

it("world agent start and world spawn accept the need as written and warn in one line per clause", async () => {
  w = tempWorld();
  const r = await world(w.home, ["agent", "start", "s1", "find the invoice", "--need", "file exist invoice-march.pdf and a short summary"]);
  expect(r.exitCode).toBe(0);
  expect(r.stderr).toBe('world: warning: need "file exist invoice-march.pdf" is not criteria syntax and will be judged as free text: expected file exists <path>, received "file exist invoice-march.pdf"');
  expect(ownEntries(collectEntries(w.paths.log).entries)[0]).toMatchObject({ kind: "agent", status: "start", need: "file exist invoice-march.pdf and a short summary" });

  const ok = await world(w.home, ["agent", "start", "s2", "find it", "--need", "file exists invoice-march.pdf"]);
  expect(ok.stderr).toBe("");

  const spawned = await world(w.home, ["spawn", "say hi | need: output contain \"hi\"", "--", "/bin/true"]);
  expect(spawned.exitCode, spawned.stderr).toBe(0);
  expect(spawned.stderr).toMatch(/^world: warning: need "output contain \\"hi\\"" is not criteria syntax and will be judged as free text: expected output contains "<text>", received .+$/);
});
