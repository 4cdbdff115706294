/**
 * A repeating reminder's rule with its time of day (`Every`): written on the armed line as
 * "every friday at 9am" and read back (armed.ts), and its next occurrence in the process's
 * time zone. Kept apart from the reading of the words (repeat.ts), so the readers of armed
 * lines — the spawner on every alarm spawn among them — load no more than this.
 */
import { ordinal } from "../../tools/time-text.js";

export type RepeatUnit = "day" | "weekday" | "week" | "month" | "year";

/** A repeating reminder's rule, with its local time of day. */
export interface Every {
  unit: RepeatUnit;
  /** "week": 0 (sunday) – 6. */
  weekday?: number;
  /** "year": 0 (january) – 11. */
  month?: number;
  /** "month" and "year": the day of the month (1–31; a month without it uses its last day). */
  day?: number;
  hour: number;
  minute: number;
}

export const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
export const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];


function daysIn(year: number, month: number): number {
  return new Date(year, month + 1, 0).getDate();
}

/** Does a local calendar day belong to the rule? A 31st falls on the last day of a shorter month (a 29th of february, on the 28th). */
function onDay(every: Every, year: number, month: number, date: number): boolean {
  switch (every.unit) {
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
 * The first occurrence strictly after `after`, at the rule's local time of day in the
 * process's time zone (TZ): a daily 8am stays 8am across a change of clocks. A time that
 * does not exist that day (in the hour the clocks skip) is the moment after the skip.
 */
export function nextOccurrence(every: Every, after: Date): Date {
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

function clock(hour: number, minute: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}${minute === 0 ? "" : `:${String(minute).padStart(2, "0")}`}${hour < 12 ? "am" : "pm"}`;
}

/** "every day at 8am", "every weekday at 7:30am", "every friday at 9am", "every month on the 15th at 9am", "every year on may 2 at 12pm". */
export function everyText(every: Every): string {
  const at = ` at ${clock(every.hour, every.minute)}`;
  switch (every.unit) {
    case "day":
      return `every day${at}`;
    case "weekday":
      return `every weekday${at}`;
    case "week":
      return `every ${WEEKDAYS[every.weekday!]}${at}`;
    case "month":
      return `every month on the ${ordinal(every.day!)}${at}`;
    case "year":
      return `every year on ${MONTHS[every.month!]} ${every.day}${at}`;
  }
}

const EVERY_TEXT = new RegExp(String.raw`^every (?:(day|weekday)|(${WEEKDAYS.join("|")})|month on the (\d{1,2})(?:st|nd|rd|th)|year on (${MONTHS.join("|")}) (\d{1,2})) at (\d{1,2})(?::(\d\d))?(am|pm)$`);

/** `everyText` read back; undefined for anything else. */
export function parseEvery(text: string): Every | undefined {
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
