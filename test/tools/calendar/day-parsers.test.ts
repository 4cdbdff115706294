// Days chrono-node does not read, added to world's English parser (tools/calendar/day-parsers.ts).
import { describe, expect, it } from "vitest";
import { planReminder } from "../../../agents/reminder/plan.js";
import { day, friday, read } from "./read-days.js";


describe("a day of the month without its month", () => {
  it("'on the 5th', 'by the 31st': the next such day, today included, the month skipped that has none", () => {
    expect(read("pay the rent on the 5th")).toEqual({ text: "on the 5th", date: day(2026, 12, 5) });
    expect(read("on the 27th")).toEqual({ text: "on the 27th", date: day(2026, 11, 27) });
    expect(read("on the 26th")?.date).toEqual(day(2026, 12, 26));
    expect(read("by the 31st", new Date(2027, 3, 2, 9, 0))?.date).toEqual(day(2027, 5, 31)); // April has no 31st
    expect(read("on the 5th at 9am")).toEqual({ text: "on the 5th at 9am", date: day(2026, 12, 5, 9) });
    expect(read("pay the rent on the 1st of the month")).toEqual({ text: "on the 1st of the month", date: day(2026, 12, 1) });
    expect(read("on the 28th of next month")?.date).toEqual(day(2026, 12, 28));
  });

  it("a month named, or an ordinal that is no day, is chrono-node's as before", () => {
    expect(read("on the 5th of May")?.date).toEqual(day(2027, 5, 5));
    expect(read("the office is on the 5th floor")).toBeUndefined();
    expect(read("he came in on the 2nd day")).toBeUndefined();
    expect(read("Beethoven's 5th")).toBeUndefined();
  });
});

describe("a count from a weekday", () => {
  it("'a week from Tuesday', 'two days after Friday': from the next such day", () => {
    expect(read("see the dentist a week from Tuesday")).toEqual({ text: "a week from Tuesday", date: day(2026, 12, 8) });
    expect(read("two days after Monday")?.date).toEqual(day(2026, 12, 2));
    // Said on a Friday, "Friday" is the next one, as chrono-node reads a weekday said alone.
    expect(read("two days after Friday")?.date).toEqual(day(2026, 12, 6));
    expect(read("in a week")?.date).toEqual(new Date(2026, 11, 4, 10, 0)); // a length alone is chrono-node's
  });
});

describe("the reminder agent reads them", () => {
  it("'remind me on the 5th to pay the rent', '… a week from tuesday …': due that day, with what to do", () => {
    const rent = planReminder("remind me on the 5th to pay the rent", friday)!;
    expect([rent.due.getMonth() + 1, rent.due.getDate(), rent.message]).toEqual([12, 5, "Reminder: pay the rent"]);
    const passport = planReminder("remind me a week from tuesday to renew my passport", friday)!;
    expect([passport.due.getMonth() + 1, passport.due.getDate(), passport.message]).toEqual([12, 8, "Reminder: renew my passport"]);
  });
});
