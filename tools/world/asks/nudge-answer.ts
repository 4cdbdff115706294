/**
 * Reading a person's answer to a nudge: yes, no, or neither. One reading for the Spirit
 * (which acts on it) and for every reader of the log (tools/world/asks/nudge-state.ts), so
 * `world query nudges`, the monitor and MCP say what the Spirit did.
 *
 * The rule, in order (step 4 is read right after the hedge):
 *   1. A hedge anywhere ("maybe later", "not sure", "let me think", "later") is unclear:
 *      the question stays open, visible everywhere, until a yes or a no.
 *   2. A refusal at the start is no: a negation word ("no …", "nah", "not this weekend",
 *      "don't bother", "never mind", "I don't …", "we won't …") or a refusal phrase
 *      ("I'm good", "I'll pass", "rather not", "forget it", "leave it"), after fillers
 *      like "oh", "well", "thanks", "sorry", "ok". "not now" is a no: the offer was for
 *      now, and the Spirit keeps no "later" it could come back with; who wants it later
 *      says when ("remind me tomorrow"), and "maybe later" leaves the question open.
 *   3. A yes word at the start is yes, after hesitations ("uh, yeah"), with any more yes
 *      words and thanks after it ("yes please", "yeah, go for it", "ok thanks"); other
 *      words are carried as extra ("yes, economy only"), unless a negation follows
 *      ("yes, but not the hotel"): unclear.
 *   4. Words that only move the offer to another time ("no, make it ten instead", "yes but
 *      at half nine", "tomorrow would be better") are a yes, the time carried as extra ("at
 *      ten"): the reminder agent rings then (agents/reminder/plan.ts).
 *   5. Anything else is unclear. A negation that means yes ("no problem") is never
 *      read as no: a wrong no loses an offer, a wrong yes would start something.
 */

export type Answer = { says: "yes"; extra?: string } | { says: "no" } | { says: "unclear" };

const HEDGE = /\b(?:maybe|perhaps|possibly|not sure|unsure|don'?t know|dunno|no idea|not yet|let me (?:think|check|see)|i'?ll (?:think|see|let you know)|later)\b/i;

/** Words people put before the answer itself. */
const FILLERS = /^(?:(?:(?:thanks|thank you|thx|sorry)[\s,]+but|oh|ah|uh|um|erm|hmm|well|honestly|actually|sorry|thanks|thank you|thx|ok|okay|so|please)\b[\s,.!;:-]*)+/i;

const HESITATIONS = /^(?:(?:uh|um|erm|er|hmm|oh|ah|well|so)\b[\s,.!;:-]*)+/i;

/** Negations that mean yes, or are not answers: never read as no. */
const NOT_A_NO = /^(?:no (?:problem|worries|doubt|objection)|not a problem|not bad|not a bad idea|don'?t mind|i don'?t mind|why not)\b/i;

const NEGATION_START = /^(?:n|no|nope|nah|naw|nay|not|never|don'?t|do not|cancel|stop|skip|pass|negative|nein|non)\b/i;
const SUBJECT_NEGATION = /^(?:i|we|you)(?:'d| would| will|'ll)? (?:do not|don'?t|won'?t|will not|would not|wouldn'?t|rather not|can'?t|cannot|shouldn'?t|need not|needn'?t)\b/i;
const REFUSAL_PHRASE =
  /^(?:(?:i'?m|i am|we'?re|we are) (?:good|fine|ok|okay|all set|not interested|set)|(?:i'?ll|we'?ll) (?:pass|skip|do it myself|handle it)|(?:i'?d |we'?d )?rather not|forget (?:it|about it)|leave it|never ?mind|not interested|not needed|not necessary|that'?s not (?:needed|necessary))\b/i;

// Longer phrases first: "please do" is one yes, not "please" and then "do".
const YES_WORDS = String.raw`please do|do it|do that|go ahead|go for it|go on(?: then)?|sounds (?:good|great|perfect|lovely)|that (?:would|'d) be (?:great|good|lovely|perfect|nice|helpful|brilliant|handy)|that(?:'s| is) (?:great|perfect|fine)|of course|why not|absolutely|definitely|certainly|affirmative|please|yes(?: please)?|yeah|yep|yup|sure(?: thing)?|okay|ok|alright|all right|ja|oui|si|y`;
const YES = new RegExp(`^(?:${YES_WORDS})\\b[\\s,.!:;-]*`, "i");
// What may follow a yes and still be only a yes: "yes please", "yeah, go for it", "ok thanks".
const MORE_YES = new RegExp(`^(?:${YES_WORDS}|please|thanks|thank you|thx|cheers|great|perfect|lovely|brilliant|cool|nice|good)\\b[\\s,.!:;-]*`, "i");
const NEGATED = /\b(?:don'?t|do not|not|no|never|cancel|stop)\b/i;

// "no, make it ten instead", "yes but at half nine", "tomorrow would be better": the offer taken at another time.
const MOVED_LEAD = /^(?:(?:no|nah|nope|yes|yeah|yep|sure|ok|okay|actually|but|hmm|well)\b[\s,.]*)*(?:(?:can|could) you\s+)?(?:make (?:it|that)|do (?:it|that)|set it for|remind me|how about|what about|rather|better)?\s*/i;
const MOVED_TAIL = /\s*(?:instead|rather|then|please|would be better|is better|works better|would work better)?[\s.!]*$/i;
const TIME_WORD = /^(?:at|for|on|in|around|about|by|this|next|tomorrow|tonight|today|morning|afternoon|evening|night|noon|midday|midnight|half|quarter|past|to|o'?clock|am|pm|a\.m\.|p\.m\.|the|a|an|weekend|week|minutes?|hours?|days?|(?:mon|tues|wednes|thurs|fri|satur|sun)day|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|\d{1,2}(?::\d\d)?(?:am|pm)?)$/i;
const TIME_START = /^(?:at|for|on|in|around|by|this|next|tomorrow|tonight|today|noon|midday|midnight|half|quarter|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d)/i;

/**
 * The time a reply moves the offer to ("no, make it ten instead" → "at ten"), or undefined:
 * words of time and nothing more, after the words that ask for the change. A yes, at that time.
 */
export function movedTo(text: string): string | undefined {
  const t = text.trim().replace(/[\u2018\u2019]/g, "'").toLowerCase();
  const words = t.replace(MOVED_LEAD, "").replace(MOVED_TAIL, "").replace(/[,]/g, " ").trim();
  if (words === "") return undefined;
  const said = words.split(/\s+/);
  if (said.length > 6 || !TIME_START.test(words) || !said.every((w) => TIME_WORD.test(w)) || !said.some((w) => !/^(?:at|for|on|in|around|about|by|the|a|an|this|next|to|past)$/.test(w))) return undefined;
  return /^(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|half|quarter|noon|midday|midnight)\b)/.test(words) ? `at ${words}` : words;
}

export function readAnswer(text: string): Answer {
  const t = text.trim().replace(/[\u2018\u2019]/g, "'");
  if (HEDGE.test(t)) return { says: "unclear" };
  const moved = movedTo(t);
  if (moved !== undefined) return { says: "yes", extra: moved };
  const afterFillers = t.replace(FILLERS, "");
  if (afterFillers !== "" && !NOT_A_NO.test(afterFillers)) {
    if (NEGATION_START.test(afterFillers) || SUBJECT_NEGATION.test(afterFillers) || REFUSAL_PHRASE.test(afterFillers)) return { says: "no" };
  }
  // "uh, yeah, do it": hesitations before the yes are not words of it.
  const start = YES.test(t) ? t : t.replace(HESITATIONS, "");
  const yes = YES.exec(start);
  if (yes) {
    let extra = start.slice(yes[0].length);
    for (let more = MORE_YES.exec(extra); more !== null && more[0] !== ""; more = MORE_YES.exec(extra)) extra = extra.slice(more[0].length);
    extra = extra.trim();
    if (extra === "") return { says: "yes" };
    // "please don't", "ok but not now": a yes word followed by a refusal is not a yes.
    if (NEGATED.test(extra)) return { says: "unclear" };
    return { says: "yes", extra };
  }
  return { says: "unclear" };
}

/**
 * The task a yes with more words starts: the offered task with the person's words after it
 * ("remind me to call the bank tomorrow at nine (user added: at half nine)"), and the reading
 * back of them (the reminder agent rings at a time added: agents/reminder/plan.ts).
 */
export function withAdded(task: string, who: string, words: string): string {
  return `${task} (${who} added: ${words})`;
}

const ADDED = /\s*\([\w.@-]+ added: ([^()]+)\)\s*$/;

/** The words a person added to a task (withAdded) and the task without them, or undefined. */
export function addedTo(task: string): { task: string; words: string } | undefined {
  const m = ADDED.exec(task);
  return m === null ? undefined : { task: task.slice(0, m.index), words: m[1]! };
}
