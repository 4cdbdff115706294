/**
 * The Verifier's reading loop. It reads from its cursor (.world/cursors/verifier.json)
 * in bounded batches, hands each line it cares about to handle.ts, and moves the cursor
 * only after the verdicts of a batch are written. `once` reads to the end and returns;
 * otherwise it wakes on changes to world.log (tools/fs/watch.ts: fs.watch of the home,
 * debounced, plus a slow poll as a safety net, as tools/world/follow.ts; chokidar was
 * measured dropping the last append of a burst, docs/bench.md) until stopped.
 */
import { isDiskFull } from "../tools/disk.js";
import { FileChanges } from "../tools/fs/watch.js";
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
import { VERIFIER_DEFAULTS, type VerifierContext, type VerifierSettings } from "./context.js";
import { ClusterJudging } from "./cluster.js";
import { concerns, emptyTally, handle, type Tally } from "./handle.js";
import { ModelJudge } from "./model-judge.js";
import { reconcile } from "./reconcile.js";

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
  const ctx: VerifierContext = {
    paths, index, appender,
    settings: { ...VERIFIER_DEFAULTS, ...options.settings },
    ...(client && { model: new ModelJudge(client, modelFromEnv(), paths) }),
    ...(options.log && { log: options.log }),
    cluster: new ClusterJudging(paths, options.log),
  };
  options.log?.info({ judge: client ? `model ${modelFromEnv()}` : "offline (no ANTHROPIC_API_KEY)" }, "verifier started");
  const total = emptyTally();
  try {
    await reconcile(ctx, total, options.signal);
    if (options.once) {
      await drain(ctx, total, options.signal);
      return total;
    }
    await watchLoop(ctx, total, options);
    return total;
  } finally {
    await ctx.cluster?.close();
    appender.close();
    index.close();
    lock.release();
  }
}

/** Read and handle everything from the cursor to the end of the log. */
async function drain(ctx: VerifierContext, total: Tally, signal?: AbortSignal): Promise<void> {
  for (;;) {
    const { position, reset } = readCursor(ctx.paths, READER, logSize(ctx.paths.log));
    if (reset) ctx.log?.warn(reset);
    const batch: Located[] = [];
    const read = readEntries(ctx.paths.log, position, (e) => {
      if (concerns(e)) batch.push(e);
      return batch.length < BATCH;
    });
    for (const p of read.problems) ctx.log?.warn(describeProblem(p));
    for (const e of batch) {
      // Stopping: leave the cursor where it was; what was handled is not handled twice on re-reading.
      if (signal?.aborted) return;
      try {
        await handle(ctx, e, total);
      } catch (error) {
        // A full disk: the batch is read again once there is space (the cursor stays), so a
        // finish written meanwhile is judged then; never said as "could not handle".
        if (isDiskFull(error)) throw error;
        // Said in the log rather than retried forever: a line that always throws would stop the Verifier.
        ctx.log?.error({ err: error, line: e.line }, "could not handle a line");
        ctx.appender.append({ kind: "event", source: "system", id: e.id, output: `verifier: could not handle line ${e.line}: ${String((error as Error)?.message ?? error).slice(0, 300)}` });
      }
    }
    if (read.end.offset !== position.offset || reset) writeCursor(ctx.paths, READER, read.end);
    if (batch.length < BATCH || signal?.aborted) return;
  }
}

async function watchLoop(ctx: VerifierContext, total: Tally, options: VerifierOptions): Promise<void> {
  const { signal, debounceMs = 5, pollMs = 1000, reconcileMs = 60_000 } = options;
  let reconciled = Date.now();
  // The first next() returns at once: catch up on what happened while we were down.
  const changes = new FileChanges(ctx.paths.log, { pollMs, debounceMs, signal });
  try {
    while (await changes.next()) {
      const before = { ...total };
      await drain(ctx, total, signal);
      if (Date.now() - reconciled >= reconcileMs) {
        reconciled = Date.now();
        await reconcile(ctx, total, signal);
      }
      if (JSON.stringify(before) !== JSON.stringify(total)) options.onTally?.(total);
    }
  } finally {
    changes.close();
  }
}

