/** The exact judge: each kind of criterion, through `world verify --once`, on hand-written sessions. */
import { afterEach, describe, expect, it } from "vitest";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { appendOnce } from "../../tools/world/append.js";
import { collectEntries } from "../../tools/world/read.js";
import { tempWorld, world, writeSpawnRecord, type TempWorld } from "../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

function session(id: string, need: string, output: string, events: [string, string][] = []) {
  appendOnce(w!.paths, { kind: "agent", status: "start", id, output: `task ${id}`, need });
  for (const [source, text] of events) appendOnce(w!.paths, { kind: "event", source, id, output: text });
  appendOnce(w!.paths, { kind: "agent", status: "finish", id, output });
}

function verdict(id: string) {
  const e = collectEntries(w!.paths.log).entries.filter((x) => x.kind === "agent" && x.id === id).at(-1)!;
  return e.kind === "agent" ? { status: e.status, output: e.output, need: e.need } : undefined;
}

const offline = { env: { ANTHROPIC_API_KEY: "" } };

/** The process record `world spawn` leaves, saying who wrote the need (agents/procs.ts). */
function record(id: string, needFrom: "human" | "program") {
  writeSpawnRecord(w!.paths, id, needFrom);
}

describe("evidence checks (no model)", () => {
  it("judges every kind of clause exactly", async () => {
    w = tempWorld();
    writeFileSync(join(w.home, "report.md"), "total: 42\n");
    session("f1", "file exists report.md and file report.md matches /total: \\d+/", "wrote report.md");
    session("f2", "file report.md matches /total: 7/", "wrote report.md");
    session("o1", 'output contains "LX-22" and output matches /confirm\\w*/i', "Confirmed, code LX-22");
    session("e1", "event bash logged matching /exit 0/", "ran it", [["bash", "make: exit 0"]]);
    session("e2", "event chrome logged", "browsed", [["bash", "not a browser"]]);
    session("c1", `command exits 0: ${process.execPath} -e "process.exit(require('fs').existsSync('report.md') ? 0 : 1)"`, "checked");
    session("c2", "command exits 0: cat nope.txt", "checked");
    record("c1", "human"); // a person's need may run any command; c2's allow-listed one runs for anybody
    const r = await world(w.home, ["verify", "--once"], offline);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("verify: 4 verified, 3 retry, 0 failed; 0 human answers, 0 agents relaunched");
    expect(verdict("f1")).toMatchObject({ status: "verified", output: "report.md exists; report.md matches /total: \\d+/ [judge: evidence]" });
    expect(verdict("f2")).toMatchObject({ status: "retry", output: expect.stringMatching(/^retry 1 of 3: report\.md does not match \/total: 7\/\. Guidance: make "file report\.md matches \/total: 7\/" true/) });
    expect(verdict("o1")).toMatchObject({ status: "verified" });
    expect(verdict("e1")).toMatchObject({ status: "verified", output: "an [event:bash] line for this session matching /exit 0/ is in the log [judge: evidence]" });
    expect(verdict("e2")).toMatchObject({ status: "retry", output: expect.stringMatching(/^retry 1 of 3: no \[event:chrome\] line for this session in the log\. /) });
    expect(verdict("c1")).toMatchObject({ status: "verified" });
    expect(verdict("c2")).toMatchObject({ status: "retry", output: expect.stringMatching(/`cat nope\.txt` exited 1: cat: nope\.txt: No such file/) });
  });

  it("a need written by a program runs only allow-listed commands; others go to a human", async () => {
    w = tempWorld();
    writeFileSync(join(w.home, "report.md"), "total: 42\n");
    const marker = join(w.home, "ran.txt");
    const touch = `command exits 0: ${process.execPath} -e "require('fs').writeFileSync('${marker}', 'x')"`;
    session("p1", touch, "checked");
    record("p1", "program");
    session("p2", "command exits 0: grep -q total report.md", "checked");
    record("p2", "program");
    session("h1", "command exits 0: grep -q total report.md", "checked");
    record("h1", "human");
    await world(w.home, ["verify", "--once"], offline);
    expect(verdict("p1")).toMatchObject({ status: "failed", output: expect.stringMatching(/was not run: .* is not on the allow-list/), need: expect.stringMatching(/^I could not check ".*" myself \(.*\)\. Can you check it and tell me\?$/) });
    expect(existsSync(marker)).toBe(false);
    expect(verdict("p2")).toMatchObject({ status: "verified" });
    expect(verdict("h1")).toMatchObject({ status: "verified" });
  });

  it("the offline judge takes the free-text part, and is strict", async () => {
    w = tempWorld();
    writeFileSync(join(w.home, "booking.txt"), "ok");
    session("t1", "file exists booking.txt and table booked for 4 people", "Booked a table for 4 people, see booking.txt");
    session("t2", "table booked for 4 people", "done");
    session("t3", "", "no need given");
    await world(w.home, ["verify", "--once"], offline);
    expect(verdict("t1")).toMatchObject({ status: "verified", output: expect.stringMatching(/^booking\.txt exists; offline check \(no model\): .* \[judge: offline\]$/) });
    expect(verdict("t2")).toMatchObject({ status: "retry", output: expect.stringMatching(/does not show "table", "booked", "4", "people"/) });
    expect(verdict("t3")).toMatchObject({ status: "failed", output: "there is no need: criterion to judge this finish against [judge: none]" });
  });
});
