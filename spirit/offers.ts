/**
 * What the Spirit offers for a plan or a request, and how it asks: the question is built
 * from the kind and its slots (what to do, to whom or where, when), never by pasting the
 * heard clause behind "Want me to"; the task a "yes" starts is built alongside it and
 * kept with the nudge (spirit/lines.ts), so the answer starts exactly what was offered.
 *
 * Only what can be done is offered (issue 9.5):
 *   - without a model (no ANTHROPIC_API_KEY) the agents that work offline are the
 *     reminder and the timer: the offer is a reminder to do it, at the time that was
 *     said, or at a sensible one ("tomorrow at 9am");
 *   - with a model, the general agent can search the web in a browser: travel, bookings
 *     and shopping become "look for …"; calls, messages, payments and scheduling stay
 *     reminders (no agent can make a call or move money).
 * When the words cannot be made into a clean phrase, nothing is offered: quiet.
 */
import * as chrono from "chrono-node";
import type { Intent } from "./intents/detect.js";
import { VERBS, type Plan } from "./plans.js";

export interface OfferedNudge {
  kind: string;
  task: string;
  question: string;
  agentKind?: string;
}

/** When nothing was said about the time: a plan among people, the next morning; a request made now, soon. */
const DEFAULT_WHEN = "tomorrow at 9am";
const SOON = "in 1 hour";
const SEARCHABLE = new Set(["flight", "travel", "booking", "shopping", "hotel", "car_rental", "restaurant", "ticket"]);

// The speaker's words, said back to them: "my" → "your", "I" → "you".
const SECOND_PERSON: Record<string, string> = { i: "you", me: "you", my: "your", mine: "yours", myself: "yourself", we: "you", us: "you", our: "your", ours: "yours", ourselves: "yourselves", "i'm": "you're", "i'll": "you'll", "i've": "you've", "i'd": "you'd", am: "are" };

export function secondPerson(phrase: string): string {
  return phrase.replace(/\b[a-z']+\b/gi, (w) => {
    const swapped = SECOND_PERSON[w.toLowerCase()];
    // "am" only after "i" ("i am" → "you are"); "6 am" stays.
    if (swapped === undefined || (w.toLowerCase() === "am" && !/\bi am\b/i.test(phrase))) return w;
    return swapped;
  });
}

// A clean verb phrase has one verb: a second clause glued on ("order can you buy stamps",
// "play coach refused to play him", "transfer you are welcome to pay") is not a task.
const SECOND_CLAUSE =
  /\b(?:can|could|would|will|shall|should|do|does|did|is|are|was|were|am|have|has|had|must|might|may|i|you|he|she|they|we|it's|that's|there's|what|when|where|why|how|who|which|if|because|lol|haha)\b|\b(?!(?:need|bed|red|shed|speed|seed|feed|weed|hundred|ted|fred|united|used|wed)\b)[a-z]{3,}ed\b|[?!]/i;
const MAX_WORDS = 8;
// After one of these a verb-like word is a noun: "pay the rent", "buy the book".
const DETERMINER = /^(?:a|an|the|my|your|his|her|their|our|this|that|some|any|one|first|next|last)$/i;

/** The verb phrase as a clean task, or undefined; the time words taken out (they are said separately). */
function cleanPhrase(action: string, when: string | undefined): string | undefined {
  // The time comes out with its preposition ("for next weekend"); it is said apart.
  const timeWords = when ? new RegExp(`(?:\\s(?:for|on|at|by|in|this|next))?\\s*${when.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "i") : undefined;
  let phrase = (timeWords ? action.replace(timeWords, " ") : action).replace(/\s+/g, " ").replace(/[\s,.;:]+$/, "").trim();
  // What a message says is its own sentence: "text her that I'm late" asks to text her.
  phrase = phrase.replace(/\s+(?:that|saying|to say|to tell (?:him|her|them))\s.*$/i, "").trim();
  // A relative clause names the thing again: "book the train we talked about" books the train.
  phrase = phrase.replace(/\s+(?:(?:that|which|who)\s+)?(?:i|you|he|she|they|we)\s.*$/i, "").trim();
  const [verb, ...rest] = phrase.split(" ");
  if (verb === undefined || rest.length === 0 || rest.length > MAX_WORDS) return undefined;
  // "roll over rollover your 401k": the verb said twice is two phrases run together.
  const stem = verb.toLowerCase().slice(0, 4);
  if (rest.some((w) => w.toLowerCase().startsWith(stem) && stem.length >= 3)) return undefined;
  if (SECOND_CLAUSE.test(rest.join(" ")) || rest.some((w, i) => VERBS[w.toLowerCase()] !== undefined && !DETERMINER.test(rest[i - 1] ?? ""))) return undefined;
  return keepNames(phrase);
}

/** Lower-case the verb only: place and people names keep their capitals ("book a hotel in Rome"). */
function keepNames(phrase: string): string {
  const [verb = "", ...rest] = phrase.split(" ");
  return [verb.toLowerCase(), ...rest].join(" ");
}

/** A time the reminder agent can read (chrono-node), else a sensible one. */
function reminderTime(when: string | undefined, fallback: string): string {
  if (when !== undefined && chrono.parse(when, new Date(), { forwardDate: true }).length > 0) return when;
  return when !== undefined && /^later$/i.test(when) ? "in 2 hours" : fallback;
}

// For these the time said is when to do it ("call him tomorrow"); for the others it is
// when the trip or the event is ("book a hotel for next weekend"): the doing is sooner.
const DONE_WHEN_SAID = new Set(["call", "message", "payment", "reminder"]);

function isBefore(when: string, than: string): boolean {
  const now = new Date();
  const a = chrono.parseDate(when, now, { forwardDate: true });
  const b = chrono.parseDate(than, now, { forwardDate: true });
  return a !== null && b !== null && a.getTime() <= b.getTime();
}

function reminder(kind: string, action: string, when: string | undefined, fallback = DEFAULT_WHEN): OfferedNudge | undefined {
  if (DONE_WHEN_SAID.has(kind)) {
    const phrase = cleanPhrase(action, when);
    if (phrase === undefined) return undefined;
    const at = reminderTime(when, fallback);
    return { kind, agentKind: "reminder", task: `remind me to ${phrase} ${at}`, question: `Want me to remind you to ${secondPerson(phrase)} ${at}?` };
  }
  const phrase = cleanPhrase(action, undefined);
  if (phrase === undefined) return undefined;
  // A trip tonight is booked sooner than tomorrow morning.
  const at = when !== undefined && isBefore(when, fallback) ? SOON : fallback;
  return { kind, agentKind: "reminder", task: `remind me ${at} to ${phrase}`, question: `Want me to remind you ${at} to ${secondPerson(phrase)}?` };
}

/** "to Tokyo" in the phrase, for "flights to Tokyo". */
function destination(phrase: string): string | undefined {
  return /\bto ((?:[A-Z][\w-]*)(?: [A-Z][\w-]*)*|[a-z]+)\b/.exec(phrase)?.[1];
}

function search(kind: string, action: string, when: string | undefined): OfferedNudge | undefined {
  const phrase = cleanPhrase(action, when);
  if (phrase === undefined) return undefined;
  const dest = kind === "flight" ? destination(phrase) : undefined;
  const what = kind === "flight" ? (dest ? `flights to ${dest}` : "flights") : phrase.replace(/^(?:book|reserve|buy|order|rent|get)\s+/i, "");
  const time = when ? ` for ${when}` : "";
  return {
    kind,
    agentKind: "general",
    task: `look for ${what}${time} in the browser and report the best options with links; do not buy or book anything`,
    question: `Want me to look for ${secondPerson(what)}${time}?`,
  };
}

/** The offer for a plan heard in a conversation. */
export function offerFor(plan: Plan, agentHasModel: boolean): OfferedNudge | undefined {
  if (agentHasModel && SEARCHABLE.has(plan.kind)) return search(plan.kind, plan.action, plan.when);
  return reminder(plan.kind, plan.action, plan.when);
}

/** The offer for a request the detector recognised that is not done without asking. */
export function offerForIntent(intent: Intent, task: string, agentHasModel: boolean): OfferedNudge | undefined {
  const when = chrono.parse(task, new Date(), { forwardDate: true })[0]?.text;
  if (intent.kind === "reminder") return reminder("reminder", task.replace(/^remind me (?:to|about)\s+/i, ""), when, SOON);
  // A flight is named by where it goes; the detector's words around it are not needed.
  const dest = intent.kind === "flight" ? / to ([a-z]+(?: [a-z]+)?)(?= (?:on|for|from|next|this|tomorrow|in|at|by)\b|$)/i.exec(task)?.[1] : undefined;
  const action = intent.kind === "flight" ? `book a flight${dest ? ` to ${dest}` : ""}` : task;
  if (agentHasModel && SEARCHABLE.has(intent.kind)) return search(intent.kind, action, when);
  return reminder(intent.kind, action, when, SOON);
}
