/**
 * Carrying out "cancel my alarm", "push it to 8", "snooze that": the one adapter between
 * the Spirit's management decisions (spirit/intents/commands.ts reads them) and whatever
 * manages reminders. Until reminders can be cancelled, moved or snoozed from here, it
 * says honestly what it would do and what it needs, as one line in the log.
 */
export type ManageVerb = "cancel" | "move" | "snooze";

export interface ManageRequest {
  verb: ManageVerb;
  /** What it is about, in the user's words ("my alarm", "the reminder about the tickets", "it"). */
  target: string;
  /** For move and snooze: the new time, in words ("8am", "10 minutes"). */
  to?: string;
}

/** The line for a management request (`manage: …`). */
export function manageLine(request: ManageRequest): string {
  const what = request.target === "" ? "which one?" : JSON.stringify(request.target);
  const to = request.to === undefined ? "" : ` to ${JSON.stringify(request.to)}`;
  return `manage: ${request.verb} ${what}${to}: not done, reminders cannot be ${request.verb === "cancel" ? "cancelled" : request.verb === "move" ? "moved" : "snoozed"} from the Spirit yet`;
}
