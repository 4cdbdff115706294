/**
 * Escalation: a `failed` session nobody has answered for escalateAfter gets a nudge — a
 * log line `[event:system][<id>] nudge: …` (monitors show it; `world respond <id>`
 * answers it) and, if configured, a notification command. Once per period: the previous
 * nudge is found in the index, so running twice or after downtime nudges once.
 */
import { firstEventAfter, lastEventAt } from "../tools/world/event-queries.js";
import { sessionsIn } from "../tools/world/query.js";
import { showDuration } from "../tools/proc/duration.js";
import { actionKey } from "./cluster.js";
import type { SweepContext } from "./context.js";
import { notify } from "./notify.js";

/** What tells the Keeper's periodic escalation from other system nudges (the Spirit reads it). */
export const ESCALATION_MARK = " has been failed for ";

export const NUDGE = "nudge: ";

export async function sweepEscalations(ctx: SweepContext): Promise<string[]> {
  const escalated: string[] = [];
  const period = ctx.config.escalateAfterMs;
  for (const s of sessionsIn(ctx.index, "failed", Number.MAX_SAFE_INTEGER)) {
    const failedAt = Date.parse(s.updatedAt);
    const now = ctx.now.getTime();
    if (now - failedAt < period) break; // oldest first: the rest are younger
    if (firstEventAfter(ctx.index, s.id, "user", s.line) !== undefined) continue; // a human answered; the Verifier takes it from there
    const previous = lastEventAt(ctx.index, s.id, "system", NUDGE, s.line);
    const since = Math.max(failedAt, previous === undefined ? 0 : Date.parse(previous));
    if (now - since < period) continue;
    if (ctx.cluster && !(await ctx.cluster.mine(actionKey("nudge", s.id, "failed", s.updatedAt, previous ?? ""), s.id))) continue;
    const text =
      `${NUDGE}agent "${s.task}"${ESCALATION_MARK}${showDuration(now - failedAt)} with no answer; ` +
      `it needs: ${s.blocker ?? "a human decision"}. Answer with: world respond ${s.id} <text>`;
    ctx.appender.append({ kind: "event", source: "system", id: s.id, output: text });
    ctx.log?.info({ id: s.id }, "escalated");
    escalated.push(s.id);
    if (ctx.config.notify) await notify(ctx, ctx.config.notify, text);
  }
  return escalated;
}
