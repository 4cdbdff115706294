/**
 * Days people name instead of a date ("on christmas eve", "how many days until easter"),
 * which chrono-node's English parser does not read: a parser added to it (chrono-en.ts), so
 * every reader of times has them. Read forward, as world reads every time said: the next such
 * day, today included.
 *
 * Only days with one date for everyone who says the name: fixed dates, Easter and the days
 * counted from it (the Gregorian computus), and Thanksgiving as the United States keeps it
 * (the fourth Thursday of November; Canada's is in October, and "Mother's Day" differs by
 * country, so neither is read).
 */
import type { Parser } from "chrono-node/en";

type ParsingContext = Parameters<Parser["extract"]>[0];

/** The holiday's date in a year, as [month (1-12), day]. */
type DateIn = (year: number) => readonly [number, number];

const fixed = (month: number, day: number): DateIn => () => [month, day];

/** Easter Sunday in the Gregorian calendar (the anonymous algorithm, Meeus/Jones/Butcher). */
function easterSunday(year: number): readonly [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

const fromEaster = (days: number): DateIn => (year) => {
  const [month, day] = easterSunday(year);
  const at = new Date(year, month - 1, day + days);
  return [at.getMonth() + 1, at.getDate()];
};

/** The fourth Thursday of November. */
const thanksgiving: DateIn = (year) => {
  const first = new Date(year, 10, 1).getDay();
  return [11, 1 + ((4 - first + 7) % 7) + 21];
};

// Spelled as transcripts write them: with or without the apostrophe, "day" often left out.
const HOLIDAYS: ReadonlyArray<readonly [string, DateIn]> = [
  [String.raw`christmas\s+eve`, fixed(12, 24)],
  [String.raw`(?:christmas|xmas)(?:\s+day)?`, fixed(12, 25)],
  [String.raw`boxing\s+day`, fixed(12, 26)],
  [String.raw`new\s+year'?s'?\s+eve`, fixed(12, 31)],
  [String.raw`new\s+year'?s'?(?:\s+day)?`, fixed(1, 1)],
  [String.raw`(?:saint|st\.?)\s+valentine'?s'?(?:\s+day)?|valentine'?s'?\s+day`, fixed(2, 14)],
  [String.raw`(?:saint|st\.?)\s+patrick'?s'?(?:\s+day)?|paddy'?s\s+day`, fixed(3, 17)],
  [String.raw`april\s+fools'?(?:\s+day)?`, fixed(4, 1)],
  [String.raw`hallowe'?en`, fixed(10, 31)],
  [String.raw`(?:guy\s+fawkes|bonfire)\s+night`, fixed(11, 5)],
  [String.raw`good\s+friday`, fromEaster(-2)],
  [String.raw`easter\s+monday`, fromEaster(1)],
  [String.raw`easter(?:\s+sunday|\s+day)?`, fromEaster(0)],
  [String.raw`thanksgiving(?:\s+day)?`, thanksgiving],
];

// "the christmas party", "easter eggs": a thing named after the day, not the day ("eve" so
// that "christmas eve party" is not read as "christmas").
const NAMES_A_THING = String.raw`\s+(?:eve|party|parties|dinner|lunch|shopping|presents?|gifts?|cards?|tree|lights|markets?|concerts?|break|holidays?|vacation|sales?|list|decorations?|jumpers?|sweaters?|films?|movies?|songs?|music|carols?|play|show|service|bonus|cake|pudding|costumes?|candy|sweets|eggs?|hunt|bunny|turkey|weekend|week|season|special|episode|do)\b`;
const HOLIDAY = new RegExp(String.raw`\b(?:${HOLIDAYS.map(([name]) => `(${name})`).join("|")})\b(?!${NAMES_A_THING})`, "i");

const HOLIDAY_ALONE = new RegExp(String.raw`^(?:${HOLIDAYS.map(([name]) => name).join("|")})$`, "i");

/** Are these words (a result's text) a holiday's name? */
export function isHoliday(words: string): boolean {
  return HOLIDAY_ALONE.test(words);
}

/** "on christmas eve", "until easter": the next such day, today included. */
export const holiday: Parser = {
  pattern: () => HOLIDAY,
  extract: (context: ParsingContext, match: RegExpMatchArray) => {
    const which = HOLIDAYS.findIndex((_, i) => match[i + 1] !== undefined);
    const dateIn = HOLIDAYS[which]?.[1];
    if (dateIn === undefined) return null;
    const ref = context.refDate;
    const today = new Date(ref.getFullYear(), ref.getMonth(), ref.getDate());
    for (const year of [ref.getFullYear(), ref.getFullYear() + 1]) {
      const [month, day] = dateIn(year);
      const at = new Date(year, month - 1, day);
      if (at >= today) return { year, month, day };
    }
    return null;
  },
};
