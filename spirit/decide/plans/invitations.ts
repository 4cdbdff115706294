/** Invitations with no verb of their own: to a thing ("Fancy a film tonight?"), to where the user will be ("Want to come?"), and in two steps ("Are you free on Saturday?" … "There's a concert on Saturday."). */
import { chronoEn } from "../../../tools/calendar/chrono-en.js";
import { TIME_WORD, timeAhead } from "./time.js";
import { ACTIVITY, sentencesOf, EVENT, FILLER, forTheUser, HYPOTHETICAL, lowerFirst, MEAL, OUTING, type Plan, type PlanContext, SHOW } from "./words.js";

// An invitation to a thing, with no verb: "Fancy a film tonight?", "How about dinner on
// Friday?". The thing says what is done with it: a meal is had, a show seen, an event or a
// place gone to.
const THING_INVITE = /^(?:fancy|how about|what about|are you up for|up for|care for|would you like|do you want|you want|want|how would you like)\s+(?!to\s)((?:a |an |the |some |my |our )?[a-z' -]+?)\s*$/i;
/** What is done with a thing invited to ("how about dinner" → "have dinner"), if the words are such an invitation. */
function thingAction(words: string, listener: string | undefined): string | undefined {
  const m = THING_INVITE.exec(words.replace(/[?!.,\s]+$/, "").trim().replace(new RegExp(`^${FILLER}`, "i"), ""));
  if (!m) return undefined;
  const thing = forTheUser(m[1]!.trim(), listener);
  // The thing named first decides: "a walk in the park" is a walk.
  const head = thing.split(/\s+/).slice(0, 3).join(" ");
  return MEAL.test(head) ? `have ${thing}` : SHOW.test(head) ? `see ${thing}` : ACTIVITY.test(head) ? `go for ${thing}` : OUTING.test(head) ? `go to ${thing}` : undefined;
}

export function thingInvited(sentence: string, now: Date, listener: string | undefined): Plan | undefined {
  const time = timeAhead(sentence, now);
  if (time === undefined) return undefined;
  const action = thingAction(`${sentence.slice(0, time.index)} ${sentence.slice(time.index + time.text.length)}`.replace(/\s+/g, " "), listener);
  if (action === undefined) return undefined;
  return { kind: "arrangement", action: `${action} ${time.text}`, when: lowerFirst(time.text), from: "together" };
}

/**
 * A thing proposed with no time yet ("What about the comedy at the Odeon?", "How about dinner."): its time is settled later
 * (plans/settled.ts), when the user names it ("When is it on?" … "At 7:30.").
 */
export function thingProposed(text: string, listener: string | undefined): Plan | undefined {
  for (const sentence of sentencesOf(text)) {
    if (HYPOTHETICAL.test(sentence)) continue;
    const action = thingAction(sentence, listener);
    if (action !== undefined) return { kind: "arrangement", action, from: "together" };
  }
  return undefined;
}

// An invitation that names no place: it goes where the words before it said.
export const BARE_GOING = /^(?:go|come)(?:\s+(?:along|too|over|with (?:me|us)|along with (?:me|us)))?\s*$/i;
// "I'm in Chicago next week", "we'll be at the lake on Sunday": where the user will be.
const BEING_AT = /\b(?:[Ii]'m|[Ii] am|[Ww]e're|[Ww]e are|[Ii]'ll be|[Ww]e'll be|[Ii] will be|[Ww]e will be)\s+(?:in|at|off to|away in|up in|down in|visiting)\s+((?:the\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)/;
/** Where an invitation with no place goes: a place the user will be, or an event just named, with its time. */
export function goneTo(context: string, now: Date, untimed = false): Plan | undefined {
  const sentences = context.trim().split(/(?<=[.!?;,])\s+/).reverse().slice(0, 2);
  for (const sentence of sentences) {
    const time = timeAhead(sentence, now);
    if (HYPOTHETICAL.test(sentence)) continue;
    // An event named with no time ("an exhibition of Picasso's paintings is on"): only once the other accepts (untimed).
    if (time === undefined) {
      const event = untimed && !/\b(?:was|were|went|did|had|saw|last|ago)\b/i.test(sentence) ? EVENT.exec(sentence) : null;
      const thing = event?.[1]!.replace(/^(?:this|that|the)\s+/i, "the ").replace(/^An?\b/, (a) => a.toLowerCase());
      if (thing !== undefined && !TIME_WORD.test(thing)) return { kind: "arrangement", action: `go to ${thing}`, from: "together" };
      continue;
    }
    const place = BEING_AT.exec(sentence);
    if (place) return { kind: "arrangement", action: `go to ${place[1]} ${time.text}`, when: lowerFirst(time.text), from: "together" };
    const event = EVENT.exec(sentence);
    if (event) {
      const thing = event[1]!.replace(/^(?:this|that|the)\s+/i, "the ").replace(/^A\b/, "a").replace(/^An\b/, "an");
      if (TIME_WORD.test(thing)) continue;
      return { kind: "arrangement", action: `go to ${thing} ${time.text}`, when: lowerFirst(time.text), from: "together" };
    }
  }
  return undefined;
}

// A pre-invitation: the user asks whether the other is free at a time ("Do you have any time on Saturday?", "Are you busy tonight?").
export const FREE_ASKED = /\b(?:are you (?:free|busy|around|doing anything|up to anything)|do you have (?:any |some )?(?:spare |free )?time|have you got (?:any |some )?(?:spare |free )?time|what are you (?:doing|up to)|(?:do you have|have you got|got) (?:any )?plans)\b[^?]*\?/i;
// An event told as news: "There's a jazz concert in the park on Saturday", "there will be a live show of the match tonight".
const THERE_IS = /^(?:(?:well|so|oh|and|hey|look|guess what)[\s,]+)*(?:there(?:'s| is| will be|'ll be|'s going to be| are| is going to be)|(?:they're|they are) (?:having|showing|holding|putting on))\s/i;

/** The time of the latest "are you free on …?" among the sentences, if one was asked. */
function freeTimeAsked(sentences: readonly string[], now: Date): { text: string; index: number } | undefined {
  return sentences
    .map((t) => (FREE_ASKED.test(t) ? timeAhead(t, now) : undefined))
    .filter((t) => t !== undefined)
    .at(-1);
}

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/**
 * The invitation made in two steps: the user asks if the other is free at a time, then names an event at that time
 * ("Are you free on Saturday?" … "There's a jazz concert in the park on Saturday."): going to it together, offered then.
 * News of an event without the question first, an event at another time, or the other asking, is no invitation.
 */
export function eventAfterFreeTime(text: string, earlier: readonly { isUser: boolean; text: string }[], ctx: PlanContext): Plan | undefined {
  const asked = freeTimeAsked(
    earlier
      .slice(-4)
      .filter((t) => t.isUser)
      .flatMap((t) => sentencesOf(t.text)),
    ctx.now,
  );
  if (asked === undefined) return undefined;
  const askedDay = chronoEn().parseDate(asked.text, ctx.now, { forwardDate: true });
  for (const sentence of sentencesOf(text)) {
    if (!THERE_IS.test(sentence.trim()) || HYPOTHETICAL.test(sentence)) continue;
    const time = timeAhead(sentence, ctx.now);
    const event = EVENT.exec(sentence);
    const day = time && chronoEn().parseDate(time.text, ctx.now, { forwardDate: true });
    if (!time || !event || !day || !askedDay || !sameDay(day, askedDay)) continue;
    const plan = goingTo(event[1]!.replace(/^(?:this|that)\s+/i, "the ").replace(/^(?:A|An|The)\b/, (a) => a.toLowerCase()), time.text, ctx);
    if (plan !== undefined) return plan;
  }
  return undefined;
}

/** Going together to an event at a time: "see the play on Saturday", "go to the food festival on Saturday". */
function goingTo(event: string, timeText: string, ctx: PlanContext): Plan | undefined {
  const thing = forTheUser(event, ctx.listener);
  if (TIME_WORD.test(thing)) return undefined;
  const head = thing.split(/\s+/).slice(0, 4).join(" ");
  const action = MEAL.test(head) ? "have" : SHOW.test(head) ? "see" : ACTIVITY.test(head) ? "go for" : "go to";
  // "scheduled for Wednesday": on that day.
  const when = timeText.replace(/[\s,.!?]+$/, "").replace(/^for (?=(?:mon|tues|wednes|thurs|fri|satur|sun)day\b)/i, "on ");
  return { kind: "arrangement", action: `${action} ${thing} ${when}`, when: lowerFirst(when), from: "together" };
}

// A "but", a "can't", a "sorry" after it: taken up politely, and declined.
const REFUSE_TAKING = /\b(?:but|can'?t|cannot|not|sorry|afraid|unfortunately|busy|won'?t)\b/i;
// "Sounds fun, let's go", "I'm in", "Sure, why not": the user taking up what was proposed.
const TAKEN_UP = /^(?:(?:oh|wow|ooh|yes|yeah|sure|great|good|fine|perfect|ok(?:ay)?|thanks|thank you)[\s,.!]*)*(?:(?:that|it) )?(?:sounds? (?:fun|great|good|lovely|amazing|brilliant|nice|perfect)|let's (?:go|do it|do that)|i'm in|count me in|i'd love (?:that|to)|why not|definitely|absolutely|i'm up for (?:it|that)|i'll (?:definitely )?be there|i will (?:definitely )?be there|see you there|i'll make it|sign me up|put me down|put my name down)\b/i;
// Agreeing to be at the event just named, said after something else: "Then I'll read it this week. See you at Linda's."
const SEE_YOU_AT_IT = /^(?:(?:ok(?:ay)?|great|good|right|then|so)[\s,.!]*)*see you (?:there|then|at (?!(?:the )?(?:end|start|top|bottom)\b)[\w']+(?: [\w']+)?)[\s.!]*$/i;
// "The interview is scheduled for Wednesday at 9:30", "your appointment is on Friday": an event named with its time.
const THE_EVENT_IS = /^(?:(?:so|ok(?:ay)?|well|and|right)[\s,]+)*((?:the|your|our) (?:[\w'-]+ ){0,3}?(?:interview|appointment|meeting|exam|test|class|lesson|party|wedding|concert|show|game|match|dinner|lunch|presentation|session|viewing|hearing|surgery|check-?up|rehearsal|practice))(?:'s| is| will be)(?: (?:scheduled|set|booked|planned|arranged|moved|confirmed))?\s+(?:for |on |at )?\S/i;

// The hour an event starts, told apart from its day: "We start at eight.", "It begins at 7:30."
const STARTS_AT = /^(?:we|it|they|things|the \w+) (?:start|starts|begin|begins|kick off|kicks off|meet|gather)\s+(at (?:\d{1,2}(?::\d\d)?(?:\s?[ap]\.?m\.?)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon)(?: (?:thirty|fifteen|o'clock))?)[\s.!]*$/i;
// Joining what others do: "sign me up", "count me in", "put me down for it".
const SIGNING_UP = /\b(?:sign me up|count me in|put me down|put my name down)\b/i;
// The event named right before its time: "(volunteers) for the beach clean-up [on Saturday]".
const FOR_THE_EVENT = /\b(?:for|to|at|join(?:ing)?) (the (?:[\w'-]+\s+){0,3}?[\w'-]+)\s+$/i;

/**
 * The same invitation made by the other, taken up by the user: the other asks if the user is free at a time
 * and names an event ("Are you free on Saturday?" … "There's a food festival in the park."), or names an
 * event with its time, and the user says yes to it ("Oh, that sounds fun, let's go."): going to it together.
 * An event told without the user taking it up is news, not a plan.
 */
export function eventTakenUp(text: string, earlier: readonly { isUser: boolean; text: string }[], ctx: PlanContext): Plan | undefined {
  const said = sentencesOf(text.trim());
  const first = said[0] ?? "";
  const seeYou = said.slice(1).some((t) => SEE_YOU_AT_IT.test(t.trim()) && !REFUSE_TAKING.test(t));
  if (!((TAKEN_UP.test(first) && !REFUSE_TAKING.test(first)) || (seeYou && !REFUSE_TAKING.test(text)))) return undefined;
  const theirs = earlier.slice(-3).filter((t) => !t.isUser).flatMap((t) => sentencesOf(t.text));
  const asked = freeTimeAsked(theirs, ctx.now);
  const askedDay = asked && chronoEn().parseDate(asked.text, ctx.now, { forwardDate: true });
  // "We start at eight.": the hour it starts, said apart from its day.
  const starts = theirs.map((t) => STARTS_AT.exec(t.trim())?.[1]).find((h) => h !== undefined);
  for (const sentence of [...theirs].reverse()) {
    if (HYPOTHETICAL.test(sentence)) continue;
    const named = THE_EVENT_IS.exec(sentence.trim());
    const own = timeAhead(sentence, ctx.now);
    // "Sign me up!" to "volunteers for the beach clean-up on Saturday": what is joined is named right before its time.
    const joined = SIGNING_UP.test(first) && own !== undefined ? FOR_THE_EVENT.exec(sentence.slice(0, own.index)) : null;
    // The other's "your appointment" is the user's own.
    const event = named !== null ? [named[0], named[1]!.replace(/^your\b/i, "my")] : THERE_IS.test(sentence.trim()) ? EVENT.exec(sentence) : joined;
    if (!event) continue;
    const time = own ?? asked;
    if (time === undefined) continue;
    // Its own time on another day than the one asked about: two things talked of, no invitation to this one.
    const day = own && chronoEn().parseDate(own.text, ctx.now, { forwardDate: true });
    if (own && askedDay && day && !sameDay(day, askedDay)) continue;
    // An event told ("there's a food festival") is the one they mean: "the food festival".
    const at = starts !== undefined && own !== undefined && !/\d|\bat\b/i.test(time.text) ? ` ${starts}` : "";
    return goingTo(event[1]!.replace(/^(?:a|an|this|that)\s+/i, "the ").replace(/^The\b/, "the"), `${time.text.replace(/[\s,.!?]+$/, "")}${at}`, ctx);
  }
  return undefined;
}
