/**
 * The Verifier's reading loop. It reads from its cursor (.world/cursors/verifier.json)
 * in bounded batches and hands each line it cares about to a bounded pool of judgements
 * (session-pool.ts: a few sessions at once, each session's lines in order, so a slow
 * check holds no other session's verdict), moving the cursor once a batch is handed over;
 * reconcile.ts finds what was in flight if it dies. Its checks die with it
 * (check-groups.ts). `once` reads to the end, waits for the judgements, and returns;
 * otherwise it wakes on changes to world.log (tools/fs/watch.ts: fs.watch of the home,
 * debounced, plus a slow poll as a safety net, as tools/world/follow.ts; chokidar was
 * measured dropping the last append of a burst, docs/bench.md) until stopped.
 */
import { FileChanges, SAFETY_POLL_MS } from "../tools/fs/watch.js";
import { RefusedError } from "../tools/errors.js";
import { anthropicFromEnv, modelFromEnv } from "../tools/llm/provider.js";
import { type Logger } from "../tools/process/daemon.js";
import { Appender } from "../tools/world/append.js";
import { readCursor, writeCursor } from "../tools/world/cursor.js";
import type { Located } from "../tools/world/entry.js";
import { openIndex } from "../tools/world/index-db.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { describeProblem, logSize, readEntries } from "../tools/world/read.js";
import { tryLock } from "../tools/process/lock.js";
import { verifierSettings, type VerifierContext, type VerifierSettings } from "./context.js";
import { ClusterJudging } from "./cluster.js";
import { concerns, emptyTally, submit, type Tally } from "./handle.js";
import { ModelJudge } from "./model-judge.js";
import { reconcile } from "./reconcile.js";
import { endLeftChecks, RunningChecks } from "./check-groups.js";
import { SessionPool } from "./session-pool.js";

const READER = "verifier";
/** Lines the Verifier acts on, at most, before it writes its cursor. */
const BATCH = 1000;

export interface VerifierOptions {
  once?: boolean;
  signal?: AbortSignal;
  /** Wait this long after a change before reading, so a burst is read in one go (default 5 ms). */
  debounceMs?: number;
  pollMs?: number;
  /** How often to look for work through the index too, besides the cursor (default 60 s). */
  reconcileMs?: number;
  settings?: Partial<VerifierSettings>;
  log?: Logger;
  onTally?: (tally: Tally) => void;
}

export async function runVerifier(paths: WorldPaths, options: VerifierOptions = {}): Promise<Tally> {
  const lock = tryLock(paths, "verifier");
  if ("heldBy" in lock) throw new RefusedError(`another verifier is running (pid ${lock.heldBy}): expected one per world, received a second`);
  const index = openIndex(paths);
  const appender = new Appender(paths);
  const client = anthropicFromEnv();
  const checks = new RunningChecks(paths);
  const ctx: VerifierContext = {
    paths, index, appender,
    settings: verifierSettings(paths, options.settings),
    ...(client && { model: new ModelJudge(client, modelFromEnv(), paths) }),
    ...(options.log && { log: options.log }),
    cluster: new ClusterJudging(paths, options.log),
    checks,
    ...(options.signal && { signal: options.signal }),
  };
  options.log?.info({ judge: client ? `model ${modelFromEnv()}` : "offline (no ANTHROPIC_API_KEY)", concurrentChecks: ctx.settings.concurrentChecks }, "verifier started");
  // Checks a SIGKILLed Verifier left running: their judge is gone, their verdicts will be redone.
  const left = endLeftChecks(paths);
  if (left.length > 0) options.log?.warn({ ended: left }, "ended checks a previous verifier left running");
  const total = emptyTally();
  let lastTally = JSON.stringify(total);
  const pool = new SessionPool(ctx.settings.concurrentChecks, (error) => options.log?.error({ err: error }, "a judgement failed"), () => {
    const now = JSON.stringify(total);
    if (now !== lastTally) options.onTally?.(total);
    lastTally = now;
  });
  // Stopping ends the checks in flight at once: their judgements write nothing (handle.ts).
  const stop = () => {
    pool.stop();
    checks.endAll();
  };
  options.signal?.addEventListener("abort", stop, { once: true });
  try {
    reconcile(ctx, pool, total, options.signal);
    if (options.once) await drain(ctx, pool, total, options.signal);
    else await watchLoop(ctx, pool, total, options);
    await pool.idle();
    if (pool.failure !== undefined) throw pool.failure;
    return total;
  } finally {
    options.signal?.removeEventListener("abort", stop);
    stop(); // an error on the way out ends the checks too
    await pool.idle();
    await ctx.cluster?.close();
    appender.close();
    index.close();
    lock.release();
  }
}

/**
 * Read everything from the cursor to the end of the log and hand each line to the pool.
 * The cursor moves once a batch is handed over, not judged: a judgement in flight when
 * the Verifier dies is found again by reconcile() at the next start (it looks through the
 * index for every finish without a verdict, retry without its agent, answered failure).
 */
async function drain(ctx: VerifierContext, pool: SessionPool, total: Tally, signal?: AbortSignal): Promise<void> {
  for (;;) {
    const { position, reset } = readCursor(ctx.paths, READER, logSize(ctx.paths.log));
    if (reset) ctx.log?.warn(reset);
    const batch: Located[] = [];
    const read = readEntries(ctx.paths.log, position, (e) => {
      if (concerns(e)) batch.push(e);
      return batch.length < BATCH;
    });
    for (const p of read.problems) ctx.log?.warn(describeProblem(p));
    // Stopping: leave the cursor where it was; what was handled is not handled twice on re-reading.
    if (signal?.aborted) return;
    for (const e of batch) submit(ctx, pool, e, total);
    if (read.end.offset !== position.offset || reset) writeCursor(ctx.paths, READER, read.end);
    // A reader far ahead of its judges waits for them: memory stays bounded.
    await pool.below(BATCH);
    // A full disk: thrown out to surviveFullDisk, which waits for space and starts again;
    // reconcile() then finds every finish the dropped judgements left without a verdict.
    if (pool.failure !== undefined) throw pool.failure;
    if (batch.length < BATCH || signal?.aborted) return;
  }
}

async function watchLoop(ctx: VerifierContext, pool: SessionPool, total: Tally, options: VerifierOptions): Promise<void> {
  const { signal, debounceMs = 5, pollMs = SAFETY_POLL_MS, reconcileMs = 60_000 } = options;
  let reconciled = Date.now();
  // The first next() returns at once: catch up on what happened while we were down.
  const changes = new FileChanges(ctx.paths.log, { pollMs, debounceMs, signal });
  try {
    while (await changes.next()) {
      await drain(ctx, pool, total, signal);
      if (Date.now() - reconciled >= reconcileMs) {
        reconciled = Date.now();
        reconcile(ctx, pool, total, signal);
      }
    }
  } finally {
    changes.close();
  }
}

