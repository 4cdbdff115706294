/**
 * A proposal made over several turns and taken at the end, however each part is said:
 *
 *   "Can we have a quick video call about the wedding plans?" … "Sunday evening, maybe eight?"  → "That works."
 *   "Dinner at mine on Thursday, still okay?" … "Can we say six instead?"                       → "Six is fine."
 *   "Fancy a quick drink after work?" … "Just one, half an hour at the Crown, half five."       → "Go on then."
 *   "Could I give you a ring tomorrow at nine?"                                                 → "Sure."
 *
 * The thing is the newest proposal in the other's last turns; the time, the newest day and the newest hour said
 * since it (the proposal's own, the times the two went back and forth over, the one said back). Read after the
 * narrower readers (brain-offline.ts) find nothing: those know one shape each, this one the whole exchange. A
 * proposal nobody gave a time, an answer that asks back ("Sure, when suits?"), or the other's own plans told, is none.
 */
import { REFUSE, yesSaid } from "./agreement.js";
import { planIn } from "./clause.js";
import { takesSomething } from "./slot.js";
import { CLOCK, onTheDay } from "./time.js";
import { apostrophes, lowerFirst, MEAL, type Plan, type PlanContext, sentencesOf, SHOW, type SpokenTurn } from "./words.js";

// Taking it, in the words a yes does not cover: "Go on then.", "You're on.", "I'll be ready.", "That'd be lovely.", "Sorted."
const TAKEN_TOO =
  /^(?:(?:ok(?:ay)?|oh|well|yeah|yes|right|alright)[\s,.!]*)*(?:go on(?: then)?|you're on|i'll be ready|let's do (?:it|that)|fine by me|that'd be (?:lovely|great|perfect|brilliant|amazing|nice|ideal)|(?:perfect|brilliant|lovely|great|excellent|wonderful|cool|sorted|done|nice one)[\s.!]*$)/i;

const LEAD = String.raw`^(?:(?:so|and|well|oh|hey|ok(?:ay)?|right|just|look)[\s,]+)*`;

/** A proposal in the other's words, as "we should …" or the user's "I'll …" (`who`: the one proposing). */
const PROPOSED: readonly [RegExp, (rest: string, who: string) => string | undefined][] = [
  // "Can we have a quick video call about the wedding plans?": a call or a chat with the one proposing.
  [new RegExp(`${LEAD}(?:can|could|shall|should) we (?:have|do) (?:a |an )?(?:quick |short |little )?((?:video |phone |zoom |teams )?(?:call|chat|catch-?up))\\b.*$`, "i"), (rest, who) => `I'll have a ${rest} with ${who}`],
  // "Shall we meet outside at half seven?", "Can we go through the presentation before Monday?"
  [new RegExp(`${LEAD}(?:let's|let us|shall we|should we|can we|could we|why don't we|how about we|we could|we should)\\s+(.+)$`, "i"), (rest) => `we should ${rest}`],
  // "Book club's at mine next week.": the other hosting it, gone to.
  [/^(?:(?:so|and|well|oh)[\s,]+)*(?:the )?(.+?)(?:'s| is) at (?:mine|ours|my place|my house|our place|our house)\b/i, (rest, who) => `I'll go to ${rest} at ${who}'s`],
  // "Come shopping with me on Saturday.", "Join us for lunch on Friday."
  [new RegExp(`${LEAD}(?:come|join (?:me|us))\\s+(.+)$`, "i"), (rest) => `we should go ${rest}`],
  // "Fancy a quick drink after work?", "Do you fancy the new thriller on Friday?"
  [new RegExp(`${LEAD}(?:do you |d'you )?fancy\\s+(?!it\\b|that\\b)(.+)$`, "i"), (rest) => (MEAL.test(rest) ? `we should have ${rest}` : SHOW.test(rest) ? `we should see ${rest}` : undefined)],
  // "Fancy seeing it Saturday night?", "Do you fancy going for a curry on Friday?"
  [new RegExp(`${LEAD}(?:do you |d'you )?fancy\\s+([a-z]+ing)\\b(.*)$`, "i"), (rest) => `we should ${rest}`],
  // "How about a first lesson next Monday at five?", "What about lunch on Friday?"
  [new RegExp(`${LEAD}(?:how|what) about\\s+(?!(?:(?:on |this |next )?(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|tonight|at|around)\\b)(.+)$`, "i"), (rest, who) => thingDone(rest, who)],
  // "Would you like to see it?", "Do you want to come to the match on Saturday?"
  [new RegExp(`${LEAD}(?:would you like to|do you want to|d'you want to|want to|do you wanna|wanna)\\s+(.+)$`, "i"), (rest) => `I'll ${rest}`],
  // "We're having a party at ours from eight.": the other's event, gone to.
  [/^(?:(?:so|and|well|oh)[\s,]+)*(?:we're|we are|i'm|i am) (?:having|throwing|hosting) (?:a|an) (.+)$/i, (rest, who) => `I'll go to ${who}'s ${rest.replace(/\s+at (?:ours|mine|our place|my place)\b/i, "")}`],
  // "Dinner at mine on Thursday, still okay?", "Lunch on Sunday, still on?"
  [/^(.+?),?\s+(?:still )?(?:ok(?:ay)?|alright|all right|on|good for you)\s*\?$/i, (rest) => (MEAL.test(rest.split(/\s+/)[0] ?? "") ? `we should have ${rest}` : undefined)],
  // "Couple of pints after work.", "A quick coffee tomorrow?": a meal or a drink proposed by its name alone.
  [/^((?:a |an |some )?(?:couple of |few |quick |little )*(?:pints?|drinks?|beers?|coffees?|lunch|dinner|breakfast|brunch|curry|pizza|takeaway|bite to eat)\b.*)$/i, (rest) => `we should have ${rest.replace(/^couple\b/i, "a couple")}`],
  // "Dave could get to you Wednesday morning", "I'd need to come and have a look": someone coming to the user, who is to be in.
  [/^(?:(?:[Ss]o|[Aa]nd|[Ww]ell|[Rr]ight|[Yy]eah|[Oo]k(?:ay)?)[\s,]+)*([Tt]he [a-z]+|(?!(?:So|And|Well|Right|Yeah|Okay|Ok|He|She|They|We|It|That|This|There|What|When|Who)\b)[A-Z][a-z]+|[Hh]e|[Ss]he|[Tt]hey|I|[Ww]e)(?:'d|'ll| would| could| can| will)(?: need to| have to)? (?:get to you|come (?:round|over|by|out|to you|and have a look|and look)|pop (?:round|over|by)|be with you|call round|swing by)\b/, (rest, who) => `${BE_IN}${/^(?:i|we)$/i.test(rest) ? who : /^(?:he|she|they)$/i.test(rest) ? "the visit" : rest.replace(/^The\b/, "the")}`],
  // "Could I give you a ring tomorrow at nine?": a call from them, taken.
  [/^(?:can|could|shall|may) i (?:give you a (?:ring|call|bell)|call you|ring you|phone you)\b\s*(.*)$/i, (rest, who) => `I'll talk to ${who} on the phone ${rest}`],
];

// A call from the one proposing: its own words say "you" and "it" of no thing ("Could I give you a ring?").
const PHONED = /^I'll talk to .*? on the phone/;

// Being in for someone who comes: no verb phrase of the user's for planIn to read, the plan as it is.
const BE_IN = "be in for ";

// What one does about a thing proposed by name ("how about a first lesson …?"): a meal had, a show seen, a lesson gone to.
const GONE_TO = /^(?:a|an|the)\s+(?:[\w'-]+\s+){0,2}?(?:lesson|class|session|meeting|viewing|trial|appointment|interview|check-?up|game|match|tour|party|visit)s?\b/i;
function thingDone(rest: string, who: string): string | undefined {
  if (MEAL.test(rest.split(/\s+/).slice(0, 3).join(" "))) return `we should have ${rest}`;
  if (SHOW.test(rest.split(/\s+/).slice(0, 3).join(" "))) return `we should see ${rest}`;
  if (/^(?:a |an )?(?:quick |short )?(?:video |phone |zoom )?(?:call|chat)\b/i.test(rest)) return `I'll have ${rest.replace(/^(?!a |an )/i, "a ")} with ${who}`;
  return GONE_TO.test(rest) ? `I'll go to ${rest.replace(/^(?:a|an)\s+/i, "the ")}` : undefined;
}

// "seeing" → "see": the gerund after "fancy", as the verb of a plan.
const BASE: Readonly<Record<string, string>> = { seeing: "see", going: "go", getting: "get", having: "have", coming: "come", doing: "do", playing: "play", watching: "watch", trying: "try", grabbing: "grab", heading: "head", popping: "pop", meeting: "meet", catching: "catch", visiting: "visit", checking: "check" };

// An hour said in words or digits, with what may come before it.
const HOUR_WORDS = String.raw`(?:(?:(?:half|quarter|ten|twenty|five|twenty[- ]five) (?:past|to) (?:${CLOCK})|half (?:${CLOCK})|(?:${CLOCK})(?:[ -](?:thirty|fifteen|forty[- ]five|o'clock))?|\d{1,2}(?:[:.]\d\d)?\s?(?:[ap]\.?m\.?)?|noon|midday)(?:-?ish)?)`;
// Placed as a time ("at eight", "say six", "half five"), or said alone in a short sentence ("Six is fine.", "Sunday evening, maybe eight?").
// Not a count or a place in a list: "at one point", "at two of them", "make two buttons".
const HOUR_PLACED = new RegExp(String.raw`\b(?:at|around|about|say|maybe|from|by)\s+(?:about\s+)?(${HOUR_WORDS})\b(?!'| (?:point|of|times?|stage|another|least|all|once|or|more|less|people|[a-z]+s)\b)`, "i");
// A number and nothing more: "one", "4".
const BARE_NUMBER = new RegExp(String.raw`^(?:\d{1,2}|${CLOCK})$`, "i");
const HOUR_ALONE = new RegExp(String.raw`(?:^|[\s,])(${HOUR_WORDS})(?=[\s,.!?]|$)`, "i");
// What is proposed is only a time ("do half eleven", "say six instead", "make it Friday").
const TIME_FIRST = new RegExp(String.raw`^(?:do|say|make it|go for|try)\s+(?:(?:on |this |next )?(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|tonight|the \d|${HOUR_WORDS})\b`, "i");
// An hour said with these is a count, not a time: "a table for four", "two tickets", "eighty-six quid".
const COUNTED = /^\s+(?:\w+\s+)?(?:tickets?|people|quid|pounds?|dollars?|euros?|minutes?|mins?|hours?|days?|weeks?|months?|years?|times?|of (?:us|them)|percent|miles?|kilos?|guests?|kids|adults)\b/i;
const COUNTING = /\b(?:for|of|with|just|only|table for)\s*$/i;
// A day: "tomorrow", "on Sunday evening", "next Tuesday", "the 14th", "this weekend".
const DAY =
  /\b(?:today|tonight|tomorrow(?: (?:morning|afternoon|evening|night|lunchtime))?|(?:on |this |next )?(?:mon|tues|wednes|thurs|fri|satur|sun)day(?: (?:morning|afternoon|evening|night|lunchtime))?|(?:on )?the \d{1,2}(?:st|nd|rd|th)|this weekend|next week(?:end)?|after (?:work|school))\b/i;
// Not a time to keep: turned down ("Tuesday's tricky for me"), gone by, or supposed.
// "I finish work at half five", "I'm in training until eleven": the user's own day, told, is no time proposed.
// A sentence turning something down ("I shouldn't, I've got loads on tomorrow"), read whole; one clause gone by or supposed, alone.
const TURNED_DOWN = /\b(?:tricky|cannot|not|no|busy|sorry|afraid|unfortunately|loads)\b|n't\b/i;
const NOT_KEPT = /\b(?:finish|until|till|was|were|did|went|last|ago|if|unless|wish)\b/i;

// A question back about when or where: "when suits?", "seven, wasn't it?", "which cinema?"
const ASKED_BACK = /\b(?:when|what time|which|what day|where|wasn't it|isn't it|was it|is it|right)\b[^.!]*\?\s*$|^\s*[\w'-]+(?:\s+[\w'-]+)?\s*\?\s*$/i;

// Wishing the other a good time is staying away: "Yes, have fun.", "Enjoy it!"
const WELL_WISHED = /\b(?:have fun|have a (?:good|great|nice|lovely) (?:time|one)|enjoy (?:it|yourselves|yourself)|next time)\b/i;

/** The first sentence of the answer takes it: a yes, "That works.", "Six is fine.", "Go on then." — not a question back. */
function taken(answer: string): boolean {
  const sentences = sentencesOf(answer.trim()).slice(0, 3);
  const first = sentences[0]?.trim() ?? "";
  // "Yep. Seven, wasn't it?", "Sure, when suits?": asked back, it is not settled yet; a long turn is more than taking it.
  if (first === "" || first.split(/\s+/).length > 10 || WELL_WISHED.test(answer) || sentences.some((s) => ASKED_BACK.test(s)) || REFUSE.test(first.replace(/^no problem\b/i, ""))) return false;
  return yesSaid(first) !== undefined || TAKEN_TOO.test(first) || takesSomething(answer);
}

/** The hour in one sentence: placed as a time, or alone in a short one; never a count. */
function hourIn(sentence: string): string | undefined {
  const placed = HOUR_PLACED.exec(sentence)?.[1];
  if (placed !== undefined) return placed;
  if (sentence.split(/\s+/).length > 12) return undefined;
  const alone = [...sentence.matchAll(new RegExp(HOUR_ALONE.source, "gi"))].filter((m) => !COUNTED.test(sentence.slice(m.index + m[0].length)) && !COUNTING.test(sentence.slice(0, m.index + m[0].length - m[1]!.length))).map((m) => m[1]!).at(-1);
  // A number alone ("Just one.", "Four.") is as often how many: an hour alone has its o'clock, half, am or pm, or a word of taking after it.
  return alone !== undefined && (!BARE_NUMBER.test(alone) || /\b(?:works|fine|good|okay|ok|suits)\b/i.test(sentence)) ? alone : undefined;
}

/** The newest day and the newest hour said in the sentences (newest first), put together: "on Sunday evening at eight". */
function timeOver(sentences: readonly string[], before: readonly string[] = []): string | undefined {
  let day: string | undefined;
  let hour: string | undefined;
  // "Book club's at mine next Tuesday evening, did you finish it?": each clause on its own.
  for (const sentence of sentences.filter((s) => !TURNED_DOWN.test(s)).flatMap((s) => s.split(/,\s+/))) {
    if (NOT_KEPT.test(sentence)) continue;
    day ??= DAY.exec(sentence)?.[0];
    hour ??= hourIn(sentence);
    if (day !== undefined && hour !== undefined) break;
  }
  // "after work at half five": the hour says when; "after work" alone is only how soon.
  if (hour !== undefined && day !== undefined && /^after /i.test(day)) day = undefined;
  day ??= before.filter((s) => !TURNED_DOWN.test(s)).flatMap((s) => s.split(/,\s+/)).filter((s) => !NOT_KEPT.test(s)).map((s) => DAY.exec(s)?.[0]).find((d) => d !== undefined && !/^after /i.test(d));
  if (day === undefined && hour === undefined) return undefined;
  const at = hour === undefined ? "" : `at ${hour.toLowerCase()}`;
  return [day === undefined ? "" : onTheDay(day.toLowerCase()), at].filter(Boolean).join(" ");
}

// A thing one goes to see, named before "it": "that new sci-fi film", "the one-bedroom flat on Park Road".
const SEEN_THING = /\b(?:the|that|this|a|an)\s+((?:[\w'-]+\s+){0,3}?(?:film|movie|show|play|concert|match|game|exhibition|gig|musical|flat|house|room|place|car|bike|restaurant))\b/gi;

/** The newest such thing in the texts (oldest first), said with "the": "it" in the proposal. */
function thingBefore(texts: readonly string[]): string | undefined {
  for (const text of [...texts].reverse()) {
    const found = [...apostrophes(text).matchAll(SEEN_THING)].at(-1);
    if (found !== undefined) return `the ${found[1]!.toLowerCase()}`;
  }
  return undefined;
}

// Time words left in a proposal's action: "from eight", "at half seven", "on Saturday night".
const OWN_TIME = new RegExp(String.raw`\s(?:from|at|around|about|by)\s+(?:${HOUR_WORDS})\b|\s${DAY.source}`, "gi");

/** The words with their times taken out: "a coffee after drop-off tomorrow" → "a coffee". */
function withoutTimeWords(words: string): string {
  return words.replace(OWN_TIME, " ").replace(/\s+(?:after|before) [\w-]+(?=\s*$|,)/i, " ").replace(/\s+/g, " ").trim();
}

/** The other's words for the user: "me"/"us" are the one proposing, "my"/"mine" theirs; none with "you" left in. */
function forUser(words: string, who: string): string | undefined {
  const said = words
    .replace(/[.!?]+$/, "")
    // "Shall we meet outside?": meeting the one who proposes.
    .replace(/^we should meet(?: up)?(?= (?:outside|inside|there|here|at|in|by|on|near|round|around|after|before|for|then|first|downstairs|upstairs)\b|$)/i, `we should meet ${who}`)
    .replace(/\b(?:mine|ours)\b/gi, `${who}'s`)
    .replace(/\b(?:my|our)\b/gi, `${who}'s`)
    .replace(/\b(?:me|us)\b/gi, who);
  return /\byou\b/i.test(said.replace(PHONED, "")) ? undefined : said;
}

/** The user taking, in the last of several turns, a proposal the other made in one of them. */
export async function proposalTaken(answer: string, earlier: readonly SpokenTurn[], ctx: PlanContext): Promise<Plan | undefined> {
  if (!taken(apostrophes(answer))) return undefined;
  const window = earlier.slice(-6);
  for (let i = window.length - 1; i >= 0; i -= 1) {
    const turn = window[i]!;
    if (turn.isUser) continue;
    for (const sentence of sentencesOf(turn.text).reverse()) {
      const proposed = proposedWords(sentence.trim().replace(/,?\s+but\b.*$/i, ""), turn.speaker);
      if (proposed === undefined) continue;
      // Turned down since ("I'd love to, but my knee's still bad."): a later "Will do." takes nothing.
      if (window.slice(i + 1).some((t) => t.isUser && REFUSE.test(t.text))) return undefined;
      // "Would you like to see it?": "it" is the thing named before (the flat asked about), as in the user's own plans (pronoun.ts).
      const pronoun = /\b(it|them)\b/i.exec(proposed.replace(PHONED, ""))?.[1];
      const thing = pronoun === undefined ? undefined : thingBefore([...earlier.slice(0, earlier.length - window.length + i).map((t) => t.text), turn.text.slice(0, turn.text.indexOf(sentence))]);
      if (pronoun !== undefined && thing === undefined) continue;
      const words = thing === undefined ? proposed : proposed.replace(/\b(?:it|them)\b/i, thing);
      // The time is read from the turns below: the proposal read with its time words too, or without them ("a coffee after drop-off tomorrow").
      const plan: Plan | undefined = words.startsWith(BE_IN)
        ? { kind: "arrangement", action: words, from: "accepted" }
        : ((await planIn(words, { now: ctx.now, listener: turn.speaker, untimed: true })) ?? (await planIn(withoutTimeWords(words), { now: ctx.now, listener: turn.speaker, untimed: true })));
      // "Can we do digits next week?": "do" names nothing to remind of.
      if (plan === undefined || /^do\b/i.test(plan.action)) continue;
      // The times said since the proposal, newest first: the answer's, the other's and the user's in between, the proposal's own.
      const since = [answer, ...window.slice(i).reverse().map((t) => t.text)].flatMap((text) => sentencesOf(text).reverse());
      // "You around Friday?" … "Couple of pints after work.": a day asked about just before the proposal is its day.
      const before = window.slice(Math.max(0, i - 2), i).reverse().flatMap((t) => sentencesOf(t.text).reverse());
      const when = timeOver(since, before);
      if (when === undefined) return undefined;
      // The proposal's own time words go: the time is the one settled since, said once.
      const action = (plan.when === undefined ? plan.action : plan.action.replace(plan.when, " ")).replace(OWN_TIME, " ").replace(/\s+/g, " ").trim();
      return { kind: plan.kind, action: `${action} ${when}`, when: lowerFirst(when), from: "accepted" };
    }
  }
  return undefined;
}

/** The proposal's words as planIn reads them, or undefined when the sentence proposes nothing the user does. */
function proposedWords(sentence: string, who: string): string | undefined {
  for (const [form, words] of PROPOSED) {
    const m = form.exec(sentence);
    if (m === null) continue;
    // "Could we do half eleven?", "We could do Friday at 4:30 or Monday at 11.": a time proposed for the thing proposed before.
    if (TIME_FIRST.test(m[1]!)) return undefined;
    // "Dinner at mine …" said first in its sentence is "dinner"; someone coming ("Dave could get to you") keeps the capital of a name.
    const rest = `${m[1]!.replace(/^[a-z]+ing\b/i, (g) => BASE[g.toLowerCase()] ?? g)}${m[2] ?? ""}`;
    const named = words(rest, who);
    const said = named?.startsWith(BE_IN) ? named : words(rest.replace(/^\w/, (c) => c.toLowerCase()), who);
    if (said !== undefined) return forUser(said, who);
  }
  return undefined;
}
