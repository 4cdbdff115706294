/**
 * Carrying out "cancel my alarm", "push it to 8", "snooze that", "cancel the flight search",
 * "stop that agent": the one adapter between
 * the Spirit's management decisions (spirit/intents/commands.ts reads them) and the
 * reminders API (agents/reminders.ts). It finds which reminder or timer the words mean
 * among those at work (spirit/daemon/situation.ts), or, for "cancel" in words naming no reminder,
 * which session of any kind (running, parked, awaiting its verdict or failed; closed as
 * `world close` closes it): none, or several, and it says so in one line
 * ("which one?"); exactly one (or "all of them"), and the daemon (spirit/daemon/spirit.ts) acts
 * on it for the user, citing the voice line the words were said on (tools/world/actor.ts,
 * which refuses a citation that is not in the log), then says in one line what it did.
 * The decision itself (manageLine) acts on nothing: the evals read it without a world.
 */
import { closeSession } from "../../agents/close.js";
import { findWhen } from "../../agents/reminder/when.js";
import { showDuration } from "../../tools/duration.js";
import { moveReminder, snoozeReminder } from "../../agents/reminders.js";
import type { VoiceLine } from "../../tools/world/actor.js";
import type { WorldPaths } from "../../tools/world/paths.js";
export type ManageVerb = "cancel" | "move" | "snooze";

export interface ManageRequest {
  verb: ManageVerb;
  /** What it is about, in the user's words ("my alarm", "the reminder about the tickets", "it"). */
  target: string;
  /** For move and snooze: the new time, in words ("8am", "10 minutes"). */
  to?: string;
}

/** A session not over, as the world knows it: a reminder or timer at work, or any other agent's. */
export interface Managed {
  id: string;
  task: string;
  /** Running or parked until its time ("active"), awaiting its verdict ("pending"), or waiting for a person ("failed"). */
  state?: "active" | "pending" | "failed";
}

// Words that say which kind of thing, not which one.
const KIND_WORDS = new Set([
  "the", "my", "a", "an", "this", "that", "it", "all", "of", "about", "for", "on", "at", "to", "in", "with", "and", "me", "please",
  "alarm", "alarms", "reminder", "reminders", "timer", "timers", "event", "events", "meeting", "meetings", "appointment", "appointments", "calendar", "schedule", "clock", "set", "remind",
]);

// Words naming a session of any kind ("stop that agent", "cancel the flight search" names it by its task).
const SESSION_WORDS = new Set(["agent", "agents", "session", "sessions", "task", "tasks", "job", "jobs", "one", "thing", "running", "failed", "stuck", "current"]);
const REMINDER_KIND = /\b(?:alarms?|reminders?|timers?|events?|meetings?|appointments?|calendar|schedule|wake|snooze)\b/;

function isReminder(m: Managed): boolean {
  return /^(?:reminder|timer)-/.test(m.id) && (m.state === undefined || m.state === "active");
}

/**
 * Whether the words are about a session other than a reminder or a timer: only "cancel"
 * closes one ("move", "snooze" are for reminders), and only when the words do not name
 * a reminder's kind and no reminder or timer is what they mean.
 */
function anySession(request: ManageRequest, atWork: readonly Managed[]): boolean {
  if (request.verb !== "cancel" || REMINDER_KIND.test(request.target)) return false;
  const words = wordsOf(request.target);
  if (words.some((w) => SESSION_WORDS.has(w))) return true;
  // "cancel the flight search": a task's words, whichever session has them.
  const named = words.filter((w) => !SESSION_WORDS.has(w));
  return named.length > 0 && !atWork.filter(isReminder).some((m) => named.some((w) => mentions(m.task, w)));
}

function wordsOf(target: string): string[] {
  return target.toLowerCase().split(/[^a-z0-9']+/).filter((w) => w.length > 1 && !KIND_WORDS.has(w));
}

function mentions(task: string, word: string): boolean {
  const w = word.replace(/'/g, "");
  if (new RegExp(`\\b${w}`, "i").test(task)) return true;
  // "the backup" for "back up the photos", "the checkin" for "check in": one word said for the task's two.
  const words = task.toLowerCase().split(/[^a-z0-9]+/);
  return words.some((x, i) => x.length > 0 && x.length < w.length && i + 1 < words.length && (x + words[i + 1]).startsWith(w));
}

/** The words of a target that name a session by its task: "the flight search" → flight, search ("that agent" → none). */
export function namingWords(target: string): string[] {
  return wordsOf(target).filter((w) => !SESSION_WORDS.has(w));
}

/** Whether a task has every one of the words, each at a word's start ("flight" in "flights"). */
export function taskHas(task: string, words: readonly string[]): boolean {
  return words.every((w) => mentions(task, w));
}

/**
 * Any session the words mean: all the words said (beyond "agent", "that") are in its
 * task ("the flight search" → "open a search for flights…"). Nothing named ("stop that
 * agent"): the one session open, if there is exactly one; never a guess among several.
 */
function whichSessions(request: ManageRequest, atWork: readonly Managed[]): Managed[] {
  const named = namingWords(request.target);
  const failed = /\b(?:failed|stuck)\b/.test(request.target);
  const pool = atWork.filter((m) => !failed || m.state === "failed");
  if (named.length === 0) return pool;
  return pool.filter((m) => taskHas(m.task, named));
}

/** The reminders and timers the words can mean: all of a kind, narrowed by the other words they share with a task. */
function whichOnes(request: ManageRequest, allAtWork: readonly Managed[]): Managed[] {
  if (anySession(request, allAtWork)) return whichSessions(request, allAtWork);
  const atWork = allAtWork.filter(isReminder);
  const timers = /\btimers?\b/.test(request.target);
  const kind = atWork.filter((m) => (timers ? m.id.startsWith("timer-") : true));
  // "snooze it for ten minutes": the duration is not which one.
  const named = request.verb === "snooze" ? request.target.replace(/\s+\b(?:for|by|another)\b.*$/, "") : request.target;
  const words = wordsOf(named);
  if (words.length === 0) return /^(?:it|that|this)\b/.test(named) ? kind.slice(-1) : kind;
  return kind.filter((m) => words.some((w) => mentions(m.task, w)));
}

const DONE: Record<ManageVerb, string> = { cancel: "cancelled", move: "moved", snooze: "snoozed" };

/**
 * What the words mean: the reminders and timers to act on (exactly one, or all of those
 * the words name with "all"), or the one honest line saying why nothing is done.
 */
export function targetsOf(request: ManageRequest, allAtWork: readonly Managed[]): Managed[] | string {
  const to = request.to === undefined ? "" : ` to ${JSON.stringify(request.to)}`;
  const said = request.target === "" ? "" : ` ${JSON.stringify(request.target)}`;
  const found = whichOnes(request, allAtWork);
  const sessions = anySession(request, allAtWork);
  const atWork = sessions ? allAtWork : allAtWork.filter(isReminder);
  if (atWork.length === 0) return `manage: ${request.verb}${said}${to}: nothing to ${request.verb}, ${sessions ? "no session is open" : "no reminder or timer is set"}`;
  if (found.length === 0) return `manage: ${request.verb}${said}${to}: none of the ${atWork.length} ${sessions ? "open" : "set"} matches; which one? ${listed(atWork)}`;
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
      // A timer, a reminder or any other session alike: closing it ends it for good, its processes stopped (agents/close.ts).
      await closeSession(paths, m.id, `${kindOf(m)} ${kindOf(m) === "session" ? "closed" : "cancelled"}`, actor);
      return `${kindOf(m) === "session" ? "closed" : DONE.cancel} the ${what}`;
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
  return m.id.startsWith("timer-") ? "timer" : m.id.startsWith("reminder-") ? "reminder" : "session";
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
