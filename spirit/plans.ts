/**
 * Plans people make for later, heard in a conversation: the only thing said between
 * people that the Spirit may offer help with. Read by structure, not by topic:
 *
 *   a commitment or proposal   "I'll …", "I have to …", "we should …", "let's …"
 *   + a verb the assistant can serve: travel, bookings, scheduling, buying, messages, calls
 *   + for one person's commitment, a time ahead ("tomorrow", "tonight", "next week", "at 5")
 *
 * or the user accepting what another speaker asked of them ("can you call me tomorrow?"
 * → "ok, will do"). Questions, hypotheticals (if, would, maybe, wish), narration and
 * opinions have none of these shapes and stay quiet. Doing something in person right now
 * ("can I have a table for three", "you can pay in cash") is said to the person there:
 * not a commitment, not for later.
 */

export type PlanKind = "flight" | "travel" | "booking" | "shopping" | "message" | "call" | "payment" | "scheduling";

export interface Plan {
  kind: PlanKind;
  /** What the user will do, as the user would say it: "call him tomorrow", "book the hotel in Rome". */
  action: string;
  /** The words naming when, if any ("tomorrow", "next friday"). */
  when?: string;
  /** Said by the user, or the user accepting another speaker's request. */
  from: "user" | "accepted";
}

const FILLERS = String.raw`(?:(?:ok(?:ay)?|sure|yes|yeah|yep|alright|all right|fine|right|well|so|then|oh|and|good|great|cool)[\s,.!-]+)*`;
// "I" commitments need a time ahead; "we"/"let's" proposals are plans among people as they are.
// Speech recognisers drop apostrophes: "ill call him", "im gonna", "lets book".
const I_LEAD = String.raw`i(?:'ll|ll| will|'m going to|m going to| am going to|'m gonna|m gonna| am gonna| have to|'ve got to|ve got to| have got to| need to| must| gotta| should)`;
const WE_LEAD = String.raw`(?:we(?:'ll| will|'re going to| are going to|'re gonna| should| need to| have to| must| gotta| ought to| could)|let'?s|let us|how about we|why don'?t we)`;
const ADVERBS = String.raw`(?:(?:definitely|really|just|also|probably|then|still|first|totally|actually|seriously|so|both)\s+)*`;
const LEAD = new RegExp(`^${FILLERS}(?:(${I_LEAD})|(${WE_LEAD}))\\s+${ADVERBS}(.+)$`, "i");

/** Verb → kind; the object decides between close kinds (book a flight is a flight). */
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
  send: "message",
  pay: "payment",
  schedule: "scheduling",
  reschedule: "scheduling",
  arrange: "scheduling",
  rent: "travel",
};

const HYPOTHETICAL = /\b(?:if|would|could have|should have|might|maybe|perhaps|wish|unless|whether|suppose|imagine)\b/i;
const FUTURE =
  /\b(?:tomorrow|tonight|later|this (?:morning|afternoon|evening|weekend|week|month|summer|winter|spring|fall)|next (?:week|month|year|weekend|time|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday) (?:morning|afternoon|evening|night)|at \d{1,2}(?::\d\d)?\s*(?:am|pm|o'clock)?|in (?:a|an|one|two|three|\d+) (?:minutes?|hours?|days?|weeks?)|before (?:work|lunch|dinner|the weekend|friday|monday)|after (?:work|lunch|dinner|school|the meeting)|when (?:i|we) get (?:home|back|there))\b/i;
// "call it a day", "send it", "book it" with nothing named: no plan a question could name.
const EMPTY_OBJECT = /^(?:it|that|this|them|one|some|any)\b(?:\s+(?:a day|quits|off|out|up|in))?\s*$/i;
const CALL_IDIOM = /^(?:it|that|this)\b/i;

/** A clause, cut at the end of the sentence and at what would start another one. */
function clauseOf(rest: string): { text: string; question: boolean } {
  const end = /[.!?;]|\s(?:but|because|cause|though|although|so that|lol|haha)\b/i.exec(rest);
  const text = (end ? rest.slice(0, end.index) : rest).replace(/[\s,]+$/, "").trim();
  return { text, question: end?.[0] === "?" };
}

function kindOf(verb: string, object: string): PlanKind | undefined {
  const base = VERBS[verb];
  if (base === undefined) return undefined;
  if (/\b(?:flights?|plane tickets?)\b/.test(object) || verb === "fly") return "flight";
  if (base === "booking" && /\b(?:hotel|train|bus|trip|car|airbnb|room)\b/.test(object)) return "travel";
  if (verb === "send" && /\b(?:\$|dollars?|euros?|pounds?|money|bucks)\b/.test(object)) return "payment";
  return base;
}

/** A plan in the user's own words, if the utterance holds one. */
export function planIn(text: string): Plan | undefined {
  for (const sentence of text.replace(/[\u2018\u2019]/g, "'").split(/(?<=[.!?;])\s+/)) {
    const m = LEAD.exec(sentence.trim());
    if (!m) continue;
    const { text: action, question } = clauseOf(m[3]!);
    if (question || HYPOTHETICAL.test(sentence)) continue;
    const [verb = "", ...words] = action.toLowerCase().split(/\s+/);
    const object = words.join(" ");
    const kind = kindOf(verb, object);
    if (kind === undefined || object === "" || EMPTY_OBJECT.test(object) || (kind === "call" && CALL_IDIOM.test(object))) continue;
    const when = FUTURE.exec(action)?.[0];
    if (m[1] !== undefined && when === undefined) continue; // "I'll buy it" someday is not a plan to help with
    return { kind, action, ...(when !== undefined && { when }), from: "user" };
  }
  return undefined;
}

// Another speaker asking the user to do something, and the user's bare yes to it.
const REQUEST = /^(?:(?:hey|so|and|oh|also|please)[\s,]+)*(?:(?:can|could|would|will) you(?: please)?|please|don'?t forget to|do not forget to|remember to|you should|you need to|you have to|make sure (?:you|to))\s+(.+)$/i;
const ACCEPT = /^(?:ok(?:ay)?|sure|yes|yeah|yep|alright|all right|fine|of course|no problem|will do|i will|i'll do (?:it|that)|i can do that|consider it done)(?:[\s,.!]+(?:i will|i'll do (?:it|that)|will do|no problem|i can))*[\s,.!]*$/i;

/**
 * The user accepting another speaker's request ("can you call me tomorrow?" → "sure, will
 * do"): the request becomes the user's plan, with "me" meaning the one who asked.
 */
export function acceptedRequest(userText: string, request: { speaker: string; text: string } | undefined): Plan | undefined {
  if (request === undefined || !ACCEPT.test(userText.trim())) return undefined;
  const m = REQUEST.exec(request.text.trim().replace(/[\u2018\u2019]/g, "'"));
  if (!m) return undefined;
  const { text } = clauseOf(m[1]!);
  const theirs = text.replace(/\b(?:me|us)\b/gi, request.speaker).replace(/\bmy\b/gi, `${request.speaker}'s`);
  const plan = planIn(`we should ${theirs}`);
  if (plan === undefined) return undefined;
  return { ...plan, from: "accepted" };
}

/** Explicit wording for the assistant, which acts even in the middle of a conversation. */
export const EXPLICIT = /\b(?:remind me|set (?:a |an |the |my )?(?:reminder|timer|alarm)|(?:start|create) (?:a |an )?(?:reminder|timer|alarm)|wake me(?: up)?|timer for|alarm for)\b/i;
