/**
 * A time the other speaker names, taken by the user however it is said: "Tomorrow at 4:15 is fine.",
 * "Monday at eleven, please.", "I'll be there.", "See you there.", "Perfect, I'll be at home.", "Yes, book
 * me in for that.", "Please do that.". Read after the narrower readers (appointment.ts, settled.ts,
 * accepted.ts) find nothing: those know the words of one kind of arrangement, this one only its shape.
 *
 *   the other offers or asks a time   "We have an opening tomorrow at 4:15.", "Tuesday after school, about 3:45?"
 *   the user takes it                 a yes to a question, "that's fine", the time said back as fine, "I'll be there"
 *   what happens then                 the thing the turns name: an appointment, a table, the film, a clean-up
 *
 * An hour alone ("at ten?") takes its day from the turns before ("Fancy a game of tennis tomorrow?"). Nothing
 * named that the user goes to, or no time offered to the user (the other telling their own plans), is no plan.
 */
import { REFUSE, yesSaid } from "./agreement.js";
import { CLOCK, onTheDay, timeAhead } from "./time.js";
import { apostrophes, HYPOTHETICAL, lowerFirst, type Plan, type PlanContext, sentencesOf, type SpokenTurn } from "./words.js";

// The user taking what was offered, in the first sentence of the answer.
const TAKEN =
  /^(?:(?:ok(?:ay)?|yes|yeah|yep|sure|great|perfect|fine|lovely|wonderful|good|right|brilliant|excellent|no problem|deal|in that case|then|all right|alright)[\s,.!]*)*(?:(?:that|it|this)(?:'s| is| would be|'d be| will be|'ll be| sounds| should be) (?:fine|perfect|great|good|ok(?:ay)?|lovely|ideal|no problem)|(?:that|it)(?: would| will| should)? (?:suits? me|works?(?: for me)?)(?: (?:well|fine|perfect(?:ly)?))?|(?:i|we)(?:'ll| will) (?:be there|come(?! back)(?: with pleasure)?)|sounds (?:good|great|perfect|lovely)|(?:i(?:'ll| will) )?see you (?:there|then|(?:on )?(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|tonight|at\b)|i can (?:do|make) (?:that|it)|count me in|i'm in|book me in|put me down|put me on it|book me on|(?:please )?(?:do (?:that|it)|go ahead)|i(?:'ll| will) take (?:it|that)|i(?:'ll| will) be (?:at home|home|in|here|ready|waiting))\b/i;
// The time said back as fine: "Tomorrow at 4:15 is fine.", "Monday at eleven, please.", "8:30 works for me."
// "Thursday's good.", "Friday, sure.", "Sunday lunch at your mum's it is.", "Saturday at ten, then."
const SAID_BACK = /^(?:(?:ok(?:ay)?|yes|yeah|great|perfect|right|then|all right|alright)[\s,.!]*)*(?:i(?:'ll| will) take |put me down for |book me in for |make it )?(.{2,40}?)(?:,? please(?:,[^.!?]*)?|,? sure|,? then| it is|(?:'s| is| would be| works| suits me| sounds good)(?: (?:fine|perfect|great|good|ok(?:ay)?|best|better|ideal))?(?: for (?:me|us))?)\s*[.!]?$/i;

// A time offered to the user, or asked about: a question, or what the other has, can do or proposes.
const OFFERED = /\?\s*$|\b(?:we have|we've got|we've|i have|there's|there is|i can|he can|she can|they can|we can|we could|i could|is (?:available|free|open)|how about|what about|shall we|let's|our (?:first|next|earliest|last)|the (?:earliest|soonest|next available)\b|the (?:next|first) (?:one|appointment|slot|opening|available))\b/i;

// What the user goes to, named in the turns: its noun, and what one does about it.
const THING =
  /\b(a|an|the|your|my|our|this|that)\s+((?:[\w'-]+\s+){0,2}?)(appointment|opening|slot|interview|meeting|class|lesson|session|course|party|barbecue|bbq|clean-?up|picnic|film|movie|showing|screening|game|match|concert|show|play|tour|viewing|dinner|lunch|breakfast|table|flight|train|shift|check-?up|consultation|filling|haircut|cut|induction|test|exam|visit|drinks|coffee|delivery|taxi|cab|(?<=(?:quiz|karaoke|movie|film|games?|poker|trivia|curry|date|pizza) )night)s?\b(?: of ([a-z]+)\b)?/gi;
// Someone who comes to the user's home to work: the user is to be in. A game: played.
const TRADE = /\b(?:the|a|an|my|our|your)\s+((?:[\w-]+\s+)?(?:plumber|electrician|technician|engineer|tuner|cleaner|builder|decorator|gardener|locksmith|repairman|fitter|installer|courier|surveyor|handyman))\b/i;
const GAME = /\b(tennis|golf|squash|football|badminton|basketball|volleyball|chess|table tennis|five-a-side)\b/i;
const BARE_THING = /\b((?:[\w'-]+\s+)?)(classes|lessons|sessions|courses|tours|viewings?|inductions?|delivery|(?<=for )drinks|parcel|package)\b/i;
// Someone whose appointment it is: "the doctor", "your dentist", "Dr Patel".
const SEEN = /\b(?:(?:the|a|your|my|our)\s+(doctor|dentist|vet|hairdresser|barber|optician|physio|physiotherapist|therapist|adviser|advisor|mechanic|lawyer|accountant|nurse|consultant|specialist)|(dr\.? [a-z]+))\b/gi;
const CAUGHT = /^(?:flight|train)$/i;
// Booked times are appointments whatever the clerk calls them.
const APPOINTMENT_WORDS = /^(?:opening|slot|filling|consultation|check-?up)$/i;

/** The answer's first sentences take something ("That works.", "Six is fine.", "I'll be there."), whatever time is said in them. */
export function takesSomething(answer: string): boolean {
  return sentencesOf(answer).slice(0, 3).some((sentence) => takes(sentence.trim()));
}

const takes = (sentence: string) => TAKEN.test(sentence) || SAID_BACK.test(sentence);

/** The answer takes what was offered; the time said back in it, if any. */
function taking(answer: readonly string[], now: Date): { time?: { text: string } } | undefined {
  // "No, it's not an emergency. Tomorrow at 4:15 is fine.": the sentence that takes it, wherever it is.
  // "Wednesday at two? Let me check... Yes, that's fine.": the time the user said, taken.
  // Times are read (chrono-node, the costly part) only in an answer whose words take something.
  const sentences = answer.slice(0, 3).map((sentence) => sentence.trim());
  if (!sentences.some(takes)) return undefined;
  let own: { text: string } | undefined;
  for (const said of sentences) {
    const taken = TAKEN.exec(said);
    if (taken) {
      const rest = said.slice(taken[0].length);
      if (REFUSE.test(rest)) return undefined;
      // "Put me down for this Thursday.", "See you Saturday.": the time said with the yes.
      const with_ = timeAhead(said, now);
      const time = own ?? (with_ !== undefined && HOURISH.test(with_.text) ? with_ : undefined) ?? timeIn(answer.slice(1).join(" "), now);
      return time === undefined ? {} : { time };
    }
    const asked = /\?\s*$/.test(said) && own === undefined ? timeAhead(said, now) : undefined;
    if (asked !== undefined && HOURISH.test(asked.text)) own = asked;
    const back = SAID_BACK.exec(said);
    const time = back ? timeSaid(back[1]!, now) : undefined;
    // The words said back are the time, give or take a place: "Saturday at Laynes, then", not "It's an after dinner dog then".
    const rest = back && time !== undefined ? back[1]!.replace(time.text, " ").trim().split(/\s+/).filter(Boolean) : [];
    if (back && time !== undefined && HOURISH.test(time.text) && rest.length <= 2 && !REFUSE.test(back[1]!)) return { time };
  }
  return undefined;
}

/** A time with its day or its hour in the words, if any: "Yes, please. For half past six." */
function timeIn(words: string, now: Date): { text: string } | undefined {
  const time = words === "" ? undefined : timeSaid(words, now);
  return time !== undefined && HOURISH.test(time.text) ? time : undefined;
}

// What may come before an hour in words ("half past", "quarter to"): the regular expressions below are built of it and CLOCK.
const PAST_TO = "(?:half|quarter|ten|twenty|five|twenty[ -]five) (?:past|to) ";
// An hour said right after a time ("next Friday at eight"), part of it.
const AT_HOUR_AFTER = new RegExp(String.raw`^(?:,?\s+(?:at|around|about|from)\s+(?:\d{1,2}(?::\d\d)?(?:\s?[ap]\.?m\.?)?|${CLOCK}|noon)(?: (?:thirty|fifteen|forty-five|o'clock))?)`, "i");
// A time that starts with its hour, said without "at".
const AN_HOUR_FIRST = new RegExp(String.raw`^(?=\d|(?:${CLOCK}|noon)\b)`, "i");

// An hour in words said alone, as an answer: "Six o'clock, please.", "For half past six.", "The Red Lion, about half five."
const CLOCK_ALONE = new RegExp(String.raw`^(?:[\w' ]{0,20},\s*)?(?:for|about|around|at|say|from)?\s*((?:${PAST_TO}|half )?(?:${CLOCK})(?: o'?clock| thirty| fifteen| forty[ -]five)?)\b[^\w]*(?:please\W*)?$`, "i");

/** The time ahead in words said to settle one: as plans/time.ts reads it, or an hour in words said alone. */
function timeSaid(words: string, now: Date): { text: string } | undefined {
  // "The 5th, please.": a day of the month said alone is read as "on the 5th".
  const time = timeAhead(words, now) ?? (/^the \d{1,2}(?:st|nd|rd|th)\b/i.test(words.trim()) ? timeAhead(`on ${words.trim().replace(/^the/i, "the")}`, now) : undefined);
  if (time !== undefined) return time;
  const clock = CLOCK_ALONE.exec(words.trim());
  // A number alone ("Four, please.") may be how many; an hour is said with its o'clock, its half or its "at".
  if (clock === null || !/\b(?:at|about|around|say|from|half|quarter|past|to|o'?clock|thirty|fifteen|forty)\b/i.test(words)) return undefined;
  return { text: `at ${clock[1]!.toLowerCase()}` };
}

/** The hour with its day: "at ten" after "tomorrow" was said. A time that names its day stays as said. */
function withDay(time: string, earlier: readonly SpokenTurn[], now: Date): string {
  if (/\b(?:today|tonight|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day|next|this|\d{1,2}(?:st|nd|rd|th)|january|february|march|april|may|june|july|august|september|october|november|december)\b/i.test(time)) return time;
  for (const turn of [...earlier].reverse().slice(0, 8)) {
    const day = /\b(?:tomorrow|tonight|(?:on |this |next )?(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/i.exec(apostrophes(turn.text));
    if (day && timeAhead(day[0], now) !== undefined) return `${time} ${/^(?:tomorrow|tonight|this|next|on)\b/i.test(day[0]) ? day[0] : `on ${day[0]}`}`.toLowerCase();
  }
  return time;
}

/** The day with its hour: "Wednesday" taken after "The earliest I have is Wednesday at quarter past three." A time with an hour stays as said. */
function withHour(time: string, earlier: readonly SpokenTurn[]): string {
  const day = /\b(?:tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/i.exec(time)?.[0];
  if (day === undefined || HOUR.test(time) || /\d|o'?clock/i.test(time)) return time;
  for (const turn of [...earlier].reverse().slice(0, 4)) {
    for (const sentence of sentencesOf(apostrophes(turn.text))) {
      const at = sentence.toLowerCase().indexOf(day.toLowerCase());
      const hour = at < 0 ? null : HOUR.exec(sentence.slice(at));
      // Said with that day, a few words on: "Wednesday at quarter past three", not an hour for another day.
      if (hour !== null && hour.index <= day.length + 12) return `${time} ${hour[0]}`;
    }
  }
  return time;
}

/** What the user goes to, from the turns newest first; none named, none. */
function thingNamed(turns: readonly SpokenTurn[]): string | undefined {
  for (const turn of [...turns].reverse().slice(0, 8)) {
    const text = apostrophes(turn.text);
    const found = [...text.matchAll(THING)].at(-1);
    const named = found === undefined ? namedWithoutArticle(text) : doneAbout(found);
    if (named !== undefined) return named;
  }
  return undefined;
}

/** What one does about a thing named with its article ("the 9:40 train": catch it; "a game of squash": play it). */
function doneAbout(found: RegExpMatchArray): string {
  const [, , said, noun, of] = found as unknown as [string, string, string, string, string | undefined];
  const before = said.replace(/\b(?:first|next|earliest|only|last|available|free|open|same|new|little)\s+/gi, "");
  if (CAUGHT.test(noun)) return `catch the ${noun.toLowerCase()}`;
  if (APPOINTMENT_WORDS.test(noun)) return "go to the appointment";
  if (/^cut$/i.test(noun)) return "go to the haircut";
  if (/^table$/i.test(noun)) return "go to the restaurant";
  if (/^delivery$/i.test(noun)) return "be in for the delivery";
  if (/^(?:taxi|cab)$/i.test(noun)) return `take the ${noun.toLowerCase()}`;
  if (/^(?:drinks|coffee)$/i.test(noun)) return `go for ${noun.toLowerCase()}`;
  if (/^shift$/i.test(noun)) return `work the ${before.toLowerCase()}shift`.replace(/\s+/g, " ");
  // "a game of squash": played.
  if (/^(?:game|match)$/i.test(noun) && of !== undefined && GAME.test(of)) return `play ${of.toLowerCase()}`;
  return `go to the ${before.toLowerCase()}${noun.toLowerCase()}${of === undefined ? "" : ` of ${of.toLowerCase()}`}`.replace(/\s+/g, " ");
}

/** A thing named without an article: an appointment, a plural or a service, someone who comes to work, a game, someone to see. */
function namedWithoutArticle(text: string): string | undefined {
  // "They're available by appointment."
  if (/\bappointments?\b/i.test(text)) return "go to the appointment";
  // "We have beginners' classes on Monday", "delivery is free".
  const bare = BARE_THING.exec(text);
  if (bare && /^drinks$/i.test(bare[2]!)) return "go for drinks";
  if (bare && /^(?:parcel|package)$/i.test(bare[2]!)) return `be in for the ${bare[2]!.toLowerCase()}`;
  if (bare) return /^deliver/i.test(bare[2]!) ? "be in for the delivery" : `go to the ${bare[1]!.toLowerCase()}${bare[2]!.toLowerCase().replace(/(?<=class)es$|(?<!s)s$/, "")}`;
  const trade = TRADE.exec(text);
  if (trade) return `be in for the ${trade[1]!.toLowerCase()}`;
  const game = GAME.exec(text);
  if (game) return `play ${game[1]!.toLowerCase()}`;
  const seen = [...text.matchAll(SEEN)].at(-1);
  if (seen === undefined) return undefined;
  return seen[2] !== undefined ? `see ${seen[2].replace(/^dr\.? /i, "Dr ").replace(/ ([a-z])/, (_, c: string) => ` ${c.toUpperCase()}`)}` : `see the ${seen[1]!.toLowerCase()}`;
}

/** The time the other's last turn offers the user, with its day and its hour ("in a week" is no time offered). */
function offeredTime(offer: string, now: Date, asked: boolean, joined = false): string | undefined {
  const sentences = sentencesOf(offer);
  // "Some of us are doing a clean-up on Sunday morning. Do you want to join?": the time may be told before the asking.
  // Asked "What time?", the answer ("From about two.") is the time offered.
  // Joined ("count me in"), what was joined was offered in any words: its time is told with it ("We're playing football on Sunday.").
  const offered = asked || sentences.some((s) => OFFERED.test(s));
  if (!offered && !joined) return undefined;
  for (const sentence of sentences.reverse()) {
    if (!offered && thingNamed([{ speaker: "", isUser: false, text: sentence }]) === undefined) continue;
    // "would" asks or offers here ("Would Monday suit you?", "The earliest would be Thursday at two."), it supposes nothing.
    if (HYPOTHETICAL.test(sentence.replace(/^(?:would|could)\b|\b(?:would|could) be\b/gi, "")) || ABOUT_THE_PAST.test(sentence)) continue;
    const said = hourishIn(sentence, now);
    if (said === undefined) continue;
    // "Our first appointment is at eight. Next Thursday?": the day asked, at the hour told just before.
    const hour = HOUR.test(said) ? undefined : sentences.map((other) => HOUR.exec(other)?.[0]).find((h) => h !== undefined);
    return hour === undefined ? said : `${said} ${hour}`;
  }
  return undefined;
}

/** The first time in the sentence with its day or hour, as said to its end ("a quiz night at the Crown next Friday at eight": not "night"). */
function hourishIn(sentence: string, now: Date): string | undefined {
  let from = 0;
  for (let tries = 0; tries < 4 && from < sentence.length; tries += 1) {
    const rest = sentence.slice(from);
    const found = timeSaid(rest, now);
    if (found === undefined) return undefined;
    const at = rest.indexOf(found.text) < 0 ? rest.length : rest.indexOf(found.text);
    const tail = AT_HOUR_AFTER.exec(rest.slice(at + found.text.length));
    const said = `${found.text}${tail?.[0] ?? ""}`.replace(/[\s,.!?]+$/, "");
    if (HOURISH.test(said)) return said;
    from += at + Math.max(found.text.length, 1);
  }
  return undefined;
}

// An hour said with "at": "at eight", "at 7:30".
const HOUR = new RegExp(String.raw`\bat (?:${PAST_TO})?(?:\d{1,2}(?::\d\d)?(?:\s?[ap]\.?m\.?)?|${CLOCK}|noon)\b(?: (?:thirty|fifteen|forty-five|o'clock))?`, "i");

// A time with its day or its hour: "in 2 years", "$1000 a night" are none.
const HOURISH = new RegExp(
  String.raw`\b(?:at|around|about|from|by) (?:${PAST_TO}|half )?(?:\d{1,2}(?::\d\d)?(?:\s?[ap]\.?m\.?)?(?![\w%$])|(?:${CLOCK})(?=\s*(?:[,.!?;]|$|o'clock|thirty|fifteen|forty|[ap]\.?m\b|in the|on|tomorrow|tonight|today|this|next|then|sharp|ish))|noon)\b|\b\d{1,2}:\d\d\b|\b(?:${CLOCK}) o'?clock\b|\b(?:half|quarter) (?:past|to) (?:${CLOCK})\b|\b\d{1,2}\s?[ap]\.?m\.?|\b(?:today|tonight|tomorrow|noon|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b|\bthe \d{1,2}(?:st|nd|rd|th)\b`,
  "i",
);
// Questions about what was: a yes to them agrees to nothing.
const ABOUT_THE_PAST = /^(?:(?:so|and|oh|well)[\s,]+)*(?:have you|has)\b|\b(?:did|was|were|had|went|didn't|wasn't|weren't|hadn't)\b/i;

const JOINING = /\b(?:count me in|i'm in|i(?:'ll| will) be there|sign me up|put me down)\b/i;
// A proposal that includes the one who makes it.
const INCLUDES_USER = /\b(?:we|us|let's|let us|shall we|how about|what about|meet|see you|together)\b/i;
/** A question that is a time and little else: "Ten o'clock?", "Saturday at Laynes, then. Ten o'clock?" */
function bareTime(question: string, now: Date): boolean {
  const time = timeSaid(question.replace(/\?\s*$/, ""), now);
  return time !== undefined && question.replace(/\?\s*$/, "").replace(time.text, " ").trim().split(/\s+/).filter(Boolean).length <= 2;
}

// The user asking when, just before the other's answer.
const WHEN_ASKED = /\b(?:what time|when|where|which day)\b[^.!]*\?\s*$/i;
// Being where the other will be: "I'll be there", "see you there".
const MEETING = /\b(?:i(?:'ll| will) (?:be there|come (?:to|round|over|in)\b)|see you (?:there|then))\b/i;

/** The user taking a time the other named just before, for a thing the turns name. */
export function slotTaken(answer: string, earlier: readonly SpokenTurn[], ctx: PlanContext, answeredByUser = true): Plan | undefined {
  const offer = earlier.at(-1);
  if (offer === undefined || offer.isUser === answeredByUser) return undefined;
  // The user's own offer taken by the other is the user's plan only when it includes the user: "shall we …", "Ten o'clock?"
  // after asking when they are free; a clerk's "There is a flight at ten. Will that be alright?" is the other's plan.
  const offered = sentencesOf(offer.text);
  if (!answeredByUser && !offered.some((o) => /\?\s*$/.test(o) && (INCLUDES_USER.test(o) || bareTime(o, ctx.now)))) return undefined;
  const said = sentencesOf(answer.trim());
  const took = taking(said, ctx.now);
  // A bare yes takes only what was asked: "OK." to "Your train leaves at six." acknowledges, it agrees to nothing.
  const first = (said[0] ?? "").trim();
  // A short yes to a question that proposes a time to the user ("Next Thursday?", "Shall we say ten?"); not to one about the past ("Did he?").
  const proposal = offered.filter((q) => /\?\s*$/.test(q)).at(-1);
  // "Would you like us to book a taxi as well?" → "Yes, please. For half past six.": the time may come with the yes.
  const saidYes = yesSaid(first) !== undefined;
  const withYes = took === undefined && saidYes ? timeIn(said.slice(1).join(" "), ctx.now) : undefined;
  // Or a word or two to a time offered as a statement ("The earliest would be Thursday at two." → "Fine.").
  const statement = proposal === undefined && first.split(/\s+/).length <= 3 && offered.some((o) => OFFERED.test(o) && HOURISH.test(o) && !ABOUT_THE_PAST.test(o));
  const yes = took === undefined && saidYes && ((proposal !== undefined && !ABOUT_THE_PAST.test(proposal.trim()) && (HOURISH.test(proposal) || timeIn(proposal.replace(/\?\s*$/, ""), ctx.now) !== undefined || withYes !== undefined) && first.split(/\s+/).length <= 6) || statement) && !REFUSE.test(answer.slice(0, 40));
  if (took === undefined && !yes) return undefined;
  const asked = WHEN_ASKED.test(earlier.at(-2)?.isUser === answeredByUser ? earlier.at(-2)!.text : "");
  // "Are you up for it?" … "Nobody can!" … "Count me in.": the offer may be the other's turn before last.
  const offerBefore = earlier.at(-3)?.isUser === offer.isUser ? earlier.at(-3)!.text : undefined;
  // Joining ("count me in", "I'll be there") says an invitation was made, whatever its words ("We start at four.").
  const joining = took !== undefined && JOINING.test(answer);
  const time = took?.time?.text ?? withYes?.text ?? offeredTime(apostrophes(offer.text), ctx.now, asked, joining) ?? (took !== undefined && offerBefore !== undefined ? offeredTime(apostrophes(offerBefore), ctx.now, false, joining) : undefined);
  if (time === undefined) return undefined;
  // Nothing named, and the user says they will be there: meeting the one who asked.
  const action = thingNamed([...earlier, { speaker: "", isUser: true, text: answer }]) ?? (answeredByUser && MEETING.test(answer) ? `meet ${ctx.listener ?? "them"}` : undefined);
  if (action === undefined) return undefined;
  const hour = time.replace(/^for\s+(?=(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|the \d)/i, "on ").replace(/^(?:from|about|around)\s+/i, "at ").replace(/,/g, "").replace(AN_HOUR_FIRST, "at ");
  const when = onTheDay(withHour(withDay(hour, earlier, ctx.now), earlier));
  return { kind: "arrangement", action: `${action} ${lowerFirst(when)}`, when: lowerFirst(when), from: "accepted" };
}
