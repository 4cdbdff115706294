// Times as people say them, as digits chrono-node reads (in any case: "Four pm." as a
// transcript writes it, "four pm" as the Spirit reads it): speech arrives with numbers in
// words ("wake me at half seven", "five thirty pm", "on april twenty second", "in
// twenty minutes"), which chrono-node's English parser does not read as clock times.
// An hour said without am or pm is read the way it is meant: an alarm or a wake-up in
// the morning, a reminder or an appointment in the afternoon ("tomorrow at six" is 6pm),
// unless morning or evening words say otherwise.

import { ordinal } from "../time-text.js";

const SMALL: Record<string, number> = {
  zero: 0, oh: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50 };
// Past a clock's 59, only durations: "ninety minutes", "seventy five seconds".
const BIG_TENS: Record<string, number> = { sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const ORDINAL: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10, eleventh: 11, twelfth: 12,
  thirteenth: 13, fourteenth: 14, fifteenth: 15, sixteenth: 16, seventeenth: 17, eighteenth: 18, nineteenth: 19, twentieth: 20, thirtieth: 30,
};

const SMALL_W = Object.keys(SMALL).join("|");
const TENS_W = Object.keys(TENS).join("|");
const ORD_W = Object.keys(ORDINAL).join("|");
/** A number in words up to 59: "seven", "forty five", "twenty-two". */
export const NUMBER = `(?:(?:${TENS_W})(?:[ -](?:${SMALL_W}))?|${SMALL_W})`;

function value(words: string): number {
  const parts = words.split(/[ -]/);
  return parts.reduce((sum, w) => sum + (TENS[w.toLowerCase()] ?? SMALL[w.toLowerCase()] ?? 0), 0);
}

/** A number said in words or digits ("fifteen", "twenty-two", "15"). */
export function number(said: string): number {
  return /\d/.test(said) ? Number(said) : value(said);
}

/** "h:mm" for an hour 1–12 and minutes 1–59; undefined for anything else. */
function clock(h: number, mins: number): string | undefined {
  return h >= 1 && h <= 12 && mins >= 1 && mins <= 59 ? `${h}:${String(mins).padStart(2, "0")}` : undefined;
}

/** "an" → "1.5", "two" → "2.5". */
function half(said: string): string {
  return `${/^an?$/i.test(said) ? 1 : number(said)}.5`;
}

const MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december";
const UNIT = "seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?";
const MERIDIEM = "(?:a ?m|p ?m|a\\.m\\.|p\\.m\\.)";

export type TimeUse = "alarm" | "reminder";

/**
 * Hesitations of speech ("uh", "um", "er"), wherever they fall, taken out with the comma that
 * closes one and the space before it: "tomorrow to, uh, buy milk" → "tomorrow to, buy milk".
 */
export function withoutHesitations(text: string): string {
  return text.replace(/(?:^|,?\s+)(?:uh|uhh|um|umm|uhm|er|err|erm|hmm|ah|ahh|eh|mm|mmm)\b,?/gi, " ");
}

/**
 * Words one of spokenTimes' rewrites starts from: every rewrite needs one of these (a word
 * that begins like a number, an ordinal or "tomorrow": "twelvenoon", "sevenpm" included) or
 * one of the phrases REWRITTEN_PHRASE names.
 */
const REWRITE_STARTS = [...Object.keys(SMALL), ...Object.keys(TENS), ...Object.keys(BIG_TENS), ...Object.keys(ORDINAL), "tomorrow", "quarter"];
/**
 * What else a rewrite reads (a wider net than the rewrites themselves): digits as a clock
 * time ("7:30", "6 am", "6pm", "5 o'clock"), after a time preposition ("at 6", "by 9"),
 * before "past" and "to" ("5 past 9", "10 to 10"; a word before them is a number word,
 * above), "12 noon", "2 days after today"; and "end of the day", "eod", "and a half", "a
 * half hour", "lunchtime".
 */
const REWRITTEN_PHRASE = new RegExp([
  "\\d ?(?:[ap]|:|o'? ?clock|oclock)",
  "\\b(?:at|for|by|until|till|around|about|from|before) \\d",
  "\\d(?: minutes?)? (?:past|to|till) ",
  "noon|midday|midnight",
  "days? (?:after|from)",
  "\\bend of\\b|\\beod\\b|and a half|half hour|lunch ?time",
  "\\d ?-?ish\\b|\\bor so\\b|\\bfortnight\\b|\\barvo\\b|\\d hundred",
].join("|"), "i");

/**
 * Whether any of spokenTimes' rewrites could apply. Without one, the text only has its
 * spaces tidied, and its dozen large expressions (a few ms to compile in a process that
 * reads one time: issue 23) are never needed: "remind me in 10 minutes to stretch" has
 * nothing to rewrite. Each rewrite's first match is in the text as given (nothing before it
 * changed anything), so this looks at the text as given. test/tools/calendar/spoken-time.test.ts
 * checks both ways give the same text.
 */
export function mayHoldSpokenTime(text: string): boolean {
  if (REWRITTEN_PHRASE.test(text)) return true;
  // A word as the rewrites' \b sees one (a run of \w), starting like a number word.
  return text.toLowerCase().split(/\W+/).some((word) => word !== "" && REWRITE_STARTS.some((start) => word.startsWith(start)));
}

/** The text with spoken times as digits and every clock hour with its am/pm. */
export function spokenTimes(text: string, use: TimeUse): string {
  return mayHoldSpokenTime(text) ? rewritten(text, use) : text.replace(/\s+/g, " ").trim();
}

/** spokenTimes' rewrites, each in turn (exported for the test that checks the shortcut above against them). */
export function rewritten(text: string, use: TimeUse): string {
  let t = ` ${text} `;
  // "first thing tomorrow": the start of that day, not an ordinal ("1st thing").
  t = t.replace(/\bfirst thing(?: in the morning)?(?: (today|tomorrow|(?:on )?(?:mon|tues|wednes|thurs|fri|satur|sun)day))?\b/gi, (_m, day: string | undefined) => (day === undefined ? "in the morning" : `${day} morning`));
  // "the end of the day", "end of business": the working day's end, 5pm.
  t = t.replace(/\b(?:the )?end of (?:the )?(?:(?:business|work(?:ing)?) )?(?:day|business)\b|\beod\b/gi, "5pm");
  // "at lunchtime": midday.
  t = t.replace(/\blunch ?time\b/gi, "noon");
  // "the end of the week": friday's working day's end.
  t = t.replace(/\b(?:by |at |before )?(?:the )?end of (?:the |this )?(?:working )?week\b/gi, " on friday at 5pm");
  // "in a fortnight": two weeks ("fortnightly" is a repetition, read elsewhere).
  t = t.replace(/\b(?:in )?a fortnight(?:'s time)?\b(?! from| ago)/gi, "in 2 weeks");
  // "this arvo": the afternoon, as said in Australia.
  t = t.replace(/\barvo\b/gi, "afternoon");
  // "in an hour or so", "at six or so": about then is then.
  t = t.replace(/\b(minutes?|hours?|days?|weeks?|o'? ?clock|\d(?:am|pm)?|noon|${NUMBER}) or so\b/gi, "$1");
  // "seventeen hundred", "at oh eight hundred hours": the hour on a 24-hour clock, after a time's preposition.
  t = t.replace(new RegExp(`\\b(at|by|from|until|till|around|for) (?:oh |zero )?(${NUMBER}|\\d{1,2}) hundred(?: hours)?\\b`, "gi"), (m, prep: string, h: string) => {
    const n = number(h);
    return n > 23 ? m : ` ${prep} ${n === 0 ? "midnight" : n === 12 ? "noon" : n > 12 ? `${n - 12}pm` : `${n}am`}`;
  });
  // "sixish", "at around 6-ish": around that hour.
  t = t.replace(new RegExp(`\\b(?:(?:at|by) )?(?:around |about )?(${NUMBER}|\\d{1,2}) ?-?ish\\b`, "gi"), (_m, h: string) => `around ${number(h)}`);
  // Ordinal days: "the twenty second", "april twenty second", "on the fifth".
  t = t.replace(new RegExp(`\\b(?:(${TENS_W})[ -])?(${ORD_W})\\b`, "gi"), (m, tens: string | undefined, ord: string) => {
    const n = (tens ? TENS[tens.toLowerCase()]! : 0) + ORDINAL[ord.toLowerCase()]!;
    return n <= 31 && !(ord.toLowerCase() === "second" && !tens) ? ordinal(n) : m;
  });
  // "the day after tomorrow", "two days after today": chrono-node reads only "tomorrow", "today".
  t = t.replace(/\b(?:the )?day after tomorrow\b/gi, "in 2 days");
  t = t.replace(new RegExp(`\\b(${NUMBER}|\\d+) days? (?:after|from) (?:today|this day|now)\\b`, "gi"), (_m, n: string) => `in ${/\d/.test(n) ? n : value(n)} days`);
  // "twelve noon", "12 midnight": the word says it all.
  t = t.replace(/\b(?:twelve|12)(?::00)? ?(noon|midday|midnight)\b/gi, (_m, w: string) => (w.toLowerCase() === "midnight" ? "midnight" : "noon"));
  // "april two" → "april 2"
  t = t.replace(new RegExp(`\\b(${MONTHS}) (${NUMBER})\\b(?! (?:(?:${UNIT})\\b|o'?clock|am|pm))`, "gi"), (_m, month: string, n: string) => `${month} ${value(n)}`);
  // Halves: "an hour and a half", "two and a half hours" → "1.5 hours", "2.5 hours" (chrono-node reads "an hour" and drops the half).
  t = t.replace(new RegExp(`\\b(an?|${NUMBER}|\\d+) (hours?|minutes?) and a half\\b`, "gi"), (_m, n: string, unit: string) => `${half(n)} ${unit.replace(/s?$/, "s")}`);
  t = t.replace(new RegExp(`\\b(${NUMBER}|\\d+) and a half (hours?|minutes?)\\b`, "gi"), (_m, n: string, unit: string) => `${half(n)} ${unit.replace(/s?$/, "s")}`);
  t = t.replace(/\ba half hour\b/gi, "half an hour");
  // "a quarter of an hour", "three quarters of an hour": minutes (chrono-node reads neither).
  t = t.replace(/\b(?:(three) quarters|(?:a |one )?quarter)(?: of an| of a)? hour\b/gi, (_m, three: string | undefined) => (three === undefined ? "15 minutes" : "45 minutes"));
  // Durations past 59: "ninety minutes" → "90 minutes".
  t = t.replace(new RegExp(`\\b(${Object.keys(BIG_TENS).join("|")})(?:[ -](${SMALL_W}))? (${UNIT})\\b`, "gi"), (_m, tens: string, small: string | undefined, unit: string) => `${BIG_TENS[tens.toLowerCase()]! + (small === undefined ? 0 : SMALL[small.toLowerCase()]!)} ${unit}`);
  // Durations: "twenty minutes" → "20 minutes".
  t = t.replace(new RegExp(`\\b(${NUMBER}) (${UNIT})\\b`, "gi"), (_m, n: string, unit: string) => `${value(n)} ${unit}`);
  // Clock times.
  t = t.replace(new RegExp(`\\bhalf past (${NUMBER})\\b`, "gi"), (_m, h: string) => `${value(h)}:30`);
  t = t.replace(new RegExp(`\\b(?:a )?quarter past (${NUMBER})\\b`, "gi"), (_m, h: string) => `${value(h)}:15`);
  t = t.replace(new RegExp(`\\b(?:a )?quarter (?:to|till|of) (${NUMBER})\\b`, "gi"), (_m, h: string) => `${((value(h) + 10) % 12) + 1}:45`);
  t = t.replace(new RegExp(`\\bhalf (${NUMBER})\\b`, "gi"), (_m, h: string) => `${value(h)}:30`);
  // "twenty past six", "five past 9" → "6:20", "9:05".
  t = t.replace(new RegExp(`\\b(${NUMBER}|\\d{1,2})(?: minutes?)? past (${NUMBER}|\\d{1,2})\\b(?! (?:${UNIT})\\b)`, "gi"), (m, mins: string, h: string) => clock(number(h), number(mins)) ?? m);
  // "at ten to seven", "by 5 to 6" → "6:50", "5:55": only after a time's preposition or alone ("from ten to five" is a span).
  t = t.replace(new RegExp(`(^ |\\b(?:at|by|around|about|for|until|till|before) )(${NUMBER}|\\d{1,2})(?: minutes?)? (?:to|till) (${NUMBER}|\\d{1,2})\\b(?! (?:${UNIT})\\b)`, "gi"), (m, lead: string, mins: string, h: string) => {
    const n = number(mins);
    const time = n <= 30 ? clock(((number(h) + 10) % 12) + 1, 60 - n) : undefined;
    return time === undefined || number(h) > 12 ? m : `${lead}${time}`;
  });
  t = t.replace(new RegExp(`\\b(${NUMBER}|\\d{1,2}) (?:o'? ?clock|oclock)\\b`, "gi"), (_m, h: string) => `${/\d/.test(h) ? h : value(h)}:00`);
  // "five thirty", "seven oh five", "six forty five" (an hour, then minutes from ten up, or oh + digit).
  t = t.replace(new RegExp(`\\b(${SMALL_W}) ((?:oh (?:${SMALL_W}))|(?:${TENS_W})(?:[ -](?:${SMALL_W}))?|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)\\b(?! (?:${UNIT})\\b)`, "gi"), (m, h: string, mins: string) => {
    const hour = SMALL[h.toLowerCase()]!;
    const minutes = /^oh /i.test(mins) ? SMALL[mins.slice(3).toLowerCase()]! : value(mins);
    return hour >= 1 && hour <= 12 && minutes < 60 ? `${hour}:${String(minutes).padStart(2, "0")}` : m;
  });
  // "six am", "10 p m"
  t = t.replace(new RegExp(`\\b(${NUMBER}|\\d{1,2}(?::\\d\\d)?) ?(${MERIDIEM})(?![a-z])`, "gi"), (_m, h: string, mer: string) => `${/\d/.test(h) ? h : value(h)}${mer.replace(/[ .]/g, "")}`);
  // "at 5 30", "at 5.30", and after "at" "530", "1730": a clock time as a transcript writes digits ("by 2030" is a year).
  t = t.replace(new RegExp(`\\b(?:(at) (\\d{1,2})(\\d\\d)|(at|by|for|until|till|around|from|before) (\\d{1,2})[ .](\\d\\d))\\b(?![:.]\\d| (?:(?:${UNIT})\\b|people|percent|dollars|euros|pounds|of|more|times|(?!this\\b)\\w+s\\b))`, "gi"), (m, ...said: (string | undefined)[]) => {
    const [prep, hs, ms] = said[0] !== undefined ? said.slice(0, 3) as string[] : said.slice(3, 6) as string[];
    const [h, mins] = [Number(hs), Number(ms)];
    if (h > 23 || mins > 59) return m;
    return h > 12 ? `${prep} ${h - 12}:${ms}pm` : `${prep} ${h}:${ms}`;
  });
  // "at six", "for seven", "by nine": an hour after a time preposition.
  t = t.replace(new RegExp(`\\b(at|for|by|until|till|around|about|from) (${NUMBER}|\\d{1,2})\\b(?![:.]\\d| (?:(?:${UNIT})\\b|people|of|more|times|(?!this\\b)\\w+s\\b))`, "gi"), (m, prep: string, h: string) => {
    const n = /\d/.test(h) ? Number(h) : value(h);
    return n >= 1 && n <= 12 ? `${prep} ${n}:00` : m;
  });
  return withMeridiem(t, use).replace(/\s+/g, " ").trim();
}

// "am" and "pm" only after a number, or written "a.m.": "i am seeing the doctor at four" is no morning.
const MORNING = /\b(?:morning|breakfast|dawn|wake|get me up|get up)|(?<=\d ?)am\b|\ba\.m\b/i;
const EVENING = /\b(?:evening|tonight|night|afternoon|dinner|lunch|supper)|(?<=\d ?)pm\b|\bp\.m\b/i;

/** "6:00" with no am/pm → "6pm" or "6am", by what it is for. */
function withMeridiem(t: string, use: TimeUse): string {
  const morning = MORNING.test(t);
  const evening = EVENING.test(t);
  return t.replace(/\b(\d{1,2}):(\d\d)\b(?!\s*(?:am|pm))/gi, (_m, hs: string, ms: string) => {
    const h = Number(hs);
    if (h < 1 || h > 12) return `${hs}:${ms}`;
    let pm: boolean;
    if (evening && !morning) pm = h !== 12;
    else if (morning && !evening) pm = h === 12;
    else if (use === "alarm") pm = h === 12;
    else pm = h <= 7 || h === 12;
    const clock = ms === "00" ? `${h}` : `${h}:${ms}`;
    return h === 12 ? (pm ? `${clock}pm` : `${clock}am`) : `${clock}${pm ? "pm" : "am"}`;
  });
}
