/**
 * One Keeper run (L1, pure code): timeouts, dead processes and orphans, escalations, log
 * health, then one summary line `[event:system][keeper] swept: …` when the run did something
 * (or was asked to announce itself: the daemon's first sweep). A sweep that found nothing
 * writes nothing to the log: an idle world's Keeper wrote 288 lines a day, each one read,
 * indexed and proven by every other level (issue 23). Idempotent: every rule looks at the
 * current state (from the SQLite index) before it writes, so running twice marks nothing
 * twice, and a run after downtime catches up in one go.
 */
import { Appender } from "../tools/world/append.js";
import { openIndex } from "../tools/world/index-db.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { counts } from "../tools/world/query.js";
import type { Logger } from "../tools/process/daemon.js";
import type { KeeperConfig } from "./config.js";
import { KEEPER_ID, clockedWriter, type SweepContext } from "./context.js";
import { sweepEscalations } from "./escalate.js";
import { checkDisk } from "./disk.js";
import { checkHealth } from "./health.js";
import { checkChain, type ChainCheck } from "./chain.js";
import { ClusterActions } from "./cluster.js";
import { readSyncConfig } from "../sync/config.js";
import { tryLock, type Lock } from "../tools/process/lock.js";
import { sweepProcesses } from "./processes.js";
import { sweepTimeouts } from "./timeouts.js";
import { sweepUnjudged } from "./unjudged.js";
import { applyRetention } from "./retention.js";

export interface SweepSummary {
  running: number;
  pending: number;
  timedOut: string[];
  dead: string[];
  killed: string[];
  escalated: string[];
  unjudged: string[];
  healthLines: number;
  healthProblems: number;
  /** Free space where world.log lives; undefined if it could not be read. */
  disk?: { freeBytes: number; low: boolean };
  /** The proof of the log (keeper/chain.ts): lines put under a new checkpoint, or how history no longer matches. */
  chain: ChainCheck;
  ms: number;
  line: string;
  /** Whether `line` was appended to the log: the run did something, or it was asked to announce itself. */
  logged: boolean;
}

export type SweepOutcome = { ran: true; summary: SweepSummary } | { ran: false; reason: string };

export interface SweepOptions {
  now?: Date;
  log?: Logger;
  /**
   * Start orphaned reminders and timers again before judging processes (agents/rearm.ts):
   * after a reboot their processes are gone but their alarms must still ring. The daemon
   * does it on its first sweep; from cron, `world keep --once --rearm` at @reboot.
   */
  rearm?: boolean;
  /**
   * Deliver parked sessions already due (agents/wake.ts), when no scheduler runs: what
   * `world keep --once` does from cron. The daemon leaves it to its own scheduler.
   */
  wakeOverdue?: boolean;
  /**
   * Write the summary even when the run found nothing: the daemon's first sweep says in the
   * log that the Keeper is up and caught up. Later quiet sweeps write nothing.
   */
  announce?: boolean;
  /** The caller holds the Keeper's lock already (the daemon, for as long as it runs: takeKeeperLock). */
  locked?: boolean;
}

export async function sweep(paths: WorldPaths, config: KeeperConfig, options: SweepOptions = {}): Promise<SweepOutcome> {
  const lock = options.locked ? undefined : takeKeeperLock(paths);
  if (lock !== undefined && "reason" in lock) return { ran: false, reason: lock.reason };
  const started = Date.now();
  const index = openIndex(paths);
  const appender = new Appender(paths);
  const cluster = new ClusterActions(paths, options.log);
  try {
    const writer = options.now ? clockedWriter(appender, options.now) : appender;
    const machine = readSyncConfig(paths)?.machine;
    const ctx: SweepContext = { paths, config, now: options.now ?? new Date(), index, appender: writer, cluster, ...(options.log && { log: options.log }), ...(machine && { machine }) };
    const timedOut = await sweepTimeouts(ctx);
    const rearmed = options.rearm ? await rearm(ctx) : 0;
    const woken = options.wakeOverdue ? await wakeOverdue(paths, ctx) : 0;
    const procs = await sweepProcesses(ctx);
    const escalated = await sweepEscalations(ctx);
    const unjudged = await sweepUnjudged(ctx);
    const health = checkHealth(ctx);
    const disk = await checkDisk(ctx);
    const chain = checkChain(ctx);
    index.catchUp();
    const kept = applyRetention(ctx);
    const logs = [kept.agentFiles ? `${kept.agentFiles} old agent log${kept.agentFiles === 1 ? "" : "s"} removed` : "", kept.rotated.length ? `${kept.rotated.join(", ")} rotated` : ""].filter(Boolean).join(", ");
    const c = counts(index);
    const ms = Date.now() - started;
    const line =
      `swept: ${c.sessions.active} running, ${c.sessions.pending} awaiting a verdict, ${c.sessions.failed} failed; ` +
      `${timedOut.length} timed out, ${procs.dead.length} dead, ${procs.killed.length} orphans stopped, ${escalated.length} escalated${unjudged.length ? `, ${unjudged.length} finished with no verdict` : ""}${rearmed ? `, ${rearmed} re-armed` : ""}${woken ? `, ${woken} parked woken` : ""}; ` +
      `health: ${health.lines} new lines, ${health.problems} problems${disk?.low ? "; disk low" : ""}${logs ? `; logs: ${logs}` : ""} (${ms} ms${machine ? `; machine ${machine}` : ""})`;
    // What the run did (its own lines are written by each rule); a low disk or a broken chain is said once by its check, not here.
    const acted = timedOut.length + procs.dead.length + procs.killed.length + escalated.length + unjudged.length + rearmed + woken + health.problems + (logs ? 1 : 0) > 0;
    const logged = acted || options.announce === true;
    if (logged) {
      writer.append({ kind: "event", source: "system", id: KEEPER_ID, output: line });
      options.log?.info({ timedOut: timedOut.length, dead: procs.dead.length, killed: procs.killed.length, escalated: escalated.length, ms }, "swept");
    } else options.log?.debug({ ms }, "swept: nothing to do"); // not written at the default level (info): an idle Keeper writes nothing
    return {
      ran: true,
      summary: {
        running: c.sessions.active, pending: c.sessions.pending, timedOut, dead: procs.dead, killed: procs.killed, escalated, unjudged,
        healthLines: health.lines, healthProblems: health.problems, chain, ms, line, logged,
        ...(disk && { disk: { freeBytes: disk.freeBytes, low: disk.low } }),
      },
    };
  } finally {
    await cluster.close();
    appender.close();
    index.close();
    lock?.release();
  }
}

/**
 * The Keeper's lock (`.world/locks/keeper/`): one sweep at a time. The daemon takes it once and
 * holds it while it runs (taking and releasing it writes a few small files: at every sweep
 * that was a periodic write in an idle world); `world keep --once` takes it for its run.
 */
export function takeKeeperLock(paths: WorldPaths): Lock | { reason: string } {
  const lock = tryLock(paths, "keeper");
  return "heldBy" in lock ? { reason: `another keeper (pid ${lock.heldBy}) holds the Keeper's lock: a \`world keeper\` (or \`world up\`) keeps this world, or a sweep is running` } : lock;
}

/** With the sweep's index and writer: its lines carry the sweep's clock (an injected one too). */
async function rearm(ctx: SweepContext): Promise<number> {
  try {
    const { rearmReminders } = await import("../agents/rearm.js");
    const started = await rearmReminders(ctx.paths, ctx.index, ctx.appender);
    if (started.length) ctx.log?.info({ started }, "re-armed reminders and timers");
    return started.length;
  } catch (error) {
    ctx.log?.error({ err: error }, "re-arming failed");
    return 0;
  }
}

/** Overdue parked sessions, woken now, unless a scheduler (the Keeper daemon) holds its lock. */
async function wakeOverdue(paths: WorldPaths, ctx: SweepContext): Promise<number> {
  const lock = tryLock(paths, "scheduler");
  if ("heldBy" in lock) return 0;
  try {
    const { parkedSessions, wakeUp } = await import("../agents/wake.js");
    const due = parkedSessions(ctx.index).filter((p) => p.parked.due.getTime() <= ctx.now.getTime());
    return due.length ? (await wakeUp(paths, ctx.index, ctx.appender, due)).filter((w) => w.how === "delivered" || w.how === "relaunched").length : 0;
  } finally {
    lock.release();
  }
}
