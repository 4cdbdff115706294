/**
 * Finished agents nobody judged: a `finish` with no verdict for verdictTimeout means the
 * Verifier is not running or is stuck, and the agent's work waits unseen. The Keeper
 * cannot judge (that is L2's job), so it says so: `[event:system][<id>] nudge: agent "…"
 * finished 20 min ago and has no verdict …`, once per escalation period. Nothing falls
 * through even when a daemon is down.
 */
import { lastEventAt } from "../tools/world/event-queries.js";
import { sessionsIn } from "../tools/world/query.js";
import { showDuration } from "../tools/duration.js";
import { actionKey } from "./cluster.js";
import type { SweepContext } from "./context.js";
import { taskWords } from "../tools/world/asks/plea.js";
import { NUDGE } from "./escalate.js";

const UNJUDGED_MARK = " and has no verdict";

export async function sweepUnjudged(ctx: SweepContext): Promise<string[]> {
  const flagged: string[] = [];
  const now = ctx.now.getTime();
  for (const s of sessionsIn(ctx.index, "pending", Number.MAX_SAFE_INTEGER)) {
    const finishedAt = Date.parse(s.updatedAt);
    if (now - finishedAt < ctx.config.verdictTimeoutMs) break; // oldest first: the rest are younger
    const previous = lastEventAt(ctx.index, s.id, "system", NUDGE, s.line);
    if (previous !== undefined && now - Date.parse(previous) < ctx.config.escalateAfterMs) continue;
    if (ctx.cluster && !(await ctx.cluster.mine(actionKey("nudge", s.id, "unjudged", s.updatedAt, previous ?? ""), s.id))) continue;
    ctx.appender.append({
      kind: "event",
      source: "system",
      id: s.id,
      output:
        `${NUDGE}agent "${taskWords(s.task, s.id)}" finished ${showDuration(now - finishedAt)} ago${UNJUDGED_MARK}: is the Verifier running? ` +
        `(world verifier, or world up; world verify --once judges it now)`,
    });
    ctx.log?.info({ id: s.id }, "finished without a verdict");
    flagged.push(s.id);
  }
  return flagged;
}
