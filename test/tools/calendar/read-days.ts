// What world's English chrono-node reads, for the tests of the days added to it (day-parsers, holidays).
import { chronoEn } from "../../../tools/calendar/chrono-en.js";

/** Friday 27 November 2026, 10:00, on this machine's clock. */
export const friday = new Date(2026, 10, 27, 10, 0);

/** The first time read in the words, forward from `now`: its words and its date. */
export function read(text: string, now = friday): { text: string; date: Date } | undefined {
  const r = chronoEn().parse(text, now, { forwardDate: true })[0];
  return r === undefined ? undefined : { text: r.text, date: r.start.date() };
}

/** A local date; noon unless an hour is given (chrono-node's hour for a day said alone). */
export const day = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h, 0);
