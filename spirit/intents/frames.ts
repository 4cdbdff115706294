// The "frame" of a clause: HOW something is said, independent of WHAT.
// The same verb phrase is a request in "book a table for two", information
// in "when do i book a table", a procedure question in "how do i book a
// table" and a conversation between people in "we should book a table".
// Action rules say WHAT; the frame decides whether it counts.

export type Frame =
  | "imperative" // "call mom", "please set a timer"
  | "request" // "can you ...", "can i ...", "is it possible to ..."
  | "statement" // "i need a flight ...", "my card is broken"
  | "discussion" // "we should book the flight" - people talking, not asking the assistant
  | "procedural" // "how do i set up direct deposit"
  | "info" // "tell me ...", "i need to know ...", "check ..."
  | "wh" // "what / when / where ..." questions
  | "yesno" // "is / do / does ..." questions
  | "conditional" // "if my card was stolen ..."
  | "plan" // "i'm going to call mom later": the speaker's own plan, not a request
  | "past" // "we booked a table for saturday": telling what was done, not asking
  | "reported"; // "alice said she will send the money": telling what someone said, not asking

const FILLER = /^(?:(?:hey|hi|ok|okay|ai|so|um|uh|well|alright|and|also|oh|yo|now|yeah|yep|yes|right|excuse me|quick question|,) )+/;

// Reported speech: at most one word (a name, a pronoun) before the verb of saying.
const REPORTED = /^(?:[a-z']+ )?(?:said|says|told (?:me|us|him|her|them)|tells (?:me|us)|mentioned|claims|claimed|heard)\b/;

// People suggesting something to each other. "let us" counts unless the
// speaker clearly talks to the assistant ("let us add milk to my list please").
const DISCUSSION =
  /^(?:(?:i think|i guess|i feel like|maybe|perhaps|honestly|do you think|do not you think) )?(?:we|you guys|somebody|someone|one of us)(?: really| definitely| probably| still| also)? (?:should|could|can|need to|needs to|has to|ought to|have to|must|might want to|got to|had better|better|are going to have to)\b|^(?:he|she|they|my (?:wife|husband|partner|mom|mother|dad|father|son|daughter|kids?|boss|friend|brother|sister|roommate)) (?:wants|needs|would like|has|should|could|ought) to\b|^(?:shall we|how about we|why do not we|what if we|we are going to need to|it (?:would|might) be (?:good|nice|smart|a good idea) to)\b/;
const LET_US = /^let us\b/;
const TO_ASSISTANT = /\b(?:please|my|you|your)\b/;

const CONDITIONAL =
  /^(?:if|whenever|once|in case|as soon as|the next time|next time|when(?! (?:is|are|was|were|do|does|did|will|would|can|could|should|shall|has|have|had|am|must)\b))\b/;

// "how do i X", "where can i X", "what is needed to X", "tell me how to X".
const PROCEDURAL = new RegExp(
  "^(?:(?:(?:i )?(?:need|want|would like|must|have) to (?:know|find out|understand|learn|figure out)|tell me|show me|explain(?: to me)?|(?:can|could|would|will) you (?:tell|show|explain to|let) me(?: know)?|let me know|do you know|i (?:need|want) (?:guidance|help|instructions|information|info|directions) (?:on|with|about|for)|i want to figure out|i am not sure|i do not know) )?" +
    "(?:how (?:do|can|could|should|would|might|does|will)(?: i| we| one| you| someone)?|how to|where (?:do|can|could|should|would) (?:i|we|one)|where to" +
    "|what (?:is|are) (?:the |some )?(?:steps|process|procedure|way|requirements|requirement)\\b|what (?:is|do i) need(?:ed)?(?: to do)?(?: to| for)\\b|what (?:do|should|can) i (?:need to )?do (?:to|if|when|about)\\b" +
    "|how (?:is|are) (?:a |an |the )?(?:[a-z0-9]+ ){1,3}?(?:scheduled|booked|made|done|requested|ordered|set up|reported|changed)\\b)",
);

const INFO =
  /^(?:(?:(?:can|could|would|will) you|please) )?(?:tell me(?! to\b)|let me know|let me hear|show me|show|read|look up|lookup|check|find out|see if|search for|explain|inform me|advise me|remind me (?:what|when|where|who|how|which)|give me (?:info|information|details|an update|the status|my)|(?:i )?(?:need|want|would like|must|have) to (?:know|find out|check|see|learn)|i (?:wonder|am curious|am wondering)|any idea|do you know|i need (?:info|information|some information|details))\b/;

// The speaker announcing what THEY will do or just did. Needs ("i'll need a
// rental car", "i'm going to need an uber") are still requests.
const PLAN =
  /^(?:i|we) (?:am|are) (?:going to|about to|planning to|thinking about|thinking of) (?!need|have to|require)|^(?:i|we) will (?!not|need|have to|require|want|like)[a-z]+|^(?:i|we) (?:just|already) (?!need|want|got to|have to)/;

// Telling what was already done: a transaction verb in the past tense right after the
// person. Problems ("i lost my card", "my bags never arrived") are not in the list: those ask for help.
const PAST =
  /^(?:i|we|he|she|they|my [a-z]+|our [a-z]+) (?:(?:already|just|finally|also) )?(?:booked|paid|sent|ordered|called|bought|reserved|scheduled|rented|texted|transferred|cancell?ed|played|added|set|moved|emailed|messaged|took|had|went|met|attended|missed|made a (?:reservation|booking|payment|transfer|call))\b/;

// A time gone by said first: "last tuesday at three i had a meeting", "yesterday we booked a table".
const TIME_GONE = /^(?:yesterday|last (?:night|week|weekend|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:this|earlier this) (?:morning|afternoon)|\w+ (?:days?|weeks?|months?|years?) ago)(?:\s+(?:morning|afternoon|evening|night))?(?:\s+(?:at|around|about) [\w:]+(?: (?:am|pm|o'clock))?)?,?\s+/;

const WH = /^(?:what|whats|when|where|which|who|whom|whose|why|how(?! about))\b/;
const YESNO = /^(?:is|are|was|were|am|do|does|did|has|have|had|will|would|should|shall|can|could|may|might|must)\b/;

// Yes/no questions that are really requests.
const REQUEST_Q =
  /^(?:(?:can|could|would|will|may) (?:you|u)\b(?! (?:tell me|tell us|say|explain|think|know|be|remember)\b)|(?:can|could|may) (?:i|we)\b|(?:is|would) it (?:be )?possible\b|is there (?:a|any) (?:way|chance|time)\b|(?:do|would) you mind\b|how about\b|(?:can|could) (?:my|the|a|an|our) (?:[a-z0-9']+ ){1,6}?(?:be [a-z]+(?:ed|en)|go up|go down)\b)/;

const SELF = /^(?:i|my|we|our|the|it|this|that|there|someone|somebody|he|she|they|his|her|mine|unfortunately|turns out|looks like)\b/;

// What something is or was like ("the lights at the concert were amazing", "the music in that
// shop is awful"): talk about a thing, not a request for it. A problem with it ("my card is
// partly damaged", "the wifi is down", "my booking is no longer needed") may still be one, and so
// may a room too dark or a sound too loud.
const DESCRIPTION =
  /^(?:the|that|this|those|these|it|he|she|they|his|her|their|our|my|your) (?:[a-z']+ ){0,4}?(?:was|were|is|are|looks?|looked|seems?|seemed|sounds?|sounded|tastes?|tasted|feels?|felt) (?!(?:(?:way|much|far|so|very|really|a bit|a little|pretty|quite|getting) )?(?:too|dark|bright|dim|loud|quiet|noisy|cold|hot|time|\w+ time)\b)/;
const PROBLEM = /\b(?:not|no longer|broken|damaged|cracked|down|missing|stolen|lost|dead|stuck|late|overdue|due|blocked|frozen|empty|low|expired|declined|wrong|failed|failing|leaking|off|out of|freezing|boiling|roasting|baltic|chilly)\b/;

/** Whether a clause says what something is or was like, and asks nothing. */
export function describes(clause: string): boolean {
  const t = withoutFiller(clause);
  return DESCRIPTION.test(t) && !PROBLEM.test(t);
}

/** The clause without leading fillers ("yeah", "ok so", "um"). */
export function withoutFiller(clause: string): string {
  return clause.replace(FILLER, "").trim();
}

export function frameOf(clause: string): Frame {
  const t = withoutFiller(clause);
  if (REPORTED.test(t)) return "reported";
  if (DISCUSSION.test(t)) return "discussion";
  if (LET_US.test(t)) return TO_ASSISTANT.test(t) ? "imperative" : "discussion";
  if (CONDITIONAL.test(t)) return "conditional";
  if (PLAN.test(t)) return "plan";
  if (PAST.test(t) || PAST.test(t.replace(TIME_GONE, ""))) return "past";
  if (PROCEDURAL.test(t)) return "procedural";
  if (INFO.test(t)) return "info";
  if (REQUEST_Q.test(t)) return "request";
  if (WH.test(t)) return "wh";
  if (/^do not\b/.test(t)) return "imperative"; // "don't let me forget", "do not book it"
  if (YESNO.test(t)) return "yesno";
  if (SELF.test(t)) return "statement";
  return "imperative";
}

/** Frames in which an ordinary action rule may fire. */
export function acts(frame: Frame): boolean {
  return frame === "imperative" || frame === "request" || frame === "statement" || frame === "discussion";
}

/** Frames that are questions (the action rule needs inQuestions). */
export function asks(frame: Frame): boolean {
  return frame === "info" || frame === "wh" || frame === "yesno";
}
