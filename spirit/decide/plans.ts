/**
 * Plans people make for later, heard in a conversation: the only thing said between
 * people that the Spirit may offer help with. Read as a small grammar of clause forms,
 * not by topic or by sentence:
 *
 *   clause   = [a time in front ","] frame verb-phrase [time]
 *   frame    = a commitment of the user's      "I'll", "I'm going to", "I have to", "I promise to"
 *            | a proposal that includes them   "let's", "we should", "we have to", "we must", "we'll"
 *            | the present for the future      "we're driving …", "I'm flying …", "I'm going to Denver"
 *            | an invitation, asked            "shall we …?", "why don't we …?", "do you want to …?"
 *   time     = a time ahead, read by chrono-node ("on Friday", "in a couple of hours",
 *              "next Tuesday around four"), or a loose one ("later", "after the meeting")
 *
 * The verb phrase is read with compromise (spirit/language/question.ts verbPhrase): one verb with
 * something named after it, or nothing. Who commits is the user, or the user with others;
 * the other person's own plans ("I'll send it to you tomorrow" said by the clerk) are
 * theirs, and what they propose or ask becomes the user's plan only when the user accepts
 * it ("Shall we meet at six?" → "Sure."). A commitment or a present-for-future plan needs
 * a time ahead (without one, "I'll take it", "I'll have the salmon", "let's order" are done
 * in front of a clerk or a waiter, now); a proposal needs one too unless it is an errand an
 * agent can help with anyway (booking, flying, calling, writing, paying, scheduling).
 * Hypotheticals and wishes (if …, would, maybe, I wish), questions that are not
 * invitations, negations, past tense and sayings ("let's say", "let's face it", "I'll
 * tell you what") have none of these shapes and stay quiet.
 */
import { chronoEn } from "../../tools/calendar/chrono-en.js";
import { loadNlp } from "../language/nlp.js";
import { verbPhrase } from "../language/question.js";

export type PlanKind = "flight" | "travel" | "booking" | "shopping" | "message" | "call" | "payment" | "scheduling" | "arrangement";

export interface Plan {
  kind: PlanKind;
  /** What the user will do, as the user would say it: "call him tomorrow", "book the hotel in Rome". */
  action: string;
  /** The words naming when, if any ("tomorrow", "next friday", "after the meeting"). */
  when?: string;
  /** The user's own commitment, one with others ("let's …"), or the user accepting another's proposal or request. */
  from: "user" | "together" | "accepted";
}

export interface PlanContext {
  /** The time the words were said: times are read ahead of it. */
  now: Date;
  /** Who the user is speaking to: "you" in the user's words is this person ("them" when unknown). */
  listener?: string;
  /** Also a plan with no time yet ("let's go work out" → "how about at 3:30?"): the time may come later. */
  untimed?: boolean;
}

/** Verb → kind, for errands an agent can help with; any other verb makes an arrangement. */
const VERBS: Readonly<Record<string, PlanKind>> = {
  book: "booking",
  reserve: "booking",
  fly: "flight",
  buy: "shopping",
  order: "shopping",
  call: "call",
  phone: "call",
  ring: "call",
  text: "message",
  message: "message",
  email: "message",
  "e-mail": "message",
  mail: "message",
  send: "message",
  write: "message",
  pay: "payment",
  schedule: "scheduling",
  reschedule: "scheduling",
  arrange: "scheduling",
  rent: "travel",
};
// Errands that are no purchase in front of a clerk: a proposal to do them needs no time.
const ERRANDS = new Set<PlanKind>(["flight", "travel", "booking", "message", "call", "scheduling"]);
// Verbs of saying and thinking: "let's say", "let's see", "I'll tell you what", "I'll bet".
const SAYINGS = new Set(["say", "think", "guess", "suppose", "mean", "hope", "face", "admit", "bet", "pretend", "imagine", "assume", "know", "be", "let", "wait", "try", "need", "want", "like", "love", "miss", "lose", "win", "go", "come", "get"]);
// A verb of moving is a plan with somewhere to go: "go to Denver", "come to my party".
const MOVING = new Set(["go", "come", "get"]);
// "try sky diving", "try the new bar": trying a thing is a plan; "try to", "try it", "try again" are hedges.
const TRYING = /^try\s+(?!to\b|it\b|that\b|this\b|again\b|and\b|harder\b|my best\b|our best\b)\S/i;

const apostrophes = (s: string) => s.replace(/[\u2018\u2019`]/g, "'").replace(/\s+'\s*(?=(?:s|t|re|ve|ll|d|m)\b)/gi, "'");

const FILLER = String.raw`(?:(?:this time|from now on|first of all|first|one (?:more|last|other) thing|besides|also|ok(?:ay)?|sure|yes|yeah|yep|alright|all right|fine|right|well|so|then|oh|and|but|now|good|great|cool|anyway|um|uh|hey|look|listen|honestly|actually)\b[\s,.!-]*)*`;
const ADVERBS = String.raw`(?:(?:definitely|really|just|also|probably|then|still|first|totally|actually|seriously|both|all|certainly|surely|absolutely|soon|finally)\s+)*`;
const COMMIT = String.raw`(?:i think )?i(?:'ll be(?= \w+ing\b)| will be(?= \w+ing\b)|'ll|ll| will|'m going to| am going to|'m gonna| am gonna| have to|'ve got to| have got to| need to| must| promise to| promise i'll|'m planning to| am planning to| plan to| intend to|'m supposed to| am supposed to|'ve decided to| have decided to|'m determined to| am determined to)`;
// Commitments that stand without a time: what the user will do some day ("I'll pay you back",
// "I've decided to stop smoking"), kept as a note. Not "need to", "must", "supposed to": said of what is needed now.
// Not "gonna" nor "have to" either: in a meeting or at a desk, "I'm gonna draw a fish", "I have to write fast" are done as said.
const UNTIMED_COMMIT = /(?:'ll|\bll| will|going to| promise to| promise i'll|planning to| plan to| intend to|decided to|determined to)$/i;
/** A commitment said in passing inside a long sentence (a meeting's agenda, a story) is no plan to keep. */
const MAX_UNTIMED_WORDS = 16;
// Done now, in front of a clerk, a waiter or a guest ("I'll take it", "I'll have the soup",
// "I'll check that for you", "I'll get you a menu"), or going somewhere now ("I'll go with
// you", "I've got to run to class"): no time, no plan for later.
const NOW_VERBS = new Set([
  "take", "have", "get", "try", "check", "look", "show", "see", "wait", "sit", "put", "help", "use", "start", "stay", "do", "make", "give",
  "find", "bring", "fetch", "pick", "keep", "ask", "leave", "change", "hold", "turn", "open", "close", "lock", "fill", "sign", "read",
  "tell", "explain", "answer", "listen", "hear", "follow", "walk", "drive", "eat", "drink", "order", "buy", "charge", "transfer", "connect",
  "introduce", "repeat", "spell", "count", "wrap", "pack", "carry", "grab", "search", "run", "head", "stand", "go", "come", "share", "stick",
  // Running a meeting, now: "I'll present you the requirements", "I'll switch to the slides", "I'll demonstrate it".
  "present", "switch", "demonstrate",
]);
// The floor handed to someone in a meeting, now: "I'll invite Christine to present", "I'll ask Tom to explain the budget", "I'll hand over to Agnes".
const FLOOR = String.raw`\b(?:invite|ask|call on|let)\s+(?:\w+\s+){1,2}?to\s+(?:discuss|present|speak|talk|say|explain|show|introduce|give|start|begin|continue|comment|answer|tell|go (?:ahead|first|on))\b|\b(?:hand|pass|turn)(?: (?:it|things|this))? (?:over|back) to\b`;
// A service done for the one spoken to, or paid on the spot: "I'll check that for you", "I'll pay by card".
// A condition after it ("I'll stand in with you if you like") leaves it the other's to take up.
const SERVICE = new RegExp(
  String.raw`\bjust\b|\b(?:talk|speak|chat) (?:to|with) you\b|\bfor (?:you|them|him|her)\b|\b(?:by|in|with) (?:my |your |a )?(?:cash|card|credit|cheque|check|visa)\b|\b(?:right )?(?:now|right away|at once|immediately)\b|\b(?:if|unless)\b|\bjoin (?:you|them|us)\b` +
    // A guide's service, now: "I'll walk you through it", "I'll take everyone through the project".
    String.raw`|\b(?:you|you all|them|everyone|everybody) through\b|${FLOOR}`,
  "i",
);
const TOGETHER = String.raw`(?:(?:we|(?:[a-z]+ )?[a-z]+ and i)(?:'ll be(?= \w+ing\b)| will be(?= \w+ing\b)|'ll| will|'re going to| are going to|'re gonna| are gonna| should| have to|'ve got to| have got to| must| need to|'d better| had better| can| ought to|'re supposed to| are supposed to| plan to|'re planning to| are planning to)|let's|lets|let us)`;
// "I'm thinking about going to the tailor's today": an intention, read like the present for the future.
const PROGRESSIVE = String.raw`(?:(?:i'm|i am|we're|we are) thinking (?:about|of)|i'm|i am|im|we're|we are)`;
const INVITE = String.raw`(?:(?:can|could|will|would) you(?! like\b| care\b| mind\b)(?= (?:please )?\w+ (?:[\w' ]+ )?with (?:me|us)\b)|shall we|should we|can we|could we|why don't we|why don't you|why not|how about we|what about we|do you want to|do you wanna|would you like to|you want to|want to|wanna|would you care to|care to|are you free to)`;
// "we have dinner with Bob on Friday", "I've got a dentist appointment at 3": what is on the calendar.
// Only when reminded of it: "we have a few rooms next weekend" is a clerk's offer.
const HAVE = String.raw`(?:don't forget|do not forget|remember)(?: that)? (?:we|i)(?: have| have got|'ve got)(?= (?!to\b))`;
const FRAME = new RegExp(`^(?:(${HAVE})|(?:(?:don't forget|remember)(?: that)?\\s+)?(?:(${COMMIT})|(${TOGETHER})|(${INVITE})|(${PROGRESSIVE})))\\s+${ADVERBS}(.+)$`, "i");

// Said as a condition, a wish or a maybe before the frame: not a plan.
const HYPOTHETICAL = /\b(?:if|unless|whether|would|wish|maybe|perhaps|suppose|imagine|might|could have|should have|in case)\b/i;
// "call it a day", "send it", "book it": nothing named that a question could name.
// "look forward to Sunday", "get close to the final": a feeling and an approach, no plan.
const CALL_IDIOM = /^(?:(?:call|ring) (?:it|that|this|them|these|those)|count(?:ing)? (?:down )?the (?:days|hours|minutes)|look forward|get (?:close|closer|near|nearer)\b)\b/i;

/** A holiday ahead: "this Christmas", "after the holidays" (chrono-node reads no holidays); reminded the next morning, to plan for it. */
export const HOLIDAY = /\b(?:this|next|at|for|on|over|after|before|by) (?:the )?(?:christmas|easter|thanksgiving|new year(?:'s)?(?: eve| day)?|halloween|(?<=the )holidays)\b/i;

/** Loose times chrono-node does not read, with the reminder time they suggest. */
// A bare "later" ("we'll talk about it later", "talk to you later") is a way of speaking, not a time.
const LOOSE: readonly [RegExp, string][] = [
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

// What a time is said with: chrono-node also reads "the money" as Monday.
const TIME_WORD = /\d(?!\d*'?s\b)|\b(?:today|tonight|tomorrow|morning|afternoon|evening|night|noon|midnight|week|weekend|month|year|hours?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|january|february|march|april|june|july|august|september|october|november|december|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|couple|few)\b/i;

/** The first time ahead named in the words, as said ("on Friday", "in a couple of hours", "at noon", "after the meeting"). */
export function timeAhead(text: string, now: Date): { text: string; index: number } | undefined {
  for (const r of chronoEn().parse(text, now, { forwardDate: true })) {
    let said = r.text.trim();
    let index = r.index;
    if (/^(?:now|right now|a second|one|a minute|today|this|that)$/i.test(said) || !TIME_WORD.test(said) || STRETCH.test(text.slice(0, index))) continue;
    // A length of time is a time ahead only as "in two hours", "in a couple of days".
    if (DURATION.test(said) && !/^(?:in|within)\b/i.test(said) && !/\b(?:next|this|coming|from now)\b/i.test(said)) continue;
    // "at noon", "on Friday": the preposition goes with the time.
    const preposition = /\b(?:(?:at|on|in|by|around|before|for)(?:\s+the)?|the|this|next)\s+$/i.exec(text.slice(0, index));
    if (preposition && !/^(?:at|on|in|by|around|before|for|the|this|next)\b/i.test(said)) {
      said = `${preposition[0]}${said}`;
      index = preposition.index;
    }
    // "weekend" with nothing before it is part of a name ("super bowl weekend", "the Easter weekend"), not a time said.
    if (/^weekends?$/i.test(said)) continue;
    const ahead = r.start.date().getTime() - now.getTime() > SOON_MS || /\b(?:tonight|tomorrow|this (?:afternoon|evening)|weekend)\b/i.test(said);
    // "at 6" is read as six in the morning after six in the evening: an hour said is ahead.
    if (ahead || (r.start.isCertain("hour") && !DURATION.test(said))) return { text: said, index };
  }
  for (const [re] of LOOSE) {
    const m = re.exec(text);
    if (m) return { text: m[0], index: m.index };
  }
  return undefined;
}

/** A time said that is now, not later ("in about ten minutes", "in a second"): what it goes with is done now. */
function soon(text: string, now: Date): boolean {
  return chronoEn()
    // "in I think about ten minutes": a hedge inside the time is no part of it.
    .parse(text.replace(/\b(?:i think|i guess|i suppose|maybe|say)\s+/gi, ""), now, { forwardDate: true })
    .some((r) => r.start.date().getTime() - now.getTime() <= SOON_MS && /^(?:in|within)\b/i.test(r.text));
}

/** The clauses a sentence may start a plan in: its start, and after a comma, a semicolon or "so"/"and"/"but". */
function clauses(sentence: string): { clause: string; before: string }[] {
  const out: { clause: string; before: string }[] = [];
  const starts = [0, ...[...sentence.matchAll(/(?:[,;:]\s+|\s(?=(?:so|and|but|then)\s))/gi)].map((m) => m.index! + m[0].length)];
  // A clause ends where another subject starts one: "I'm going home after the holidays and we're having a party in January".
  const ends = [...sentence.matchAll(/(?:,\s*|\s)(?:and|but|so)\s+(?=(?:i|we|he|she|they)(?:'m|'re|'ll|'s|'ve| am| are| will| have| was| were)?\s)/gi)].map((m) => m.index!);
  for (const at of starts) {
    // Only a timed plan is cut off from what follows: an untimed "I'll call the bell-boy and he'll take you up" is done now.
    const end = ends.find((e) => e > at && (TIME_WORD.test(sentence.slice(at, e)) || HOLIDAY.test(sentence.slice(at, e)))) ?? sentence.length;
    out.push({ clause: sentence.slice(at, end).replace(/^(?:so|and|but|then)\s+/i, ""), before: sentence.slice(0, at) });
  }
  return out;
}

function kindOf(verb: string, object: string): PlanKind {
  const base = VERBS[verb] ?? "arrangement";
  if (/\b(?:flights?|plane tickets?)\b/i.test(object) || verb === "fly") return "flight";
  if (base === "booking" && /\b(?:hotel|train|bus|trip|car|airbnb|room)\b/i.test(object)) return "travel";
  if (verb === "send" && /\b(?:\$|dollars?|euros?|pounds?|money|bucks)\b/i.test(object)) return "payment";
  return base;
}

/** "you" in the user's words is the person spoken to; "with me", "with us" go without saying. */
function forTheUser(action: string, listener: string | undefined): string {
  const them = listener ?? "them";
  return action
    .replace(/\s+(?:with|for) (?:me|us)\b/gi, "")
    .replace(/\b(?:you all|you guys|you)\b/gi, them)
    .replace(/\byour\b/gi, listener ? `${listener}'s` : "their");
}

const lowerFirst = (when: string) => when.replace(/^(On|In|At|By|This|Next|Tomorrow|Tonight|Later|After|Before)\b/, (w) => w.toLowerCase());

// An invitation to a thing, with no verb: "Fancy a film tonight?", "How about dinner on
// Friday?". The thing says what is done with it: a meal is had, a show seen, an event or a
// place gone to.
const THING_INVITE = /^(?:fancy|how about|what about|are you up for|up for|care for|would you like|do you want|you want|want|how would you like)\s+((?:a |an |the |some |my |our )?[a-z' -]+?)\s*$/i;
const MEAL = /\b(?:breakfast|brunch|lunch|dinner|supper|coffee|tea|drinks?|beers?|pizza|meal|bite)\b/i;
const SHOW = /\b(?:film|movie|show|play|concert|match|game|musical|opera|ballet)\b/i;
const ACTIVITY = /\b(?:walk|hike|swim|run|ride|drive|picnic|jog)\b/i;
const OUTING = /\b(?:party|trip|museum|exhibition|gallery|beach|park|gym|cinema|theat(?:er|re)|club|bar|pub|zoo|fair|festival|market|sale|mall)\b/i;

function thingInvited(sentence: string, now: Date, listener: string | undefined): Plan | undefined {
  const time = timeAhead(sentence, now);
  if (time === undefined) return undefined;
  const words = `${sentence.slice(0, time.index)} ${sentence.slice(time.index + time.text.length)}`.replace(/\s+/g, " ").replace(/[?!.,\s]+$/, "").trim();
  const m = THING_INVITE.exec(words.replace(new RegExp(`^${FILLER}`, "i"), ""));
  if (!m) return undefined;
  const thing = forTheUser(m[1]!.trim(), listener);
  // The thing named first decides: "a walk in the park" is a walk.
  const head = thing.split(/\s+/).slice(0, 3).join(" ");
  const action = MEAL.test(head) ? `have ${thing}` : SHOW.test(head) ? `see ${thing}` : ACTIVITY.test(head) ? `go for ${thing}` : OUTING.test(head) ? `go to ${thing}` : undefined;
  if (action === undefined) return undefined;
  return { kind: "arrangement", action: `${action} ${time.text}`, when: lowerFirst(time.text), from: "together" };
}

// Seeing the one spoken to at a place ("there", "at the station") is meeting them: what follows "see you".
const SEE_YOU_AT = /^see you ((?:there|at (?:the|your|my|our) [\w' ]+?)\s+(?:at|around|by)\s+.+)$/i;

// An invitation that names no place: it goes where the words before it said.
const BARE_GOING = /^(?:go|come)(?:\s+(?:along|too|over|with (?:me|us)|along with (?:me|us)))?\s*$/i;
// "I'm in Chicago next week", "we'll be at the lake on Sunday": where the user will be.
const BEING_AT = /\b(?:[Ii]'m|[Ii] am|[Ww]e're|[Ww]e are|[Ii]'ll be|[Ww]e'll be|[Ii] will be|[Ww]e will be)\s+(?:in|at|off to|away in|up in|down in|visiting)\s+((?:the\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)/;
// "An exhibition of Picasso's paintings is on", "the mall is having a big sale this weekend": an event named.
const EVENT = /\b((?:a|an|the|this|that)\s+(?:[\w'-]+\s+){0,3}?(?:exhibition|exhibit|sale|party|concert|show|play|film|movie|match|game|festival|fair|market|gig|parade|talk|lecture|tour|trip)s?\b(?:\s+(?:of|by)\s+(?:[\w'-]+\s+){0,2}?[\w'-]+(?=\s+(?:is|are|will|on|at|this|next|tomorrow|tonight)\b|[\s,.!?]*$))?)/i;

/** Where an invitation with no place goes: a place the user will be, or an event just named, with its time. */
function goneTo(context: string, now: Date, untimed = false): Plan | undefined {
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
const FREE_ASKED = /\b(?:are you (?:free|busy|around|doing anything|up to anything)|do you have (?:any |some )?(?:spare |free )?time|have you got (?:any |some )?(?:spare |free )?time|what are you (?:doing|up to)|(?:do you have|have you got|got) (?:any )?plans)\b[^?]*\?/i;
// An event told as news: "There's a jazz concert in the park on Saturday", "there will be a live show of the match tonight".
const THERE_IS = /^(?:(?:well|so|oh|and|hey|look|guess what)[\s,]+)*(?:there(?:'s| is| will be|'ll be|'s going to be| are| is going to be)|(?:they're|they are) (?:having|showing|holding|putting on))\s/i;

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/**
 * The invitation made in two steps: the user asks if the other is free at a time, then names an event at that time
 * ("Are you free on Saturday?" … "There's a jazz concert in the park on Saturday."): going to it together, offered then.
 * News of an event without the question first, an event at another time, or the other asking, is no invitation.
 */
export function eventAfterFreeTime(text: string, earlier: readonly { isUser: boolean; text: string }[], ctx: PlanContext): Plan | undefined {
  const asked = earlier
    .slice(-4)
    .filter((t) => t.isUser)
    .flatMap((t) => apostrophes(t.text).split(/(?<=[.!?;])\s+/))
    .map((t) => (FREE_ASKED.test(t) ? timeAhead(t, ctx.now) : undefined))
    .filter((t) => t !== undefined)
    .at(-1);
  if (asked === undefined) return undefined;
  const askedDay = chronoEn().parseDate(asked.text, ctx.now, { forwardDate: true });
  for (const sentence of apostrophes(text).split(/(?<=[.!?;])\s+/)) {
    if (!THERE_IS.test(sentence.trim()) || HYPOTHETICAL.test(sentence)) continue;
    const time = timeAhead(sentence, ctx.now);
    const event = EVENT.exec(sentence);
    const day = time && chronoEn().parseDate(time.text, ctx.now, { forwardDate: true });
    if (!time || !event || !day || !askedDay || !sameDay(day, askedDay)) continue;
    const thing = forTheUser(event[1]!.replace(/^(?:this|that)\s+/i, "the ").replace(/^(?:A|An|The)\b/, (a) => a.toLowerCase()), ctx.listener);
    if (TIME_WORD.test(thing)) continue;
    const head = thing.split(/\s+/).slice(0, 4).join(" ");
    const action = MEAL.test(head) ? "have" : SHOW.test(head) ? "see" : ACTIVITY.test(head) ? "go for" : "go to";
    return { kind: "arrangement", action: `${action} ${thing} ${time.text.replace(/[\s,.!?]+$/, "")}`, when: lowerFirst(time.text.replace(/[\s,.!?]+$/, "")), from: "together" };
  }
  return undefined;
}

// Breaking a habit: "stop eating junk food", "quit smoking", "give up sugar", "cut down on coffee"; not stopping what is said or done now.
const QUITTING = /^(?:(?:stop|quit) (?!(?:talking|speaking|rambling|interrupting|complaining|worrying|joking|there|here|now|it|that|this)\b)\w+ing\b|give up (?!(?:it|that|this|now)\b)\w|cut (?:down|back) on\b)/i;

// An example begun: what follows in the turn illustrates it ("you could say, for example, …").
const ILLUSTRATION = /\b(?:for example|for instance|e\.g\.)/i;

// Going somewhere later the same day: "go to my favourite clothes shop today", "drive to the coast today". "today" alone is
// no time ahead ("today we're going to discuss …" is the meeting's own business, now); going to a place today is later.
const GOING_TODAY = /^(?:go|drive|walk|head|fly|come|pop|run)(?:\s+(?:over|down|up|out|back|round))?\s+to\s+(?!(?:the\s+)?(?:meeting|session|class|agenda|point|topic|next|bed|sleep)\b)\S[^,;]*?\btoday\b/i;
function goingToday(action: string): { text: string; index: number } | undefined {
  const m = GOING_TODAY.exec(action);
  return m ? { text: "today", index: m[0].length - "today".length } : undefined;
}

/** A plan in the words of someone who includes the user ("I", "we"), if the utterance holds one. */
// Speech's hesitations: "talk about this um alleged paper".
const DISFLUENCY = /,?\s*\b(?:um+|uh+|er+m?|hmm+|mm+|you know|i mean|ok(?:ay)?)\b(?=[\s,.!?;]|$),?/gi;

// Speech repeats itself: "talk to talk to Chuck", "the the hour".
const REPEATED = /\b((?:\w+'?\w*)(?:\s+\w+'?\w*)?)(?:[\s,]+\1\b)+/gi;

// "in two hours' time": the length of time is the time said.
const IN_TIME = /\b(minutes?|hours?|days?|weeks?|months?|years?)\s*'s?\s+time\b/gi;

/**
 * A turn broken off: in a transcript that punctuates (a full stop or a question mark inside), a turn that ends without one
 * was cut ("I'll send you the minutes of meet"): its last word may be cut too, and is not read, nor the words it hangs on.
 */
function withoutBrokenEnd(text: string): string {
  const t = text.trim();
  if (!/[.!?]\s/.test(t) || /[.!?;:…"')\]]$/.test(t)) return t;
  return t.replace(/\s+\S+$/, "").replace(/(?:\s+\b(?:of|the|a|an|to|for|with|from|about|and|or|but|my|your|our|their|his|her|some|in|on|at|by))+$/i, "");
}

export async function planIn(text: string, ctx: PlanContext): Promise<Plan | undefined> {
  const nlp = await loadNlp();
  let said = "";
  for (const raw of withoutBrokenEnd(apostrophes(text).replace(IN_TIME, "$1")).replace(DISFLUENCY, "").replace(REPEATED, "$1").split(/(?<=[.!?;])\s+/)) {
    const sentence = raw.trim();
    const saidBefore = said;
    said += ` ${sentence}`;
    // "you can say for example … and I will choose from the list": after an example is begun, what is said illustrates it.
    const illustrating = ILLUSTRATION.test(said);
    const question = /\?\s*$/.test(sentence);
    const invited = question ? thingInvited(sentence, ctx.now, ctx.listener) : undefined;
    if (invited !== undefined) return invited;
    for (const { clause, before } of clauses(sentence.replace(/[.!?;]+$/, ""))) {
      // "if you're free tonight, why don't you come over": an invitation is conditional by nature.
      const hypothetical = HYPOTHETICAL.test(before);
      let words = clause.replace(new RegExp(`^${FILLER}`, "i"), "");
      // A time in front ("On Thursday I'm going to Denver"): the plan follows it.
      const front = timeAhead(words, ctx.now);
      if (front !== undefined && front.index === 0) words = words.slice(front.text.length).replace(/^[\s,]+/, "");
      // "I'm really going to", "I will definitely": the adverb goes after the frame.
      words = words.replace(/^(i'm|i am|i'll|i will|i have|i've|we're|we are|we'll|we will)\s+(?:really|definitely|actually|totally|certainly|seriously|finally|just)\s+/i, "$1 ");
      const m = FRAME.exec(words);
      if (!m) continue;
      const [, have, commit, together, invite, progressive, body] = m;
      if (hypothetical && invite === undefined) break;
      const rest = have !== undefined ? `have ${body!}` : body!;
      // Only invitations are asked; said without a question mark (speech has none), only the plainest.
      if (question ? invite === undefined : invite !== undefined && !/^(?:shall we|why don't we|why don't you|how about we)$/i.test(invite)) continue;
      // "I'll see you there at 9pm", "see you at the station at six": a meeting agreed, with a place and an hour.
      const seeing = commit !== undefined || together !== undefined ? SEE_YOU_AT.exec(rest) : null;
      if (seeing) {
        const hour = timeAhead(rest, ctx.now);
        if (hour !== undefined && /\d|noon|o'clock|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/i.test(hour.text)) {
          // "there" is where was just said: the question says whom and when.
          const action = `meet ${ctx.listener ?? "them"} ${seeing[1]!.replace(/^there\s+/i, "").trim()}`.replace(/\s+/g, " ");
          return { kind: "arrangement", action, when: lowerFirst(hour.text), from: "together" };
        }
      }
      if (/^(?:see|tell|show|let|thank)\s+you\b/i.test(rest)) continue; // "see you tomorrow", "tell you what": ways of speaking
      // "Want to come?", "Do you want to go with me?": to where the user said they will be, or to the event just named.
      if (invite !== undefined && question && BARE_GOING.test(rest)) {
        const to = goneTo(`${saidBefore} ${before}`, ctx.now, ctx.untimed);
        if (to !== undefined) return to;
        continue;
      }
      // "Why don't you phone her?" is advice to the other; "why don't you come with us?" includes the user.
      if (invite !== undefined && /\byou$/i.test(invite) && !/^(?:come|join)\b|\bwith (?:me|us)\b/i.test(rest)) continue;
      const progressiveFrame = progressive !== undefined || /\bbe$/i.test(commit ?? together ?? "");
      const goingTo = /going to$|gonna$/i.test(commit ?? together ?? "");
      // A long sentence says more after a comma ("I'm having a party on Saturday, a sort of house warming, …"): the plan is before it.
      const upToComma = rest.split(/,\s+/)[0]!;
      const found =
        (await readAction(forTheUser(rest, ctx.listener), progressiveFrame, goingTo, nlp)) ??
        (upToComma !== rest ? await readAction(forTheUser(upToComma, ctx.listener), progressiveFrame, goingTo, nlp) : undefined);
      if (found === undefined) continue;
      // The plan's own time, one said in front of it, or one in the clause before ("Mum turns sixty next month, we have to …").
      // A bare day in front ("Friday we should …") is said "on Friday" after the plan.
      const fronted = front && (/^(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/i.test(front.text) ? `on ${front.text}` : front.text);
      const when = timeAhead(found.action, ctx.now) ?? (fronted ? { text: fronted, index: 0 } : timeAhead(before, ctx.now)) ?? goingToday(found.action);
      const kind = kindOf(found.verb, found.action);
      if (CALL_IDIOM.test(found.action)) continue;
      // "go to the beach", "go shopping", "come over for dinner" are plans; "go ahead", "get it", "let's say" are not.
      if (SAYINGS.has(found.verb) && !TRYING.test(found.action) && !(MOVING.has(found.verb) && !/^\S+\s+(?:ahead|on|through|away|it|that|this|with|into|in|up|down|off|wrong|well|bad|better|worse|crazy|there|here)\b/i.test(found.action))) continue;
      // Commitments and the present need a time ahead; a proposal without one, an errand an agent can help with.
      // A commitment of the user's own without one is kept as a note, unless it is done now ("I'll take it").
      // "give up sugar", "take up the cello", "sign up for the course": a phrasal verb for a change of habit, not a thing handed over now.
      const takenUp = /^(?:give|take|sign) up\b(?! (?:it|that|this|(?:the|my|your|our|a) (?:form|sheet|seat|place|spot|room|table|chair)s?)\b)/i.test(found.action);
      // "I need to stop eating junk food", "I have to give up sugar": a habit to break is a resolution, kept for later; "I have
      // to stop talking" is what is done now.
      const resolution = commit !== undefined && /(?:need to|have to|must|got to)$/i.test(commit) && QUITTING.test(found.action);
      const untimedCommitment =
        commit !== undefined && (UNTIMED_COMMIT.test(commit) || resolution) && (!NOW_VERBS.has(found.verb) || takenUp) && !SERVICE.test(clause) && sentence.split(/\s+/).length <= MAX_UNTIMED_WORDS && !soon(clause, ctx.now) && !illustrating;
      if (when === undefined && !ctx.untimed && !untimedCommitment && (commit !== undefined || progressive !== undefined || have !== undefined || !ERRANDS.has(kind))) continue;
      const action = found.action;
      const from = commit !== undefined || /^i/i.test(progressive ?? "") || /\bi\b/i.test(have ?? "") ? "user" : "together";
      return { kind, action, ...(when !== undefined && { when: lowerFirst(when.text) }), from };
    }
  }
  return undefined;
}

/** The verb phrase after a frame, in the base form: "driving to the coast" → "drive to the coast"; "going to Denver" → "go to Denver". */
async function readAction(rest: string, progressive: boolean, goingTo: boolean, nlp: Awaited<ReturnType<typeof loadNlp>>): Promise<{ verb: string; action: string } | undefined> {
  let words = rest.replace(/[\s,]*\b(?:lol|haha|promise|ok|okay|right)\b\s*$/i, "").replace(/[\s,]+$/, "").trim();
  // One word after a comma at the end is whom it is said to: "I'll pay you back, sis".
  words = words.replace(/,\s*([a-z]+)$/i, (all, word: string) => (TIME_WORD.test(word) ? all : ""));
  if (/^(?:gonna|gotta|hafta|wanna|got to|have to)\b/i.test(words)) return undefined; // a frame said twice: the words are not one clause
  if (progressive) {
    const doc = nlp(`we are ${words}`);
    doc.compute("root");
    const verb = (doc as unknown as { docs: { tags: Set<string>; root?: string; normal: string }[][] }).docs[0]?.[2];
    if (verb === undefined || !verb.tags.has("Gerund")) return undefined;
    words = `${verb.root ?? verb.normal} ${words.split(/\s+/).slice(1).join(" ")}`;
    // "going to Denver": a place, not a verb, after "going to".
    if (/^go to\s/i.test(words)) {
      const next = verbPhrase(nlp, words.replace(/^go to\s+/i, ""), undefined, Infinity);
      if (next !== undefined) words = words.replace(/^go to\s+/i, "");
    }
  }
  // "go see the exhibition", "come and get the keys": the second verb is what is done.
  if (/^(?:go|come)(?:\s+(?:over|out|round|around|along|by))?\s+(?:and\s+)?\S/i.test(words)) {
    const second = words.replace(/^(?:go|come)(?:\s+(?:over|out|round|around|along|by))?\s+(?:and\s+)?/i, "");
    const secondVerb = verbPhrase(nlp, second, undefined, Infinity);
    // "go dancing": the gerund is the activity gone to, not a second verb.
    // "go together with you", "come along": no second verb, whatever the tagger says.
    if (secondVerb !== undefined && !MOVING.has(secondVerb.verb) && !/ing$/i.test(second.split(/\s+/)[0]!) && !/^(?:together|along|with|there|here|home|back|too)\b/i.test(second)) words = second;
  }
  let phrase = verbPhrase(nlp, words, undefined, Infinity);
  // "I'm going to Denver on Thursday": going somewhere.
  if (phrase === undefined && goingTo && !/^(?:be|have)\b/i.test(words)) {
    words = `go to ${words}`;
    phrase = verbPhrase(nlp, words, undefined, Infinity);
  }
  if (phrase === undefined) return undefined;
  // Something named to act on, not only "it", "that" or "you" ("look it up", "sort that out").
  // "pay you back on Monday": the one spoken to is someone named; "see you tomorrow", "tell you what" are ways of speaking.
  const person = /^(?:see|tell|show|let|thank)$/i.test(phrase.verb) ? "|you" : "";
  const notNamed = new RegExp(`^(?:it|that|this|these|those|me|us|what${person}|up|out|back|down|off|on|in|at|by|over|again|too|all|some|one|next|the)$`, "i");
  const named = phrase.own
    .split(/\s+/)
    .slice(1)
    .filter((w) => !TIME_WORD.test(w) && !notNamed.test(w));
  if (named.length === 0) return undefined;
  return { verb: phrase.verb, action: words };
}

// Another speaker proposing, inviting or asking, and the user accepting it.
const PROPOSAL = /^(?:(?:hey|so|and|oh|also|well|ok(?:ay)?)[\s,]+)*(?:let's|lets|let us|shall we|should we|why don't we|how about we|we should|we could|would you like to|do you want to|you want to|want to|would you care to|why don't you(?= (?:come|join)\b)|(?:can|could|would|will) you(?: please)?|please|don't forget to|do not forget to|remember to|you should|you need to|you have to|make sure (?:you|to))\s+(.+)$/i;
// The other inviting the user to come to them: "you should come and stay with us", "you must come over to ours".
const COME_INVITED = /^(?:you should|you must|you have to|you've got to) come\b(?=.*\b(?:with (?:me|us)|to (?:my|our) (?:place|house|home|flat)|to ours)\b)/i;
// The other's proposal read as one of "we" ("shall we go …" → "we should go …").
const PROPOSAL_LEAD = /^(?:(?:hey|so|and|oh|well|ok(?:ay)?)[\s,]+)*(?:let's|lets|let us|shall we|should we|why don't we|why don't you|how about we|would you like to|do you want to|you want to|want to)\s+/i;
// The proposals said as a question ("shall we …?", "do you want to …?"), unlike "let's …", "we should …".
const QUESTION_LEAD = /^(?:(?:hey|so|and|oh|also|well|ok(?:ay)?)[\s,]+)*(?:shall we|should we|why don't we|why don't you|how about we|would you like to|do you want to|you want to|want to|would you care to|(?:can|could|would|will) you)\b/i;
const ACCEPT = /^(?:(?:(?:that's|that is|what) a (?:good|great|nice) idea|good idea|great idea|i'd love that|i'd be up for (?:that|it)|i'm in|(?:that|it)(?:'ll| will) (?:be )?(?:fine|great|perfect|ok(?:ay)?|work|do)|that works(?: for me)?|oh|well|yes|yeah|yep|sure|ok(?:ay)?|alright|all right|great|good|fine|perfect|of course|certainly|absolutely|definitely|no problem|why not|sounds (?:good|great|fine|nice|perfect|like a (?:good )?(?:plan|idea))|(?:that's|that is|what) a (?:good|great|nice) idea|good idea|great idea|i'd love to|i would love to|i'd like that|i'd be glad to|that would be (?:great|nice|lovely|fine)|with pleasure|deal|it's a deal|count me in|see you then|will do|i will|i'll do (?:it|that)|i can do that|consider it done|i (?:wouldn't|would not|won't) miss it(?: for the world)?|how (?:can|could) i (?:miss|say no to) (?:it|that))\b[\s,.!?]*)+/i;
const ACCEPT_WORD = /\b(?:miss it|(?:'ll|will) (?:be )?(?:fine|great|perfect|ok(?:ay)?|work|do)|works|say no to|up for|i'm in|love that|yes|yeah|yep|sure|ok(?:ay)?|alright|all right|great|fine|perfect|of course|certainly|absolutely|definitely|no problem|why not|sounds|idea|love to|like that|glad to|would be|pleasure|deal|count me in|see you then|will do|i will|i'll do|can do|consider)\b/i;
const REFUSE = /\b(?:but|can'?t|cannot|not|no|sorry|afraid|unfortunately|busy|won'?t|don'?t)\b/i;

/**
 * The user accepting another speaker's proposal or request ("Shall we meet at six?" →
 * "Sure."; "can you call me tomorrow?" → "ok, will do"): it becomes the user's plan,
 * with "me" meaning the one who asked.
 */
export async function acceptedRequest(userText: string, request: { speaker: string; text: string } | undefined, now: Date): Promise<Plan | undefined> {
  if (request === undefined) return undefined;
  const reply = apostrophes(userText).trim();
  const first = reply.split(/(?<=[.!?;])\s+/)[0] ?? "";
  const accepted = ACCEPT.exec(first);
  if (!accepted || !ACCEPT_WORD.test(accepted[0]) || REFUSE.test(first.slice(accepted[0].length))) return undefined;
  // "Can you come in at ten tomorrow?" → "That'll be fine": a visit arranged.
  const visit = visitArranged(request.text, [], now, request.speaker, false);
  if (visit !== undefined) return { ...visit, from: "accepted" };
  const asked = apostrophes(request.text).split(/(?<=[.!?;])\s+/).reverse();
  // "When the spare room is ready, you should come and stay with us": an invitation after a lead-in clause.
  const invitations = asked.map((t) => t.split(/,\s+/).at(-1)!.trim()).filter((t) => COME_INVITED.test(t) && !asked.includes(t));
  for (const sentence of [...invitations, ...asked]) {
    const m = PROPOSAL.exec(sentence.trim().replace(/[.!?;]+$/, ""));
    if (!m) continue;
    // "stay with us", "visit us": whom with is what is named.
    const withThem = /\b(?:stay|visit)\b/i.test(m[1]!) ? `with ${request.speaker}` : "";
    let theirs = m[1]!.replace(/\s+with (?:me|us)\b/gi, withThem && ` ${withThem}`).replace(/\b(?:me|us)\b/gi, request.speaker).replace(/\bmy\b/gi, `${request.speaker}'s`).replace(/\byou\b/gi, "yourself");
    if (/\byourself\b/i.test(theirs)) continue; // "you" left inside: not a plan the words can carry
    // "I'm going hiking on Saturday. Want to come?": joining the other's own plan, said just before.
    if (BARE_GOING.test(theirs)) {
      const joined = await theirPlan(asked.filter((t) => t !== sentence), request.speaker, now);
      if (joined === undefined) continue;
      theirs = `${joined} with ${request.speaker}`;
    }
    // A proposal for both ("shall we ask the others to join us?") stands without a time, kept as a note; what
    // someone asks of the user needs a time to do it by ("could you call them constraints?" is no plan).
    const forBoth = PROPOSAL_LEAD.test(sentence.trim()) || COME_INVITED.test(sentence.trim());
    const plan = await planIn(`we should ${theirs}.`, { now, listener: request.speaker, ...(forBoth && { untimed: true }) });
    if (plan === undefined) continue;
    if (plan.when !== undefined) return { ...plan, from: "accepted" };
    // Kept without a time only when it is for later: "should we plunge right into it?", "want to go ahead?" are for now.
    const verb = plan.action.split(/[^a-z']+/i)[0]!.toLowerCase();
    // Talking together is what they are doing now: "shall we chat about football?" → "sure".
    // Going somewhere named is a plan ("come to Ana's party"); going along, now, is not.
    // Staying with someone is a visit: "stay with Ana for a weekend".
    const goingSomewhere = (MOVING.has(verb) && /^\S+\s+(?:over\s+)?to\s+\S/i.test(plan.action)) || /^stay with\s+\S/i.test(plan.action);
    const forNow = (NOW_VERBS.has(verb) && !goingSomewhere) || TALKING.test(verb) || /^(?:ahead|on|along|through)$/.test(verb) || SERVICE.test(sentence.replace(/\bto join (?:you|them|us)\b/gi, "")) || /\b(?:then|now|right|it|this|that|here|there)\b/i.test(sentence);
    // A proposal in the form of a question is one only when asked: "Do you want to replace the file, no." is read out, and answered.
    const askedAsQuestion = !QUESTION_LEAD.test(sentence.trim()) || /\?\s*$/.test(sentence);
    if (forBoth && !forNow && askedAsQuestion) return { ...plan, from: "accepted" };
  }
  return undefined;
}

/** The other's own plan in their words ("I'm going hiking on Saturday"), as the user would join it: "go hiking on Saturday". */
async function theirPlan(sentences: readonly string[], speaker: string, now: Date): Promise<string | undefined> {
  for (const sentence of sentences) {
    const plan = await planIn(sentence, { now, listener: speaker, untimed: true });
    if (plan !== undefined && plan.from === "user" && !/\b(?:my|me)\b/i.test(plan.action)) return plan.action;
  }
  return undefined;
}

const MAX_SETTLING_WORDS = 8;
const TALKING = /^(?:chat|talk|discuss|speak)$/i;
const TIME_PROPOSAL = /^(?:(?:ok(?:ay)?|well|so|then|and|anyway)[\s,]+)*(?:how about|what about|let's say|shall we say|say|is|would|does)\b/i;

/** A moment ahead to meet or do something at: an hour, or a day by name; not a stretch of time, not "later". */
function settledTime(text: string, now: Date): { text: string; index: number } | undefined {
  for (const r of chronoEn().parse(text, now, { forwardDate: true })) {
    if (!TIME_WORD.test(r.text) || STRETCH.test(text.slice(0, r.index)) || DURATION.test(r.text)) continue;
    if (r.start.date().getTime() <= now.getTime()) continue;
    if (r.start.isCertain("hour") || r.start.isCertain("weekday") || /\b(?:tomorrow|tonight|weekend)\b/i.test(r.text)) {
      const preposition = /\b(?:at|on|around|this|next)\s+$/i.exec(text.slice(0, r.index));
      // "at six", "on Saturday", "how about tomorrow": a time proposed; "it's midnight" is a time told.
      if (preposition === null && !r.start.isCertain("weekday") && !/^(?:at|on|around|this|next|tomorrow|tonight)\b/i.test(r.text) && !TIME_PROPOSAL.test(text)) continue;
      return { text: `${preposition?.[0] ?? ""}${r.text}`, index: preposition?.index ?? r.index };
    }
  }
  return undefined;
}

// The other asking when the user will do something: "When are you going to take your vacation?"
const WHEN_ASKED = /^(?:(?:so|and|but|well|ok(?:ay)?)[\s,]+)*(?:when|what time|what day) (?:are you (?:going to|gonna|planning to|planning on)|will you|do you (?:plan|want|need|have) to|(?=are you \w+ing\b)are you) (.+?)\?$/i;

/**
 * The user's own plan told in answer to "when are you going to …?": "Later this month."
 * The user says the time; the plan is theirs, in the other's words turned round ("your
 * vacation" → "my vacation").
 */
async function whenAnswered(said: string, asked: string, ctx: PlanContext): Promise<Plan | undefined> {
  const question = apostrophes(asked).split(/(?<=[.!?])\s+/).reverse().map((t) => WHEN_ASKED.exec(t.trim())).find((m) => m !== null);
  if (!question) return undefined;
  const first = said.split(/(?<=[.!?;])\s+/)[0] ?? "";
  if (REFUSE.test(first) || first.split(/\s+/).length > MAX_SETTLING_WORDS) return undefined;
  const time = timeAhead(first, ctx.now);
  if (time === undefined) return undefined;
  const doing = question[1]!.replace(/\byours\b/gi, "mine").replace(/\byour\b/gi, "my").replace(/\byou\b/gi, "me");
  const frame = /^\w+ing\b/i.test(doing) ? "I'm" : "I'm going to";
  const plan = await planIn(`${frame} ${doing} ${time.text.replace(/[\s,.]+$/, "")}.`, { now: ctx.now, ...(ctx.listener !== undefined && { listener: ctx.listener }) });
  return plan?.from === "user" ? plan : undefined;
}

/**
 * A time settled after the plan was made: "Let's go work out later." … "How about at
 * 3:30?" (the user), or the other person naming the time and the user agreeing ("What
 * time? Six?" → "OK"). The plan is the latest one without a time in the user's earlier
 * turns (or in the other's proposals), the time the one just said.
 */
export async function timeSettled(
  userText: string,
  earlier: readonly { speaker: string; isUser: boolean; text: string }[],
  ctx: PlanContext,
): Promise<Plan | undefined> {
  const other = earlier.at(-1);
  const said = apostrophes(userText).trim();
  const answered = other !== undefined && !other.isUser ? await whenAnswered(said, other.text, ctx) : undefined;
  if (answered !== undefined) return answered;
  // The user naming the time ("How about at 3:30?", "Six o'clock then.") in a few words …
  let time = said.split(/\s+/).length <= MAX_SETTLING_WORDS || TIME_PROPOSAL.test(said) ? settledTime(said, ctx.now) : undefined;
  // … or agreeing to the time the other person named.
  if (time === undefined && other !== undefined && !other.isUser) {
    const first = said.split(/(?<=[.!?;])\s+/)[0] ?? "";
    const accepted = ACCEPT.exec(first);
    if (accepted && ACCEPT_WORD.test(accepted[0]) && !REFUSE.test(first.slice(accepted[0].length))) time = settledTime(apostrophes(other.text), ctx.now);
  }
  if (time === undefined) return undefined;
  for (const turn of [...earlier].reverse()) {
    // A proposal of the user's, or one the other person made ("shall we go …"): never the other's own plans.
    const proposal = turn.isUser ? turn.text : apostrophes(turn.text).split(/(?<=[.!?;])\s+/).find((t) => PROPOSAL_LEAD.test(t.trim()));
    if (proposal === undefined) continue;
    const plan = turn.isUser
      ? await planIn(proposal, { ...ctx, untimed: true })
      : await planIn(proposal.trim().replace(PROPOSAL_LEAD, "we should "), { now: ctx.now, listener: turn.speaker, untimed: true });
    if (plan === undefined || plan.from !== "together") continue;
    if (plan.when !== undefined) return undefined; // it had its time: asked about then, or not at all
    return { ...plan, when: lowerFirst(time.text), from: turn.isUser ? plan.from : "accepted" };
  }
  return undefined;
}

/** Explicit wording for the assistant, which acts even in the middle of a conversation. */
export const EXPLICIT = /\b(?:remind me|set (?:a |an |the |my )?(?:reminder|timer|alarm)|(?:start|create) (?:a |an )?(?:reminder|timer|alarm)|wake me(?: up)?|timer for|alarm for)\b/i;

// A yes that may only be listening: "Yeah.", "Okay, okay.", "Mm."
const BACKCHANNEL_ONLY = /^(?:(?:yes|yeah|yep|yup|ok(?:ay)?|right|sure|mm+|uh-huh|alright|all right|oh|fine)[\s,.!?]*)+$/i;

// Another speaker saying yes to what the user proposed: "Sure, I'd love to", "Let's watch it together".
const AGREE_TOGETHER = /^(?:(?:ok(?:ay)?|sure|yes|yeah|great|fine)[\s,.!]*)*let's (?:do (?:it|that)|\w+ (?:it|that|them) together)\b/i;

// "watch it", "go to that": an event named in an earlier turn is what "it" is.
const PRONOUN_OBJECT = /\b((?:watch|see|catch|attend|go to|visit|try|join|sign up for|book))\s+(?:it|(?:that|this)(?: one)?|one)\b/i;

/**
 * "Do you want to watch it?" after "it's a quiz show": the pronoun is the event the turns
 * before named (EVENT: a show, a film, a match, an exhibition …), newest first; none, unchanged.
 */
function withReferent(text: string, turns: readonly { text: string }[]): string {
  if (!PRONOUN_OBJECT.test(text)) return text;
  for (const turn of [...turns].reverse().slice(0, 4)) {
    const events = [...apostrophes(turn.text).matchAll(new RegExp(EVENT.source, "gi"))];
    const named = events.at(-1)?.[1];
    if (named !== undefined && !TIME_WORD.test(named)) return text.replace(PRONOUN_OBJECT, `$1 ${named.replace(/^(?:this|that)\s+/i, "the ")}`);
  }
  return text;
}

/**
 * The user's own plan for "it"/"that one", an event named before in the same turn or the turns before:
 * "The next tour is an exhibition of Dutch painters in Leiden. I think I'll sign up for that one."
 */
export async function referredPlan(text: string, earlier: readonly { text: string }[], ctx: PlanContext): Promise<Plan | undefined> {
  const said = apostrophes(text);
  const pronoun = PRONOUN_OBJECT.exec(said);
  // "I'll probably watch it": a guess at what one may do, no plan.
  if (pronoun === null || /\b(?:probably|possibly|might|may|guess|perhaps)\b/i.test(said)) return undefined;
  // Named just before: in the same turn, or the turn before it (an event told a while ago is not what "that" points at).
  const resolved = withReferent(said, [...earlier.slice(-1), { text: said.slice(0, pronoun.index) }]);
  return resolved === said ? undefined : planIn(resolved, ctx);
}

/** The first time ahead said in the earlier turns of the arrangement, newest first: "Do you have time tonight?" … "Let's go to the match." */
function timeFromTurns(turns: readonly { text: string }[], now: Date): { text: string; index: number } | undefined {
  for (const turn of [...turns].reverse()) {
    for (const sentence of apostrophes(turn.text).split(/(?<=[.!?;])\s+/).reverse()) {
      if (HYPOTHETICAL.test(sentence) || /\b(?:was|were|did|had|went|ago|last)\b/i.test(sentence)) continue;
      const time = settledTime(sentence, now);
      if (time !== undefined) return time;
    }
  }
  return undefined;
}

// The user asking to join the other: "do you want some company?", "can I come along?", "mind if I tag along?"
const JOIN_ASKED = /\b(?:(?:do you |would you )?(?:want|like|fancy) (?:some |a little )?company|(?:can|could|may) i (?:come|go) (?:along|with you|too)|(?:can|could|may) i join you|(?:do you )?mind if i (?:come along|join you|tag along|come with you))\b/i;

/** The other's own plan, told in their last turns ("I'm going for a hike in the hills"), joined: "go for a hike in the hills with Tom". */
async function joinedPlan(turns: readonly { speaker: string; isUser: boolean; text: string }[], now: Date): Promise<Plan | undefined> {
  for (const turn of [...turns].reverse().slice(0, 4)) {
    if (turn.isUser) continue;
    const sentences = apostrophes(turn.text).split(/(?<=[.!?;])\s+/).filter((t) => !/\b(?:now|right now|just|was|were|went|did|had)\b/i.test(t));
    const joined = await theirPlan(sentences, turn.speaker, now);
    if (joined === undefined) continue;
    const found = timeAhead(joined, now) ?? timeFromTurns(turns.slice(-6), now);
    const when = found?.text
      .replace(/[\s,.!?]+$/, "")
      .replace(/^(?=(?:mon|tues|wednes|thurs|fri|satur|sun)day\b)/i, "on ")
      .replace(/^(?:the )?weekend$/i, "this weekend");
    // Whom with goes without saying when the plan is long already: a question a person takes in at once.
    const withWhom = joined.split(/\s+/).length <= 6 ? ` with ${turn.speaker}` : "";
    const action = `${joined}${withWhom}${when !== undefined && !joined.includes(when) ? ` ${when}` : ""}`;
    return { kind: "arrangement", action, ...(when !== undefined && { when: lowerFirst(when) }), from: "together" };
  }
  return undefined;
}

// The other agreeing to meet at a time the user named.
const SEE_YOU_THEN = /\bsee you (?:(?:around|at|about) )?(?:then|that time)\b/i;

/** A time the user proposes in a few words ("What about tomorrow?", "How about Saturday at 11?"), with a loose time said right after it ("After lunch?"). */
function timeProposed(text: string, now: Date): string | undefined {
  const sentences = apostrophes(text).split(/(?<=[.!?;])\s+/);
  for (const [i, sentence] of sentences.entries()) {
    const words = sentence.trim();
    if (words.split(/\s+/).length > MAX_SETTLING_WORDS || !(/\?\s*$/.test(words) || TIME_PROPOSAL.test(words))) continue;
    const time = settledTime(words, now);
    if (time === undefined) continue;
    // Only the time is said: "what about the weather tomorrow?" asks about something else.
    const rest = words.replace(/[?.!]+$/, "").replace(time.text, "").replace(/^(?:(?:ok(?:ay)?|well|so|then|and|anyway)[\s,]+)*(?:(?:how|what) about|shall we say|let's say|say)\b/i, "").replace(/,\s*\w+$/, "");
    if (!/^(?:[\s,]|\b(?:then|instead|maybe|at|around|about|o'clock|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirty|fifteen|forty-five|half|past|\d+(?::\d\d)?)\b)*$/i.test(rest)) continue;
    const after = sentences[i + 1] === undefined ? undefined : LOOSE.map(([re]) => re.exec(sentences[i + 1]!)).find((m) => m !== null && m !== undefined);
    // The time as said to the sentence's end: "tomorrow at ten" (chrono-node reads "tomorrow" only).
    const said = words.slice(time.index).replace(/[\s,.!?]+$/, "").replace(/,\s*\w+$/, "");
    const day = said.replace(/^(?:how|what) about\s+/i, "").replace(/^(?=(?:mon|tues|wednes|thurs|fri|satur|sun)day\b)/i, "on ");
    return [day, after?.[0].toLowerCase()].filter(Boolean).join(" ");
  }
  return undefined;
}

// A visit asked of the other at a time: "can you come over at 11?", "could you drop by tomorrow morning?".
// A visit arranged at a time: asked ("can you come over at 11?", "could you drop by tomorrow morning?") or offered ("I can come round at ten").
const VISIT = /^(?:(?:ok(?:ay)?|so|then|well|and)[\s,]+)*(?:(?:can|could|would|will) (you|someone|somebody|one of you)(?: please)?|(i|we|someone|somebody|one of us) (?:can|could|will|'ll|shall)) (?:come|drop|stop|pop)(?: (?:over|by|round|around|in|out))?\b\s*(.*?)[?.!]*$/i;
const HOURS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
const HOUR_WORD = new RegExp(String.raw`\b(at|around|by) (${HOURS.join("|")})\b`, "i");
// A day named in the turns before: "How about Saturday?" … "Can you come over at 11?".
const DAY = /\b(?:tomorrow|(?:this |next |on )?(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/i;

/**
 * A visit arranged at a time, with the day from the turns before: the one who comes is the one asked, or the one
 * who offers. Said by the user (`byUser`, the other agrees) or by the other (the user agrees): "Can you come over at 11?"
 * asked by the user is the other coming (expect them); asked of the user, the user goes (visit them).
 */
function visitArranged(text: string, earlier: readonly { text: string }[], now: Date, other: string | undefined, byUser: boolean): Plan | undefined {
  for (const sentence of apostrophes(text).split(/(?<=[.!?;])\s+/).reverse()) {
    const m = VISIT.exec(sentence.trim());
    if (!m || HYPOTHETICAL.test(m[3]!) || /\b(?:if|unless|wish)\b/i.test(sentence)) continue;
    // chrono-node reads "at 10", not "at ten".
    const said = m[3]!.replace(HOUR_WORD, (_, at: string, n: string) => `${at} ${HOURS.indexOf(n.toLowerCase()) + 1}`);
    const time = timeAhead(said, now);
    // Only the time is said after the visit: "can you come in and sign this?" is something else.
    if (time === undefined || (time.index !== 0 && !/^(?:(?:on|at)\s+)?$/i.test(said.slice(0, time.index).trim()))) continue;
    let when = said.slice(time.index).trim();
    if (!DAY.test(when)) {
      const day = earlier.slice(-6).map((t) => DAY.exec(apostrophes(t.text))).filter((d) => d !== null).at(-1)?.[0];
      // "on saturday" → "on Saturday"; "next friday" → "next Friday"; "tomorrow".
      const named = day?.toLowerCase().replace(/^(?=(?:mon|tues|wednes|thurs|fri|satur|sun)day)/, "on ").replace(/\b(\w)(?=\w*day$)(?!oday)/, (c) => c.toUpperCase());
      if (named !== undefined) when = `${named} ${when}`;
    }
    const otherComes = (m[1] !== undefined) === byUser;
    return { kind: "arrangement", action: `${otherComes ? "expect" : "visit"} ${other ?? "them"} ${when}`, when: lowerFirst(when), from: "together" };
  }
  return undefined;
}

// The user's invitation to come along with no place in it: "why don't you come with us?", "want to come along?".
const COME_ALONG = /\b(?:why don't you|do you want to|would you like to|you want to|want to|wanna|you should) come(?: along)?(?: with (?:us|me)| too)?\s*\?/i;
// A stay the user (or their family) arranged, told in an earlier turn: "we rented a cabin for the weekend", "my parents have booked a villa in Crete".
const STAY = /\b(?:rented|booked|reserved|hired)\s+(?:a|an)\s+((?:[\w'-]+\s+){0,2}?(?:cabin|cottage|condo(?:minium)?|house|villa|flat|apartment|chalet|lodge|boat|houseboat|camper|caravan|beach house))\b(?:\s+(?:in|at|on|by|near)\s+((?:the\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*))?/;

/** Where "come with us" goes: the stay the user told of in their turns before, with its time if one was said. */
function stayTold(earlier: readonly { isUser: boolean; text: string }[], now: Date, listener: string | undefined): Plan | undefined {
  for (const turn of [...earlier].reverse().slice(0, 4)) {
    if (!turn.isUser) continue;
    for (const sentence of apostrophes(turn.text).split(/(?<=[.!?;])\s+/).reverse()) {
      if (HYPOTHETICAL.test(sentence) || /\b(?:last|ago|used to|once|when i was)\b/i.test(sentence)) continue;
      const m = STAY.exec(sentence);
      if (!m) continue;
      const place = m[2] !== undefined ? m[2] : `the ${m[1]!}`;
      const time = timeAhead(sentence, now) ?? timeFromTurns(earlier.slice(-6), now);
      // "for the weekend" is when they go: this weekend.
      const when = time?.text.replace(/[\s,.!?]+$/, "").replace(/^(?:for |over )?(?:the )?weekend$/i, "this weekend");
      return { kind: "arrangement", action: `go to ${place} with ${listener ?? "them"}${when !== undefined ? ` ${when}` : ""}`, ...(when !== undefined && { when: lowerFirst(when) }), from: "together" };
    }
  }
  return undefined;
}

/**
 * The arrangement settled when another speaker accepts what the user proposed or invited
 * them to ("Shall we try the new ramen place on Friday?" → "Sure, I'd love to"): the user's
 * plan, asked about once it is agreed. Its time may be in the proposal or in an earlier turn
 * of the same arrangement ("Are you free on Saturday?" … "Shall we go to the zoo?").
 * Without a time it is kept as a note only when it is no errand done now.
 */
export async function acceptedByOther(
  otherText: string,
  earlier: readonly { speaker: string; isUser: boolean; text: string }[],
  ctx: PlanContext,
): Promise<Plan | undefined> {
  const proposal = earlier.at(-1);
  if (proposal === undefined || !proposal.isUser) return undefined;
  // The yes may follow a first reaction: "Really? I'd love to!"
  const agreed = apostrophes(otherText)
    .trim()
    .split(/(?<=[.!?;])\s+/)
    .slice(0, 2)
    .some((sentence) => {
      const accepted = ACCEPT.exec(sentence);
      return (accepted !== null && ACCEPT_WORD.test(accepted[0]) && !REFUSE.test(sentence.slice(accepted[0].length))) || AGREE_TOGETHER.test(sentence);
    });
  if (!agreed || REFUSE.test(otherText.split(/(?<=[.!?;])\s+/)[0] ?? "")) return undefined;
  // "Want some company?", "Can I come along?" → "Sure, …": the user joins the plan the other told just before.
  if (JOIN_ASKED.test(apostrophes(proposal.text))) {
    const joined = await joinedPlan(earlier.slice(0, -1), ctx.now);
    if (joined !== undefined) return joined;
  }
  const plan = await planIn(withReferent(proposal.text, earlier.slice(0, -1)), { ...ctx, untimed: true });
  // "Can you come over at 11?" → "That'll be fine.": a visit agreed, the user to be there for it.
  if (plan === undefined) {
    const visit = visitArranged(proposal.text, earlier.slice(0, -1), ctx.now, ctx.listener, true);
    if (visit !== undefined) return visit;
    // "We rented a cabin for the weekend." … "Why don't you come with us?" → "I'd love to!"
    const stay = COME_ALONG.test(apostrophes(proposal.text)) && !BACKCHANNEL_ONLY.test(otherText.trim()) ? stayTold(earlier.slice(0, -1), ctx.now, ctx.listener) : undefined;
    if (stay !== undefined) return stay;
  }
  // "What about tomorrow? After lunch?" → "OK, see you then": the two meet at the time the user named.
  if ((plan === undefined || plan.from !== "together") && SEE_YOU_THEN.test(otherText)) {
    const time = timeProposed(proposal.text, ctx.now);
    if (time !== undefined) return { kind: "arrangement", action: `meet ${ctx.listener ?? "them"} ${time}`, when: lowerFirst(time), from: "together" };
  }
  // Only what includes the other: a proposal or an invitation, not the user's own errand told to them.
  if (plan === undefined || plan.from !== "together") return undefined;
  if (plan.when !== undefined) return plan;
  const time = timeFromTurns(earlier.slice(-6), ctx.now);
  if (time !== undefined) return { ...plan, action: `${plan.action} ${time.text}`, when: lowerFirst(time.text) };
  // Without a time, only an invitation asked ("shall we …?", "do you want to …?"), answered with more than
  // a backchannel: in a meeting, "let's move on to the budget" → "yeah" is the meeting's own business, now.
  const invited = apostrophes(proposal.text)
    .split(/(?<=[.!?;])\s+/)
    .some((sentence) => /\?\s*$/.test(sentence) && PROPOSAL_LEAD.test(sentence.trim()) && sentence.split(/\s+/).length <= MAX_UNTIMED_WORDS);
  const verb = plan.action.split(/[^a-z']+/i)[0]!.toLowerCase();
  // Going somewhere named ("go to the exhibition") is a plan; going along, now, is not.
  const goingSomewhere = MOVING.has(verb) && /^\S+\s+(?:over\s+)?to\s+\S/i.test(plan.action);
  if (!invited || BACKCHANNEL_ONLY.test(otherText.trim()) || (NOW_VERBS.has(verb) && !goingSomewhere) || TALKING.test(verb) || SERVICE.test(proposal.text) || /\b(?:then|now|right|here)\b/i.test(proposal.text)) return undefined;
  return plan;
}
