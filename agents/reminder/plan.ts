/** Task words → an alarm, for the reminder and the timer agents. */
import type { Alarm, AlarmKind } from "./armed.js";
import { spokenTimes } from "../../tools/calendar/spoken-time.js";
import { findWhen, reminderSubject, timerLabel } from "./when.js";

/** What a reminder says when its words name nothing to be reminded of ("remind me at 5"). */
export const NO_SUBJECT = "(no subject given)";

/**
 * "remind me to call mom at 5pm" → due 17:00, "Reminder: call mom". Times in words are read
 * too ("at four pm", "half past six"): a task typed that way, or a spoken answer to "when
 * to remind you?" that the Spirit passed on (tools/calendar/spoken-time.ts).
 */
export function planReminder(text: string, now: Date): Alarm | undefined {
  const when = findWhen(spokenTimes(text, "reminder"), now);
  if (when === undefined) return undefined;
  const subject = reminderSubject(when.rest);
  return { kind: "reminder", due: when.due, message: `Reminder: ${subject === "" ? NO_SUBJECT : subject}` };
}

/** "set a timer for 10 minutes" → due in 10 minutes, "Timer done: 10 minutes". */
export function planTimer(text: string, now: Date): Alarm | undefined {
  const when = findWhen(spokenTimes(text, "alarm"), now);
  if (when === undefined) return undefined;
  return { kind: "timer", due: when.due, message: `Timer done: ${timerLabel(when.text)}` };
}

/** Each alarm kind's reading of its words (its agent's: agents/reminder/main.ts, agents/timer/main.ts). */
export const PLANNERS: Readonly<Record<AlarmKind, (text: string, now: Date) => Alarm | undefined>> = { reminder: planReminder, timer: planTimer };
