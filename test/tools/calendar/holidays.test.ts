// Days named instead of a date, added to world's English parser (tools/calendar/holidays.ts).
import { describe, expect, it } from "vitest";
import { isHoliday } from "../../../tools/calendar/holidays.js";
import { planReminder } from "../../../agents/reminder/plan.js";
import { day, friday, read } from "./read-days.js";


describe("holidays", () => {
  it("reads the next such day, today included, spelled as transcripts write them", () => {
    expect(read("on christmas eve")).toEqual({ text: "christmas eve", date: day(2026, 12, 24) });
    expect(read("christmas day at 9am")).toEqual({ text: "christmas day at 9am", date: day(2026, 12, 25, 9) });
    expect(read("new years eve")?.date).toEqual(day(2026, 12, 31));
    expect(read("new year's day")?.date).toEqual(day(2027, 1, 1));
    expect(read("valentines day")?.date).toEqual(day(2027, 2, 14));
    expect(read("halloween")?.date).toEqual(day(2027, 10, 31));
    // Thanksgiving was yesterday: the next one.
    expect(read("thanksgiving")?.date).toEqual(day(2027, 11, 25));
    expect(read("thanksgiving", new Date(2026, 10, 26, 8, 0))?.date).toEqual(day(2026, 11, 26));
    expect(read("christmas", new Date(2026, 11, 26, 8, 0))?.date).toEqual(day(2027, 12, 25));
  });

  it("counts Easter and the days around it by the Gregorian computus", () => {
    const easterFrom = (year: number) => read("easter", new Date(year, 0, 1, 8, 0))?.date;
    expect(easterFrom(2024)).toEqual(day(2024, 3, 31));
    expect(easterFrom(2025)).toEqual(day(2025, 4, 20));
    expect(easterFrom(2027)).toEqual(day(2027, 3, 28));
    expect(easterFrom(2038)).toEqual(day(2038, 4, 25));
    expect(read("good friday")?.date).toEqual(day(2027, 3, 26));
    expect(read("easter monday")?.date).toEqual(day(2027, 3, 29));
  });

  it("a thing named after the day is no day: the christmas party, easter eggs", () => {
    expect(read("the christmas party")).toBeUndefined();
    expect(read("buy easter eggs")).toBeUndefined();
    expect(read("the christmas eve party")).toBeUndefined();
    expect(isHoliday("valentine's day")).toBe(true);
    expect(isHoliday("valentine's day with her")).toBe(false);
  });

  it("the reminder agent rings on the day named", () => {
    expect(planReminder("remind me on christmas eve to wrap the presents", friday)).toMatchObject({ due: day(2026, 12, 24), message: "Reminder: wrap the presents" });
  });
});
