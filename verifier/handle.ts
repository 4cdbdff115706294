/**
 * What the Verifier does with each new line:
 *   [agent:finish]  → judge it: verified, retry (and relaunch) or failed (its blocker a
 *                     question for a person, which the Spirit passes on)
 *   [agent:retry]   → make sure the agent runs again (relaunch.ts)
 *   [event:user]    → a human's answer to a failed session: retry with it, relaunch (an
 *                     answer a program wrote — stamped mcp or program — sends nothing back)
 * Exactly once: before writing, the session's latest status line must still be the one
 * being handled (a session no longer at that `finish` was already judged), so a restart
 * that reads the same lines again writes nothing twice.
 */
import type { AgentEntry, EventEntry, Located } from "../tools/world/entry.js";
import { fresh, history } from "../tools/world/query.js";
import { RETRY_PREFIX, type VerifierContext } from "./context.js";
import { HUMAN_PREFIX, humanAnswerRetry } from "../tools/world/asks/human-answer.js";
import { judgeFinish, type Verdict } from "./judge.js";
import { relaunch } from "./relaunch.js";
import type { SessionPool } from "./session-pool.js";
import { isProgram, writerOf } from "../tools/world/writer.js";
import { isDiskFull } from "../tools/disk.js";
import { findLastStatus } from "../tools/world/last-status.js";
import { withLock } from "../tools/process/lock.js";

export interface Tally {
  verified: number;
  retry: number;
  failed: number;
  relaunched: number;
  answered: number;
}

export function emptyTally(): Tally {
  return { verified: 0, retry: 0, failed: 0, relaunched: 0, answered: 0 };
}

/** Is this line one the Verifier acts on? (Everything else is skipped while reading.) */
export function concerns(e: Located): boolean {
  return (e.kind === "agent" && (e.status === "finish" || e.status === "retry")) || (e.kind === "event" && e.source === "user");
}

async function handle(ctx: VerifierContext, e: Located, tally: Tally): Promise<void> {
  if (e.kind === "agent" && e.status === "finish") await onFinish(ctx, e, tally);
  else if (e.kind === "agent" && e.status === "retry") {
    if ((await relaunch(ctx, e.id, e.line)) !== undefined) tally.relaunched += 1;
  } else if (e.kind === "event" && e.source === "user") await onHumanInput(ctx, e, tally);
}

/** Verifier retries since the session started or a human last answered. */
function retriesUsed(ctx: VerifierContext, id: string): number {
  const entries = history(ctx.index, id);
  let used = 0;
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.kind !== "agent") continue;
    if (e.status === "start") break;
    if (e.status === "retry") {
      if (e.output.startsWith(HUMAN_PREFIX)) break;
      used += 1;
    }
  }
  return used;
}

async function onFinish(ctx: VerifierContext, finish: Located<AgentEntry>, tally: Tally): Promise<void> {
  const s = fresh(ctx, finish.id);
  if (s === undefined || s.status !== "finish" || s.line !== finish.line) return; // judged already, or superseded
  if (ctx.cluster && !(await ctx.cluster.mayJudge(finish))) return; // another machine judges it
  const used = retriesUsed(ctx, finish.id);
  const verdict = await judgeFinish(ctx, finish, s, used);
  // Stopped meanwhile: its checks were ended by us, so the verdict would be about our stop.
  if (ctx.signal?.aborted) return;
  // The judgement may take a while: write only if the session is still at this finish.
  // Checked in the log itself under the lifecycle lock that `world close` and `world agent`
  // hold for their check and append (tools/world/append-status.ts): a close written after
  // the index was last read, and before the verdict, would otherwise be followed by one.
  const written = withLock(ctx.paths, "lifecycle", () => {
    const latest = findLastStatus(ctx.paths.log, finish.id);
    if (latest?.status !== "finish" || latest.ts !== finish.ts || latest.output !== finish.output) return false;
    writeVerdict(ctx, finish, verdict, used);
    return true;
  });
  if (!written) {
    ctx.log?.warn({ id: finish.id }, "session moved on during the judgement; verdict not written");
    return;
  }
  tally[verdict.status] += 1;
  ctx.log?.info({ id: finish.id, verdict: verdict.status, judge: verdict.judge }, "judged");
  if (verdict.status === "retry") await relaunchLatest(ctx, finish.id, tally);
}

function writeVerdict(ctx: VerifierContext, finish: Located<AgentEntry>, v: Verdict, used: number): void {
  const id = finish.id;
  const by = `[judge: ${v.judge}]`;
  if (v.status === "verified") {
    ctx.appender.append({ kind: "agent", status: "verified", id, output: `${v.reason} ${by}` });
  } else if (v.status === "retry") {
    const n = used + 1;
    ctx.appender.append({ kind: "agent", status: "retry", id, output: `${RETRY_PREFIX}${n} of ${ctx.settings.maxRetries}: ${v.reason}. Guidance: ${v.guidance} ${by}` });
  } else {
    // The blocker is the question for a person (verifier/ask-person.ts). The one line that
    // tells the person is the Spirit's (spirit/daemon/escalation.ts), not a second one here.
    ctx.appender.append({ kind: "agent", status: "failed", id, output: `${v.reason} ${by}`, need: v.guidance });
  }
}

async function onHumanInput(ctx: VerifierContext, input: Located<EventEntry>, tally: Tally): Promise<void> {
  const s = fresh(ctx, input.id);
  // Only an answer that came after the failure sends the agent back to work, and only once.
  if (s === undefined || s.status !== "failed" || s.line > input.line) return;
  // A program (MCP respond, the CLI without a terminal) never answers in a person's place
  // (docs/trust.md); an unstamped line (older, or speech the Spirit passed on) still does.
  if (isProgram(writerOf(input.output))) {
    ctx.log?.info({ id: input.id, line: input.line }, "an answer from a program: no relaunch, a person must answer");
    return;
  }
  ctx.appender.append({ kind: "agent", status: "retry", id: input.id, output: humanAnswerRetry(input.output, s.blocker) });
  tally.answered += 1;
  await relaunchLatest(ctx, input.id, tally);
}

/** Right after writing a retry: start the agent now rather than when the line is read back. */
async function relaunchLatest(ctx: VerifierContext, id: string, tally: Tally): Promise<void> {
  const s = fresh(ctx, id);
  if (s !== undefined && (await relaunch(ctx, id, s.line)) !== undefined) tally.relaunched += 1;
}

/** One line to the pool, in its session's order; a line that throws is said in the log. */
export function submit(ctx: VerifierContext, pool: SessionPool, e: Located, total: Tally): void {
  pool.submit(e.id, async () => {
    try {
      await handle(ctx, e, total);
    } catch (error) {
      if (ctx.signal?.aborted) return; // a check ended by our own stop is no verdict and no error
      // A full disk is no fault of the line: the Verifier stops, waits for space and judges it
      // again (read-loop.ts); never said as "could not handle".
      if (isDiskFull(error)) return pool.fail(error);
      // Said in the log rather than retried forever: a line that always throws would stop the Verifier.
      ctx.log?.error({ err: error, line: e.line }, "could not handle a line");
      ctx.appender.append({ kind: "event", source: "system", id: e.id, output: `verifier: could not handle line ${e.line}: ${String((error as Error)?.message ?? error).slice(0, 300)}` });
    }
  });
}
