/** --sync and WORLD_FSYNC=1: the fsync path works end to end (functionally; it is not timed). */
import { readFileSync } from "node:fs";
import { afterEach, expect, it } from "vitest";
import { collectEntries, readAttachment } from "../../../tools/world/read.js";
import { tempWorld, world, type TempWorld, ownEntries } from "../../support/world.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

it("every write command works with --sync (before or after the command) and with WORLD_FSYNC=1", async () => {
  w = tempWorld();
  const long = "a long output that goes to an attachment ".repeat(100);
  const runs = [
    await world(w.home, ["--sync", "event", "bash", "x", "global flag"]),
    await world(w.home, ["event", "bash", "y", "flag after the command", "--sync"]),
    await world(w.home, ["agent", "start", "s1", long, "--need", "done"], { env: { WORLD_FSYNC: "1" } }),
    await world(w.home, ["agent", "failed", "s1", "stuck", "--need", "a question"], { env: { WORLD_FSYNC: "true" } }),
    // A person's answer (a program's would be said not to send the failed session back to work).
    await world(w.home, ["--sync", "--as-human", "respond", "s1", "an answer"]),
    await world(w.home, ["--sync", "check", "reader"]),
  ];
  for (const r of runs) {
    expect(r.stderr).toBe("");
    expect(r.exitCode).toBe(0);
  }
  const { problems, ...read } = collectEntries(w.paths.log);
  const entries = ownEntries(read.entries);
  expect(problems).toEqual([]);
  expect(entries.map((e) => e.id)).toEqual(["x", "y", "s1", "s1", "s1"]);
  expect(readAttachment(w.paths, entries[2]!.outputRef!)).toBe(long);
  expect(readFileSync(w.paths.log, "utf8").endsWith("[event:user][s1] an answer (from terminal)\n")).toBe(true);
});
