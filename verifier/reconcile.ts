/**
 * A second way in, besides the cursor: the sessions the index says are waiting for the
 * Verifier. Run when the Verifier starts and now and then while it runs, it catches what
 * the cursor alone would miss (the cursor moved by someone running `world check
 * verifier`, a log replaced under it): every `finish` still without a verdict, every
 * `retry` whose agent is not running, every failed session a human has answered.
 * Exactly-once holds as everywhere: each handler re-checks the session's latest line.
 *
 * Its catch-up is what indexes the lines nobody asked the index about since they were
 * written: under `world up`, the Keeper's first `swept:` line, 60 s after the start (the
 * one index write of an idle world after its start-up, bench/idle.ts). With nothing
 * appended it writes nothing to the index (test/verifier/idle-index.test.ts).
 */
import type { AgentEntry, Located } from "../tools/world/entry.js";
import { firstEventAfter } from "../tools/world/event-queries.js";
import { history, sessionsIn } from "../tools/world/query.js";
import type { VerifierContext } from "./context.js";
import { submit, type Tally } from "./handle.js";
import type { SessionPool } from "./session-pool.js";

const ALL = Number.MAX_SAFE_INTEGER;

/** Hands the work found to the pool (in line order; each session's lines in order): returns at once. */
export function reconcile(ctx: VerifierContext, pool: SessionPool, tally: Tally, signal?: AbortSignal): void {
  ctx.index.catchUp();
  const work: Located[] = [];
  for (const s of [...sessionsIn(ctx.index, "pending", ALL), ...sessionsIn(ctx.index, "active", ALL).filter((x) => x.status === "retry")]) {
    const e = history(ctx.index, s.id).find((x) => x.line === s.line);
    if (e?.kind !== "agent") continue;
    work.push({ kind: "agent", status: e.status as AgentEntry["status"], id: s.id, ts: e.ts, output: e.output, ...(e.outputRef && { outputRef: e.outputRef }), line: s.line, offset: 0 });
  }
  for (const s of sessionsIn(ctx.index, "failed", ALL)) {
    const answer = firstEventAfter(ctx.index, s.id, "user", s.line);
    if (answer !== undefined) work.push(answer);
  }
  // At debug level only (not written at the default, info): an idle Verifier writes nothing, not even here.
  ctx.log?.debug({ found: work.length }, "reconciled");
  for (const e of work.sort((x, y) => x.line - y.line)) {
    if (signal?.aborted) return;
    submit(ctx, pool, e, tally);
  }
}
