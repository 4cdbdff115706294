/**
 * Processes: a running session whose process is gone becomes `failed` (with the exit
 * code or signal when its supervisor saw it; not a parked one, agents/parked.ts); a process still running although its
 * session is over (or unknown) is an orphan and is stopped: SIGTERM to its process
 * group, SIGKILL after the grace period, each logged. An agent judged only a moment ago
 * may still be writing its last line: it gets `orphanGraceMs` after its verdict to exit
 * by itself before it is signalled. Nothing is signalled unless its
 * recorded start time matches /proc (a reused pid belongs to someone else).
 */
import { stoppedNeed } from "../agents/ended.js";
import { archiveProcRecord, listProcRecords, recordedGroupAlive, type StartedProcRecord } from "../agents/procs.js";
import { forgetSpawnEnv } from "../agents/spawn-env.js";
import { parkedUntil } from "../tools/world/parked.js";
import { describeExit, isSameProcess, ownGroupAlive } from "../tools/process/identity.js";
import { pause } from "../tools/process/daemon.js";
import { isRunning, isTerminal } from "../tools/world/lifecycle.js";
import { fresh } from "../tools/world/query.js";
import type { SweepContext } from "./context.js";
import { terminateGroups } from "../tools/process/terminate.js";

export interface ProcessSweep {
  dead: string[];
  killed: string[];
  archived: number;
}

export async function sweepProcesses(ctx: SweepContext): Promise<ProcessSweep> {
  const result: ProcessSweep = { dead: [], killed: [], archived: 0 };
  const orphans: StartedProcRecord[] = [];
  for (const record of listProcRecords(ctx.paths)) {
    // A record of no process (a reminder parked by `world spawn` itself) has no leader to be alive.
    const leaderAlive = record.pid !== null && isSameProcess(record.pid, record.startTicks);
    let s = fresh(ctx, record.id);
    // Only the process of the current attempt speaks for the session (a retry may be relaunching).
    const current = s !== undefined && record.attempt === s.retries + 1;
    // A parked session ended its process on purpose: the scheduler keeps its promise.
    if (s !== undefined && isRunning(s.status) && current && !leaderAlive && parkedUntil(s) === undefined) {
      const how = record.exit ? describeExit(record.exit.code, record.exit.signal) : `is gone (its exit was not seen)`;
      ctx.appender.append({
        kind: "agent",
        status: "failed",
        id: record.id,
        // (A record of no process: its session was parked by `world spawn`, and something unparked it.)
        output: record.pid === null ? `no process runs attempt ${record.attempt} (parked when spawned), and it is no longer parked` : `process ${record.pid} (attempt ${record.attempt}) ${how} before finishing`,
        need: stoppedNeed(ctx.paths, record.id),
      });
      ctx.log?.info({ id: record.id, pid: record.pid, exit: record.exit }, "agent process gone");
      result.dead.push(record.id);
      s = fresh(ctx, record.id);
    }
    const over = s === undefined || isTerminal(s.status);
    if (!over) continue;
    if (recordedGroupAlive(record)) orphans.push(record);
    else {
      archiveProcRecord(ctx.paths, record.id);
      if (s?.status === "verified") forgetSpawnEnv(ctx.paths, record.id); // never launched again: its secrets go
      result.archived += 1;
    }
  }
  if (orphans.length > 0) result.killed = await stopOrphans(ctx, orphans);
  for (const id of result.killed) {
    archiveProcRecord(ctx.paths, id);
    result.archived += 1;
  }
  return result;
}

async function stopOrphans(ctx: SweepContext, found: StartedProcRecord[]): Promise<string[]> {
  const why = (r: StartedProcRecord) => {
    const s = fresh(ctx, r.id);
    return s === undefined ? "its session is unknown" : `its session is ${s.status}`;
  };
  const orphans = await afterVerdictGrace(ctx, found);
  await terminateGroups(orphans, {
    graceMs: ctx.config.killGraceMs,
    onSignal: (r, signal) => {
      const reason = signal === "SIGTERM" ? `orphan: ${why(r)}` : `still running ${ctx.config.killGraceMs} ms after SIGTERM`;
      ctx.appender.append({ kind: "event", source: "system", id: r.id, output: `keeper: ${signal} to process group ${r.pgid} (${reason})` });
      ctx.log?.[signal === "SIGTERM" ? "info" : "warn"]({ id: r.id, pgid: r.pgid }, `${signal} to orphan`);
    },
  });
  return orphans.map((r) => r.id);
}

/**
 * Waits (real time) until each orphan's session has been over for `orphanGraceMs` (by the
 * sweep's clock), or its group has gone by itself; returns those still running.
 */
async function afterVerdictGrace(ctx: SweepContext, orphans: StartedProcRecord[]): Promise<StartedProcRecord[]> {
  const graceLeft = (r: StartedProcRecord) => {
    const over = fresh(ctx, r.id)?.updatedAt;
    return over === undefined ? 0 : ctx.config.orphanGraceMs - (ctx.now.getTime() - Date.parse(over));
  };
  const until = Date.now() + Math.max(0, ...orphans.map(graceLeft));
  let left = orphans.filter((r) => ownGroupAlive(r.pgid, r.startTicks));
  while (left.length > 0 && Date.now() < until) {
    await pause(Math.min(100, Math.max(1, until - Date.now())));
    left = left.filter((r) => ownGroupAlive(r.pgid, r.startTicks));
  }
  return left;
}
