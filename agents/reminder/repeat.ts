/**
 * Repeating reminders: "every day at 8", "every friday", "on weekdays", "the 15th of every
 * month", "mary's birthday may 2, repeat every year", read in a task's words (`readRepeat`):
 * which words say it, the rule they name, and what the usual time reader (when.ts) should
 * read in their place ("every friday" → "friday"); the Spirit uses the same reading to keep
 * the repetition in the task it spawns (spirit/intents/commands.ts). The rule with its time of
 * day, on the armed line and its next occurrence, is every.ts's.
 *
 * Kept to what people ask for: daily, on weekdays, weekly on a day, monthly on a day of the
 * month, yearly on a date. Intervals ("every 2 days", "every 30 minutes") are not read here:
 * such a task is read as before, one reminder.
 */
import { ordinal } from "../../tools/time-text.js";
import { MONTHS, nextOccurrence, WEEKDAYS, type Every, type RepeatUnit } from "./every.js";

/** A repetition as said, before its time of day is known. */
export interface RepeatWords {
  unit: RepeatUnit;
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

const partOf = (word: string | undefined): { part?: PartOfDay } => (word ? { part: word.toLowerCase() as PartOfDay } : {});
const monthDay = (d: string): { rule: RepeatWords } | undefined => (Number(d) >= 1 && Number(d) <= 31 ? { rule: { unit: "month", day: Number(d) } } : undefined);

/**
 * The forms, most particular first. Read on text whose numbers are digits
 * (tools/calendar/spoken-time.ts). Made at the first text that may repeat, not at load.
 */
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

/** A repetition with an end ("every day this week", "every friday until june"): not read, the task is one reminder as before. */
const BOUNDED = /^\s+(?:this|next|for the (?:next|rest)|for (?:a|one|two|three|\d+) (?:weeks?|months?|days?)|until|till|through)\b/i;

/**
 * A word every form needs: most reminders say none, and are let go after this one small
 * expression (the forms above cost ~6 ms to compile and run the first time, on every spawn
 * that reads a time: issue 23).
 */
let FORMS: Form[] | undefined;
const GENERAL = "(?:(?:every|each) (?:day|week|month|year)|daily|weekly|monthly|yearly|annually)";
const GENERAL_BEFORE = new RegExp(String.raw`\b${GENERAL},?\s+$`, "i");
const GENERAL_AFTER = new RegExp(String.raw`^,?\s+${GENERAL}\b`, "i");
const MAY_REPEAT = /\b(?:every|each|daily|weekly|monthly|yearly|annually|nightly|week ?days|work ?days|working days|monday (?:to|through|thru|till|until) friday|on (?:sun|mon|tues|wednes|thurs|fri|satur)days)/i;

/** The repetition a text asks for, if it asks for one. */
export function readRepeat(text: string): RepeatSaid | undefined {
  if (!MAY_REPEAT.test(text)) return undefined;
  for (const form of (FORMS ??= forms())) {
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
  switch (rule.unit) {
    case "day":
      return `every ${rule.part ?? "day"}`;
    case "weekday":
      return `every weekday${part}`;
    case "week":
      return rule.weekday === undefined ? "every week" : `every ${WEEKDAYS[rule.weekday]}${part}`;
    case "month":
      return rule.day === undefined ? "every month" : `every month on the ${ordinal(rule.day)}`;
    case "year":
      return "every year";
  }
}

/**
 * What the usual time reader (when.ts) reads in place of the repetition's words: the day
 * and the part of the day they name ("every friday evening" → "friday evening", "every
 * morning" → "in the morning"), any date said inside them, and for a day of the month its
 * next date from `now` ("the 31st of every month" in november → "november 30").
 */
export function timeWordsOf(said: RepeatSaid, now: Date): string {
  const { rule } = said;
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
  switch (rule.unit) {
    case "day":
    case "weekday":
      return { unit: rule.unit, ...at };
    case "week":
      return { unit: "week", weekday: rule.weekday ?? first.getDay(), ...at };
    case "month":
      return { unit: "month", day: rule.day ?? first.getDate(), ...at };
    case "year":
      return { unit: "year", month: first.getMonth(), day: first.getDate(), ...at };
  }
}

