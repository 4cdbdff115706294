/**
 * Reading a due time out of a task in plain words, with chrono-node, relative to now
 * and in the process's time zone (TZ): "remind me to call mom at 5pm", "in 10 minutes",
 * "tomorrow at 9", "set a timer for 10 minutes", "on the 15th" (a day of this month or the
 * next: chrono-node reads no date in it alone). Times of day already past today mean
 * the next one (forwardDate).
 */
import { chronoEn } from "../../tools/calendar/chrono-en.js";
import { plainDuration, type PlainDuration } from "../../tools/calendar/plain-duration.js";

export interface When {
  due: Date;
  /** The words that named the time ("at 5pm", "for 10 minutes"). */
  text: string;
  /** The task with those words taken out. */
  rest: string;
}

export function findWhen(said: string, now: Date): When | undefined {
  const task = withMonth(said, now);
  // "in 1 hour" alone is read without loading chrono-node, as chrono-node reads it (issue 23).
  const found = plainDuration(task, now) ?? chronoFirst(task, now);
  if (found === undefined) return undefined;
  const rest = `${task.slice(0, found.index)} ${task.slice(found.index + found.text.length)}`.replace(/\s+/g, " ").trim();
  return { due: found.due, text: found.text, rest };
}

function chronoFirst(task: string, now: Date): PlainDuration | undefined {
  const found = chronoEn().parse(task, now, { forwardDate: true })[0];
  return found && { index: found.index, text: found.text, due: found.start.date() };
}

const MONTH_NAMES = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
/** A day of the month said without its month: "on the 15th" (chrono-node reads no date in it). */
export const DAY_OF_MONTH = /\b(on|by|until|till|before|for) the (\d{1,2})(?:st|nd|rd|th)\b(?=\s*$|\s+(?:at|in|from|to|for|and|morning|afternoon|evening|night|\d))/i;

/** "on the 15th" → "<month> 15" (also by, until, before, for): this month's if it is still to come, else next month's. */
function withMonth(task: string, now: Date): string {
  return task.replace(DAY_OF_MONTH, (m, _prep: string, d: string) => {
    const day = Number(d);
    if (day < 1 || day > 31) return m;
    const month = day >= now.getDate() ? now.getMonth() : (now.getMonth() + 1) % 12;
    // The preposition goes with the date: what is left is what to be reminded of.
    return `${MONTH_NAMES[month]} ${day}`;
  });
}

/** What to remind of: "remind me to call mom at 5pm" → "call mom". */
export function reminderSubject(rest: string): string {
  return rest
    .replace(/^(please\s+)?(set\s+(a|an)\s+)?(remind(er)?\s*(me)?|reminder)\s*[:,-]?\s*/i, "")
    .replace(/^(to|that|about|of)\s+/i, "")
    .replace(/[\s.!,;]+$/, "")
    .trim();
}

/** How long a timer runs, in the task's words: "for 10 minutes" → "10 minutes". */
export function timerLabel(text: string): string {
  return text.replace(/^(for|in)\s+/i, "").trim();
}
