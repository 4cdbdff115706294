import { afterEach, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { KEEPER_DEFAULTS, type KeeperConfig } from "../../keeper/config.js";
import { sweep } from "../../keeper/sweep.js";
import { readProcRecord, writeProcRecord } from "../../agents/procs.js";
import { spawnAgent } from "../../agents/spawn.js";
import { isSameProcess, procStat } from "../../tools/process/identity.js";
import { appendOnce } from "../../tools/world/append.js";
import { collectEntries } from "../../tools/world/read.js";
import { tempWorld, waitForEntry, world, type TempWorld } from "../support/world.js";
import { childOf, fixture, waitGone } from "../agents/support.js";

let w: TempWorld | undefined;
const strays: number[] = [];
afterEach(() => {
  for (const pid of strays.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone
    }
  }
  w?.cleanup();
  w = undefined;
});

const FAST: KeeperConfig = { ...KEEPER_DEFAULTS, killGraceMs: 300, orphanGraceMs: 0 };

function lines(id: string) {
  return collectEntries(w!.paths.log).entries.filter((e) => e.id === id);
}

describe("Keeper: dead agents", () => {
  it("an agent killed by SIGKILL is failed by its parent at once, naming the signal; the sweep adds nothing", async () => {
    w = tempWorld();
    const { id, pid } = await spawnAgent(w.paths, { task: "sleep", need: "never", command: [fixture("sleeper.sh")] });
    await waitForEntry(w.paths, (e) => e.id === id && e.kind === "agent" && e.status === "active");
    process.kill(childOf(pid), "SIGKILL"); // the agent itself; its parent (pid) sees how it ended
    const early = await waitForEntry(w.paths, (e) => e.id === id && e.kind === "agent" && e.status === "failed");
    expect(early.output).toBe(`process ${pid} (attempt 1) killed by SIGKILL before finishing; stderr: Killed`); // "Killed": the sh parent says so
    const out = await sweep(w.paths, FAST);
    expect(out.ran && out.summary.dead).toEqual([]);
    const failed = lines(id).filter((e) => e.kind === "agent" && e.status === "failed");
    expect(failed).toHaveLength(1);
    // Idempotent, and the record of a finished session is archived.
    await sweep(w.paths, FAST);
    expect(lines(id).filter((e) => e.kind === "agent" && e.status === "failed")).toHaveLength(1);
    expect(existsSync(join(w.paths.procs, `${id}.json`))).toBe(false);
    expect(readProcRecord(w.paths, id)?.exit).toMatchObject({ signal: "SIGKILL" });
  });

  it("says the process is gone when nobody saw it exit (its whole group was SIGKILLed, parent too)", async () => {
    w = tempWorld();
    const r = await world(w.home, ["spawn", "sleep | need: never", "--", fixture("sleeper.sh")]);
    const id = String(r.stdout).trim();
    await waitForEntry(w.paths, (e) => e.id === id && e.kind === "agent" && e.status === "active");
    const pid = readProcRecord(w.paths, id)!.pid!; // a command: always a process
    process.kill(-pid, "SIGKILL");
    await waitGone(pid);
    const r2 = await world(w.home, ["keep", "--once"]);
    expect(r2.stdout).toMatch(/1 dead/);
    expect(lines(id).find((e) => e.kind === "agent" && e.status === "failed")).toMatchObject({ kind: "agent", status: "failed", output: `process ${pid} (attempt 1) is gone (its exit was not seen) before finishing` });
  });
});

describe("Keeper: orphans", () => {
  it("stops an orphan that ignores SIGTERM: SIGTERM, then SIGKILL after the grace period, each logged", async () => {
    w = tempWorld();
    const { id, pid } = await spawnAgent(w.paths, { task: "stubborn", need: "n", command: [process.execPath, fixture("ignores-term.mjs")] });
    await waitForEntry(w.paths, (e) => e.id === id && e.kind === "agent" && e.status === "active");
    expect((await world(w.home, ["agent", "failed", id, "given up", "--need", "nothing"])).exitCode).toBe(0);
    const out = await sweep(w.paths, FAST);
    expect(out.ran && out.summary.killed).toEqual([id]);
    await waitGone(pid);
    const said = lines(id).filter((e) => e.kind === "event" && e.output.startsWith("keeper: ")).map((e) => e.output);
    expect(said).toEqual([
      `keeper: SIGTERM to process group ${pid} (orphan: its session is failed)`,
      `keeper: SIGKILL to process group ${pid} (still running 300 ms after SIGTERM)`,
    ]);
    // SIGKILL took the parent too: the Keeper's own line is the record of how it ended.
  });

  it("times out a silent agent and stops its process in the same sweep (SIGTERM is enough)", async () => {
    w = tempWorld();
    const { id, pid } = await spawnAgent(w.paths, { task: "silent", need: "n", command: [fixture("silent.sh")] });
    // The grace covers the parent's exit note (a Node start) on a busy machine, generously: the sweep
    // ends as soon as the group is gone (with 10 s it failed once under heavy load).
    const out = await sweep(w.paths, { ...FAST, startTimeoutMs: 0, killGraceMs: 60_000 });
    expect(out.ran && out.summary.timedOut).toEqual([id]);
    expect(out.ran && out.summary.killed).toEqual([id]);
    await waitGone(pid);
    const said = lines(id).filter((e) => e.kind === "event" && e.output.startsWith("keeper: ")).map((e) => e.output);
    expect(said).toEqual([`keeper: SIGTERM to process group ${pid} (orphan: its session is failed)`]);
  });

  it("gives an agent judged a moment ago time to write its last line and exit: not signalled", async () => {
    w = tempWorld();
    const { id } = await spawnAgent(w.paths, { task: "t", need: "n", command: [fixture("lingers.sh")] });
    await waitForEntry(w.paths, (e) => e.id === id && e.kind === "agent" && e.status === "active");
    appendOnce(w.paths, { kind: "agent", status: "verified", id, output: "judged while it was still writing" });
    // The grace is far longer than the agent needs: the sweep ends as soon as its group is gone.
    const out = await sweep(w.paths, { ...FAST, orphanGraceMs: 30_000 });
    expect(out.ran && out.summary.killed).toEqual([]);
    expect(lines(id).filter((e) => e.kind === "event" && e.output.startsWith("keeper: "))).toEqual([]);
    expect(lines(id).some((e) => e.kind === "event" && e.output === "last words")).toBe(true);
  });

  it("never signals a process it did not start: a reused pid (start time differs) is left alone", async () => {
    w = tempWorld();
    const other = execa("sleep", ["30"], { detached: true, reject: false });
    strays.push(other.pid!);
    const stat = procStat(other.pid!)!;
    appendOnce(w.paths, { kind: "agent", status: "start", id: "old", output: "t", need: "n" });
    appendOnce(w.paths, { kind: "agent", status: "verified", id: "old", output: "done" });
    // A record whose pid now belongs to another process (its start time is not the recorded one).
    writeProcRecord(w.paths, {
      id: "old", pid: other.pid!, pgid: other.pid!, startedAt: new Date().toISOString(), startTicks: stat.startTicks - 1,
      command: ["x"], kind: null, attempt: 1, task: "t", need: "n",
    });
    const out = await sweep(w.paths, FAST);
    expect(out.ran && out.summary.killed).toEqual([]);
    expect(isSameProcess(other.pid!, stat.startTicks)).toBe(true);
    expect(lines("old").filter((e) => e.kind === "event")).toEqual([]);
    other.kill("SIGKILL");
  });

  it("leaves a finished agent that is still exiting alone (its verdict is pending)", async () => {
    w = tempWorld();
    const { id, pid } = await spawnAgent(w.paths, { task: "t", need: "n", command: [fixture("sleeper.sh")] });
    await waitForEntry(w.paths, (e) => e.id === id && e.kind === "agent" && e.status === "active");
    expect((await world(w.home, ["agent", "finish", id, "done"])).exitCode).toBe(0);
    const out = await sweep(w.paths, FAST);
    expect(out.ran && out.summary.killed).toEqual([]);
    expect(out.ran && out.summary.dead).toEqual([]);
    expect(isSameProcess(pid, readProcRecord(w.paths, id)!.startTicks)).toBe(true);
  });
});
