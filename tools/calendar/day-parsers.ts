/**
 * Two days people say that chrono-node's English parser does not read, added to it
 * (chrono-en.ts), so every reader of times has them (the Spirit's commands and plans, the
 * reminder agent):
 *
 *   - a day of the month without its month: "on the 5th", "by the 22nd" (spokenTimes writes
 *     "on the twenty second" so), "on the 1st of the month" — the next such day, today
 *     included; "of next month" — that day next month;
 *   - a count from a weekday: "a week from Tuesday", "two days after Friday" — chrono-node
 *     reads "a week" (from now) and "Tuesday" apart, and counts "two days after Friday"
 *     from the Friday just gone.
 *
 * Both are read forward from the reference time, as world reads every time said.
 */
import type { Parser } from "chrono-node/en";

type ParsingContext = Parameters<Parser["extract"]>[0];

const MONTH_AFTER = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b`;
/** After a preposition of time, so "the 5th floor", "the 2nd one" and "Beethoven's 5th" are no day. */
const DAY_OF_MONTH = new RegExp(
  String.raw`\b(?:on|by|before|until|till|from|for)\s+the\s+(\d{1,2})(?:st|nd|rd|th)\b(?:\s+of\s+(?:the|this|(next))\s+month\b)?(?!\s+(?:of\s+)?${MONTH_AFTER})(?!\s+(?:floor|time|place|row|page|round|step|chapter|century|birthday|anniversary|grade|one|ones|person|people|day|week|month|year)\b)`,
  "i",
);

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const COUNT: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7 };
const COUNTED_FROM_WEEKDAY = new RegExp(String.raw`\b(a|an|one|two|three|four|five|six|seven|\d{1,2})\s+(days?|weeks?)\s+(?:from|after)\s+(?:next\s+|this\s+)?(${WEEKDAYS.join("|")})\b`, "i");

function components(at: Date): { year: number; month: number; day: number } {
  return { year: at.getFullYear(), month: at.getMonth() + 1, day: at.getDate() };
}

/** "on the 5th": this month's 5th if it is still ahead (or today), else the next month that has one. */
export const dayOfMonth: Parser = {
  pattern: () => DAY_OF_MONTH,
  extract: (context: ParsingContext, match: RegExpMatchArray) => {
    const day = Number(match[1]);
    if (day < 1 || day > 31) return null;
    const ref = context.refDate;
    for (let ahead = match[2] === undefined ? 0 : 1; ahead < 13; ahead++) {
      const at = new Date(ref.getFullYear(), ref.getMonth() + ahead, day);
      if (at.getDate() !== day) continue; // no 31st this month
      if (ahead === 0 && day < ref.getDate()) continue; // gone this month
      return components(at);
    }
    return null;
  },
};

/** "a week from Tuesday": the next Tuesday (a week on, if today is one), then the count. */
export const countedFromWeekday: Parser = {
  pattern: () => COUNTED_FROM_WEEKDAY,
  extract: (context: ParsingContext, match: RegExpMatchArray) => {
    const n = COUNT[match[1]!.toLowerCase()] ?? Number(match[1]);
    const ref = context.refDate;
    const until = (WEEKDAYS.indexOf(match[3]!.toLowerCase()) - ref.getDay() + 7) % 7 || 7;
    const days = until + n * (/^week/i.test(match[2]!) ? 7 : 1);
    return components(new Date(ref.getFullYear(), ref.getMonth(), ref.getDate() + days));
  },
};
