/**
 * A repeating reminder's rule with its time of day (`Every`): written on the armed line as
 * "every friday at 9am", "every 2 days at 9am", "every 30 minutes" and read back (armed.ts),
 * and its next occurrence in the process's time zone. Kept apart from the reading of the
 * words (repeat.ts), so the readers of armed lines — the spawner on every alarm spawn among
 * them — load no more than this.
 */
import { ordinal } from "../../tools/time-text.js";

export type RepeatUnit = "minute" | "hour" | "day" | "weekday" | "week" | "month" | "year";

/**
 * A repeating reminder's rule, with its local time of day. With an interval ("every 2 days",
 * "every 30 minutes") the next one counts from the one that rang (`nextOccurrence`'s `last`).
 */
export interface Every {
  unit: RepeatUnit;
  /**
   * How many units from one to the next ("every 2 weeks": 2); absent is 1. Read for
   * "minute", "hour", "day", "week" and "month".
   */
  interval?: number;
  /** "week": 0 (sunday) – 6. */
  weekday?: number;
  /** "year": 0 (january) – 11. */
  month?: number;
  /** "month" and "year": the day of the month (1–31; a month without it uses its last day). */
  day?: number;
  /** The local time of day ("minute" and "hour", which count from the last one, have none: 0). */
  hour: number;
  minute: number;
}

/** Counted in minutes or hours from the last one, not at a time of day. */
export function byTheClock(every: Every): every is Every & { unit: "minute" | "hour" } {
  return every.unit === "minute" || every.unit === "hour";
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

export const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
export const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];


function daysIn(year: number, month: number): number {
  return new Date(year, month + 1, 0).getDate();
}

/** Does a local calendar day belong to the rule? A 31st falls on the last day of a shorter month (a 29th of february, on the 28th). */
function onDay(every: Every, year: number, month: number, date: number): boolean {
  switch (every.unit) {
    case "minute":
    case "hour":
    case "day":
      return true;
    case "weekday": {
      const wd = new Date(year, month, date).getDay();
      return wd >= 1 && wd <= 5;
    }
    case "week":
      return new Date(year, month, date).getDay() === every.weekday;
    case "month":
      return date === Math.min(every.day!, daysIn(year, month));
    case "year":
      return month === every.month && date === Math.min(every.day!, daysIn(year, month));
  }
}

/**
 * The next time a repeating reminder is due once the one due at `due` has rung at `now`:
 * after both (a late delivery does not ring twice), counted from `due` (an interval keeps
 * its cadence). One definition for the agent (alarm.ts) and the Keeper's scheduler (wake.ts).
 */
export function nextAfterRinging(every: Every, due: Date, now: number): Date {
  return nextOccurrence(every, new Date(Math.max(now, due.getTime())), due);
}

/**
 * The first occurrence strictly after `after`, at the rule's local time of day in the
 * process's time zone (TZ): a daily 8am stays 8am across a change of clocks. A time that
 * does not exist that day (in the hour the clocks skip) is the moment after the skip.
 *
 * With an interval, the occurrences are `last` (the one that rang; `after` when not given)
 * and every interval from it: the first of them after `after`, so a delivery late by an hour
 * keeps the cadence instead of moving it by the lateness. Minutes and hours are real time
 * (every 8 hours is 8 hours across a change of clocks); days, weeks and months are calendar
 * steps at the rule's local time of day (every 2 days at 9am stays 9am).
 */
export function nextOccurrence(every: Every, after: Date, last: Date = after): Date {
  const n = every.interval ?? 1;
  if (byTheClock(every)) {
    const step = n * (every.unit === "minute" ? MINUTE_MS : HOUR_MS);
    const k = Math.max(1, Math.floor((after.getTime() - last.getTime()) / step) + 1);
    return new Date(last.getTime() + k * step);
  }
  if (n > 1 && (every.unit === "day" || every.unit === "week" || every.unit === "month")) return nextByInterval(every, n, after, last);
  const from = new Date(after.getFullYear(), after.getMonth(), after.getDate());
  // At most a year and a day apart (a yearly one); two years bound the walk.
  for (let i = 0; i <= 2 * 366; i++) {
    const y = from.getFullYear();
    const m = from.getMonth();
    const d = from.getDate() + i;
    const day = new Date(y, m, d);
    if (!onDay(every, day.getFullYear(), day.getMonth(), day.getDate())) continue;
    const at = new Date(day.getFullYear(), day.getMonth(), day.getDate(), every.hour, every.minute);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error(`no occurrence of ${everyText(every)} within two years of ${after.toISOString()}`);
}

/**
 * Calendar steps from the day of `last`: for "week" from the rule's day of the week nearest
 * it (a moved one keeps the cadence of its day), for "month" from its month, on the rule's
 * day (a 31st on a shorter month's last day).
 */
function nextByInterval(every: Every, n: number, after: Date, last: Date): Date {
  const at = (k: number): Date => {
    if (every.unit === "month") {
      const y = last.getFullYear();
      const m = last.getMonth() + k * n;
      const firstOfMonth = new Date(y, m, 1);
      const day = Math.min(every.day!, daysIn(firstOfMonth.getFullYear(), firstOfMonth.getMonth()));
      return new Date(firstOfMonth.getFullYear(), firstOfMonth.getMonth(), day, every.hour, every.minute);
    }
    // The rule's day nearest the last one: moved a day or two either way, it keeps its weeks.
    const back = every.unit === "week" ? ((last.getDay() - every.weekday! + 10) % 7) - 3 : 0;
    const days = (every.unit === "week" ? 7 : 1) * n;
    return new Date(last.getFullYear(), last.getMonth(), last.getDate() - back + k * days, every.hour, every.minute);
  };
  // The k to start from: at or before the answer (a month counted as 31 days, one step
  // short for a change of clocks), a few steps from it however long the wait was.
  const stepDays = (every.unit === "week" ? 7 : every.unit === "month" ? 31 : 1) * n;
  let k = Math.max(1, Math.floor((after.getTime() - last.getTime()) / (stepDays * 24 * HOUR_MS)) - 1);
  while (at(k).getTime() <= after.getTime()) k++;
  return at(k);
}

function clock(hour: number, minute: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}${minute === 0 ? "" : `:${String(minute).padStart(2, "0")}`}${hour < 12 ? "am" : "pm"}`;
}

/** "every 2" before a unit said in the plural, "every" before one said alone. */
function everyN(every: Every, unit: string): string {
  const n = every.interval ?? 1;
  return n === 1 ? `every ${unit}` : `every ${n} ${unit}s`;
}

/**
 * "every day at 8am", "every weekday at 7:30am", "every friday at 9am", "every month on the 15th at 9am", "every year on may 2 at 12pm";
 * with an interval "every 30 minutes", "every hour", "every 2 days at 9am", "every 2 weeks on friday at 7am", "every 3 months on the 1st at 9am".
 */
export function everyText(every: Every): string {
  const at = ` at ${clock(every.hour, every.minute)}`;
  const n = every.interval ?? 1;
  switch (every.unit) {
    case "minute":
    case "hour":
      return everyN(every, every.unit);
    case "day":
      return `${everyN(every, "day")}${at}`;
    case "weekday":
      return `every weekday${at}`;
    case "week":
      return n === 1 ? `every ${WEEKDAYS[every.weekday!]}${at}` : `${everyN(every, "week")} on ${WEEKDAYS[every.weekday!]}${at}`;
    case "month":
      return `${everyN(every, "month")} on the ${ordinal(every.day!)}${at}`;
    case "year":
      return `every year on ${MONTHS[every.month!]} ${every.day}${at}`;
  }
}

const EVERY_TEXT = new RegExp(String.raw`^every (?:(day|weekday)|(${WEEKDAYS.join("|")})|month on the (\d{1,2})(?:st|nd|rd|th)|year on (${MONTHS.join("|")}) (\d{1,2})) at (\d{1,2})(?::(\d\d))?(am|pm)$`);
/** "every 30 minutes", "every hour"; "every 2 days at 9am", "every 2 weeks on friday at 7am", "every 3 months on the 1st at 9am". */
const INTERVAL_TEXT = new RegExp(String.raw`^every (?:(minute|hour)|([1-9]\d{0,3}) (minute|hour)s|([1-9]\d{0,3}) (day|week|month)s(?: on (?:(${WEEKDAYS.join("|")})|the (\d{1,2})(?:st|nd|rd|th)))?( at .*))$`);

/** `everyText` read back; undefined for anything else. */
export function parseEvery(text: string): Every | undefined {
  const i = INTERVAL_TEXT.exec(text);
  if (i !== null) return intervalOf(i);
  const m = EVERY_TEXT.exec(text);
  if (m === null) return undefined;
  const h12 = Number(m[6]);
  const minute = m[7] === undefined ? 0 : Number(m[7]);
  if (h12 < 1 || h12 > 12 || minute > 59) return undefined;
  const at = { hour: (h12 % 12) + (m[8] === "pm" ? 12 : 0), minute };
  const day = Number(m[3] ?? m[5]);
  if ((m[3] ?? m[5]) !== undefined && (day < 1 || day > 31)) return undefined;
  if (m[1] !== undefined) return { unit: m[1] as "day" | "weekday", ...at };
  if (m[2] !== undefined) return { unit: "week", weekday: WEEKDAYS.indexOf(m[2]), ...at };
  if (m[3] !== undefined) return { unit: "month", day, ...at };
  return { unit: "year", month: MONTHS.indexOf(m[4]!), day, ...at };
}

/** `INTERVAL_TEXT`'s match as a rule: its time of day read as the rules' without one ("every day at 9am"). */
function intervalOf(i: RegExpExecArray): Every | undefined {
  const [, alone, n, byClock, nDays, unit, weekday, day, at] = i;
  if (alone !== undefined) return { unit: alone as "minute" | "hour", hour: 0, minute: 0 };
  if (n !== undefined) return { unit: byClock as "minute" | "hour", ...(Number(n) > 1 && { interval: Number(n) }), hour: 0, minute: 0 };
  const interval = Number(nDays);
  // An interval of 1 is the rule without one, which its own words say ("every day at 9am").
  if (interval < 2) return undefined;
  const time = parseEvery(`every day${at!}`);
  if (time === undefined) return undefined;
  const clockAt = { hour: time.hour, minute: time.minute };
  if (unit === "day") return weekday === undefined && day === undefined ? { unit: "day", interval, ...clockAt } : undefined;
  if (unit === "week") return weekday !== undefined ? { unit: "week", interval, weekday: WEEKDAYS.indexOf(weekday), ...clockAt } : undefined;
  if (day === undefined || Number(day) < 1 || Number(day) > 31 || weekday !== undefined) return undefined;
  return { unit: "month", interval, day: Number(day), ...clockAt };
}
