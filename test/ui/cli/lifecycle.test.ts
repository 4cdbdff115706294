/** The lifecycle through the real CLI: refused transitions write nothing, --force writes, respond. */
import { afterEach, describe, expect, it } from "vitest";
import { collectEntries } from "../../../tools/world/read.js";
import { tempWorld, world, type TempWorld, ownEntries } from "../../support/world.js";
import { expectOneLineError, logBytes } from "./helpers.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

async function ok(args: string[]) {
  const run = await world(w.home, args);
  expect(run.stderr).toBe("");
  expect(run.exitCode).toBe(0);
  return run;
}

async function refused(args: string[], pattern: RegExp) {
  const before = logBytes(w.paths);
  expectOneLineError(await world(w.home, args), 3, pattern);
  expect(logBytes(w.paths)).toEqual(before);
}

describe("world agent", () => {
  it("walks start → active → finish → retry → finish → verified, refusing what the table forbids", async () => {
    w = tempWorld();
    // Never started: unknown (exit 4), and no hint to force it.
    const early = await world(w.home, ["agent", "active", "s1", "too early"]);
    expectOneLineError(early, 4, /^world: unknown session: expected the id of a started session \(world agent start s1 … or world spawn\), received active for "s1", which has no start line$/);
    expect(early.stderr).not.toContain("--force");
    const finish = await world(w.home, ["agent", "finish", "never-started", "done"]);
    expectOneLineError(finish, 4, /^world: unknown session: .*received finish for "never-started", which has no start line$/);
    expect(logBytes(w.paths)).toBeNull(); // nothing written
    const start = await ok(["agent", "start", "s1", "find", "a", "flight", "|", "need:", "a", "booked", "seat"]);
    expect(start.stdout).toMatch(/^\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\]\[agent:start\]\[s1\] find a flight \| need: a booked seat$/);
    await refused(["agent", "start", "s1", "again"], /latest status start allows active, finish, failed, closed \(by a person: world close\), received start/);
    await refused(["agent", "verified", "s1", "skip ahead"], /received verified/);
    await ok(["agent", "active", "s1", "searching"]);
    await ok(["agent", "active", "s1", "still searching"]);
    await ok(["agent", "finish", "s1", "found one"]);
    await refused(["agent", "active", "s1", "back to work"], /latest status finish allows verified, retry, failed, closed/);
    await ok(["agent", "retry", "s1", "no booking reference"]);
    await ok(["agent", "finish", "s1", "booked: ABC123"]);
    await ok(["--as-human", "agent", "verified", "s1", "reference present"]); // a verdict: the Verifier's or a person's
    await refused(["agent", "retry", "s1", "more"], /latest status verified allows nothing \(the session is over\)/);
    await refused(["agent", "failed", "s1", "x"], /allows nothing/);

    const entries = ownEntries(collectEntries(w.paths.log).entries);
    expect(entries.map((e) => (e.kind === "agent" ? e.status : e.kind))).toEqual(["start", "active", "active", "finish", "retry", "finish", "verified"]);
    expect(entries[0]).toMatchObject({ output: "find a flight", need: "a booked seat" });
  });

  it("--force writes a refused transition", async () => {
    w = tempWorld();
    await ok(["agent", "start", "s1", "task"]);
    await ok(["agent", "finish", "s1", "done"]);
    await ok(["--as-human", "agent", "verified", "s1", "ok"]);
    const forced = await ok(["agent", "active", "s1", "reopened", "--force"]);
    expect(forced.stdout).toContain("[agent:active][s1] reopened");
    expect(ownEntries(collectEntries(w.paths.log).entries).at(-1)).toMatchObject({ status: "active", output: "reopened" });
  });

  it("failed allows only retry, and the blocker is the need of the failed line", async () => {
    w = tempWorld();
    await ok(["agent", "start", "s1", "task", "--need", "criteria"]);
    await ok(["agent", "failed", "s1", "gave up", "--need", "no password for the portal"]);
    await refused(["agent", "active", "s1", "x"], /latest status failed allows retry/);
    // retry only after a human answered (docs/format.md): not straight after the failure.
    await refused(["agent", "retry", "s1", "trying again"], /^world: refused transition for session s1: latest status failed allows retry only after a human answered \(world respond s1 <text>\), received retry with no answer since the failure/);
    await ok(["--as-human", "respond", "s1", "the password is in the vault"]);
    await ok(["agent", "retry", "s1", "the human sent the password"]);
    expect(ownEntries(collectEntries(w.paths.log).entries)[1]).toMatchObject({ status: "failed", need: "no password for the portal" });
  });

  it("-q prints nothing; the entry is written all the same", async () => {
    w = tempWorld();
    const run = await ok(["agent", "start", "s1", "quiet", "-q"]);
    expect(run.stdout).toBe("");
    expect(ownEntries(collectEntries(w.paths.log).entries)).toHaveLength(1);
  });
});

describe("world respond", () => {
  it("to an unknown session: exit 4, nothing written", async () => {
    w = tempWorld();
    await ok(["event", "bash", "cmd", "an event, not a session"]);
    const before = logBytes(w.paths);
    expectOneLineError(await world(w.home, ["respond", "cmd", "hello"]), 4, /unknown session: .* received "cmd"/);
    expectOneLineError(await world(w.home, ["respond", "nobody", "hello"]), 4, /unknown session/);
    expect(logBytes(w.paths)).toEqual(before);
  });

  it("to a failed session: written as [event:user], no warning", async () => {
    w = tempWorld();
    await ok(["agent", "start", "s1", "task"]);
    await ok(["agent", "failed", "s1", "stuck", "--need", "which account?"]);
    const run = await ok(["--as-human", "respond", "s1", "use", "the", "work", "account"]);
    expect(run.stdout).toMatch(/\]\[event:user\]\[s1\] use the work account \(from terminal\)$/);
    expect(ownEntries(collectEntries(w.paths.log).entries).at(-1)).toMatchObject({ kind: "event", source: "user", id: "s1", output: "use the work account (from terminal)" });
  });

  it("to a session that is not failed: written, with a one-line warning", async () => {
    w = tempWorld();
    await ok(["agent", "start", "s1", "task"]);
    const run = await world(w.home, ["respond", "s1", "hurry up"]);
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toBe("world: warning: session s1 is start, not failed: the response was logged anyway");
    expect(ownEntries(collectEntries(w.paths.log).entries).at(-1)).toMatchObject({ kind: "event", source: "user", output: "hurry up (from program)" });
  });

  it("to a Spirit nudge", async () => {
    w = tempWorld();
    await ok(["event", "spirit", "n1", "nudge: shall I book the table?"]);
    await ok(["respond", "n1", "yes"]);
    expect(ownEntries(collectEntries(w.paths.log).entries).at(-1)).toMatchObject({ source: "user", id: "n1", output: "yes (from program)" });
  });
});
