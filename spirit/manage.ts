/**
 * Carrying out "cancel my alarm", "push it to 8", "snooze that": the one adapter between
 * the Spirit's management decisions (spirit/intents/commands.ts reads them) and the
 * reminders API (agents/reminders.ts). It finds which reminder or timer the words mean
 * among those at work (spirit/situation.ts): none, or several, and it says so in one line
 * ("which one?"); exactly one (or "all of them"), and the daemon (spirit/spirit.ts) acts
 * on it for the user, citing the voice line the words were said on (tools/world/actor.ts,
 * which refuses a citation that is not in the log), then says in one line what it did.
 * The decision itself (manageLine) acts on nothing: the evals read it without a world.
 */
import { closeSession } from "../agents/close.js";
import { findWhen } from "../agents/reminder/when.js";
import { showDuration } from "../tools/duration.js";
import { moveReminder, snoozeReminder } from "../agents/reminders.js";
import type { VoiceLine } from "../tools/world/actor.js";
import type { WorldPaths } from "../tools/world/paths.js";
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
  // "snooze it for ten minutes": the duration is not which one.
  const named = request.verb === "snooze" ? request.target.replace(/\s+\b(?:for|by|another)\b.*$/, "") : request.target;
  const words = named.toLowerCase().split(/[^a-z0-9']+/).filter((w) => w.length > 1 && !KIND_WORDS.has(w));
  if (words.length === 0) return /^(?:it|that|this)\b/.test(named) ? kind.slice(-1) : kind;
  return kind.filter((m) => words.some((w) => new RegExp(`\\b${w.replace(/'/g, "")}`, "i").test(m.task)));
}

const DONE: Record<ManageVerb, string> = { cancel: "cancelled", move: "moved", snooze: "snoozed" };

/**
 * What the words mean: the reminders and timers to act on (exactly one, or all of those
 * the words name with "all"), or the one honest line saying why nothing is done.
 */
export function targetsOf(request: ManageRequest, atWork: readonly Managed[]): Managed[] | string {
  const to = request.to === undefined ? "" : ` to ${JSON.stringify(request.to)}`;
  const said = request.target === "" ? "" : ` ${JSON.stringify(request.target)}`;
  const found = whichOnes(request, atWork);
  if (atWork.length === 0) return `manage: ${request.verb}${said}${to}: nothing to ${request.verb}, no reminder or timer is set`;
  if (found.length === 0) return `manage: ${request.verb}${said}${to}: none of the ${atWork.length} set matches; which one? ${listed(atWork)}`;
  if (found.length > 1 && !/\ball\b/.test(request.target)) return `manage: ${request.verb}${said}${to}: which one? ${listed(found)}`;
  return found;
}

/** The line for a management decision (`manage: …`): what it will act on, or why nothing. */
export function manageLine(request: ManageRequest, atWork: readonly Managed[]): string {
  const found = targetsOf(request, atWork);
  if (typeof found === "string") return found;
  return `manage: ${request.verb} ${listed(found)}${request.to === undefined ? "" : ` to ${JSON.stringify(request.to)}`}`;
}

/** How long "snooze that" snoozes when no time is said. */
const SNOOZE_DEFAULT_MS = 10 * 60_000;

/**
 * Acts on each target for the person whose words `voice` cites, and says in one line what
 * was done (or, per target, why not: a time it cannot read, a refusal from the API).
 * Relative times ("to 8", "for 10 minutes") are read from when the words were said.
 */
export async function carryOut(paths: WorldPaths, request: ManageRequest, targets: readonly Managed[], voice: VoiceLine, now: Date): Promise<string> {
  const said = new Date(Math.min(now.getTime(), Date.parse(voice.ts)));
  const done: string[] = [];
  for (const m of targets) {
    const what = `${kindOf(m)} ${JSON.stringify(m.task)} (${m.id})`;
    try {
      done.push(await actOn(paths, request, m, what, { voice }, said, now));
    } catch (error) {
      done.push(`could not ${request.verb} ${what}: ${(error as Error).message.replace(/\s+/g, " ").slice(0, 300)}`);
    }
  }
  return `manage: ${done.join("; ")}`;
}

async function actOn(paths: WorldPaths, request: ManageRequest, m: Managed, what: string, actor: { voice: VoiceLine }, said: Date, now: Date): Promise<string> {
  switch (request.verb) {
    case "cancel":
      // A timer or a reminder alike: closing its session ends it for good (agents/close.ts).
      await closeSession(paths, m.id, `${kindOf(m)} cancelled`, actor);
      return `${DONE.cancel} the ${what}`;
    case "move": {
      const due = request.to === undefined ? undefined : timeIn(request.to, said);
      if (due === undefined) return `not moved: for what time? I could not read a time in ${JSON.stringify(request.to ?? "")} for the ${what}`;
      const moved = await moveReminder(paths, m.id, due, actor, { now });
      return `${DONE.move} the ${what} to ${moved.due} (was ${moved.from})`;
    }
    case "snooze": {
      const ms = request.to === undefined ? SNOOZE_DEFAULT_MS : durationIn(request.to, said);
      if (ms === undefined) return `not snoozed: for how long? I could not read a duration in ${JSON.stringify(request.to)} for the ${what}`;
      const moved = await snoozeReminder(paths, m.id, ms, actor, { now });
      return `${DONE.snooze} the ${what} for ${showDuration(ms)}, until ${moved.due}${moved.id === m.id ? "" : ` (as ${moved.id})`}`;
    }
  }
}

function kindOf(m: Managed): string {
  return m.id.startsWith("timer-") ? "timer" : "reminder";
}

/** "8", "8 pm", "tomorrow at nine": the next such time after the words were said. */
function timeIn(words: string, said: Date): Date | undefined {
  return (findWhen(words, said) ?? findWhen(`at ${words}`, said))?.due;
}

/** "10 minutes": how long, from the words' time. */
function durationIn(words: string, said: Date): number | undefined {
  const due = findWhen(`in ${words}`, said)?.due;
  return due === undefined || due.getTime() <= said.getTime() ? undefined : due.getTime() - said.getTime();
}

function listed(ms: readonly Managed[]): string {
  const shown = ms.slice(-5).map((m) => `${m.id} ${JSON.stringify(m.task)}`);
  return `${shown.join("; ")}${ms.length > 5 ? `; and ${ms.length - 5} more` : ""}`;
}
