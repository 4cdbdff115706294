/** The words the plan reader shares: what a plan is, who is spoken to, and the verbs and phrases of things done now. */
import type { Turn } from "../conversation.js";

export type PlanKind = "flight" | "travel" | "booking" | "shopping" | "message" | "call" | "payment" | "scheduling" | "arrangement";

export interface Plan {
  kind: PlanKind;
  /** What the user will do, as the user would say it: "call him tomorrow", "book the hotel in Rome". */
  action: string;
  /** The words naming when, if any ("tomorrow", "next friday", "after the meeting"). */
  when?: string;
  /** The user's own commitment, one with others ("let's …"), or the user accepting another's proposal or request. */
  from: "user" | "together" | "accepted";
  /** Something that will happen to the user, said as a clause ("my mum is coming over"): reminded "that", not "to". */
  that?: true;
}

/** A turn of the conversation as the plan reader needs it (conversation.ts's Turn, without its addressee and time). */
export type SpokenTurn = Pick<Turn, "speaker" | "isUser" | "text">;

export interface PlanContext {
  /** The time the words were said: times are read ahead of it. */
  now: Date;
  /** Who the user is speaking to: "you" in the user's words is this person ("them" when unknown). */
  listener?: string;
  /** Also a plan with no time yet ("let's go work out" → "how about at 3:30?"): the time may come later. */
  untimed?: boolean;
}

export const apostrophes = (s: string) => s.replace(/[\u2018\u2019`]/g, "'").replace(/\s+'\s*(?=(?:s|t|re|ve|ll|d|m)\b)/gi, "'");
/** The sentences of what was said, its apostrophes made plain. */
export const sentencesOf = (text: string): string[] => apostrophes(text).split(/(?<=[.!?;])\s+/);

export const FILLER = String.raw`(?:(?:this time|from now on|first of all|first|one (?:more|last|other) thing|besides|also|ok(?:ay)?|sure|yes|yeah|yep|alright|all right|fine|right|well|so|then|oh|and|but|now|good|great|cool|anyway|um|uh|hey|look|listen|honestly|actually)\b[\s,.!-]*)*`;
export const lowerFirst = (when: string) => when.replace(/^(On|In|At|By|This|Next|Tomorrow|Tonight|Later|After|Before)\b/, (w) => w.toLowerCase());

/** "you" in the user's words is the person spoken to; "with me", "with us" go without saying. */
export function forTheUser(action: string, listener: string | undefined): string {
  const them = listener ?? "them";
  return action
    .replace(/\s+(?:with|for) (?:me|us)\b/gi, "")
    .replace(/\b(?:you all|you guys|you)\b/gi, them)
    .replace(/\byour\b/gi, listener ? `${listener}'s` : "their");
}

// Said as a condition, a wish or a maybe before the frame: not a plan.
export const HYPOTHETICAL = /\b(?:if|unless|whether|would|wish|maybe|perhaps|suppose|imagine|might|could have|should have|in case)\b/i;
// A verb of moving is a plan with somewhere to go: "go to Denver", "come to my party".
export const MOVING = new Set(["go", "come", "get"]);
// Done now, in front of a clerk, a waiter or a guest ("I'll take it", "I'll have the soup",
// "I'll check that for you", "I'll get you a menu"), or going somewhere now ("I'll go with
// you", "I've got to run to class"): no time, no plan for later.
export const NOW_VERBS = new Set([
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
export const SERVICE = new RegExp(
  String.raw`\bjust\b|\b(?:talk|speak|chat) (?:to|with) you\b|\bfor (?:you|them|him|her)\b|\b(?:by|in|with) (?:my |your |a )?(?:cash|card|credit|cheque|check|visa)\b|\b(?:right )?(?:now|right away|at once|immediately)\b|\b(?:if|unless)\b|\bjoin (?:you|them|us)\b` +
    // A guide's service, now: "I'll walk you through it", "I'll take everyone through the project".
    String.raw`|\b(?:you|you all|them|everyone|everybody) through\b|${FLOOR}`,
  "i",
);
export const TALKING = /^(?:chat|talk|discuss|speak)$/i;
export const MAX_SETTLING_WORDS = 8;
/** A commitment said in passing inside a long sentence (a meeting's agenda, a story) is no plan to keep. */
export const MAX_UNTIMED_WORDS = 16;
// A yes that may only be listening: "Yeah.", "Okay, okay.", "Mm."
export const BACKCHANNEL_ONLY = /^(?:(?:yes|yeah|yep|yup|ok(?:ay)?|right|sure|mm+|uh-huh|alright|all right|oh|fine)[\s,.!?]*)+$/i;

/** Explicit wording for the assistant, which acts even in the middle of a conversation. */
export const EXPLICIT = /\b(?:remind me|set (?:a |an |the |my )?(?:reminder|timer|alarm)|(?:start|create) (?:a |an )?(?:reminder|timer|alarm)|wake me(?: up)?|timer for|alarm for)\b/i;

// "An exhibition of Picasso's paintings is on", "the mall is having a big sale this weekend": an event named.
export const EVENT = /\b((?:a|an|the|this|that)\s+(?:[\w'-]+\s+){0,3}?(?:exhibition|exhibit|sale|party|concert|show|play|film|movie|match|game|festival|fair|market|gig|parade|talk|lecture|tour|trip)s?\b(?:\s+(?:of|by)\s+(?:[\w'-]+\s+){0,2}?[\w'-]+(?=\s+(?:is|are|will|on|at|this|next|tomorrow|tonight)\b|[\s,.!?]*$))?)/i;

export const MEAL = /\b(?:breakfast|brunch|lunch|dinner|supper|coffee|tea|drinks?|beers?|pizza|meal|bite)\b/i;
// A film named by its kind ("the comedy …", "a thriller") is a show too.
export const SHOW = /\b(?:film|movie|show|play|concert|match|game|musical|opera|ballet|comedy|drama|thriller|documentary|western|cartoon)\b/i;
export const ACTIVITY = /\b(?:walk|hike|swim|run|ride|drive|picnic|jog)\b/i;
export const OUTING = /\b(?:party|trip|museum|exhibition|gallery|beach|park|gym|cinema|theat(?:er|re)|club|bar|pub|zoo|fair|festival|market|sale|mall)\b/i;
