/**
 * Timeouts: `start` (or `retry`) with no `active` within startTimeout, and `active` with
 * no `finish` within activeTimeout of the latest `active` (of a parked session's due
 * time, tools/world/parked.ts), become `failed`. The session
 * list comes from the SQLite index; nothing rescans the log.
 */
import { stoppedNeed } from "../agents/ended.js";
import { sessionsIn } from "../tools/world/query.js";
import { showDuration } from "../tools/duration.js";
import { parkedUntil } from "../tools/world/parked.js";
import { actionKey } from "./cluster.js";
import { fresh } from "../tools/world/query.js";
import type { SweepContext } from "./context.js";

export async function sweepTimeouts(ctx: SweepContext): Promise<string[]> {
  const timedOut: string[] = [];
  for (const s of sessionsIn(ctx.index, "active", Number.MAX_SAFE_INTEGER)) {
    const limit = s.status === "active" ? ctx.config.activeTimeoutMs : ctx.config.startTimeoutMs;
    // A parked session is quiet until its wake-up by design: its clock starts at the due time.
    const since = Math.max(Date.parse(s.updatedAt), parkedUntil(s)?.getTime() ?? 0);
    const age = ctx.now.getTime() - since;
    if (age <= limit) continue;
    const now = fresh(ctx, s.id);
    if (now === undefined || now.line !== s.line) continue; // it moved on since the list was read
    if (ctx.cluster && !(await ctx.cluster.mine(actionKey("timeout", s.id, s.status, s.updatedAt), s.id))) continue;
    const missing = s.status === "active" ? "finish" : "active";
    ctx.appender.append({
      kind: "agent",
      status: "failed",
      id: s.id,
      output: `timed out: ${s.status} ${showDuration(age)} ago and no ${missing} since (limit ${showDuration(limit)})`,
      need: stoppedNeed(ctx.paths, s.id, "why the agent stalled"),
    });
    ctx.log?.info({ id: s.id, status: s.status, ageMs: age }, "timed out");
    timedOut.push(s.id);
  }
  return timedOut;
}
