/**
 * The plain-duration reader (tools/calendar/plain-duration.ts) must answer what chrono-node
 * answers, or not at all: both run over generated reminders and timers (counts, units, word
 * orders, subjects, every word of chrono-node's English vocabulary and time-zone table
 * placed around the duration), at instants across daylight-saving changes in several time
 * zones; wherever the quick reader answers, the words, their place and the instant are
 * chrono-node's, and so is the alarm the planners make of them.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { planReminder, planTimer } from "../../../agents/reminder/plan.js";
import { chronoEn } from "../../../tools/calendar/chrono-en.js";
import { plainDuration } from "../../../tools/calendar/plain-duration.js";
import { spokenTimes } from "../../../tools/calendar/spoken-time.js";

const require = createRequire(import.meta.url);
/** chrono-node's English dictionaries and time-zone table (not in its exports map: read from its files). */
const enDir = path.dirname(require.resolve("chrono-node/en"));
const constants = require(path.join(enDir, "constants.js")) as Record<string, unknown>;
const timezones = (require(path.join(enDir, "..", "..", "timezone.js")) as { TIMEZONE_ABBR_MAP: Record<string, unknown> }).TIMEZONE_ABBR_MAP;

const DICTIONARIES = ["WEEKDAY_DICTIONARY", "MONTH_DICTIONARY", "INTEGER_WORD_DICTIONARY", "ORDINAL_WORD_DICTIONARY", "TIME_UNIT_DICTIONARY"];
/** Every word of chrono-node's dictionaries ("sept.", "twenty-first" → "sept", "twenty", "first"). */
const VOCABULARY = [...new Set(DICTIONARIES.flatMap((name) => Object.keys(constants[name] as object))
  .flatMap((key) => key.split(/[\s-]+/)).map((word) => word.replace(/\.$/, "")).filter((word) => /^[a-z']+$/i.test(word)))];
const CASUAL = ["now", "today", "tonight", "tomorrow", "overmorrow", "tmr", "tmrw", "yesterday", "last", "night", "morning", "afternoon",
  "evening", "midnight", "midday", "noon", "this", "next", "past", "after", "ago", "later", "before", "earlier", "from", "out", "forward",
  "henceforth", "end", "of", "the", "a", "an", "half", "few", "several", "couple", "within", "about", "around", "am", "pm", "o'clock"];
const ZONES = Object.keys(timezones).filter((abbr) => abbr.length >= 2 && abbr.length <= 4);

/** What chrono-node alone reads (findWhen before the quick reader). */
function chronoReads(text: string, now: Date): { index: number; text: string; due: number; results: number } | undefined {
  const results = chronoEn().parse(text, now, { forwardDate: true });
  const found = results[0];
  return found && { index: found.index, text: found.text, due: found.start.date().getTime(), results: results.length };
}

/** The planners as they are without the quick reader (a copy of plan.ts whose plainDuration always declines): chrono-node's alarms. */
let chronoOnly: typeof import("../../../agents/reminder/plan.js");
beforeAll(async () => {
  vi.resetModules();
  vi.doMock("../../../tools/calendar/plain-duration.js", () => ({ plainDuration: () => undefined }));
  chronoOnly = await import("../../../agents/reminder/plan.js");
  vi.doUnmock("../../../tools/calendar/plain-duration.js");
  vi.resetModules();
});

const PREFIXES = ["remind me", "Remind me", "please remind me", "set a reminder", "reminder:", "hey, remind us", "", "set a timer", "Timer", "start a timer", "wake me"];
const PREPOSITIONS = ["in", "for", "In", "FOR", "within", "after"];
const COUNTS = ["0", "1", "2", "5", "10", "15", "20", "45", "90", "120", "1000", "a", "an", "An", "one", "twenty", "twenty five", "forty-five", "a few", "half an", "1.5", "+1"];
const UNIT_WORDS = ["second", "seconds", "sec", "secs", "s", "minute", "minutes", "min", "mins", "m", "hour", "hours", "Hour", "HOURS", "hr", "hrs", "h",
  "day", "days", "d", "week", "weeks", "w", "month", "months", "mo", "year", "years", "quarter", "fortnight"];
const CONNECTORS = ["to", "that", "about", "", "and", "so", "then", "i", "for", "the", "it"];
const SUBJECTS = ["stretch", "call mom", "take the pills", "check the oven", "drink water.", "feed the cat", "move the car", "eat lunch", "get coffee",
  "pay rent!", "mom's birthday", "water the plants", "stand up and walk", "look at the bread", "turn off the stove", "the tea is ready",
  "ring Bob", "email Sam about the report", "EST", "eat", "cat", "it", "do it", "go", "art class", "stretch, then rest", "stretch  twice"];

/** Instants around daylight-saving changes and ordinary ones, with milliseconds. */
const NOWS = ["2026-03-08T06:30:12.345Z", "2026-03-29T00:20:00.000Z", "2026-10-25T00:59:59.999Z", "2026-11-01T05:45:30.500Z",
  "2026-04-04T15:10:00.000Z", "2026-11-27T11:49:07.123Z", "2026-12-31T23:30:00.000Z", "2027-02-28T22:00:00.001Z"].map((iso) => new Date(iso));
const TIME_ZONES = ["UTC", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Chatham", "Africa/Nairobi"];

/** Each combination of prefix, preposition, count and unit once, with a subject and a word order in turn. */
function* generated(): Generator<string> {
  let k = 0;
  for (const prefix of PREFIXES) for (const prep of PREPOSITIONS) for (const count of COUNTS) for (const unit of UNIT_WORDS) {
    const duration = `${prep} ${count} ${unit}`;
    const subject = SUBJECTS[k % SUBJECTS.length]!;
    const said = `${CONNECTORS[k % CONNECTORS.length]!} ${subject}`.trim();
    // Every ordering a person uses: the duration first, last, or alone with its subject.
    const order = k % 3;
    yield (order === 0 ? [prefix, duration, said] : order === 1 ? [prefix, said, duration] : [duration, subject]).join(" ").trim();
    k++;
  }
  const around = ["in 1 hour", "for 10 minutes", "in an hour", "in 2 days"];
  for (const word of [...VOCABULARY, ...CASUAL, ...ZONES, ...ZONES.map((z) => z.toLowerCase())]) {
    for (const duration of around) {
      yield `remind me ${duration} to ${word}`;
      yield `remind me ${duration} ${word} stretch`;
      yield `remind me ${duration} ${word}`;
      yield `remind me ${word} ${duration} to stretch`;
      yield `remind me to ${word} the car ${duration}`;
      yield `${word} ${duration}`;
    }
  }
}

/** The quick reader's answer and chrono-node's for one text, in the process's time zone; false when the quick one declines. */
function compare(text: string, now: Date, zone: string): boolean {
  let answered = false;
  for (const use of ["reminder", "alarm"] as const) {
    const spoken = spokenTimes(text, use);
    const quick = plainDuration(spoken, now);
    if (quick === undefined) continue;
    answered = true;
    // chrono-node finds this one time and no other (so findWhen's choice among its results and
    // its part-of-day words, agents/reminder/when.ts, have nothing to change).
    expect({ said: text, zone, now, ...quick, due: quick.due.getTime(), results: 1 }).toEqual({ said: text, zone, now, ...chronoReads(spoken, now) });
    // The planners, end to end (the quick reader inside findWhen), against chrono-node's alarm.
    const [plan, reference] = use === "reminder" ? [planReminder, chronoOnly.planReminder] : [planTimer, chronoOnly.planTimer];
    expect({ text, zone, alarm: plan(text, now) }).toEqual({ text, zone, alarm: reference(text, now) });
  }
  return answered;
}

describe("plainDuration: a plain duration read without chrono-node, as chrono-node reads it", () => {
  const zoneBefore = process.env.TZ;
  afterAll(() => {
    if (zoneBefore === undefined) delete process.env.TZ;
    else process.env.TZ = zoneBefore;
  });

  it("answers the common reminders and timers, with chrono-node's words and instant", () => {
    process.env.TZ = "Europe/London";
    const now = new Date("2026-11-27T11:49:07.123Z");
    expect(plainDuration("remind me in 1 hour to stretch", now)).toEqual({ index: 10, text: "in 1 hour", due: new Date("2026-11-27T12:49:07.123Z") });
    expect(plainDuration("set a timer for 10 minutes", now)?.text).toBe("for 10 minutes");
    expect(plainDuration("in an hour to call mom", now)?.due).toEqual(new Date("2026-11-27T12:49:07.123Z"));
    expect(planReminder("remind me in twenty minutes to drink water", now)).toEqual(chronoOnly.planReminder("remind me in twenty minutes to drink water", now));
    expect(chronoOnly.planReminder).not.toBe(planReminder); // the copy without the quick reader
    // Across the change to summer time: the local clock advanced, as chrono-node advances it.
    const beforeSpring = new Date("2026-03-29T00:20:00.000Z");
    expect(plainDuration("remind me in 1 day", beforeSpring)?.due.getTime()).toBe(chronoReads("remind me in 1 day", beforeSpring)?.due);
  });

  it("leaves to chrono-node every text with another time word in it", () => {
    const now = new Date("2026-11-27T11:49:07.123Z");
    // Not these: chrono-node reads them only next to a number or a duration ("in 1 hour out" is
    // left to it below), and subjects say them ("take out the bins", "after lunch").
    const plainWords = ["this", "the", "a", "an", "of", "about", "around", "after", "before", "out", "forward"];
    for (const word of [...VOCABULARY, ...CASUAL.filter((w) => !plainWords.includes(w))]) {
      expect(plainDuration(`remind me in 1 hour to ${word} the car`, now), word).toBeUndefined();
      expect(plainDuration(`remind me ${word} in 1 hour`, now), word).toBeUndefined();
    }
    for (const zone of ZONES) {
      expect(plainDuration(`remind me in 1 hour ${zone} stretch`, now), zone).toBeUndefined();
      expect(plainDuration(`remind me in 1 hour ${zone.toLowerCase()} stretch`, now), zone).toBeUndefined();
    }
    for (const text of ["remind me in 1 hour and 30 minutes", "in 1 hour 2 minutes", "remind me at 5pm in 1 hour", "in 1 hour later", "in 1 hour out", "in 2 days after", "in 10 minutes, stretch",
      "remind me in 1 hour to stretch on the 15th", "remind me in  1 hour", " in 1 hour", "in 1 hour at noon", "remind me in 1 hour or in 2 hours"]) {
      expect(plainDuration(text, now), text).toBeUndefined();
    }
  });

  it("gives chrono-node's answer for every generated text it answers, in several time zones and instants", () => {
    const texts = [...new Set(generated())];
    let answered = 0;
    // Each text in one time zone and at one instant, in turn: every zone and instant meets every kind of text.
    for (const [z, zone] of TIME_ZONES.entries()) {
      process.env.TZ = zone;
      texts.forEach((text, i) => {
        if (i % TIME_ZONES.length === z && compare(text, NOWS[Math.floor(i / TIME_ZONES.length) % NOWS.length]!, zone)) answered++;
      });
    }
    expect(texts.length).toBeGreaterThan(40_000);
    expect(answered).toBeGreaterThan(8_000); // the reader is worth having
  });

  it("adds every duration as chrono-node does, across daylight-saving changes, in every time zone, at every instant", () => {
    let answered = 0;
    for (const zone of TIME_ZONES) {
      process.env.TZ = zone;
      for (const now of NOWS) {
        for (const count of COUNTS) for (const unit of UNIT_WORDS) if (compare(`remind me in ${count} ${unit} to stretch`, now, zone)) answered++;
      }
    }
    expect(answered).toBeGreaterThan(5_000);
  });
});
