/**
 * Exactly one verdict per finished agent, even when the Verifier is SIGKILLed in the
 * middle of a judgement and started again, and even when its cursor is lost.
 */
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa, type ResultPromise } from "execa";
import { appendOnce } from "../../tools/world/append.js";
import { collectEntries } from "../../tools/world/read.js";
import { tempWorld, waitForEntry, world, WORLD_BIN, writeSpawnRecord, type TempWorld } from "../support/world.js";
import { fixture } from "../agents/support.js";
import { waitUntil } from "../support/wait.js";

let w: TempWorld | undefined;
const daemons: ResultPromise[] = [];
afterEach(async () => {
  for (const d of daemons.splice(0)) {
    d.kill("SIGKILL");
    await d;
  }
  w?.cleanup();
  w = undefined;
});

const VERDICTS = ["verified", "retry", "failed"];

function verdictsBySession(): Map<string, string[]> {
  const by = new Map<string, string[]>();
  for (const e of collectEntries(w!.paths.log).entries) {
    if (e.kind === "agent" && VERDICTS.includes(e.status)) by.set(e.id, [...(by.get(e.id) ?? []), e.status]);
  }
  return by;
}

// A daemon started with `void startVerifier(...)` is fire-and-forget: it runs until the test kills it or
// afterEach stops it (its promise is kept in the list for that); reject: false, so it never rejects.
function startVerifier(): ResultPromise {
  const d = execa(process.execPath, [WORLD_BIN, "--home", w!.home, "verifier"], { reject: false, env: { ANTHROPIC_API_KEY: "" } });
  daemons.push(d);
  return d;
}

describe("the Verifier, exactly once", () => {
  it("SIGKILLed mid-judgement and restarted: every finished agent gets exactly one verdict", async () => {
    w = tempWorld();
    const release = join(w.home, "release");
    const ids = ["a1", "a2", "a3", "a4", "a5"];
    // Finished agents whose need includes a check that blocks until the test releases it.
    for (const id of ids) {
      appendOnce(w.paths, { kind: "agent", status: "start", id, output: `task ${id}`, need: `command exits 0: ${process.execPath} ${fixture("gated-check.mjs")} ${release}` });
      appendOnce(w.paths, { kind: "agent", status: "finish", id, output: "done" });
      // A person's need (a start line alone is a program's: only allow-listed commands run, docs/trust.md).
      writeSpawnRecord(w.paths, id, "human");
    }
    const first = startVerifier();
    // The first judgement is under way (its check logged [event:check][a1] started): kill it.
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "check" && e.id === "a1");
    first.kill("SIGKILL");
    expect((await first).signal).toBe("SIGKILL");
    expect(verdictsBySession().size).toBe(0);

    writeFileSync(release, "go");
    void startVerifier();
    for (const id of ids) await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === id && e.status === "verified");
    // The Verifier has caught up; a run over everything again writes nothing more.
    const again = await world(w.home, ["verify", "--once"], { env: { ANTHROPIC_API_KEY: "" } });
    expect(again.stderr).toMatch(/another verifier is running/); // the daemon holds the lock
    const by = verdictsBySession();
    expect([...by.keys()].sort()).toEqual(ids);
    for (const id of ids) expect(by.get(id)).toEqual(["verified"]);
  });

  it("a session closed by a person during its judgement gets no verdict after the close", async () => {
    w = tempWorld();
    const release = join(w.home, "release");
    appendOnce(w.paths, { kind: "agent", status: "start", id: "d1", output: "task d1", need: `command exits 0: ${process.execPath} ${fixture("gated-check.mjs")} ${release}` });
    appendOnce(w.paths, { kind: "agent", status: "finish", id: "d1", output: "done" });
    writeSpawnRecord(w.paths, "d1", "human");
    void startVerifier();
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "check" && e.id === "d1");
    expect((await world(w.home, ["--as-human", "close", "d1", "not needed any more"])).exitCode).toBe(0);
    writeFileSync(release, "go");
    // The judgement ends (its check passes) with the session closed: the Verifier says so in its own log, and writes nothing.
    const opsLog = () => {
      try {
        return readFileSync(join(w!.paths.logs, "verifier.log"), "utf8");
      } catch {
        return "";
      }
    };
    await waitUntil(() => opsLog().includes("verdict not written"), { what: "the Verifier's judgement of d1 to end unwritten", timeoutMs: 60_000 });
    expect(verdictsBySession().get("d1")).toBeUndefined();
    const statuses = collectEntries(w.paths.log).entries.filter((e) => e.kind === "agent" && e.id === "d1").map((e) => e.kind === "agent" && e.status);
    expect(statuses).toEqual(["start", "finish", "closed"]);
  });

  it("killed between writing verdicts and moving its cursor: reading the same lines again writes nothing twice", async () => {
    w = tempWorld();
    for (const id of ["b1", "b2", "b3"]) {
      appendOnce(w.paths, { kind: "agent", status: "start", id, output: "t", need: id === "b2" ? "file exists missing.txt" : "output matches /ok/" });
      appendOnce(w.paths, { kind: "agent", status: "finish", id, output: "ok" });
    }
    const env = { env: { ANTHROPIC_API_KEY: "" } };
    expect((await world(w.home, ["verify", "--once"], env)).stdout).toBe("verify: 2 verified, 1 retry, 0 failed; 0 human answers, 0 agents relaunched");
    // Lose the cursor (as if the crash came right after the verdicts): everything is read again.
    rmSync(join(w.paths.cursors, "verifier.json"));
    expect((await world(w.home, ["verify", "--once"], env)).stdout).toBe("verify: 0 verified, 0 retry, 0 failed; 0 human answers, 0 agents relaunched");
    const by = verdictsBySession();
    expect(Object.fromEntries(by)).toEqual({ b1: ["verified"], b2: ["retry"], b3: ["verified"] });
    // b2 was not started by world spawn: the retry is logged, and so is why no agent was started.
    const said = collectEntries(w.paths.log).entries.filter((e) => e.kind === "event" && e.id === "b2").map((e) => e.output);
    expect(said).toEqual(["verifier: cannot start attempt 2: no recorded command (the session was not started by world spawn); the agent must pick up the retry itself"]);
  });

  it("finds finished agents through the index even when its cursor was moved past them", async () => {
    w = tempWorld();
    appendOnce(w.paths, { kind: "agent", status: "start", id: "c1", output: "t", need: "output matches /ok/" });
    appendOnce(w.paths, { kind: "agent", status: "finish", id: "c1", output: "ok" });
    appendOnce(w.paths, { kind: "agent", status: "failed", id: "c2", output: "stuck", need: "a word" });
    appendOnce(w.paths, { kind: "event", source: "user", id: "c2", output: "the word is blue" });
    // Someone read the Verifier's cursor by hand: it is at the end now.
    expect((await world(w.home, ["check", "verifier"])).exitCode).toBe(0);
    const r = await world(w.home, ["verify", "--once"], { env: { ANTHROPIC_API_KEY: "" } });
    expect(r.stdout).toBe("verify: 1 verified, 0 retry, 0 failed; 1 human answers, 0 agents relaunched");
    expect(Object.fromEntries(verdictsBySession())).toEqual({ c1: ["verified"], c2: ["failed", "retry"] });
  });
});
