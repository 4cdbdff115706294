/**
 * Process facts from /proc, and killing a process group safely.
 *
 * A pid alone is not an identity: pids are reused. A process is identified by its pid
 * AND its start time (field 22 of /proc/<pid>/stat, clock ticks since boot), which the
 * spawner records right after starting it. Nothing is ever killed unless both match.
 */
import { readdirSync, readFileSync } from "node:fs";

export interface ProcStat {
  pid: number;
  /** R, S, D, Z (zombie: exited, not yet reaped), T, … */
  state: string;
  ppid: number;
  pgid: number;
  /** Start time in clock ticks after boot: with the pid, a process's identity. */
  startTicks: number;
}

/** /proc/<pid>/stat, or undefined when there is no such process. */
export function procStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may itself contain spaces or ')'.
  const close = text.lastIndexOf(")");
  if (close === -1) return undefined;
  const rest = text.slice(close + 2).split(" ");
  // rest[0] is field 3 (state); field N is rest[N - 3].
  const startTicks = Number(rest[19]);
  return { pid, state: rest[0] ?? "?", ppid: Number(rest[1]), pgid: Number(rest[2]), startTicks };
}

/** Running (not a zombie) and the same process that was recorded (start time matches, when known). */
export function isSameProcess(pid: number, startTicks: number | null | undefined): boolean {
  const stat = procStat(pid);
  if (stat === undefined || stat.state === "Z" || stat.state === "X") return false;
  return startTicks === null || startTicks === undefined || stat.startTicks === startTicks;
}

/** Does any process still belong to this process group? (signal 0 probes without sending.) */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether the group `pgid` is still the one we started. The leader's start time must match;
 * if the leader is gone but members survive, the group is still ours, because Linux does
 * not hand out a pid that is still in use as a process group id.
 */
export function ownGroupAlive(pgid: number, leaderStartTicks: number | null | undefined): boolean {
  const leader = procStat(pgid);
  if (leader !== undefined && leader.state !== "Z" && leaderStartTicks != null && leader.startTicks !== leaderStartTicks) {
    return false; // the pid now belongs to somebody else
  }
  if (leader !== undefined && leader.state !== "Z" && leader.pgid !== pgid) return false; // not a group leader any more
  if (leader === undefined || leader.state === "Z") return groupHasLiveMember(pgid);
  return true;
}

/** Signal 0 answers for zombies too: look in /proc for a member that is actually running. */
function groupHasLiveMember(pgid: number): boolean {
  if (!groupAlive(pgid)) return false;
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return true; // no /proc to look in: trust signal 0
  }
  return pids.some((name) => {
    const s = procStat(Number(name));
    return s !== undefined && s.pgid === pgid && s.state !== "Z" && s.state !== "X";
  });
}

/** Send a signal to a whole process group; false if it is already gone. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw error;
  }
}

/** A description of how a process ended, for a log line. */
export function describeExit(code: number | null | undefined, signal: string | null | undefined): string {
  if (signal) return `killed by ${signal}`;
  if (code === null || code === undefined) return "ended (exit status unknown)";
  return `exited with code ${code}`;
}
