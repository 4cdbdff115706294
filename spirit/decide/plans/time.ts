/** Times in a plan: a time ahead as said ("on Friday", "in a couple of hours", "after the meeting"), and the loose ones chrono-node cannot read. */
import type { ParsedResult } from "chrono-node/en";
import { chronoEn } from "../../../tools/calendar/chrono-en.js";
import { NUMBER, spokenTimes } from "../../../tools/calendar/spoken-time.js";
import { sentencesOf, HYPOTHETICAL, MAX_SETTLING_WORDS } from "./words.js";

/** A holiday ahead: "this Christmas", "after the holidays" (chrono-node reads no holidays); reminded the next morning, to plan for it. */
export const HOLIDAY = /\b(?:this|next|at|for|on|over|after|before|by) (?:the )?(?:christmas|easter|thanksgiving|new year(?:'s)?(?: eve| day)?|halloween|(?<=the )holidays)\b/i;

/** "wednesday at half two" → "on wednesday at half two": a time that starts with its weekday, said as a plan says it. */
export function onTheDay(when: string): string {
  return when.replace(/^(?=(?:mon|tues|wednes|thurs|fri|satur|sun)day\b)/i, "on ");
}

/** Loose times chrono-node does not read, with the reminder time they suggest. */
// A bare "later" ("we'll talk about it later", "talk to you later") is a way of speaking, not a time.
export const LOOSE: readonly [RegExp, string][] = [
  [/\blater (?:today|tonight|this (?:morning|afternoon|evening))\b/i, "in 2 hours"],
  [/\blater this week\b/i, "tomorrow at 9am"],
  [/\blater this month\b/i, "in 1 week"],
  [/\bafter (?:the|this|our|my|your) (?:meeting|call|class|lecture|lunch|dinner|break|show|game|movie|session)\b/i, "in 1 hour"],
  [/\bafter (?:work|lunch|dinner|school|class)\b/i, "in 2 hours"],
  [/\bafter (?:we|i) (?:finish|are done|'re done|get back|get home)\b/i, "in 1 hour"],
  [/\bwhen (?:we|i) get (?:home|back|there)\b/i, "in 2 hours"],
  // A meal named as the hour: "at lunch time", "over dinner".
  [/\b(?:at|around|by|over|during) (?:lunch|lunchtime)(?: ?time)?\b/i, "at noon"],
  [/\b(?:at|around|by|over|during) (?:dinner|supper)(?: ?time)?\b/i, "at 6pm"],
  [/\b(?:at|around|by|over|during) breakfast(?: ?time)?\b/i, "at 8am"],
  // A holiday ahead: "this Christmas", "after the holidays" (chrono-node reads no holidays): a reminder the next morning, to plan for it.
  [HOLIDAY, "tomorrow at 9am"],
];

/** The time for a reminder that loose time words suggest, when chrono-node cannot read them. */
export function looseReminderTime(when: string): string | undefined {
  // "today", read only for going somewhere (goingToday): later the same day.
  if (/^today$/i.test(when.trim())) return "in 2 hours";
  return LOOSE.find(([re]) => re.test(when))?.[1];
}

/** Sooner than this is now, not later: "in a minute", "in about ten minutes". */
const SOON_MS = 20 * 60_000;
// A stretch of time, an age or a count is no moment: "for a week", "within 14 days", "40 years old", "11 minutes of playing time".
const STRETCH = /(?:\b(?:within|until|till|(?<!(?:how|what|at|around|by) )about|every|each|per|over|during|all)(?:\s+the)?|\bthe next|\bfor (?:a|an|one))\s+$/i;
const DURATION = /\b(?:minutes?|hours?|days?|weeks?|months?|years?)\b/i;

/** Words between "in" and a length of time: "in about an hour", "in like ten minutes", "in another week". */
const LENGTH_HEDGE = String.raw`(?:(?:about|around|roughly|like|maybe|just|another)\s+)?`;
/** "in", a hedge and an article before a length of time that chrono-node reads without them ("in about a half an hour"). */
const IN_ABOUT = new RegExp(String.raw`\b(?:in|within)\s+${LENGTH_HEDGE}(?:a\s+)?$`, "i");

// What a time is said with: chrono-node also reads "the money" as Monday.
export const TIME_WORD = /\d(?!\d*'?s\b)|\b(?:today|tonight|tomorrow|morning|afternoon|evening|night|noon|midnight|week|weekend|month|year|hours?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|january|february|march|april|june|july|august|september|october|november|december|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|couple|few)\b/i;

/** The first time ahead named in the words, as said ("on Friday", "in a couple of hours", "at noon", "after the meeting"). */
export function timeAhead(text: string, now: Date): { text: string; index: number } | undefined {
  for (const r of chronoEn().parse(text, now, { forwardDate: true })) {
    let said = r.text.trim();
    let index = r.index;
    if (/^(?:now|right now|a second|one|a minute|today|this|that)$/i.test(said) || !TIME_WORD.test(said) || STRETCH.test(text.slice(0, index))) continue;
    // "in about a half an hour", "in like an hour": the words between "in" and the length are part of it.
    const lead = DURATION.test(said) ? IN_ABOUT.exec(text.slice(0, index)) : null;
    if (lead) {
      said = `${lead[0]}${said}`;
      index = lead.index;
    }
    // A length of time is a time ahead only as "in two hours", "in a couple of days".
    if (DURATION.test(said) && !/^(?:in|within)\b/i.test(said) && !/\b(?:next|this|coming|from now)\b/i.test(said) && !(COUNTED_FROM_DAY.test(said) && !/\bfor\s+$/i.test(text.slice(0, index)))) continue;
    // "at noon", "on Friday": the preposition goes with the time.
    const preposition = /\b(?:(?:at|on|in|by|around|before|for)(?:\s+the)?|the|this|next)\s+$/i.exec(text.slice(0, index));
    if (preposition && !/^(?:at|on|in|by|around|before|for|the|this|next)\b/i.test(said)) {
      said = `${preposition[0]}${said}`;
      index = preposition.index;
    }
    // "weekend" with nothing before it is part of a name ("super bowl weekend", "the Easter weekend"), not a time said.
    if (/^weekends?$/i.test(said)) continue;
    // "next Tuesday at ten": an hour said in words after the day is part of the time (chrono-node reads only digits).
    said += hourAfter(text, r);
    // "at nine tomorrow": the hour in words said before the day is part of it too.
    const hourBefore = r.start.isCertain("hour") ? null : HOUR_BEFORE_DAY.exec(text.slice(0, index));
    if (hourBefore) {
      said = `${hourBefore[0]}${said}`;
      index = hourBefore.index;
    }
    const ahead = r.start.date().getTime() - now.getTime() > SOON_MS || /\b(?:tonight|tomorrow|this (?:afternoon|evening)|weekend)\b/i.test(said);
    // "at 6" is read as six in the morning after six in the evening: an hour said is ahead.
    if (ahead || (r.start.isCertain("hour") && !DURATION.test(said))) return { text: said, index };
  }
  // "at five", "at half past six", "at ten thirty": an hour in words, which chrono-node does not read.
  const worded = hourInWords(text) ?? lengthInWords(text, now);
  if (worded) return worded;
  for (const [re] of LOOSE) {
    const m = re.exec(text);
    if (m) return { text: m[0], index: m.index };
  }
  return undefined;
}

/** The hours in words: the regular expressions of plans/ that read an hour said in words are built of them. */
export const CLOCK = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve";
const HOUR_WORD = `${CLOCK}|noon|midday`;
const CLOCK_IN_WORDS = new RegExp(
  `^\\s+(?:at|by|around|about)\\s+(?:(?:half|quarter|ten|twenty|five|twenty five) (?:past|to) |half )?(?:${HOUR_WORD})(?: (?:o'?clock|fifteen|thirty|forty five|forty-five))?(?: ?(?:am|pm|in the morning|in the afternoon|in the evening|at night))?\\b`,
  "i",
);

/** The hour in words said right after a day chrono-node read with none ("next Tuesday| at ten|"), else "". */
function hourAfter(text: string, r: ParsedResult): string {
  if (r.start.isCertain("hour")) return "";
  return CLOCK_IN_WORDS.exec(text.slice(r.index + r.text.length))?.[0].trimEnd() ?? "";
}

/**
 * An hour said in words after "at" or "around": "at five", "around quarter to four", "at ten thirty", "at half
 * three" (half past, as said in Britain), "at about six", "at three o'clock tonight". Not after "by": "we have to finish by three" is a deadline within the talk, as often as not.
 */
const HOUR_SAID = String.raw`(?:at|around)\s+(?:(?:like|about|around|maybe|roughly|say)\s+)?(?:(?:half|quarter|ten|twenty|five|twenty[ -]five) (?:past|to) |half )?(?:${HOUR_WORD})(?: (?:o'?clock|fifteen|thirty|forty\s*-?\s*five|oh (?:five|one|two|three|four|six|seven|eight|nine)))?(?: ?(?:am|pm|in the morning|in the afternoon|in the evening|at night|tonight|tomorrow))?`;
/** Such an hour, not a count or a place in a list ("at one point", "at two of them", "at seven people"). */
const HOUR_IN_WORDS = new RegExp(String.raw`(?<!\S)${HOUR_SAID}\b(?!'| (?:point|of|times?|stage|another|least|all|once|or|more|less|people|\w+s)\b)`, "i");
/** The first such hour in the text, as said. */
function hourInWords(text: string): { text: string; index: number } | undefined {
  const m = HOUR_IN_WORDS.exec(text);
  return m === null ? undefined : { text: m[0], index: m.index };
}

/** "in forty five minutes", "in about twenty days": a length in words past ten, which chrono-node does not read. */
const LENGTH_IN_WORDS = new RegExp(String.raw`\b(?:in|within)\s+${LENGTH_HEDGE}(?:${NUMBER})\s+(?:minutes?|hours?|days?|weeks?|months?)\b`, "i");

/** Such a length, as said, when it ends more than SOON_MS ahead (read in digits: spokenTimes). */
function lengthInWords(text: string, now: Date): { text: string; index: number } | undefined {
  const m = LENGTH_IN_WORDS.exec(text);
  if (m === null) return undefined;
  const at = chronoEn().parseDate(spokenTimes(m[0], "reminder"), now, { forwardDate: true });
  return at !== null && at.getTime() - now.getTime() > SOON_MS ? { text: m[0], index: m.index } : undefined;
}

/** Such an hour just before a day chrono-node read ("at nine tomorrow", "at half past six on Friday"). */
const HOUR_BEFORE_DAY = new RegExp(String.raw`(?<!\S)${HOUR_SAID}\s+(?:on\s+|this\s+|next\s+)?$`, "i");

/** A length counted from a day ("a week from Tuesday": tools/calendar/day-parsers.ts) is a moment, not a length. */
const COUNTED_FROM_DAY = /\b(?:from|after)\s+(?:next\s+|this\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/i;

/** A time said that is now, not later ("in about ten minutes", "in a second"): what it goes with is done now. */
export function soon(text: string, now: Date): boolean {
  // "in I think about ten minutes": a hedge inside the time is no part of it; "in twenty minutes": chrono-node reads
  // a length in words only up to ten (spokenTimes writes it in digits).
  const said = spokenTimes(text.replace(/\b(?:i think|i guess|i suppose|maybe|say)\s+/gi, ""), "reminder");
  return chronoEn()
    .parse(said, now, { forwardDate: true })
    .some((r) => r.start.date().getTime() - now.getTime() <= SOON_MS && /^(?:in|within)\b/i.test(r.text));
}

export const TIME_PROPOSAL = /^(?:(?:ok(?:ay)?|well|so|then|and|anyway)[\s,]+)*(?:how about|what about|let's say|shall we say|say|is|would|does)\b/i;

/** A moment ahead to meet or do something at: an hour, or a day by name; not a stretch of time, not "later". */
export function settledTime(text: string, now: Date): { text: string; index: number } | undefined {
  for (const r of chronoEn().parse(text, now, { forwardDate: true })) {
    if (!TIME_WORD.test(r.text) || STRETCH.test(text.slice(0, r.index)) || DURATION.test(r.text)) continue;
    if (r.start.date().getTime() <= now.getTime()) continue;
    if (r.start.isCertain("hour") || r.start.isCertain("weekday") || /\b(?:tomorrow|tonight|weekend)\b/i.test(r.text)) {
      const preposition = /\b(?:at|on|around|this|next)\s+$/i.exec(text.slice(0, r.index));
      // "at six", "on Saturday", "how about tomorrow": a time proposed; "it's midnight" is a time told.
      if (preposition === null && !r.start.isCertain("weekday") && !/^(?:at|on|around|this|next|tomorrow|tonight)\b/i.test(r.text) && !TIME_PROPOSAL.test(text)) continue;
      // "tomorrow at five": an hour said in words after the day is part of the time.
      return { text: `${preposition?.[0] ?? ""}${r.text}${hourAfter(text, r)}`, index: preposition?.index ?? r.index };
    }
  }
  // "how about at six?", "at half past six then": an hour in words, proposed in a short turn or as a proposal (in a
  // long one it is as often an hour told: "somebody booked the room for at one").
  return TIME_PROPOSAL.test(text) || text.split(/\s+/).length <= MAX_SETTLING_WORDS ? hourInWords(text) : undefined;
}

/** The first time ahead said in the earlier turns of the arrangement, newest first: "Do you have time tonight?" … "Let's go to the match." */
export function timeFromTurns(turns: readonly { text: string }[], now: Date): { text: string; index: number } | undefined {
  for (const turn of [...turns].reverse()) {
    for (const sentence of sentencesOf(turn.text).reverse()) {
      if (HYPOTHETICAL.test(sentence) || /\b(?:was|were|did|had|went|ago|last)\b/i.test(sentence)) continue;
      const time = settledTime(sentence, now);
      if (time !== undefined) return time;
    }
  }
  return undefined;
}
