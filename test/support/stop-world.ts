/**
 * Stopping whatever a test world started, before its files are removed. A test's agents
 * run detached in their own process groups, their parents write the exit into
 * `.world/procs` after the finish line, and a daemon may still be writing when a test
 * ends early: removing the home under them fails (ENOTEMPTY) or leaves files behind.
 *
 * Every process of a world names its home, in its arguments (`--home <home>`) or its
 * environment (WORLD_HOME, which agents inherit), so /proc finds them all without each
 * test keeping a list; and every member of a process group the world recorded in
 * `.world/procs` (an agent's child started with an environment of its own) is one too. Each is sent SIGTERM, given a grace period, then SIGKILL, and the
 * clean-up waits until none is left. Synchronous, so `TempWorld.cleanup()` stays a plain
 * call in every afterEach.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { recordedGroupAlive, type ProcRecord } from "../../agents/procs.js";
import { procStat } from "../../tools/process/identity.js";
import { worldPaths } from "../../tools/world/paths.js";

const GRACE_MS = 5_000;
const GONE_MS = 20_000;

/** Blocks the thread for `ms` (only while something of the world is still running). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function nulFields(file: string): string[] {
  try {
    return readFileSync(file, "utf8").split("\0");
  } catch {
    return []; // gone, or not ours to read
  }
}

function names(home: string, value: string): boolean {
  return value === home || value.startsWith(`${home}/`);
}

/** The process groups the world recorded (live and archived records) that are still the ones it started. */
function recordedGroups(home: string): Set<number> {
  const procs = worldPaths(home).procs;
  const groups = new Set<number>();
  for (const dir of [procs, join(procs, "done")]) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((n) => n.endsWith(".json"));
    } catch {
      continue;
    }
    for (const file of files) {
      try {
        const r = JSON.parse(readFileSync(join(dir, file), "utf8")) as ProcRecord;
        if (recordedGroupAlive(r)) groups.add(r.pgid);
      } catch {
        // half-written or removed meanwhile: its process still names the home
      }
    }
  }
  return groups;
}

/**
 * The running processes (other than this one) whose arguments or environment name `home`,
 * or that belong to a group the world recorded.
 */
function worldProcesses(home: string, { spareChildren = false } = {}): number[] {
  const groups = recordedGroups(home);
  groups.delete(procStat(process.pid)?.pgid ?? -1); // never the test worker's own group
  const pids: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    if (pid === process.pid) continue;
    const stat = procStat(pid);
    if (stat === undefined || stat.state === "Z" || stat.state === "X") continue;
    if (spareChildren && stat.ppid === process.pid) continue;
    if (groups.has(stat.pgid)) {
      pids.push(pid);
      continue;
    }
    const args = nulFields(`/proc/${pid}/cmdline`);
    const env = nulFields(`/proc/${pid}/environ`).map((kv) => kv.slice(kv.indexOf("=") + 1));
    if (args.some((a) => names(home, a)) || env.some((v) => names(home, v))) pids.push(pid);
  }
  return pids;
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

/** Waits up to `ms` for the world's processes to end, sending `sig` to each one as it is first seen. */
function endAll(home: string, sig: NodeJS.Signals, ms: number, spareChildren: boolean): number[] {
  const signalled = new Set<number>();
  const until = Date.now() + ms;
  for (;;) {
    const left = worldProcesses(home, { spareChildren });
    // A process started meanwhile (a daemon spawning as it stops) is told too.
    for (const pid of left.filter((p) => !signalled.has(p))) {
      signal(pid, sig);
      signalled.add(pid);
    }
    if (left.length === 0 || Date.now() >= until) return left;
    sleepSync(50);
  }
}

/**
 * SIGTERM to every process of the world, SIGKILL to those still running after the grace
 * period; returns once none is left (throws if one survives even SIGKILL), with the
 * commands it found running (pid first). `spareChildren` leaves this process's own children
 * alone (vitest's workers, when the run's root is stopped from its main process). Processes are
 * signalled one by one, never by group: a child the test started without `detached`
 * shares the test worker's group.
 */
export function stopWorldProcesses(home: string, { spareChildren = false } = {}): string[] {
  const found = worldProcesses(home, { spareChildren }).map(commandOf);
  if (endAll(home, "SIGTERM", GRACE_MS, spareChildren).length === 0) return found;
  const left = endAll(home, "SIGKILL", GONE_MS, spareChildren);
  if (left.length > 0) throw new Error(`processes of the world ${home} still running after SIGKILL: ${left.join(", ")}`);
  return found;
}

function commandOf(pid: number): string {
  return `${pid} ${nulFields(`/proc/${pid}/cmdline`).join(" ").trim()}`;
}
