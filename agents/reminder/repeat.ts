/**
 * Repeating reminders: "every day at 8", "every friday", "on weekdays", "the 15th of every
 * month", "mary's birthday may 2, repeat every year", read in a task's words (`readRepeat`):
 * which words say it, the rule they name, and what the usual time reader (when.ts) should
 * read in their place ("every friday" → "friday"); the Spirit uses the same reading to keep
 * the repetition in the task it spawns (spirit/intents/commands.ts). The rule with its time of
 * day, on the armed line and its next occurrence, is every.ts's.
 *
 * Kept to what people ask for: daily, on weekdays, weekly on a day, monthly on a day of the
 * month, yearly on a date, and intervals: "every 30 minutes", "every 8 hours", "every other
 * day", "every 2 weeks on friday", "every second monday", "every 3 months" ("other" and
 * "second" are 2; at least a minute). A repetition with an end ("every hour until 5pm") is
 * not read: such a task is one reminder, as before.
 */
import { ordinal } from "../../tools/time-text.js";
import { MONTHS, nextOccurrence, WEEKDAYS, type Every, type RepeatUnit } from "./every.js";

/** A repetition as said, before its time of day is known. */
export interface RepeatWords {
  unit: RepeatUnit;
  /** "every 2 days": 2; absent is 1 (every.ts's `Every.interval`). */
  interval?: number;
  /** "week": 0 (sunday) – 6. */
  weekday?: number;
  /** "month": the day of the month said (1–31). */
  day?: number;
  /** "every morning", "every friday evening". */
  part?: PartOfDay;
}

export type PartOfDay = "morning" | "afternoon" | "evening" | "night";

export interface RepeatSaid {
  rule: RepeatWords;
  /** The repetition in plain words, as the Spirit hands it on: "every friday", "every month on the 15th". */
  said: string;
  /** Where its words are in the text read. */
  start: number;
  end: number;
  /** Words inside them that name the date, not the repetition: "every june 3rd" keeps "june 3rd". */
  keep: string;
}

const DAY_W = WEEKDAYS.join("|");
const PART = "morning|afternoon|evening|night";
/** Said before a repetition: "repeat every year", "and repeat it weekly", "repeating each day". */
const LEAD = String.raw`(?:(?:and |,\s*)?repeat(?:s|ing|ed)?(?: it| this)?\s+)?`;
const EACH = String.raw`(?:every(?: single)?|each)`;
/** "daily", "weekly", "everyday" as an adverb: at the end, before a time or a time's words; "the daily standup" is a name. */
const AS_ADVERB = String.raw`(?=\s*$|\s*[,.!?]|\s+(?:at|in|on|from|starting|beginning|by|until|till|before|after|around|about|and|then|please|to remind|remind|today|tonight|tomorrow|noon|midnight|(?:sun|mon|tues|wednes|thurs|fri|satur)day|\d))`;

interface Form {
  re: RegExp;
  read: (m: RegExpExecArray) => { rule: RepeatWords; keep?: string } | undefined;
}

/** "every 2", "every other", "every second", "every 3rd": how many units from one to the next. */
const COUNT = String.raw`(\d{1,2}(?:st|nd|rd|th)|\d{1,3}|other|second|third|fourth|fifth|sixth)`;
const COUNT_WORDS = ["other", "second", "third", "fourth", "fifth", "sixth"];
/** The count said, as a number; "other" and "second" are 2. */
const countOf = (word: string): number => (COUNT_WORDS.includes(word.toLowerCase()) ? Math.max(2, COUNT_WORDS.indexOf(word.toLowerCase()) + 1) : parseInt(word, 10));
/** An interval's count: at least 1 (an interval of 1 is the rule without one: "every 1 day" is "every day"). */
const every = (unit: RepeatUnit, word: string | undefined, rest: Omit<RepeatWords, "unit" | "interval"> = {}): { rule: RepeatWords } | undefined => {
  const n = word === undefined ? 1 : countOf(word);
  return n >= 1 ? { rule: { unit, ...(n > 1 && { interval: n }), ...rest } } : undefined;
};
const UNIT_WORDS: Record<string, RepeatUnit> = { minute: "minute", min: "minute", hour: "hour", hr: "hour", day: "day", week: "week", month: "month" };
const weekdayIn = (word: string) => WEEKDAYS.indexOf(word.toLowerCase());

const partOf = (word: string | undefined): { part?: PartOfDay } => (word ? { part: word.toLowerCase() as PartOfDay } : {});
const monthDay = (d: string): { rule: RepeatWords } | undefined => (Number(d) >= 1 && Number(d) <= 31 ? { rule: { unit: "month", day: Number(d) } } : undefined);

/**
 * The interval forms, most particular first, tried before the others ("every 2 weeks on friday"
 * is not "every friday"). Read on text whose numbers are digits (tools/calendar/spoken-time.ts).
 * Made at the first text that says an interval, not at load.
 */
const intervalForms = (): Form[] => [
  // "every other friday", "every second monday morning", "every 2 weeks on friday", "every other week on tuesdays", "fortnightly on sunday"
  // ("every second tuesday of the month" is a day of each month, not read.)
  { re: new RegExp(String.raw`${LEAD}\b${EACH} ${COUNT} (${DAY_W})(?: (${PART}))?\b(?! (?:of|in) (?:the|each|every|a) month)`, "i"), read: (m) => every("week", m[1], { weekday: weekdayIn(m[2]!), ...partOf(m[3]) }) },
  { re: new RegExp(String.raw`${LEAD}\b(?:${EACH} ${COUNT} weeks?|(${EACH} fortnight|fortnightly))(?: on)? (${DAY_W})s?(?: (${PART}))?\b`, "i"), read: (m) => every("week", m[2] === undefined ? m[1] : "2", { weekday: weekdayIn(m[3]!), ...partOf(m[4]) }) },
  // "every 3 months on the 1st", "on the 15th of every other month"
  { re: new RegExp(String.raw`${LEAD}\b${EACH} ${COUNT} months?(?: on)? the (\d{1,2})(?:st|nd|rd|th)?\b`, "i"), read: (m) => monthDay(m[2]!) && every("month", m[1], { day: Number(m[2]) }) },
  { re: new RegExp(String.raw`${LEAD}(?:\b(?:on|for|by) )?\bthe (\d{1,2})(?:st|nd|rd|th)?(?: day)?(?: of)? ${EACH} ${COUNT} months?\b`, "i"), read: (m) => monthDay(m[1]!) && every("month", m[2], { day: Number(m[1]) }) },
  // "every 30 minutes", "every 8 hours", "every other day", "every 3rd week", "every 2 months", "every other morning"
  { re: new RegExp(String.raw`${LEAD}\b${EACH} ${COUNT} (?:(minute|min|hour|hr|day|week|month)s?|(${PART})s?)\b`, "i"), read: (m) => (m[2] !== undefined ? every(UNIT_WORDS[m[2].toLowerCase()]!, m[1]) : every("day", m[1], partOf(m[3]))) },
  // "every minute", "every hour", "hourly", "every half hour", "every quarter of an hour", "every fortnight"
  { re: new RegExp(String.raw`${LEAD}\b(?:${EACH} (minute|hour)|(hourly)${AS_ADVERB})\b`, "i"), read: (m) => every(m[1] === undefined ? "hour" : (m[1].toLowerCase() as RepeatUnit), undefined) },
  { re: new RegExp(String.raw`${LEAD}\b${EACH} (?:(half)(?: an?)?|quarter(?: of an?)?) hour\b`, "i"), read: (m) => every("minute", m[1] === undefined ? "15" : "30") },
  { re: new RegExp(String.raw`${LEAD}\b(?:${EACH} fortnight|fortnightly${AS_ADVERB})\b`, "i"), read: () => every("week", "2") },
];

/** The forms without an interval, most particular first; made at the first text that may repeat. */
const forms = (): Form[] => [

  // "on the 15th of every month", "the 1st of each month", "on the 15th every month"
  { re: new RegExp(String.raw`${LEAD}(?:\b(?:on|for|by) )?\bthe (\d{1,2})(?:st|nd|rd|th)?(?: day)?(?: of)? ${EACH} month\b`, "i"), read: (m) => monthDay(m[1]!) },
  // "every month on the 15th", "monthly on the 1st", "each month the 15th"
  { re: new RegExp(String.raw`${LEAD}\b(?:${EACH} month|monthly)(?: on)? the (\d{1,2})(?:st|nd|rd|th)?\b`, "i"), read: (m) => monthDay(m[1]!) },
  // "every weekday", "each workday morning", "on weekdays", "weekdays at 7", "monday to friday"
  { re: new RegExp(String.raw`${LEAD}\b(?:${EACH} (?:week ?day|work ?day|business day|working day)|(?:on )?(?:week ?days|work ?days|working days)${AS_ADVERB}|(?:every day |each day |on )?monday (?:to|through|thru|till|until) friday)(?: (${PART}))?\b`, "i"), read: (m) => ({ rule: { unit: "weekday", ...partOf(m[1]) } }) },
  // "every friday", "each monday morning", "on fridays", "every week on tuesday", "weekly on sunday"
  { re: new RegExp(String.raw`${LEAD}\b(?:${EACH} (${DAY_W})|on (${DAY_W})s|(?:${EACH} week|weekly)(?: on)? (${DAY_W}))(?: (${PART}))?\b`, "i"), read: (m) => ({ rule: { unit: "week", weekday: WEEKDAYS.indexOf((m[1] ?? m[2] ?? m[3])!.toLowerCase()), ...partOf(m[4]) } }) },
  // "every june 3rd", "each may 2nd": a date, every year
  { re: new RegExp(String.raw`${LEAD}\b${EACH} ((?:${MONTHS.join("|")}) \d{1,2}(?:st|nd|rd|th)?)\b`, "i"), read: (m) => ({ rule: { unit: "year" }, keep: m[1]! }) },
  // "every day", "every single day", "every morning", "each night", "daily", "everyday", "nightly"
  { re: new RegExp(String.raw`${LEAD}\b(?:${EACH} (day|${PART})|(daily|everyday|nightly)${AS_ADVERB}|on a daily basis)\b`, "i"), read: (m) => ({ rule: { unit: "day", ...partOf(/^night/i.test(m[2] ?? "") ? "night" : m[1]?.toLowerCase() === "day" ? undefined : m[1]) } }) },
  // "every week", "weekly"
  { re: new RegExp(String.raw`${LEAD}\b(?:${EACH} week|weekly${AS_ADVERB}|on a weekly basis)\b`, "i"), read: () => ({ rule: { unit: "week" } }) },
  { re: new RegExp(String.raw`${LEAD}\b(?:${EACH} month|monthly${AS_ADVERB}|on a monthly basis)\b`, "i"), read: () => ({ rule: { unit: "month" } }) },
  { re: new RegExp(String.raw`${LEAD}\b(?:${EACH} year|(?:yearly|annually)${AS_ADVERB}|on a yearly basis)\b`, "i"), read: () => ({ rule: { unit: "year" } }) },
];

/**
 * A repetition with an end ("every day this week", "every friday until june", "every hour
 * today", "every 30 minutes for 2 hours", "every hour between 9 and 5"): not read, the task
 * is one reminder as before.
 */
const BOUNDED = /^\s+(?:this|next|today|tonight|for the (?:next|rest)|for (?:a|an|one|two|three|\d+) (?:weeks?|months?|days?|hours?|minutes?)|until|till|through|between|from \S+(?: [ap]\.?m\.?)? (?:to|till|until)|during)\b/i;

/**
 * A word every form needs: most reminders say none, and are let go after this one small
 * expression (the forms above cost ~6 ms to compile and run the first time, on every spawn
 * that reads a time: issue 23).
 */
let FORMS: Form[] | undefined;
let INTERVAL_FORMS: Form[] | undefined;
const GENERAL = "(?:(?:every|each) (?:day|week|month|year)|daily|weekly|monthly|yearly|annually)";
const GENERAL_BEFORE = new RegExp(String.raw`\b${GENERAL},?\s+$`, "i");
const GENERAL_AFTER = new RegExp(String.raw`^,?\s+${GENERAL}\b`, "i");
/** A word every interval form needs: a text that may repeat but says none ("every day at 8") compiles no interval form. */
const MAY_BE_INTERVAL = /\b(?:(?:every|each) (?:\d|other|second|third|fourth|fifth|sixth|minute|hour|half|quarter|fortnight)|hourly|fortnightly)/i;
const MAY_REPEAT = /\b(?:every|each|daily|weekly|monthly|yearly|annually|nightly|hourly|fortnightly|week ?days|work ?days|working days|monday (?:to|through|thru|till|until) friday|on (?:sun|mon|tues|wednes|thurs|fri|satur)days)/i;

/** The repetition a text asks for, if it asks for one. */
export function readRepeat(text: string): RepeatSaid | undefined {
  if (!MAY_REPEAT.test(text)) return undefined;
  const all = MAY_BE_INTERVAL.test(text) ? [...(INTERVAL_FORMS ??= intervalForms()), ...(FORMS ??= forms())] : (FORMS ??= forms());
  for (const form of all) {
    const m = form.re.exec(text);
    if (m === null) continue;
    if (BOUNDED.test(text.slice(m.index + m[0].length))) return undefined;
    const read = form.read(m);
    if (read === undefined) continue;
    // "weekly on tuesdays", "on tuesdays every week": the general words go with the particular ones.
    const before = GENERAL_BEFORE.exec(text.slice(0, m.index));
    const after = GENERAL_AFTER.exec(text.slice(m.index + m[0].length));
    const start = before === null ? m.index : before.index;
    return { rule: read.rule, said: saidOf(read.rule), start, end: m.index + m[0].length + (after?.[0].length ?? 0), keep: read.keep ?? "" };
  }
  return undefined;
}

/** The words with a repetition's words cut out (a date said inside them stays: "every june 3rd" → "june 3rd"). */
export function withoutRepeat(words: string): string {
  const repeat = readRepeat(words);
  return repeat === undefined ? words : `${words.slice(0, repeat.start)} ${repeat.keep} ${words.slice(repeat.end)}`.replace(/\s+/g, " ").trim();
}

/** The repetition in plain words, read back the same by `readRepeat`. */
function saidOf(rule: RepeatWords): string {
  const part = rule.part ? ` ${rule.part}` : "";
  const n = rule.interval ?? 1;
  const each = (unit: string) => (n === 1 ? `every ${unit}` : `every ${n} ${unit}s`);
  switch (rule.unit) {
    case "minute":
    case "hour":
      return each(rule.unit);
    case "day":
      return each(rule.part ?? "day");
    case "weekday":
      return `every weekday${part}`;
    case "week":
      if (rule.weekday === undefined) return each("week");
      return n === 1 ? `every ${WEEKDAYS[rule.weekday]}${part}` : `${each("week")} on ${WEEKDAYS[rule.weekday]}${part}`;
    case "month":
      return rule.day === undefined ? each("month") : `${each("month")} on the ${ordinal(rule.day)}`;
    case "year":
      return "every year";
  }
}

/**
 * What the usual time reader (when.ts) reads in place of the repetition's words: the day
 * and the part of the day they name ("every friday evening" → "friday evening", "every
 * morning" → "in the morning"), any date said inside them, and for a day of the month its
 * next date from `now` ("the 31st of every month" in november → "november 30"). Minutes and
 * hours count from now: "every 30 minutes" → "in 30 minutes".
 */
export function timeWordsOf(said: RepeatSaid, now: Date): string {
  const { rule } = said;
  if (rule.unit === "minute" || rule.unit === "hour") return [said.keep, `in ${rule.interval ?? 1} ${rule.unit}${(rule.interval ?? 1) > 1 ? "s" : ""}`].filter((w) => w !== "").join(" ");
  const part = rule.part === undefined ? "" : `in the ${rule.part}`;
  let day = "";
  if (rule.unit === "week" && rule.weekday !== undefined) day = WEEKDAYS[rule.weekday]!;
  if (rule.unit === "month" && rule.day !== undefined) {
    const first = nextOccurrence({ unit: "month", day: rule.day, hour: 23, minute: 59 }, new Date(now.getFullYear(), now.getMonth(), now.getDate()));
    day = `${MONTHS[first.getMonth()]!} ${first.getDate()}`;
  }
  return [said.keep, day, day && rule.part ? rule.part : part].filter((w) => w !== "").join(" ");
}

/** The words inside a repetition the time reader reads without its day: the part of the day ("in the morning") and a date said in them. */
export function partWordsOf(said: RepeatSaid): string {
  return [said.keep, said.rule.part === undefined ? "" : `in the ${said.rule.part}`].filter((w) => w !== "").join(" ");
}

/** The day of the week a weekly repetition names ("every monday" → "monday"), if it names one. */
export function weekdayOf(rule: RepeatWords): string | undefined {
  return rule.unit === "week" && rule.weekday !== undefined ? WEEKDAYS[rule.weekday] : undefined;
}

/**
 * The rule of a repetition whose first time has been read: its time of day, and its day
 * where the words left it to the first time ("every week" from a friday: fridays).
 */
export function everyFrom(rule: RepeatWords, first: Date): Every {
  const at = { hour: first.getHours(), minute: first.getMinutes() };
  const interval = rule.interval === undefined ? {} : { interval: rule.interval };
  switch (rule.unit) {
    case "minute":
    case "hour":
      return { unit: rule.unit, ...interval, hour: 0, minute: 0 };
    case "day":
      return { unit: "day", ...interval, ...at };
    case "weekday":
      return { unit: rule.unit, ...at };
    case "week":
      return { unit: "week", ...interval, weekday: rule.weekday ?? first.getDay(), ...at };
    case "month":
      return { unit: "month", ...interval, day: rule.day ?? first.getDate(), ...at };
    case "year":
      return { unit: "year", month: first.getMonth(), day: first.getDate(), ...at };
  }
}

