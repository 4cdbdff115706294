/**
 * What the Spirit offers for a plan or a request: which agent a "yes" starts, with which
 * task and need, and the question that asks for it (spirit/language/question.ts builds it from the
 * kind and its slots with an English parser, never by pasting the heard clause). The task
 * is kept with the nudge (spirit/daemon/lines.ts), so the answer starts exactly what was offered.
 *
 * Only what can be done is offered (issue 9.5):
 *   - without a model (no ANTHROPIC_API_KEY) the agents that work are the reminder, the
 *     timer and open-page: flights, hotels and rental cars become a search opened in the
 *     browser ("Want me to open a search for flights to Tokyo?"); everything else a
 *     reminder to do it, at the time that was said or a sensible one; a plan that names
 *     no time, a note (agents/note: "Want me to make a note to pay Sam back?");
 *   - with a model, the general agent can search the web in a browser: travel, bookings
 *     and shopping become "look for …"; calls, messages, payments and scheduling stay
 *     reminders (no agent can make a call or move money);
 *   - playing music, switching lights, finding a phone: no agent does it, and a reminder
 *     to do it later is no help: nothing is offered.
 * When the words make no clean phrase, nothing is offered (quiet), except a search for
 * the kind alone ("Want me to open a search for flights?"); nor is a question that fails
 * the question check (spirit/language/question-check.ts).
 */
import { chronoEn } from "../../tools/calendar/chrono-en.js";
import { spokenTimes } from "../../tools/calendar/spoken-time.js";
import { searchUrl } from "../../agents/open-page/page.js";
import type { Intent } from "../intents/detect.js";
import { loadNlp } from "../language/nlp.js";
import { HOLIDAY, looseReminderTime } from "./plans/time.js";
import type { Plan } from "./plans/words.js";
import { ask, VAGUE_TIME } from "../language/question.js";
import { questionProblems } from "../language/question-check.js";

export interface OfferedNudge {
  kind: string;
  task: string;
  question: string;
  agentKind?: string;
  need?: string;
}

/** When nothing was said about the time: a plan among people, the next morning; a request made now, soon. */
const DEFAULT_WHEN = "tomorrow at 9am";
const SOON = "in 1 hour";
const SEARCHABLE = new Set(["flight", "travel", "booking", "shopping", "hotel", "car_rental", "restaurant", "ticket"]);
// What agents/open-page searches for offline: a page of results is what is needed next.
const OPEN_SEARCH = new Set(["flight", "hotel", "car_rental"]);
// Done on a device now, by no agent; a reminder to do it later helps no one.
const NOTHING_TO_DO = new Set(["media", "smart_home", "device"]);

// The speaker's words said back: "my" → "your". A plain word swap, for a model's own
// task without a question (spirit/decide/decide.ts); the Spirit's questions are built by question.ts.
const SECOND_PERSON: Record<string, string> = { i: "you", me: "you", my: "your", mine: "yours", myself: "yourself", we: "you", us: "you", our: "your", ours: "yours", ourselves: "yourselves", "i'm": "you're", "i'll": "you'll", "i've": "you've", "i'd": "you'd", am: "are" };

export function secondPerson(phrase: string): string {
  return phrase.replace(/\b[a-z']+\b/gi, (w) => {
    const swapped = SECOND_PERSON[w.toLowerCase()];
    // "am" only after "i" ("i am" → "you are"); "6 am" stays.
    if (swapped === undefined || (w.toLowerCase() === "am" && !/\bi am\b/i.test(phrase))) return w;
    return swapped;
  });
}

/** A time the reminder agent can read (chrono-node), else a sensible one. */
function reminderTime(when: string | undefined, fallback: string, now: Date): string {
  if (when === undefined) return fallback;
  // "later today", "after the meeting": a sensible time, since the reminder agent cannot read them.
  const loose = looseReminderTime(when);
  // "tomorrow after lunch", "on Friday after work": the day said is when; the loose time only how soon.
  const day = /\b(?:tomorrow|(?:on )?(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/i.exec(when);
  if (loose !== undefined) return day?.[0] ?? loose;
  // "at five", "Thursday at half past two": an hour in words, which chrono-node does not read and the reminder
  // agent does (agents/reminder/plan.ts reads spoken times): kept as said.
  return chronoEn().parse(spokenTimes(when, "reminder"), now, { forwardDate: true }).length > 0 ? when : fallback;
}

/** A day of the month said in words without its month ("on the fifth"): in digits chrono-node reads it (tools/calendar/day-parsers.ts). */
const UNREAD_DAY = /\b(?:on|by|before|until|till|from|for) the (?:(?:twenty|thirty)[ -](?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth)\b(?! (?:floor|time|one|place|half|row|page|day|week|month|year|round|step|chapter)\b)/i;

// For these the time said is when to do it ("call him tomorrow", "meet Ana by the fountain
// at 6"); for the others it is when the trip or the event is ("book a hotel for next
// weekend"): the doing is sooner.
const DONE_WHEN_SAID = new Set(["call", "message", "payment", "reminder", "arrangement"]);

/** Whether `when` comes no later than `than`, both read from the time the words were said (never the wall clock: a backlog, the evals). */
function isBefore(when: string, than: string, now: Date): boolean {
  const a = chronoEn().parseDate(when, now, { forwardDate: true });
  const b = chronoEn().parseDate(than, now, { forwardDate: true });
  return a !== null && b !== null && a.getTime() <= b.getTime();
}

async function reminder(kind: string, action: string, when: string | undefined, fallback: string, now: Date): Promise<OfferedNudge | undefined> {
  const nlp = await loadNlp();
  // "this Christmas": the holiday stays in the phrase, and the reminder is to plan for it the next morning.
  if (DONE_WHEN_SAID.has(kind) && !(when !== undefined && HOLIDAY.test(when))) {
    const at = reminderTime(when, fallback, now);
    // A day the reminder cannot read stays in the words ("send it on the twenty second"): the time it rings goes
    // first, not after that day ("… to send it on the twenty second tomorrow at 9am" says two times).
    const atFirst = at === fallback && UNREAD_DAY.test(action);
    const asked = ask(nlp, { kind, action, ...(when !== undefined && { when }) }, { type: "reminder", at, atFirst });
    if (asked?.phrase === undefined) return undefined;
    return { kind, agentKind: "reminder", task: atFirst ? `remind me ${at} to ${asked.phrase.own}` : `remind me to ${asked.phrase.own} ${at}`, question: asked.question };
  }
  // A trip tonight is booked sooner than tomorrow morning.
  const at = when !== undefined && isBefore(when, fallback, now) ? SOON : fallback;
  // The time said stays in the phrase here: it is when the trip is, not when to book it.
  // A long booking ("a table for two at the thai place friday at 7") is asked without its time rather than not at all.
  const asked = ask(nlp, { kind, action }, { type: "reminder", at, atFirst: true }) ?? (when !== undefined ? ask(nlp, { kind, action, when }, { type: "reminder", at, atFirst: true }) : undefined);
  if (asked?.phrase === undefined) return undefined;
  return { kind, agentKind: "reminder", task: `remind me ${at} to ${asked.phrase.own}`, question: asked.question };
}

/** "my mum is coming over" on sunday → "Want me to remind you on sunday that your mum is coming over?": what will happen, at the time said. */
async function reminderThat(plan: Plan, now: Date): Promise<OfferedNudge | undefined> {
  const at = reminderTime(plan.when, DEFAULT_WHEN, now);
  const offered = { kind: plan.kind, agentKind: "reminder", task: `remind me ${at} that ${plan.action}`, question: `Want me to remind you ${at} that ${secondPerson(plan.action)}?` };
  return questionProblems(await loadNlp(), offered.question).length > 0 ? undefined : offered;
}

/** With a model: the general agent searches in a browser and reports; it never buys. */
async function lookFor(kind: string, action: string, when: string | undefined): Promise<OfferedNudge | undefined> {
  const asked = ask(await loadNlp(), { kind, action, ...(when !== undefined && { when }) }, { type: "search", how: "look" });
  if (asked?.query === undefined) return undefined;
  return {
    kind,
    agentKind: "general",
    task: `look for ${asked.query} in the browser and report the best options with links; do not buy or book anything`,
    question: asked.question,
  };
}

/**
 * Offline: agents/open-page opens the search in the person's browser (or hands them the
 * link). Only where a place is named: "book the hotel", "book the flight" name one already
 * talked about, which a search would not find (a reminder is offered instead). Words that
 * make no clean phrase get a search for the kind alone ("flights"), not for a plan's hotel.
 */
async function openSearch(kind: string, action: string, when: string | undefined, fromPlan: boolean): Promise<OfferedNudge | undefined> {
  const asked = ask(await loadNlp(), { kind, action, ...(when !== undefined && { when }) }, { type: "search", how: "open" });
  if (asked?.query === undefined) return undefined;
  const slots = asked.phrase?.slots;
  if (slots ? slots.place === undefined && slots.destination === undefined : fromPlan) return undefined;
  const url = searchUrl(asked.query);
  return { kind, agentKind: "open-page", task: `open a search for ${asked.query}: ${url}`, need: `output contains "${url}"`, question: asked.question };
}

// Travel plans ("book a hotel in Rome") are searched for by what is booked.
function searchKind(kind: string, action: string): string | undefined {
  if (OPEN_SEARCH.has(kind)) return kind;
  if (kind !== "travel" && kind !== "booking") return undefined;
  if (/\b(?:hotels?|hostels?|airbnbs?|rooms?)\b/i.test(action)) return "hotel";
  if (/\b(?:rental cars?|car rentals?|rent(?:ing)? a car|cars?)\b/i.test(action)) return "car_rental";
  return undefined;
}

async function offer(kind: string, action: string, when: string | undefined, agentHasModel: boolean, fallback: string, now: Date): Promise<OfferedNudge | undefined> {
  if (NOTHING_TO_DO.has(kind)) return undefined;
  const offered = await (async () => {
    if (agentHasModel && SEARCHABLE.has(kind)) return lookFor(kind, action, when);
    const search = agentHasModel ? undefined : searchKind(kind, action);
    const searched = search === undefined ? undefined : await openSearch(search, action, when, search !== kind);
    return searched ?? reminder(kind, action, when, fallback, now);
  })();
  // A question a person could not read is not asked: quiet is better than garbled speech said back.
  if (offered !== undefined && questionProblems(await loadNlp(), offered.question).length > 0) return undefined;
  return offered;
}

// Errands with no time are still reminded of the next morning, or searched for ("we should book the flight to Tokyo").
const REMINDED_ERRANDS = new Set(["flight", "travel", "booking", "message", "call", "scheduling"]);

/**
 * A plan with no time that is no errand ("I'll pay you back", "shall we repaint the
 * kitchen?" → "good idea"): no reminder could ring at a sensible time, so it is kept as a
 * note (agents/note).
 */
async function note(plan: Plan): Promise<OfferedNudge | undefined> {
  const asked = ask(await loadNlp(), { kind: plan.kind, action: plan.action }, { type: "note" });
  if (asked?.phrase === undefined) return undefined;
  const offered = { kind: "note", agentKind: "note", task: `note: ${asked.phrase.own}`, need: 'output contains "noted: "', question: asked.question };
  return questionProblems(await loadNlp(), offered.question).length > 0 ? undefined : offered;
}

/** The offer for a plan heard in a conversation. */
export function offerFor(plan: Plan, agentHasModel: boolean, now: Date): Promise<OfferedNudge | undefined> {
  if (plan.that === true) return reminderThat(plan, now);
  if (plan.when === undefined && !REMINDED_ERRANDS.has(plan.kind)) return note(plan);
  return offer(plan.kind, plan.action, plan.when, agentHasModel, DEFAULT_WHEN, now);
}

/** The offer for a request the detector recognised that is not done without asking. */
export function offerForIntent(intent: Intent, task: string, agentHasModel: boolean, now: Date): Promise<OfferedNudge | undefined> {
  const when = chronoEn().parse(task, now, { forwardDate: true })[0]?.text;
  // "i should really call mum at some point": a time no one can keep is no word of what to do (the offer has its own).
  const action = (intent.kind === "reminder" ? task.replace(/^remind me (?:to|about)\s+/i, "") : task).replace(VAGUE_TIME, " ").replace(/\s+/g, " ").trim();
  return offer(intent.kind, action, when, agentHasModel, SOON, now);
}
