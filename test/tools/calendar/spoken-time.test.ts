import { describe, expect, it } from "vitest";
import { spokenTimes } from "../../../tools/calendar/spoken-time.js";

describe("spokenTimes", () => {
  it("reads minutes past and to an hour, in words or digits", () => {
    expect(spokenTimes("remind me at twenty past six to call", "reminder")).toBe("remind me at 6:20pm to call");
    expect(spokenTimes("five past nine", "alarm")).toBe("9:05am");
    expect(spokenTimes("twenty five past eleven", "alarm")).toBe("11:25am");
    expect(spokenTimes("remind me at ten to five to leave", "reminder")).toBe("remind me at 4:50pm to leave");
    expect(spokenTimes("set an alarm for ten to seven", "alarm")).toBe("set an alarm for 6:50am");
    expect(spokenTimes("at 10 to 10", "alarm")).toBe("at 9:50am");
    // Said alone (an answer to "when?"), "to" is a time too.
    expect(spokenTimes("ten to seven", "alarm")).toBe("6:50am");
  });

  it("leaves spans and counts with 'to' alone: only a time's preposition makes 'ten to five' a time", () => {
    expect(spokenTimes("we are open from ten to five", "reminder")).not.toContain("4:50");
    expect(spokenTimes("add ten to fifteen people", "reminder")).toBe("add ten to fifteen people");
    expect(spokenTimes("i have two to three hours", "reminder")).not.toMatch(/\d:\d\d/);
  });

  it("reads halves of hours that chrono-node would cut to the whole hour", () => {
    expect(spokenTimes("remind me in an hour and a half to leave", "reminder")).toBe("remind me in 1.5 hours to leave");
    expect(spokenTimes("in two and a half hours", "reminder")).toBe("in 2.5 hours");
    expect(spokenTimes("in 2 hours and a half", "reminder")).toBe("in 2.5 hours");
    expect(spokenTimes("in a minute and a half", "alarm")).toBe("in 1.5 minutes");
    expect(spokenTimes("in a half hour", "reminder")).toBe("in half an hour");
  });

  it("reads 'first thing' as the start of that day and 'the end of the day' as 5pm, not as an ordinal or a day", () => {
    expect(spokenTimes("email sarah first thing tomorrow", "reminder")).toBe("email sarah tomorrow morning");
    expect(spokenTimes("first thing on monday call the bank", "reminder")).toBe("on monday morning call the bank");
    expect(spokenTimes("first thing in the morning", "reminder")).toBe("in the morning");
    expect(spokenTimes("remind me at the end of the day to send the invoice", "reminder")).toBe("remind me at 5pm to send the invoice");
    expect(spokenTimes("by end of business", "reminder")).toBe("by 5pm");
    // Ordinals of dates still read.
    expect(spokenTimes("on the third of december", "reminder")).toBe("on the 3rd of december");
  });
});
