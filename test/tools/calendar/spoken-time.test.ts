/**
 * spokenTimes skips its rewrites when no word could start one (tools/calendar/spoken-time.ts
 * `mayHoldSpokenTime`): that shortcut must give the text the rewrites would. Checked on
 * texts drawn from every word the rewrites start from, words that merely contain or begin
 * like one, months, units, am/pm, digits, punctuation, underscores and other scripts.
 */
import { describe, expect, it } from "vitest";
import { mayHoldSpokenTime, rewritten, spokenTimes } from "../../../tools/calendar/spoken-time.js";
import { pick } from "../../../tools/random.js";
import { testRandom } from "../../support/random.js";

const NUMBERS = ["zero", "oh", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen",
  "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "thirty", "forty", "fifty"];
const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth", "twentieth", "thirtieth"];
const LOOKALIKES = ["often", "tennis", "oneself", "someone", "sevenpm", "twelvenoon", "Ohio", "tomorrows", "attention", "seconds", "into", "_seven", "x_ten",
  "ſix", "Ｓeven", "\u212Aelvin", "İstanbul", "éight", "ten-ish", "four-fifths"];
const OTHER = ["remind", "me", "to", "call", "mom", "at", "in", "for", "by", "until", "about", "from", "half", "past", "quarter", "of", "till",
  "o'clock", "oclock", "am", "pm", "a m", "p.m.", "noon", "midday", "midnight", "morning", "evening", "tonight", "day", "after", "today", "the",
  "april", "may", "december", "minutes", "hours", "mins", "days", "weeks", "and", "a", "an", "stretch", "wake", "dinner", "tomorrow"];
const SEPARATORS = [" ", " ", " ", "  ", "-", ", ", ". ", "\t", "\n", "!", ":"];
const DIGITS = ["6", "10", "7:30", "12", "2026", "15th", "1", "3", "6am", "5pm", "10p.m.", "9a", "1:", "11:45pm", "2nd", "30"];
/** Words that make a digit beside them a time. */
const AROUND_DIGITS = ["at", "by", "from", "until", "till", "around", "about", "for", "in", "noon", "midnight", "midday", "o'clock", "o clock",
  "oclock", "am", "a m", "p.m.", "pm", "days", "day", "after", "today", "now", "hours", "minutes", "a", "p", "clock", "AT", "Noon"];

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
    expect(mayHoldSpokenTime("remind me to stretch tonight")).toBe(false);
    expect(mayHoldSpokenTime("wake me at sevenpm")).toBe(true);
    expect(spokenTimes("wake me at sevenpm", "alarm")).toBe(rewritten("wake me at sevenpm", "alarm"));
    expect(spokenTimes("  call   mom\ttonight ", "reminder")).toBe("call mom tonight");
    for (const word of [...NUMBERS, ...ORDINALS, "tomorrow"]) expect(mayHoldSpokenTime(`remind me ${word}`), word).toBe(true);
  });
});
