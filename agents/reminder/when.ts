/**
 * Reading a due time out of a task in plain words, with chrono-node, relative to now
 * and in the process's time zone (TZ): "remind me to call mom at 5pm", "in 10 minutes",
 * "tomorrow at 9", "set a timer for 10 minutes", "on the 15th" (a day of this month or the
 * next: chrono-node reads no date in it alone). Times of day already past today mean
 * the next one (forwardDate).
 */
import { chronoEn } from "../../tools/calendar/chrono-en.js";
import { plainDuration, type PlainDuration } from "../../tools/calendar/plain-duration.js";
import { withoutHesitations } from "../../tools/calendar/spoken-time.js";

export interface When {
  due: Date;
  /** The words that named the time ("at 5pm", "for 10 minutes"). */
  text: string;
  /** The task with those words taken out. */
  rest: string;
}

/** The first time said in the task; "on the 15th", "a week from Tuesday" too (tools/calendar/day-parsers.ts). */
export function findWhen(task: string, now: Date): When | undefined {
  // "in 1 hour" alone is read without loading chrono-node, as chrono-node reads it (issue 23).
  const found = plainDuration(task, now) ?? chronoFirst(task, now);
  if (found === undefined) return undefined;
  const { start, end } = withPartOfDay(task, found.index, found.index + found.text.length);
  const rest = `${task.slice(0, start)} ${task.slice(end)}`.replace(/\s+/g, " ").trim();
  return { due: found.due, text: task.slice(start, end), rest };
}

/** chrono-node's first reading, but for a part of the day named as a thing when a time is said elsewhere. */
function chronoFirst(task: string, now: Date): PlainDuration | undefined {
  // "10 minutes before the meeting", "30 mins prior to the call": counted back from a moment the words do not
  // give, not from now (chrono-node reads the first as ten minutes ago, the second as in 30 minutes); no time read.
  const results = chronoEn()
    .parse(task, now, { forwardDate: true })
    .filter((r) => !COUNTED_BACK.test(r.text) && !COUNTED_BACK_AFTER.test(task.slice(r.index + r.text.length)));
  // "the night shift", "the morning paper": a part of the day named as a thing, when the words say a time elsewhere.
  const found = results.find((r) => !namesAThing(task, r.index, r.text)) ?? results[0];
  return found && { index: found.index, text: found.text, due: found.start.date() };
}

/** A length counted back from something ("10 minutes before", "the day before"), as chrono-node reads it: from now, which it is not. */
export const COUNTED_BACK = /\b(?:before|prior)$/i;
const COUNTED_BACK_AFTER = /^\s+(?:before|prior to|ahead of)\b/i;

const PARTS = "morning|afternoon|evening|night";
/** A part of the day said after the time chrono-node read ("at 9am tomorrow| morning|"). */
const PART_AFTER = new RegExp(`^(?:\\s+in the|\\s+this)?\\s+(?:${PARTS})\\b`, "i");
/** What leads into a part of the day chrono-node read alone ("|in the |morning"). */
const LEAD_BEFORE = /\b(?:in the|this)\s+$/i;
/**
 * A preposition chrono-node left before the time it read ("|on the |3rd of december", "|by |5pm",
 * "|for |6:50pm"), and the word that starts a repetition at it ("every 8 hours |starting at |8am",
 * "|beginning |tomorrow"; not "the beginning").
 */
const PREPOSITION_BEFORE = /(?:(?<!\bthe )\b(?:starting|beginning)\s+)?(?:\b(?:(?:on|at|by|for|until|till|before) )?the\s+|\b(?:on|at|by|for|until|till|before)\s+)?$/i;
const PART_OF_DAY = new RegExp(`^(?:${PARTS})\\b`, "i");
const PART_ALONE = new RegExp(`^(?:${PARTS})$`, "i");

/** A part of the day after "the" (not "in the"): "check the night shift rota", "the morning paper". */
function namesAThing(task: string, index: number, text: string): boolean {
  const before = task.slice(0, index);
  return PART_ALONE.test(text) && /(?:^|[^a-z])the\s+$/i.test(before) && !/\bin the\s+$/i.test(before);
}

/**
 * chrono-node reads "at 9am tomorrow" and leaves "morning" behind, reads "morning" and
 * leaves "in the", or reads "3rd of december" and leaves "on the": words of the time, not of
 * what to be reminded of ("call mum morning", "on the to pay rent").
 * The due time is chrono's (spoken-time.ts has already given the hour its am or pm from
 * those words); only where the time's words end moves.
 */
function withPartOfDay(task: string, start: number, end: number): { start: number; end: number } {
  const after = PART_AFTER.exec(task.slice(end));
  if (after !== null) end += after[0].length;
  const before = (PART_OF_DAY.test(task.slice(start)) ? LEAD_BEFORE : PREPOSITION_BEFORE).exec(task.slice(0, start));
  if (before !== null) start = before.index;
  return { start, end };
}

/** What to remind of: "remind me to call mom at 5pm" → "call mom". */
export function reminderSubject(rest: string): string {
  return withoutHesitations(rest)
    .trim()
    .replace(/^(?:(?:hey|ok|okay|so|please|(?:can|could|would|will) you(?: please)?)[\s,]+)+/i, "")
    .replace(/^(?:do not|don't) let me forget(?: (?:to|about))?\s+/i, "")
    .replace(/^(please\s+)?(set\s+(a|an|the|my)\s+)?(remind(er)?\s*(me)?|reminder|alarm)\s*[:,-]?\s*/i, "")
    .replace(/^(to|that|about|of)\s+/i, "")
    .replace(/(?:[\s,]+(?:ok|okay|please|thanks|thank you))+[\s.!?]*$/i, "")
    .replace(/[\s.!,;]+$/, "")
    .trim();
}

/** How long a timer runs, in the task's words: "for 10 minutes" → "10 minutes". */
export function timerLabel(text: string): string {
  return text.replace(/^(for|in)\s+/i, "").trim();
}
