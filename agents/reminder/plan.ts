/** Task words → an alarm, for the reminder and the timer agents. */
import type { Alarm, AlarmKind } from "./armed.js";
import { spokenTimes } from "../../tools/calendar/spoken-time.js";
import { chronoEn } from "../../tools/calendar/chrono-en.js";
import { addedTo } from "../../tools/world/asks/nudge-answer.js";
import { findWhen, reminderSubject, timerLabel, type When } from "./when.js";
import { byTheClock, nextOccurrence } from "./every.js";
import { everyFrom, partWordsOf, readRepeat, timeWordsOf, weekdayOf, type RepeatSaid } from "./repeat.js";

/** What a reminder says when its words name nothing to be reminded of ("remind me at 5"). */
export const NO_SUBJECT = "(no subject given)";

/**
 * "remind me to call mom at 5pm" → due 17:00, "Reminder: call mom". Times in words are read
 * too ("at four pm", "half past six"): a task typed that way, or a spoken answer to "when
 * to remind you?" that the Spirit passed on (tools/calendar/spoken-time.ts).
 */
export function planReminder(text: string, now: Date): Alarm | undefined {
  // "… (me added: at half nine)": the answer that took the offer named another time (tools/world/asks/nudge-answer.ts movedTo).
  const added = addedTo(text);
  const moved = added === undefined ? undefined : movedReminder(added.task, added.words, now);
  if (moved !== undefined) return moved;
  const spoken = spokenTimes(text, "reminder");
  const repeat = readRepeat(spoken);
  const when = repeat === undefined ? findWhen(spoken, now) : repeatingWhen(spoken, repeat, now);
  if (when === undefined) return undefined;
  const subject = reminderSubject(when.rest);
  const message = `Reminder: ${subject === "" ? NO_SUBJECT : subject}`;
  if (repeat === undefined) return { kind: "reminder", due: when.due, message };
  // The first one is the rule's next occurrence: "every weekday at 8" said on a saturday is
  // monday's, "every other friday at 7" this friday's. Minutes and hours count from the time
  // read: "every 30 minutes" from now, "every 8 hours starting at 8am" from 8am.
  const every = everyFrom(repeat.rule, when.due);
  if (byTheClock(every)) return { kind: "reminder", due: when.due, message, every };
  const { interval: _cadence, ...onItsDays } = every;
  return { kind: "reminder", due: nextOccurrence(onItsDays, new Date(now.getTime() - 1)), message, every };
}

/**
 * The offered reminder at the time the answer named: a day said replaces the day and the hour
 * ("tomorrow", "on friday at 6"), an hour alone keeps the offer's day ("at half nine" for
 * "tomorrow at nine"). Undefined when the added words name no time, or the offer repeats.
 */
function movedReminder(offered: string, words: string, now: Date): Alarm | undefined {
  const time = chronoEn().parse(spokenTimes(words, "reminder"), now, { forwardDate: true })[0];
  if (time === undefined || readRepeat(spokenTimes(offered, "reminder")) !== undefined) return undefined;
  const plan = planReminder(offered, now);
  const message = plan?.message ?? `Reminder: ${reminderSubject(offered) || NO_SUBJECT}`;
  const dayNamed = time.start.isCertain("day") || time.start.isCertain("weekday") || plan === undefined;
  if (dayNamed || !time.start.isCertain("hour")) {
    // A day without an hour keeps the offer's hour ("tomorrow" for "tonight at 8").
    const due = time.start.date();
    if (!time.start.isCertain("hour") && plan !== undefined) due.setHours(plan.due.getHours(), plan.due.getMinutes(), 0, 0);
    // "on friday" said on a friday after the hour: next week's.
    if (due <= now && time.start.isCertain("weekday") && !time.start.isCertain("day")) due.setDate(due.getDate() + 7);
    return { kind: "reminder", due, message };
  }
  const due = new Date(plan.due);
  due.setHours(time.start.get("hour") ?? due.getHours(), time.start.get("minute") ?? 0, 0, 0);
  return { kind: "reminder", due, message };
}

/**
 * The time of a repeating reminder: read with the repetition's words cut out ("every friday
 * at 5pm" → "at 5pm"; the rule says which days), the part of the day they name kept ("every
 * morning" → "in the morning"); a day named again outside them is the rule's day, not a time
 * ("the monday meeting every monday at 10"). Said with no time of day, its day is the time as
 * a reminder on that day reads it ("every friday" → "friday").
 */
function repeatingWhen(spoken: string, repeat: RepeatSaid, now: Date): When | undefined {
  const said = (words: string) => spokenTimes(`${spoken.slice(0, repeat.start)} ${words} ${spoken.slice(repeat.end)}`, "reminder");
  const found = findWhen(said(partWordsOf(repeat)), now);
  const day = weekdayOf(repeat.rule);
  if (found !== undefined && day !== undefined && found.text.toLowerCase().replace(/^(?:on |the )+/, "") === day) return findWhen(found.rest, now) ?? found;
  return found ?? findWhen(said(timeWordsOf(repeat, now)), now);
}

/** "set a timer for 10 minutes" → due in 10 minutes, "Timer done: 10 minutes". */
export function planTimer(text: string, now: Date): Alarm | undefined {
  const when = findWhen(spokenTimes(text, "alarm"), now);
  if (when === undefined) return undefined;
  return { kind: "timer", due: when.due, message: `Timer done: ${timerLabel(when.text)}` };
}

/** Each alarm kind's reading of its words (its agent's: agents/reminder/main.ts, agents/timer/main.ts). */
export const PLANNERS: Readonly<Record<AlarmKind, (text: string, now: Date) => Alarm | undefined>> = { reminder: planReminder, timer: planTimer };
