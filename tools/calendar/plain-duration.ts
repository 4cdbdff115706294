/**
 * The most common time in a reminder or a timer, read without chrono-node: one plain
 * duration from now ("remind me in 1 hour to stretch", "set a timer for 10 minutes", "in an
 * hour to call mom"), and nothing else in the words that chrono-node could read as a time or a
 * date. Loading chrono-node and compiling its expressions is about half of `world spawn
 * --kind reminder`'s own work (issue 23); most reminders people set are "in N minutes".
 *
 * It answers only where chrono-node (tools/calendar/chrono-en.ts, `forwardDate`) finds exactly
 * this one result, and answers what chrono-node would: the same words (`index`, `text`) and
 * the same instant (`due`, computed the way chrono-node computes a relative date: the
 * duration added to the local clock fields, read back as UTC less the reference's offset, so
 * a daylight-saving change in between lands where chrono-node puts it). Anything else —
 * another number, a day or month name, "tomorrow", "noon", a unit word elsewhere, a word
 * right after the duration that could be a time-zone abbreviation, punctuation other than a
 * final stop — is left to chrono-node: `undefined`. test/tools/calendar/plain-duration.test.ts
 * runs both readers over thousands of texts and every word of chrono-node's English
 * vocabulary, and asserts the same answer whenever this one answers.
 */

export interface PlainDuration {
  /** Where the duration's words start in the text ("in 1 hour"). */
  index: number;
  /** The duration's words as written. */
  text: string;
  due: Date;
}

type Unit = "second" | "minute" | "hour" | "day" | "week";

/** chrono-node's unit words that mean one of these units, each as it reads them (its TIME_UNIT_DICTIONARY). */
const UNITS: Readonly<Record<string, Unit>> = {
  second: "second", seconds: "second", sec: "second",
  minute: "minute", minutes: "minute", min: "minute", mins: "minute",
  hour: "hour", hours: "hour", hr: "hour", hrs: "hour",
  day: "day", days: "day",
  week: "week", weeks: "week",
};

/** "in 1 hour", "for 10 minutes", "in an hour": a preposition, a count (digits, or a/an for one), a unit. */
const DURATION = /^(?:in|for)$/i;
const COUNT = /^(?:\d{1,4}|an?)$/i;

/** A plain word: letters, or letters with one apostrophe inside ("mom's", "don't"). */
const WORD = /^[a-z]+(?:'[a-z]+)?$/i;
/** What may end the text after its last word. */
const FINAL_STOP = /[.!?]$/;

/**
 * Words chrono-node reads as (part of) a time or a date on their own or next to a plain
 * word: its English dictionaries (weekdays, months, numbers, ordinals, time units, with their
 * abbreviations), its casual words, and words that make a duration relative. Any of them
 * anywhere in the text leaves the reading to chrono-node; the test checks that every key of
 * chrono-node's own dictionaries is here.
 */
const CHRONO_WORDS: ReadonlySet<string> = new Set([
  // weekdays
  "sunday", "sun", "monday", "mon", "tuesday", "tue", "tues", "wednesday", "wed", "thursday", "thu", "thur", "thurs", "friday", "fri", "saturday", "sat",
  "weekday", "weekdays", "weekend", "weekends",
  // months
  "january", "jan", "february", "feb", "march", "mar", "april", "apr", "may", "june", "jun", "july", "jul", "august", "aug",
  "september", "sep", "sept", "october", "oct", "november", "nov", "december", "dec",
  // numbers and counts
  "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
  "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "thirty", "forty", "fifty",
  "half", "few", "several", "couple", "dozen", "quarter", "quarters",
  // ordinals
  "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth",
  "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth", "thirtieth",
  // time units and their abbreviations
  "s", "sec", "secs", "seconds", "m", "min", "mins", "minute", "minutes", "h", "hr", "hrs", "hour", "hours", "d", "day", "days",
  "w", "week", "weeks", "fortnight", "fortnights", "mo", "mos", "month", "months", "qtr", "y", "yr", "yrs", "year", "years", "ms", "millisecond", "milliseconds",
  // casual days and times
  "now", "today", "tonight", "tomorrow", "overmorrow", "tmr", "tmrw", "yesterday", "night", "morning", "afternoon", "evening",
  "midnight", "midday", "noon", "am", "pm", "oclock", "o'clock",
  // what makes a time relative or ranged
  "last", "next", "past", "ago", "later", "earlier", "henceforth", "hence", "within", "end", "from", "until", "till", "through", "since",
  // time zones and calendar words chrono-node knows
  "utc", "gmt", "bc", "ad", "bce", "ce", "be",
]);

/**
 * Short words that may follow the duration. chrono-node reads a 2–4 letter word right after a
 * time as a time-zone abbreviation ("in 1 hour EST") and, where its offset is the local one,
 * takes it into the time's words; a longer word cannot be one. These few are no abbreviation
 * chrono-node knows (the test checks its table).
 */
const SHORT_FOLLOWERS: ReadonlySet<string> = new Set(["to", "that", "and", "then", "so", "me", "we", "us", "my", "you", "your", "our", "if", "for", "the", "it"]);

/** Words that chrono-node reads with a duration before them ("1 hour later", "2 days ago", "10 minutes out"). */
const RELATIVE_AFTER: ReadonlySet<string> = new Set(["later", "after", "henceforth", "hence", "forward", "out", "ago", "before", "earlier", "from"]);

/** The one plain duration in `text`, as chrono-node reads it relative to `now`; undefined when chrono-node must read the text. */
export function plainDuration(text: string, now: Date): PlainDuration | undefined {
  const words = text.replace(FINAL_STOP, "").split(" ");
  let at = -1;
  for (let i = 0; i + 2 < words.length; i++) {
    if (DURATION.test(words[i]!) && COUNT.test(words[i + 1]!) && UNITS[words[i + 2]!.toLowerCase()] !== undefined) {
      if (at !== -1) return undefined; // two durations: chrono-node's
      at = i;
    }
  }
  if (at === -1) return undefined;
  for (let i = 0; i < words.length; i++) {
    if (i >= at && i <= at + 2) continue;
    const word = words[i]!;
    if (!WORD.test(word) || CHRONO_WORDS.has(word.toLowerCase())) return undefined;
  }
  const follower = words[at + 3];
  if (follower !== undefined && !followsSafely(follower)) return undefined;

  const index = words.slice(0, at).reduce((sum, word) => sum + word.length + 1, 0);
  const count = words[at + 1]!;
  const unit = UNITS[words[at + 2]!.toLowerCase()]!;
  const n = /\d/.test(count) ? Number(count) : 1; // "a", "an": one
  return { index, text: words.slice(at, at + 3).join(" "), due: addedAsChronoDoes(now, n, unit) };
}

/** A word after the duration that chrono-node cannot take for a time zone. */
function followsSafely(word: string): boolean {
  const letters = /^[a-z]*/i.exec(word)![0].toLowerCase();
  if (RELATIVE_AFTER.has(letters)) return false;
  return letters.length < 2 || letters.length > 4 || SHORT_FOLLOWERS.has(letters);
}

/**
 * `now` plus n units as chrono-node computes it: added to the local clock fields
 * (chrono-node's addDuration), those fields read as UTC (its ParsingComponents.date()),
 * less the reference's UTC offset.
 */
function addedAsChronoDoes(now: Date, n: number, unit: Unit): Date {
  const d = new Date(now.getTime());
  if (unit === "second") d.setSeconds(d.getSeconds() + n);
  else if (unit === "minute") d.setMinutes(d.getMinutes() + n);
  else if (unit === "hour") d.setHours(d.getHours() + n);
  else d.setDate(d.getDate() + (unit === "week" ? 7 * n : n));
  const fields = new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds()));
  fields.setUTCFullYear(d.getFullYear());
  return new Date(fields.getTime() + now.getTimezoneOffset() * 60_000);
}
