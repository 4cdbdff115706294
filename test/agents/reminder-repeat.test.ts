/**
 * Repeating reminders as read and written (agents/reminder/repeat.ts, every.ts, armed.ts, plan.ts): the
 * forms people say, the next occurrence in the process's time zone (across a change of
 * clocks, at a month's end), and the armed line that carries the rule, old lines still read.
 */
import { afterAll, describe, expect, it } from "vitest";
import { armedLine, parseArmed } from "../../agents/reminder/armed.js";
import { parseParked } from "../../agents/parked.js";
import { planReminder } from "../../agents/reminder/plan.js";
import { everyText, nextOccurrence, parseEvery, type Every } from "../../agents/reminder/every.js";
import { readRepeat } from "../../agents/reminder/repeat.js";
import { parkedUntil } from "../../tools/world/parked.js";

// The local clock is New York's (a change of clocks on 2026-03-08 and 2026-11-01), from
// before any date below is made: Node reads TZ again when it changes.
const savedTz = process.env.TZ;
process.env.TZ = "America/New_York";
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

/** A local time in the test's zone: "2026-11-27T12:00". */
const local = (text: string) => new Date(text);
const localText = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")} ${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;

describe("reading a repetition", () => {
  // Friday 27 November 2026, noon.
  const now = local("2026-11-27T12:00");
  const cases: [string, string, string, string][] = [
    ["remind me to take my pills every day at 8", "every day at 8am", "2026-11-28 08:00", "Reminder: take my pills"],
    ["Remind me to take my pills at 8am every day.", "every day at 8am", "2026-11-28 08:00", "Reminder: take my pills"],
    ["remind me to back up the laptop daily at 6pm", "every day at 6pm", "2026-11-27 18:00", "Reminder: back up the laptop"],
    ["every friday remind me to go to the store at 5pm", "every friday at 5pm", "2026-11-27 17:00", "Reminder: go to the store"],
    ["remind me to call mom each sunday at 6", "every sunday at 6pm", "2026-11-29 18:00", "Reminder: call mom"],
    ["remind me to put the bins out on tuesdays at 7pm", "every tuesday at 7pm", "2026-12-01 19:00", "Reminder: put the bins out"],
    ["remind me to call grandma every week on sunday at 5pm", "every sunday at 5pm", "2026-11-29 17:00", "Reminder: call grandma"],
    ["remind me to wake up at five am every morning", "every day at 5am", "2026-11-28 05:00", "Reminder: wake up"],
    ["remind me to lock the door every night at eleven", "every day at 11pm", "2026-11-27 23:00", "Reminder: lock the door"],
    // A weekday reminder said on a friday afternoon: monday's is the first.
    ["remind me to stretch on weekdays at 3am", "every weekday at 3am", "2026-11-30 03:00", "Reminder: stretch"],
    ["remind me to check the post every weekday at 9am", "every weekday at 9am", "2026-11-30 09:00", "Reminder: check the post"],
    ["remind me to pay rent on the 1st of every month at 9am", "every month on the 1st at 9am", "2026-12-01 09:00", "Reminder: pay rent"],
    ["the fifteenth of every month pay the internet bill at noon", "every month on the 15th at 12pm", "2026-12-15 12:00", "Reminder: pay the internet bill"],
    // November has no 31st: its last day.
    ["remind me to pay the card every month on the 31st at 10am", "every month on the 31st at 10am", "2026-11-30 10:00", "Reminder: pay the card"],
    ["remind me about mary's birthday may 2, repeat every year", "every year on may 2 at 12pm", "2027-05-02 12:00", "Reminder: mary's birthday"],
    ["remind me about bob's birthday every june third at 9am", "every year on june 3 at 9am", "2027-06-03 09:00", "Reminder: bob's birthday"],
    ["remind me about the monday meeting every monday at 10", "every monday at 10am", "2026-11-30 10:00", "Reminder: meeting"],
    // Intervals: minutes and hours count from now (noon), days, weeks and months from the first at the time said.
    ["remind me to drink water every hour", "every hour", "2026-11-27 13:00", "Reminder: drink water"],
    ["every thirty minutes remind me to stand up", "every 30 minutes", "2026-11-27 12:30", "Reminder: stand up"],
    ["remind me to blink every half an hour", "every 30 minutes", "2026-11-27 12:30", "Reminder: blink"],
    ["remind me to take the pill every eight hours", "every 8 hours", "2026-11-27 20:00", "Reminder: take the pill"],
    // A time said with it is the first: "starting at 8am" (its words are the time's, not the subject's).
    ["remind me to take my pills every 8 hours starting at 8am", "every 8 hours", "2026-11-28 08:00", "Reminder: take my pills"],
    ["remind me to stretch every 1 minute", "every minute", "2026-11-27 12:01", "Reminder: stretch"],
    ["remind me to water the plants every other day at 9", "every 2 days at 9am", "2026-11-28 09:00", "Reminder: water the plants"],
    ["every third day remind me to clean the filter at 8pm", "every 3 days at 8pm", "2026-11-27 20:00", "Reminder: clean the filter"],
    ["every two weeks on friday remind me to put the recycling out at 7", "every 2 weeks on friday at 7pm", "2026-11-27 19:00", "Reminder: put the recycling out"],
    ["remind me to call dad every second monday at 6pm", "every 2 weeks on monday at 6pm", "2026-11-30 18:00", "Reminder: call dad"],
    ["remind me to clean the gutters fortnightly on saturday at 10am", "every 2 weeks on saturday at 10am", "2026-11-28 10:00", "Reminder: clean the gutters"],
    ["remind me to change the water filter every 3 months on the 1st at 9am", "every 3 months on the 1st at 9am", "2026-12-01 09:00", "Reminder: change the water filter"],
  ];
  for (const [said, rule, first, message] of cases) {
    it(`${JSON.stringify(said)} → ${rule}, first ${first}`, () => {
      const alarm = planReminder(said, now);
      expect(alarm).toBeDefined();
      expect(alarm!.every && everyText(alarm!.every)).toBe(rule);
      expect(localText(alarm!.due)).toBe(first);
      expect(alarm!.message).toBe(message);
    });
  }

  it("one reminder, as before, for words that name no repetition or one with an end or an interval", () => {
    for (const said of ["remind me about the daily report at 5pm", "remind me to read the weekly newsletter tomorrow at 9", "add lunch meetings at noon every day this week", "remind me to stretch every hour until 5pm", "remind me to check the oven every 10 minutes for an hour", "remind me to drink water every hour between 9am and 5pm", "remind me to check the tea every 5 minutes today", "remind me to stand every 0 minutes", "remind me about the second tuesday of the month at 9", "remind me to call mom at 5pm"]) {
      expect(readRepeat(said), said).toBeUndefined();
      expect(planReminder(said, now)?.every, said).toBeUndefined();
    }
  });

  it("a repetition with no time of day named is a reminder with no time: its agent asks when, as for any", () => {
    expect(readRepeat("remind me to take out the trash weekly")?.said).toBe("every week");
    expect(planReminder("remind me to take out the trash weekly", now)).toBeUndefined();
    // The answer ("on tuesday at 7pm") read with the task keeps the repetition.
    for (const answered of ["weekly on tuesday at 7pm", "weekly tuesday at 7pm", "weekly on tuesdays at 7pm"]) {
      const alarm = planReminder(`remind me to take out the trash ${answered}`, now)!;
      expect(alarm.every && everyText(alarm.every), answered).toBe("every tuesday at 7pm");
      expect(alarm.message, answered).toBe("Reminder: take out the trash");
    }
  });

  it("says the repetition back in words that read the same", () => {
    for (const said of ["every day", "every morning", "every weekday", "every weekday morning", "every friday", "every friday evening", "every week", "every month", "every month on the 15th", "every year", "every minute", "every 30 minutes", "every hour", "every 8 hours", "every 2 days", "every 2 mornings", "every 2 weeks", "every 2 weeks on friday", "every 2 weeks on friday evening", "every 3 months", "every 3 months on the 1st"]) {
      expect(readRepeat(`remind me to stretch ${said}`)?.said, said).toBe(said);
    }
  });
});

describe("the next occurrence", () => {
  const at = (every: Partial<Every> & Pick<Every, "unit">, after: string) => localText(nextOccurrence({ hour: 8, minute: 0, ...every }, local(after)));

  it("a daily 8am stays 8am across a change of clocks, both ways", () => {
    expect(at({ unit: "day" }, "2026-03-07T09:00")).toBe("2026-03-08 08:00");
    expect(nextOccurrence({ unit: "day", hour: 8, minute: 0 }, local("2026-03-07T09:00")).getTime() - local("2026-03-07T08:00").getTime()).toBe(23 * 3_600_000);
    expect(at({ unit: "day" }, "2026-10-31T09:00")).toBe("2026-11-01 08:00");
    expect(nextOccurrence({ unit: "day", hour: 8, minute: 0 }, local("2026-10-31T09:00")).getTime() - local("2026-10-31T08:00").getTime()).toBe(25 * 3_600_000);
    // 2:30 does not exist on 8 March in New York: the moment after the skip.
    expect(at({ unit: "day", hour: 2, minute: 30 }, "2026-03-07T12:00")).toBe("2026-03-08 03:30");
  });

  it("strictly after: the one just delivered is never the next", () => {
    expect(at({ unit: "day" }, "2026-11-27T08:00")).toBe("2026-11-28 08:00");
    expect(at({ unit: "day" }, "2026-11-27T07:59")).toBe("2026-11-27 08:00");
  });

  it("weekdays skip the weekend; a weekly one keeps its day", () => {
    expect(at({ unit: "weekday" }, "2026-11-27T09:00")).toBe("2026-11-30 08:00");
    expect(at({ unit: "week", weekday: 5 }, "2026-11-27T09:00")).toBe("2026-12-04 08:00");
  });

  it("a 31st falls on the last day of a shorter month, and comes back on the 31st", () => {
    const every = { unit: "month" as const, day: 31 };
    expect(at(every, "2026-11-01T00:00")).toBe("2026-11-30 08:00");
    expect(at(every, "2026-11-30T09:00")).toBe("2026-12-31 08:00");
    expect(at(every, "2027-02-01T00:00")).toBe("2027-02-28 08:00");
    expect(at({ unit: "month", day: 30 }, "2028-02-01T00:00")).toBe("2028-02-29 08:00");
  });

  it("an interval counts from the one that rang: minutes and hours in real time, days and weeks at the local time of day, across a change of clocks", () => {
    // Every 8 hours is 8 hours when the clocks go back (the local clock says 7 hours later).
    const rang = local("2026-10-31T20:00");
    expect(nextOccurrence({ unit: "hour", interval: 8, hour: 0, minute: 0 }, rang).getTime() - rang.getTime()).toBe(8 * 3_600_000);
    expect(localText(nextOccurrence({ unit: "hour", interval: 8, hour: 0, minute: 0 }, rang))).toBe("2026-11-01 03:00");
    expect(localText(nextOccurrence({ unit: "minute", interval: 30, hour: 0, minute: 0 }, local("2026-11-27T12:10")))).toBe("2026-11-27 12:40");
    // Every 2 days at 9am stays 9am across both changes of clocks.
    expect(at({ unit: "day", interval: 2, hour: 9 }, "2026-03-07T09:00")).toBe("2026-03-09 09:00");
    expect(at({ unit: "day", interval: 2, hour: 9 }, "2026-10-31T09:00")).toBe("2026-11-02 09:00");
    expect(at({ unit: "week", interval: 2, weekday: 5, hour: 7 }, "2026-11-27T07:00")).toBe("2026-12-11 07:00");
    // A 31st every 2 months: on a shorter month's last day, and back on the 31st.
    expect(at({ unit: "month", interval: 2, day: 31 }, "2026-12-31T08:00")).toBe("2027-02-28 08:00");
    expect(localText(nextOccurrence({ unit: "month", interval: 2, day: 31, hour: 8, minute: 0 }, local("2027-02-28T08:00")))).toBe("2027-04-30 08:00");
  });

  it("a late wake-up keeps the cadence: the first of the due time and its intervals after now, never moved by the lateness", () => {
    const due = local("2026-11-27T09:00");
    const hours = (n: number): Every => ({ unit: "hour", interval: n, hour: 0, minute: 0 });
    // Called as the agent and the scheduler call it: after max(now, due), from the due that rang.
    const late = (every: Every, now: string) => localText(nextOccurrence(every, new Date(Math.max(local(now).getTime(), due.getTime())), due));
    expect(late(hours(2), "2026-11-27T09:00")).toBe("2026-11-27 11:00");
    expect(late(hours(2), "2026-11-27T12:30")).toBe("2026-11-27 13:00");
    expect(late(hours(2), "2026-11-27T13:00")).toBe("2026-11-27 15:00");
    expect(late({ unit: "minute", interval: 30, hour: 0, minute: 0 }, "2026-11-30T08:47")).toBe("2026-11-30 09:00");
    expect(late({ unit: "day", interval: 3, hour: 9, minute: 0 }, "2026-12-03T10:00")).toBe("2026-12-06 09:00");
    expect(late({ unit: "week", interval: 2, weekday: 5, hour: 9, minute: 0 }, "2026-12-11T09:30")).toBe("2026-12-25 09:00");
    // Years late (a laptop in a drawer): still on the cadence, found in a few steps.
    expect(late({ unit: "month", interval: 2, day: 27, hour: 9, minute: 0 }, "2036-02-01T00:00")).toBe("2036-03-27 09:00");
    // Moved a day either way, a fortnightly friday keeps its fridays.
    const fortnightly: Every = { unit: "week", interval: 2, weekday: 5, hour: 7, minute: 0 };
    expect(localText(nextOccurrence(fortnightly, local("2026-12-10T07:00")))).toBe("2026-12-25 07:00");
    expect(localText(nextOccurrence(fortnightly, local("2026-12-12T07:00")))).toBe("2026-12-25 07:00");
  });

  it("a 29th of february, yearly: the 28th in a year without one", () => {
    expect(at({ unit: "year", month: 1, day: 29 }, "2026-03-01T00:00")).toBe("2027-02-28 08:00");
    expect(at({ unit: "year", month: 1, day: 29 }, "2027-03-01T00:00")).toBe("2028-02-29 08:00");
  });
});

describe("the armed line", () => {
  const due = new Date("2026-11-28T13:00:00.000Z");
  const every: Every = { unit: "day", hour: 8, minute: 0 };

  it("carries the rule last in its note, and reads it back", () => {
    const line = armedLine({ kind: "reminder", due, message: "Reminder: take my pills", every }, "parked: the Keeper's scheduler delivers it");
    expect(line).toBe("armed: due 2026-11-28T13:00:00.000Z by reminder (parked: the Keeper's scheduler delivers it; repeats every day at 8am) — Reminder: take my pills");
    expect(parseArmed(line)).toEqual({ kind: "reminder", due, message: "Reminder: take my pills", every });
    // Still parked, for the scheduler and every reader of "parked".
    expect(parkedUntil({ status: "active", output: line })).toEqual(due);
    expect(parseParked(line)?.alarm?.every).toEqual(every);
    const alone = armedLine({ kind: "reminder", due, message: "Reminder: stretch", every: { unit: "month", day: 31, hour: 17, minute: 30 } });
    expect(alone).toBe("armed: due 2026-11-28T13:00:00.000Z by reminder (repeats every month on the 31st at 5:30pm) — Reminder: stretch");
    expect(parseArmed(alone)?.every).toEqual({ unit: "month", day: 31, hour: 17, minute: 30 });
  });

  it("every rule round-trips through its words", () => {
    const rules: Every[] = [
      { unit: "day", hour: 0, minute: 5 },
      { unit: "weekday", hour: 12, minute: 0 },
      { unit: "week", weekday: 0, hour: 23, minute: 59 },
      { unit: "month", day: 1, hour: 9, minute: 0 },
      { unit: "year", month: 11, day: 25, hour: 7, minute: 15 },
      { unit: "minute", hour: 0, minute: 0 },
      { unit: "minute", interval: 30, hour: 0, minute: 0 },
      { unit: "hour", hour: 0, minute: 0 },
      { unit: "hour", interval: 8, hour: 0, minute: 0 },
      { unit: "day", interval: 2, hour: 9, minute: 0 },
      { unit: "week", interval: 2, weekday: 5, hour: 7, minute: 0 },
      { unit: "month", interval: 3, day: 1, hour: 9, minute: 30 },
    ];
    for (const rule of rules) expect(parseEvery(everyText(rule))).toEqual(rule);
    expect(everyText({ unit: "day", interval: 2, hour: 9, minute: 0 })).toBe("every 2 days at 9am");
    expect(everyText({ unit: "minute", interval: 30, hour: 0, minute: 0 })).toBe("every 30 minutes");
    expect(everyText({ unit: "week", interval: 2, weekday: 5, hour: 7, minute: 0 })).toBe("every 2 weeks on friday at 7am");
    const line = armedLine({ kind: "reminder", due, message: "Reminder: stand up", every: { unit: "minute", interval: 30, hour: 0, minute: 0 } }, "parked: the Keeper's scheduler delivers it");
    expect(line).toBe("armed: due 2026-11-28T13:00:00.000Z by reminder (parked: the Keeper's scheduler delivers it; repeats every 30 minutes) — Reminder: stand up");
    expect(parseArmed(line)?.every).toEqual({ unit: "minute", interval: 30, hour: 0, minute: 0 });
    // Not an interval: none of a minute, a weekday, a day said for a day.
    for (const text of ["every 0 minutes", "every 1 days at 9am", "every 2 weekdays at 9am", "every 2 days on friday at 9am", "every 2 weeks at 9am", "every 2 months on the 40th at 9am"]) expect(parseEvery(text), text).toBeUndefined();
    expect(parseEvery("every fortnight at 8am")).toBeUndefined();
    expect(parseEvery("every month on the 32nd at 8am")).toBeUndefined();
  });

  it("old lines, with or without a note, read as before: once", () => {
    for (const line of [
      "armed: due 2026-11-28T13:00:00.000Z by reminder — Reminder: call mom",
      "armed: due 2026-11-28T13:00:00.000Z by reminder (parked: the Keeper's scheduler delivers it) — Reminder: call mom",
      "armed: due 2026-11-28T13:00:00.000Z by reminder (waiting, next check-in by 2026-11-28T12:30:00.000Z) — Reminder: call mom",
    ]) {
      expect(parseArmed(line)).toEqual({ kind: "reminder", due, message: "Reminder: call mom" });
    }
    // A message that says "repeats" is a message, not a rule.
    expect(parseArmed("armed: due 2026-11-28T13:00:00.000Z by reminder — Reminder: repeats every day at 8am")?.every).toBeUndefined();
  });
});
