/**
 * Escalation: a `failed` session nobody has answered for escalateAfter gets one reminder
 * line written for a person — `[event:system][<id>] nudge: still waiting for you after
 * 1 d: I could not find invoice-march.pdf after 4 tries. Where is it? (task "…"; answer:
 * world respond <id> <text>)` (the sentence: tools/world/asks/plea.ts) — and, if configured, a
 * notification command with the same words. The Spirit shows it on the desktop without a
 * line of its own. Once per period: the previous reminder is found in the index, so
 * running twice or after downtime reminds once.
 */
import { firstEventAfter, lastEventAt } from "../tools/world/event-queries.js";
import { sessionsIn } from "../tools/world/query.js";
import { showDuration } from "../tools/duration.js";
import { pleaLine } from "../tools/world/asks/plea.js";
import { actionKey } from "./cluster.js";
import type { SweepContext } from "./context.js";
import { runNotifyCommand } from "./notify-command.js";

/** What tells the Keeper's periodic escalation from other system nudges (the Spirit reads it). */
const ESCALATION_MARK = "nudge: still waiting for you after ";
/** The same, in logs written before the reminder was a sentence. */
const OLD_ESCALATION_MARK = " has been failed for ";

export function isKeeperEscalation(output: string): boolean {
  return output.startsWith(ESCALATION_MARK) || (output.startsWith("nudge: ") && output.includes(OLD_ESCALATION_MARK));
}

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
    const text = `${ESCALATION_MARK}${showDuration(now - failedAt)}: ${pleaLine(s.task, s.id, s.blocker)}`;
    ctx.appender.append({ kind: "event", source: "system", id: s.id, output: text });
    ctx.log?.info({ id: s.id }, "escalated");
    escalated.push(s.id);
    if (ctx.config.notify) await runNotifyCommand(ctx, ctx.config.notify, text.slice(NUDGE.length));
  }
  return escalated;
}
