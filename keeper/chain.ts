/**
 * The Keeper's part of the proof (tools/world/chain.ts): on each sweep it extends the chain
 * over the lines written since the last checkpoint (reading only those), and every
 * FULL_PROOF_EVERY — or at once when the log no longer ends the last checkpoint as it did —
 * proves the whole log. When history no longer matches it says so ONCE in the log
 * (`[event:system][keeper] log history no longer matches …`), not on every sweep, and
 * again only after history matched again (`world verify-log --restart` or the log put back).
 */
import { readVerified, writeVerified, type VerifiedState } from "../tools/world/chain.js";
import { extendChain } from "../tools/world/chain-extend.js";
import { proveLog } from "../tools/world/chain-prove.js";
import { KEEPER_ID, type SweepContext } from "./context.js";
import { statSync } from "node:fs";

/** How often a sweep proves every old line, not only the new ones: a full pass costs about a second per million lines. */
export const FULL_PROOF_EVERY_MS = 10 * 60_000;

export interface ChainCheck {
  /** Lines the sweep put under a new checkpoint. */
  extended: number;
  /** Whether this sweep proved the whole log. */
  full: boolean;
  problem?: string;
  /** Why the chain could not be extended this time (said in the daemon's own log). */
  error?: string;
}

/** Never the end of a sweep: a chain that cannot be written now (a full disk, an unreadable key) is tried again at the next. */
export function checkChain(ctx: SweepContext): ChainCheck {
  try {
    return extendAndCheck(ctx);
  } catch (error) {
    ctx.log?.error({ err: error }, "the log's chain could not be extended");
    return { extended: 0, full: false, error: (error as Error).message };
  }
}

function extendAndCheck(ctx: SweepContext): ChainCheck {
  const { paths } = ctx;
  const before = readVerified(paths);
  const extension = extendChain(paths, "keeper", ctx.now);
  if (extension.extended === false && extension.reason === "busy") return { extended: 0, full: false }; // verify-log is at it
  const lastFull = before?.fullAt ? Date.parse(before.fullAt) : Number.NEGATIVE_INFINITY;
  const mismatch = extension.extended === false && extension.reason === "mismatch";
  // Due, and the log touched since the last full proof: a log whose inode has not changed
  // (its ctime, which no one but root can set back) is proven still by that proof, and an
  // idle world's sweep reads and writes nothing for it.
  const full = mismatch || (ctx.now.getTime() - lastFull >= FULL_PROOF_EVERY_MS && changedSince(paths.log, lastFull));
  const proof = full ? proveLog(paths) : undefined;
  // The full proof names the first line; the cheap check only saw that the end moved.
  // Between full proofs a problem found by the last one stands: only a full proof (or the cheap check) can say it again or clear it.
  const problem = proof?.problem?.message ?? (mismatch ? extension.problem.message : full ? undefined : before?.problem);
  const last = extension.extended ? extension.checkpoint : proof?.last;
  const state: VerifiedState = {
    at: ctx.now.toISOString(),
    by: "keeper",
    ok: problem === undefined,
    lines: Math.max(proof?.lines ?? 0, last?.lines ?? 0, before?.lines ?? 0),
    proven: problem === undefined ? (last?.lines ?? before?.proven ?? 0) : (proof?.proven ?? before?.proven ?? 0),
    checkpoints: last?.n ?? before?.checkpoints ?? 0,
    ...(full ? { fullAt: ctx.now.toISOString() } : before?.fullAt ? { fullAt: before.fullAt } : {}),
    ...(problem !== undefined && { problem }),
    // Said once: kept while history does not match, forgotten once it matches again.
    ...(problem !== undefined && { reported: before?.reported ?? problem }),
  };
  if (problem !== undefined && before?.reported === undefined) {
    ctx.appender.append({ kind: "event", source: "system", id: KEEPER_ID, output: `log history no longer matches its signed checkpoints: ${problem} (world verify-log; docs/trust.md)` });
  }
  // The same as before but for its time: not written again (`world status` then says when it last found something to prove).
  if (!before || JSON.stringify({ ...state, at: before.at }) !== JSON.stringify(before)) writeVerified(paths, state);
  return { extended: extension.extended ? extension.lines : 0, full, ...(problem !== undefined && { problem }) };
}

/** Whether `file` (its data or its inode) changed at `sinceMs` or later, with a second's margin for the clock's grain; a file that cannot be read counts as changed. */
function changedSince(file: string, sinceMs: number): boolean {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat === undefined || stat.ctimeMs >= sinceMs - 1000;
}
