/**
 * spokenTimes (tools/calendar/spoken-time.ts): times said in words, as digits. It skips its
 * rewrites when nothing could start one (`mayHoldSpokenTime`): that shortcut must give the
 * text the rewrites would. Checked on
 * texts drawn from every word the rewrites start from, words that merely contain or begin
 * like one, months, units, am/pm, digits, punctuation, underscores and other scripts.
 */
import { describe, expect, it } from "vitest";
import { mayHoldSpokenTime, rewritten, spokenTimes } from "../../../tools/calendar/spoken-time.js";
import { pick } from "../../../tools/random.js";
import { testRandom } from "../../support/random.js";

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

  it("reads the looser ways people say a time: a 24-hour hour, about an hour, a fortnight, the end of the week", () => {
    expect(spokenTimes("wake me at oh seven hundred", "alarm")).toBe("wake me at 7am");
    expect(spokenTimes("the train is at nineteen hundred hours", "reminder")).toBe("the train is at 7pm");
    expect(spokenTimes("remind me around sixish", "reminder")).toBe("remind me around 6pm");
    expect(spokenTimes("call at 5-ish", "reminder")).toBe("call around 5pm");
    expect(spokenTimes("in twenty minutes or so", "reminder")).toBe("in 20 minutes");
    expect(spokenTimes("in a fortnight", "reminder")).toBe("in 2 weeks");
    expect(spokenTimes("by the end of the week", "reminder")).toBe("on friday at 5pm");
    expect(spokenTimes("this arvo", "reminder")).toBe("this afternoon");
    // Digits as a transcript writes them: "5 30", "5.30", and after "at" "530" or a 24-hour "1730".
    expect(spokenTimes("remind me at 5 30", "reminder")).toBe("remind me at 5:30pm");
    expect(spokenTimes("wake me at 6.45", "alarm")).toBe("wake me at 6:45am");
    expect(spokenTimes("call at 1730", "reminder")).toBe("call at 5:30pm");
    expect(spokenTimes("leave at 0915", "reminder")).toBe("leave at 9:15am");
    expect(spokenTimes("retire by 2030", "reminder")).toBe("retire by 2030");
    expect(spokenTimes("add 20 30 to the list", "reminder")).toBe("add 20 30 to the list");
    // A hundred of something is no hour; "or so" after no time stays.
    expect(spokenTimes("send nine hundred dollars", "reminder")).toBe("send nine hundred dollars");
    expect(spokenTimes("this or so", "reminder")).toBe("this or so");
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
    // Durations past a clock's 59, and quarters of an hour.
    expect(spokenTimes("in ninety minutes", "reminder")).toBe("in 90 minutes");
    expect(spokenTimes("for sixty five seconds", "alarm")).toBe("for 65 seconds");
    expect(spokenTimes("in a quarter of an hour", "reminder")).toBe("in 15 minutes");
    expect(spokenTimes("three quarters of an hour", "alarm")).toBe("45 minutes");
    // "ninety" alone is no duration, and "a quarter past six" stays a clock time.
    expect(spokenTimes("she turned ninety today", "reminder")).toBe("she turned ninety today");
    expect(spokenTimes("at a quarter past six", "alarm")).toBe("at 6:15am");
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

const NUMBERS = ["zero", "oh", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen",
  "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth", "twentieth", "thirtieth"];
const LOOKALIKES = ["often", "tennis", "oneself", "someone", "sevenpm", "twelvenoon", "Ohio", "tomorrows", "attention", "seconds", "into", "_seven", "x_ten",
  "ſix", "Ｓeven", "\u212Aelvin", "İstanbul", "éight", "ten-ish", "four-fifths"];
const OTHER = ["remind", "me", "to", "call", "mom", "at", "in", "for", "by", "until", "about", "from", "half", "past", "quarter", "quarters", "hour", "of", "till",
  "o'clock", "oclock", "am", "pm", "a m", "p.m.", "noon", "midday", "midnight", "morning", "evening", "tonight", "day", "after", "today", "the",
  "april", "may", "december", "minutes", "hours", "mins", "days", "weeks", "and", "a", "an", "stretch", "wake", "dinner", "tomorrow"];
const SEPARATORS = [" ", " ", " ", "  ", "-", ", ", ". ", "\t", "\n", "!", ":"];
const DIGITS = ["6", "10", "7:30", "12", "2026", "15th", "1", "3", "6am", "5pm", "10p.m.", "9a", "1:", "11:45pm", "2nd", "30"];
/** Words that make a digit beside them a time. */
const AROUND_DIGITS = ["at", "by", "from", "until", "till", "around", "about", "for", "in", "noon", "midnight", "midday", "o'clock", "o clock",
  "oclock", "am", "a m", "p.m.", "pm", "days", "day", "after", "today", "now", "hours", "minutes", "a", "p", "clock", "AT", "Noon",
  "past", "to", "till", "before", "minutes to", "minute past", "and a half", "hours and a half", "hour", "and", "half", "eod", "EOD", "end of",
  "end of the day", "end of business", "the end of the working day", "a half hour", "first thing", "thing", "end", "business", "work",
  "ish", "-ish", "or so", "or", "so", "fortnight", "a fortnight", "arvo", "hundred", "hundred hours", "oh", "week", "end of the week", "the end of this week"];

describe("spokenTimes: its rewrites skipped when nothing could be rewritten", () => {
  it("gives the rewrites' text for every text, with and without a word they start from", () => {
    const { random } = testRandom("spoken-time shortcut");
    const vocabulary = [...NUMBERS, ...ORDINALS, ...LOOKALIKES, ...OTHER, ...OTHER, ...OTHER];
    let skipped = 0;
    for (let i = 0; i < 30_000; i++) {
      const length = 1 + Math.floor(random() * 8);
      let text = random() < 0.2 ? pick(random, SEPARATORS) : "";
      for (let w = 0; w < length; w++) {
        const draw = random();
        const pool = draw < 0.25 ? DIGITS : draw < 0.45 ? AROUND_DIGITS : draw < 0.7 ? OTHER : vocabulary;
        const word = pick(random, pool);
        text += `${random() < 0.1 ? word.toUpperCase() : word}${pick(random, SEPARATORS)}`;
      }
      for (const use of ["alarm", "reminder"] as const) {
        const quick = spokenTimes(text, use);
        expect({ text, use, quick }).toEqual({ text, use, quick: rewritten(text, use) });
      }
      if (!mayHoldSpokenTime(text)) skipped++;
    }
    // Both kinds of text were drawn: many skipped the rewrites, many did not.
    expect(skipped).toBeGreaterThan(2_000);
    expect(skipped).toBeLessThan(28_000);
  });

  it("skips only where no rewrite starts, and rewrites where one does", () => {
    expect(mayHoldSpokenTime("remind me in 1 hour to stretch")).toBe(false);
    expect(mayHoldSpokenTime("set a timer for 10 minutes")).toBe(true); // "for 10" as "for 10:00" unless a unit follows: the rewrites decide
    for (const text of ["at 6", "7:30", "6 am", "6pm", "5 o'clock", "5 oclock", "12 noon", "2 days after today", "by 9"]) expect(mayHoldSpokenTime(`remind me ${text}`), text).toBe(true);
    // Said alone, digits with "to" or "past" are a clock time.
    for (const text of ["5 to 6", "10 minutes to 7 leave", "5 past 9", "20 minutes past 6", "an hour and a half", "2 and a half hours", "a half hour", "the end of the day", "eod"]) {
      expect(mayHoldSpokenTime(text), text).toBe(true);
      expect(spokenTimes(text, "alarm"), text).toBe(rewritten(text, "alarm"));
      expect(spokenTimes(text, "alarm"), text).not.toBe(text);
    }
    expect(mayHoldSpokenTime("remind me to stretch tonight")).toBe(false);
    expect(mayHoldSpokenTime("wake me at sevenpm")).toBe(true);
    expect(spokenTimes("wake me at sevenpm", "alarm")).toBe(rewritten("wake me at sevenpm", "alarm"));
    expect(spokenTimes("  call   mom\ttonight ", "reminder")).toBe("call mom tonight");
    for (const word of [...NUMBERS, ...ORDINALS, "tomorrow"]) expect(mayHoldSpokenTime(`remind me ${word}`), word).toBe(true);
  });
});
