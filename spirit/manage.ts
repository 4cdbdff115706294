/**
 * Carrying out "cancel my alarm", "push it to 8", "snooze that": the one adapter between
 * the Spirit's management decisions (spirit/intents/commands.ts reads them) and whatever
 * manages reminders. It finds which reminder or timer the words mean among those at work
 * (spirit/situation.ts), and says in one line what it found and what was done: until
 * reminders can be cancelled, moved or snoozed from here, that nothing was done yet.
 */
export type ManageVerb = "cancel" | "move" | "snooze";

export interface ManageRequest {
  verb: ManageVerb;
  /** What it is about, in the user's words ("my alarm", "the reminder about the tickets", "it"). */
  target: string;
  /** For move and snooze: the new time, in words ("8am", "10 minutes"). */
  to?: string;
}

/** A reminder or timer at work, as the world knows it. */
export interface Managed {
  id: string;
  task: string;
}

// Words that say which kind of thing, not which one.
const KIND_WORDS = new Set([
  "the", "my", "a", "an", "this", "that", "it", "all", "of", "about", "for", "on", "at", "to", "in", "with", "and", "me", "please",
  "alarm", "alarms", "reminder", "reminders", "timer", "timers", "event", "events", "meeting", "meetings", "appointment", "appointments", "calendar", "schedule", "clock", "set", "remind",
]);

/** The reminders and timers the words can mean: all of a kind, narrowed by the other words they share with a task. */
function whichOnes(request: ManageRequest, atWork: readonly Managed[]): Managed[] {
  const timers = /\btimers?\b/.test(request.target);
  const kind = atWork.filter((m) => (timers ? m.id.startsWith("timer-") : true));
  const words = request.target.toLowerCase().split(/[^a-z0-9']+/).filter((w) => w.length > 1 && !KIND_WORDS.has(w));
  if (words.length === 0) return /^(?:it|that|this)\b/.test(request.target) ? kind.slice(-1) : kind;
  return kind.filter((m) => words.some((w) => new RegExp(`\\b${w.replace(/'/g, "")}`, "i").test(m.task)));
}

const DONE: Record<ManageVerb, string> = { cancel: "cancelled", move: "moved", snooze: "snoozed" };

/** The line for a management request (`manage: …`), with what it found among the reminders and timers at work. */
export function manageLine(request: ManageRequest, atWork: readonly Managed[]): string {
  const to = request.to === undefined ? "" : ` to ${JSON.stringify(request.to)}`;
  const said = request.target === "" ? "" : ` ${JSON.stringify(request.target)}`;
  const found = whichOnes(request, atWork);
  if (atWork.length === 0) return `manage: ${request.verb}${said}${to}: no reminder or timer is set`;
  if (found.length === 0) return `manage: ${request.verb}${said}${to}: none of the ${atWork.length} set matches; which one? ${listed(atWork)}`;
  if (found.length > 1 && !/\ball\b/.test(request.target)) return `manage: ${request.verb}${said}${to}: which one? ${listed(found)}`;
  return `manage: ${request.verb} ${listed(found)}${to}: not ${DONE[request.verb]}, reminders cannot be ${DONE[request.verb]} from the Spirit yet`;
}

function listed(ms: readonly Managed[]): string {
  const shown = ms.slice(-5).map((m) => `${m.id} ${JSON.stringify(m.task)}`);
  return `${shown.join("; ")}${ms.length > 5 ? `; and ${ms.length - 5} more` : ""}`;
}
