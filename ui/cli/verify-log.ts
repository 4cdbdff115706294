/**
 * `world verify-log [--json]`: proves world.log against its signed checkpoints
 * (tools/world/chain-prove.ts), then extends the chain over the lines written since the
 * last one. Exit 0 when proven; 3 (refused: the world's state) when history no longer
 * matches, naming the first line that differs. What it found is kept for `world status`.
 */
import { RefusedError } from "../../tools/errors.js";
import { readVerified, writeVerified, type VerifiedState } from "../../tools/world/chain.js";
import { extendChain, restartChain } from "../../tools/world/chain-extend.js";
import { proveLog } from "../../tools/world/chain-prove.js";
import { requireHome, type Context } from "./context.js";
import { sinceText } from "../../tools/time-text.js";

export function verifyLog(ctx: Context, opts: { json?: boolean; restart?: boolean }): void {
  const { paths } = requireHome(ctx);
  if (opts.restart) {
    const retired = restartChain(paths);
    if (retired < 0) throw new RefusedError("cannot restart the chain: another process is extending it right now; try again");
    writeVerified(paths, { at: new Date().toISOString(), by: "verify-log --restart", ok: true, lines: 0, proven: 0, checkpoints: 0 });
    ctx.warn(`${retired} checkpoint${retired === 1 ? "" : "s"} moved aside to .world/chain/retired-*/; the log as it is now begins a new chain (first seen now, not proven before)`);
  }
  const started = process.hrtime.bigint();
  const proof = proveLog(paths);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const extension = proof.ok ? extendChain(paths, "verify-log") : undefined;
  const extended = extension?.extended ? extension : undefined;
  const proven = extended ? extended.checkpoint.lines : proof.proven;
  const checkpoints = extended ? extended.checkpoint.n : proof.checkpoints;
  const previous = readVerified(paths);
  const state: VerifiedState = {
    at: new Date().toISOString(), by: "verify-log", ok: proof.ok, lines: proof.lines, proven, checkpoints, fullAt: new Date().toISOString(),
    ...(proof.problem && { problem: proof.problem.message }),
    ...(previous?.reported && { reported: previous.reported }),
  };
  writeVerified(paths, state);
  const linesPerSecond = seconds > 0 ? Math.round(proof.lines / seconds) : null;
  if (opts.json) {
    ctx.out(JSON.stringify({ ...proof, last: proof.last?.n ?? null, proven, checkpoints, extendedBy: extended?.lines ?? 0, seconds, linesPerSecond }));
    if (!proof.ok) process.exitCode = 3;
    return;
  }
  if (!proof.ok) throw new RefusedError(`world.log's history no longer matches its checkpoints: ${proof.problem!.message} (world verify-log; docs/trust.md)`);
  if (proof.checkpoints === 0) {
    if (!extended) return ctx.out("world.log has no complete line: nothing to prove yet");
    return ctx.out(`world.log had no checkpoint: lines 1..${extended.checkpoint.lines} first seen now, at checkpoint 1 (signed), not proven before; from here on a change to them is found`);
  }
  const rebuilt = proof.rebuiltUpTo > 0 || extended?.checkpoint.rebuilt ? ` (lines 1..${extended?.checkpoint.rebuilt ? extended.checkpoint.lines : proof.rebuiltUpTo} first seen at checkpoint 1, not proven before)` : "";
  const extra = extended ? `; ${extended.lines} new line${extended.lines === 1 ? "" : "s"} now under checkpoint ${extended.checkpoint.n}` : "";
  ctx.out(`world.log proven: ${proof.proven} of ${proof.lines} lines match ${proof.checkpoints} signed checkpoint${proof.checkpoints === 1 ? "" : "s"}${rebuilt}${extra} (${seconds.toFixed(2)} s${linesPerSecond ? `, ${linesPerSecond.toLocaleString("en")} lines/s` : ""})`);
}

/** One line for `world status`: when the log last proved, or how its history no longer matches. */
export function proofText(state: VerifiedState | undefined, now: Date): string {
  if (!state) return "never verified: world verify-log (or the Keeper's sweep) makes the first checkpoint";
  const when = `${sinceText(new Date(state.at), now)} by ${state.by}`;
  if (!state.ok) return `HISTORY DOES NOT MATCH (${when}): ${state.problem ?? "see world verify-log"}`;
  return `proven ${when}: ${state.proven} of ${state.lines} lines under ${state.checkpoints} signed checkpoint${state.checkpoints === 1 ? "" : "s"}`;
}
