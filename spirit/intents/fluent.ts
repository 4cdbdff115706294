/**
 * Speech as it was meant. People do not say a request the way they would type it: they
 * hesitate ("remind me uh to call"), stumble and start again ("can you can you set",
 * "remind me to remind me to call"), lean on fillers ("could you like set an alarm", "in
 * like twenty minutes"), open with a thought of their own ("you know what, remind me…",
 * "oh shoot, …") and mend a word as they go ("at three no sorry four", "tomorrow i mean on
 * friday"). The grammar of commands is written for the request itself; this takes the rest
 * away first. Input and output are normalize()d text (lower case, " , " between clauses).
 */
import { NUMBER, withoutHesitations } from "../../tools/calendar/spoken-time.js";

// A thought of the speaker's own before the request: "you know what", "oh yeah", "before i forget".
const OPENING =
  /^(?:(?:now then|so (?:i|we) (?:don't|do not) forget|you know what|oh (?:yeah|yes|right|wait)|so yeah|yeah so|ok(?:ay)? so|right so|alright so|by the way|before i forget|while i (?:think of it|remember)|what was i (?:going to say|saying)|where was i|let me (?:see|think)|anyway|(?:oh )?(?:shoot|crap|damn|dang|oops|whoops|no|god|man|dear)(?= i\b)|oh)\b(?: ,)? )+/;

// "like" said while looking for the words, not meaning "enjoy" or "similar to": before an
// amount after a preposition ("in like twenty minutes") and between "can you" and the verb
// ("could you like set an alarm").
const AMOUNT = `(?:a|an|\\d+|${NUMBER})\\b`;
const LIKE_BEFORE_AMOUNT = new RegExp(`\\b(in|for|at|about|around|by|until|till|after|within) like (?=${AMOUNT})`, "g");
const REQUEST_VERB = "set|remind|turn|switch|play|put|send|call|text|tell|check|add|make|book|find|look|get|order|show|read|open|start|stop|cancel|wake|give|help|just";
const LIKE_BEFORE_VERB = new RegExp(`\\b((?:can|could|would|will) you) like (?=(?:${REQUEST_VERB})\\b)`, "g");

// A time of day, a day, or an amount of time, with the word before it that places it.
const CLOCK = `(?:\\d{1,2}(?::\\d\\d)?|${NUMBER}(?: ${NUMBER})?|half past ${NUMBER}|(?:a )?quarter (?:past|to) ${NUMBER}|half ${NUMBER}|noon|midday|midnight)(?: ?(?:am|pm|a m|p m|o'?clock))?`;
const DAY = "today|tonight|tomorrow(?: (?:morning|afternoon|evening|night))?|(?:next |this )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|weekend|month)(?: (?:morning|afternoon|evening|night))?";
const SPAN = `(?:an?|\\d+|${NUMBER}) (?:minutes?|hours?|days?|weeks?)`;
const PLACE = "at|on|by|for|around|about|in|from|until|till|before|after";
const PLACED = new RegExp(`^(?:${PLACE}) `);
const TIME = `(?:(?:${PLACE}) )?(?:${CLOCK}|${DAY}|${SPAN})`;
// The words that take back what was just said ("no sorry", "actually make that", "i mean").
const TAKE_BACK = "no(?: sorry| wait| no)?|sorry|wait|actually(?: make (?:that|it))?|(?:no )?make (?:that|it)|i mean|or rather|rather|scratch that|correction";
// "at three no sorry four": the time said last stands, where the first one was placed.
const MENDED_TIME = new RegExp(`\\b(${TIME})(?: ,)? (?:${TAKE_BACK})(?: ,)? (${TIME})(?= |$)`, "g");

// A word broken off ("set a- set an alarm", "turn the- the lights off") is not said; when the
// request starts again after it ("remind me about to- actually remind …"), what came before goes too.
const BROKEN_OFF = /\b\w+-(?= |$)/g;
const STARTED_AGAIN = new RegExp(`^.*\\b\\w+-(?: ,)? (?:(?:${TAKE_BACK})(?: ,)? )*(?=(?:${REQUEST_VERB}|remind|wake)\\b)`);
// "remind me to call the- no to email the landlord": what to do said again, from its "to".
const TO_AGAIN = new RegExp(`\\b(?:to|about) (?:[\\w']+ ){0,3}?\\w+-(?: ,)? (?:(?:${TAKE_BACK})(?: ,)? )*(?=(?:to|about) )`);

const QUESTION_GIVEN_UP = /^(?:how|what) (?:do|can|should) (?:i|you|we) (?:(?:um|uh|erm|er) )?(?=remind me\b)/;

/** The same one to three words said again at once: a stumble ("can you can you", "to to"). */
const SAID_TWICE = /\b(\w+(?: \w+){0,2})(?: \1\b)+/g;

/** The request as meant: hesitations, stumbles, fillers, openings and mended times taken out. */
export function fluent(text: string): string {
  let t = withoutHesitations(text).replace(STARTED_AGAIN, "").replace(TO_AGAIN, "").replace(BROKEN_OFF, "").replace(/ , /g, " ").replace(/\s+/g, " ").trim();
  t = t.replace(LIKE_BEFORE_AMOUNT, "$1 ").replace(LIKE_BEFORE_VERB, "$1 ").replace(/^like /, "");
  t = t.replace(MENDED_TIME, (_, first: string, last: string) => placed(last, first));
  t = t.replace(SAID_TWICE, "$1");
  // "how do i erm remind me on tuesday …": a question given up for the request itself.
  return t.replace(OPENING, "").replace(QUESTION_GIVEN_UP, "").trim();
}

/** The mended time, with the word that placed the first one when the mend says none ("at three … four" → "at four"). */
function placed(last: string, first: string): string {
  return PLACED.test(last) ? last : `${PLACED.exec(first)?.[0] ?? ""}${last}`;
}
