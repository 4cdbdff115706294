/** Task words → an alarm, for the reminder and the timer agents. */
import type { Alarm, AlarmKind } from "./armed.js";
import { spokenTimes } from "../../tools/calendar/spoken-time.js";
import { findWhen, reminderSubject, timerLabel } from "./when.js";
import { everyFrom, nextOccurrence, readRepeat, timeWordsOf, weekdayOf, type RepeatSaid } from "./repeat.js";

/** What a reminder says when its words name nothing to be reminded of ("remind me at 5"). */
export const NO_SUBJECT = "(no subject given)";

/**
 * "remind me to call mom at 5pm" → due 17:00, "Reminder: call mom". Times in words are read
 * too ("at four pm", "half past six"): a task typed that way, or a spoken answer to "when
 * to remind you?" that the Spirit passed on (tools/calendar/spoken-time.ts).
 */
export function planReminder(text: string, now: Date): Alarm | undefined {
  const spoken = spokenTimes(text, "reminder");
  // "every friday at 9": the time is read from "friday at 9", the repetition from its words (repeat.ts).
  const repeat = readRepeat(spoken);
  const words = repeat === undefined ? spoken : spokenTimes(`${spoken.slice(0, repeat.start)} ${timeWordsOfRest(repeat, now, spoken)} ${spoken.slice(repeat.end)}`, "reminder");
  const when = findWhen(words, now);
  if (when === undefined) return undefined;
  const subject = reminderSubject(when.rest);
  const message = `Reminder: ${subject === "" ? NO_SUBJECT : subject}`;
  if (repeat === undefined) return { kind: "reminder", due: when.due, message };
  // The first one is the rule's next occurrence: "every weekday at 8" said on a saturday is monday's.
  const every = everyFrom(repeat.rule, when.due);
  return { kind: "reminder", due: nextOccurrence(every, new Date(now.getTime() - 1)), message, every };
}

/** The time words read in place of a repetition's; none when the rest names its day already ("the monday meeting every monday"). */
function timeWordsOfRest(repeat: RepeatSaid, now: Date, spoken: string): string {
  const day = weekdayOf(repeat.rule);
  const rest = `${spoken.slice(0, repeat.start)} ${spoken.slice(repeat.end)}`;
  return day !== undefined && new RegExp(`\\b${day}\\b`, "i").test(rest) && repeat.rule.part === undefined ? "" : timeWordsOf(repeat, now);
}

/** "set a timer for 10 minutes" → due in 10 minutes, "Timer done: 10 minutes". */
export function planTimer(text: string, now: Date): Alarm | undefined {
  const when = findWhen(spokenTimes(text, "alarm"), now);
  if (when === undefined) return undefined;
  return { kind: "timer", due: when.due, message: `Timer done: ${timerLabel(when.text)}` };
}

/** Each alarm kind's reading of its words (its agent's: agents/reminder/main.ts, agents/timer/main.ts). */
export const PLANNERS: Readonly<Record<AlarmKind, (text: string, now: Date) => Alarm | undefined>> = { reminder: planReminder, timer: planTimer };
