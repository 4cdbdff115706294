/**
 * An appointment made with someone who keeps the times (a receptionist, a school, an employer): they
 * offer a time ("The earliest appointment is Monday at 9:45.", "Would Monday at ten suit you?") and the
 * user takes it ("I'll take it.", "That's fine."). The user is to go to it then.
 */
import { REFUSE, yesSaid } from "./agreement.js";
import { onTheDay, timeAhead } from "./time.js";
import { apostrophes, HYPOTHETICAL, lowerFirst, type Plan, type PlanContext, sentencesOf, type SpokenTurn } from "./words.js";

// A time offered to the user: a free time told ("the earliest appointment is Monday at 9:45", "we have an
// opening on Thursday at 2:15"; "I have an appointment on Monday" is the speaker's own) or asked about ("would Monday at ten suit you?", "is Friday at three good for you?").
const SLOT_OFFERED =
  /\b(?:the (?:earliest|next|first|only|soonest)(?: available| free| open)? (?:appointment|opening|slot|time|date)s? (?:is|would be|we have|i have|i can (?:give|offer) you)\b|(?:we|i)(?:'ve| have)(?: got)? (?:an?|one|another) (?:(?:free|open|available)\s+(?:appointment|slot|space|time)|opening|slot|space|cancellation)\b|(?:would|does|will|is|can|could)\b[^?]*\b(?:suit you|work for you|(?:be )?(?:ok(?:ay)?|good|convenient|fine|possible) for you)\b)/i;

// The time taken: "I'll take it", "that's fine", "that works for me", "Monday at ten is fine" (a time said back).
const SLOT_TAKEN =
  /^(?:(?:ok(?:ay)?|yes|yeah|great|perfect|fine|lovely|wonderful)[\s,.!]*)*(?:i'll take (?:it|that(?: one)?|the (?:\w+ )?(?:one|slot|appointment|time))|(?:that|it)(?:'s| is| would be|'d be| will be|'ll be| sounds) (?:fine|perfect|great|good|ok(?:ay)?|lovely)|that (?:suits me|works(?: for me)?))\b/i;
// A time said back, and agreed to: "Monday at ten is fine", "Thursday works for me".
const TIME_SAID_BACK = /^(?:(?:ok(?:ay)?|yes|yeah|great|perfect)[\s,.!]*)*(.{3,40}?)\s+(?:is|would be|works|suits me)(?: (?:fine|perfect|great|good|ok(?:ay)?))?(?: for me)?\s*[.!]?$/i;

// What the time is for, named in the turns: "a second interview", "an appointment for a cleaning", "your check-up".
const APPOINTMENT = /\b(a|an|the|your|my)\s+((?:[\w'-]+\s+){0,2}?(?:appointment|interview|check-?up|consultation|viewing|fitting|session|lesson|exam))\b/i;
// The words that say which time was offered are no part of what it is for.
const OFFER_WORDS = /^(?:(?:earliest|next|first|only|soonest|available|free|open)\s+)+/i;

/** The user's answer takes the time: a yes, "I'll take it", or the time said back as fine. */
function taken(answer: string, now: Date): boolean {
  const first = sentencesOf(answer.trim())[0] ?? "";
  if (SLOT_TAKEN.test(first)) return !REFUSE.test(first.slice(SLOT_TAKEN.exec(first)![0].length));
  const back = TIME_SAID_BACK.exec(first);
  if (back && timeAhead(back[1]!, now) !== undefined && !REFUSE.test(back[1]!)) return true;
  const yes = yesSaid(first);
  return yes !== undefined && !HYPOTHETICAL.test(first.slice(yes.length));
}

/** The time offered in a sentence, as said to its end ("on Thursday the 14th at 2:15": chrono-node reads "on Thursday" only). */
function offeredTime(sentence: string, now: Date): string | undefined {
  const time = timeAhead(sentence, now);
  if (time === undefined) return undefined;
  // Only a time with its day or its hour: "in a week" is no appointment offered.
  const tail = /^(?:\s+(?:the \d{1,2}(?:st|nd|rd|th)|at \d{1,2}(?::\d\d)?(?:\s?[ap]\.?m\.?)?|at (?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?: (?:thirty|fifteen|forty-five))?|in the (?:morning|afternoon|evening)))+/i.exec(sentence.slice(time.index + time.text.length));
  const said = `${time.text}${tail?.[0] ?? ""}`.replace(/[\s,.!?]+$/, "");
  return /\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|\bat\b/i.test(said) ? onTheDay(said.replace(/^for\s+/i, "")) : undefined;
}

/** What the appointment is, from the turns newest first: "the second interview", "your appointment"; none named, none. */
function appointmentNamed(turns: readonly SpokenTurn[]): string | undefined {
  for (const turn of [...turns].reverse().slice(0, 4)) {
    const m = APPOINTMENT.exec(apostrophes(turn.text));
    if (m === null) continue;
    const owner = m[1]!.toLowerCase();
    // The other's "your interview" is the user's own; "a"/"an" is the one just offered.
    const the = owner === "your" && !turn.isUser ? "my" : owner === "my" && turn.isUser ? "my" : "the";
    return `${the} ${m[2]!.replace(OFFER_WORDS, "")}`;
  }
  return undefined;
}

/**
 * The user taking a time another speaker offered for an appointment ("We have an opening on Thursday at 2:15."
 * → "That's fine."): going to it then. The time must be offered to the user in the other's last turn, and what
 * it is for named in the turns (an appointment, an interview, a check-up); a time taken for something unnamed,
 * or the other's own appointment told ("my appointment is on Monday"), is none.
 */
export function appointmentTaken(answer: string, earlier: readonly SpokenTurn[], ctx: PlanContext): Plan | undefined {
  const offer = earlier.at(-1);
  if (offer === undefined || offer.isUser || !taken(apostrophes(answer), ctx.now)) return undefined;
  for (const sentence of sentencesOf(offer.text).reverse()) {
    if (!SLOT_OFFERED.test(sentence) || HYPOTHETICAL.test(sentence.replace(/^would\b/i, ""))) continue;
    const when = offeredTime(sentence, ctx.now);
    const what = appointmentNamed(earlier);
    if (when === undefined || what === undefined) continue;
    return { kind: "arrangement", action: `go to ${what} ${when}`, when: lowerFirst(when), from: "accepted" };
  }
  return undefined;
}
