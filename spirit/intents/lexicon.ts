// Shared vocabulary and the shape of an action rule. The rule files
// (actions-*.ts) are plain tables built from these pieces.

export type ActDecision = "spawn" | "nudge";

export interface ActionRule {
  /** Sub-kind reported in Intent.kind (flight, payment, timer, ...). */
  kind: string;
  /** spawn = low-risk, just do it; nudge = consequential, ask first. */
  decision: ActDecision;
  /** Must match the normalized text; match.index locates the clause whose frame decides. */
  re: RegExp;
  /** Must ALSO match somewhere (unordered second condition). */
  also?: RegExp;
  /** Vetoes the rule (read-only variants, assistant settings, ...). */
  unless?: RegExp;
  /** Imperative verb put in front of the task text when the clause has none ("a flight to x" -> "book a flight to x"). */
  verb: string;
  /** Fixed task text for problem statements ("my card is broken" -> "report a damaged card"). */
  task?: string;
  /** Fires for "how do i ..." questions: a transaction the assistant can start for the user. */
  procedural?: boolean;
  /** Fires even inside wh-/yes-no questions (lost things, availability with dates). */
  inQuestions?: boolean;
  /** Reason text; says which rule fired. */
  why: string;
}

// Words that may stand right before an action verb. Requiring one of them
// (or the start of the text) is what makes "book" a verb in "book a table"
// but not in "bring a book", and "call" a verb in "please call bob" but not
// in "what do people call you" (the question frame vetoes that one anyway).
const SLOT =
  "please|kindly|you|u|to|and|so|then|just|now|also|i|me|us|we|can|could|would|will|must|should|shall|ahead and|quickly|maybe|first|help|pls";

/** Regex source for an action verb in verb position. */
export function V(alts: string): string {
  return `(?:^|, |\\b(?:${SLOT}) )(?:${alts})\\b`;
}

export const rx = (src: string): RegExp => new RegExp(src);

const MONTH = "(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*";
const WEEKDAY = "(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?";
const DAY = `(?:(?:this |next |the )?${WEEKDAY}|tomorrow|today|tonight|(?:the )?\\d{1,2}(?:st|nd|rd|th)?|\\d{1,2}/\\d{1,2}|${MONTH}(?: \\d{1,2}(?:st|nd|rd|th)?)?)`;

/** "from may 2 to may 4", "from monday to tuesday", "3/6 - 3/19", "july 3-5". */
export const DATE_RANGE = rx(
  `\\bfrom ${DAY} (?:[a-z0-9,]+ ){0,3}?(?:to|through|thru|until|till|-|and) ${DAY}\\b|\\b\\d{1,2}/\\d{1,2} ?- ?\\d{1,2}/\\d{1,2}\\b|\\b${MONTH} \\d{1,2} ?(?:-|&|and) ?\\d{1,2}\\b`,
);

/** Asking whether something bookable is free. */
export const AVAILABLE = /\b(?:available|availability|vacanc(?:y|ies)|open (?:from|at|between|for)|free (?:from|at|between|for|on))\b/;

/** Things that get booked: these nouns plus a date range or "available" mean a booking. */
export const BOOKABLE_FLIGHT = /\b(?:flights?|plane tickets?|airfare|round ?trip|one way ticket)\b/;
export const BOOKABLE_STAY = /\b(?:hotels?|motels?|rooms? (?:for|in|big)|place to stay|airbnb|suite|lodging|accommodations?|bed and breakfast)\b/;
export const BOOKABLE_CAR = /\b(?:rental cars?|car rentals?|rent(?:ing|ed)? (?:a |an )?(?:car|ride|vehicle|automobile|suv|van|truck)|cars? (?:be )?rented|(?:car|vehicle|suv|van) to rent|rentals?)\b/;
export const RIDE = /\b(?:ubers?|lyfts?|taxis?|cabs?|rideshare|ride share)\b/;
export const MEETING_ROOM = /\b(?:meeting|conference) rooms?\b|\brooms? (?:are |is )?(?:free|available|open)\b/;

/** Someone other than the speaker or the assistant ("mom", "john", "my sister"). */
export const NOT_PERSON = "(?!(?:me|you|it|this|that|back|an?|up|in|out|off|for|to|about|yourself|myself|people)\\b)";
