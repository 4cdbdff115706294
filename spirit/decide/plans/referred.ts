/** "it", "that one" in a plan: the event named just before; "it starts …" after what the user joined; "I'll pick you up" when the other arrives. */
import { planIn } from "./clause.js";
import { onTheDay, TIME_WORD, timeAhead } from "./time.js";
import { apostrophes, EVENT, HYPOTHETICAL, lowerFirst, type Plan, type PlanContext, sentencesOf, type SpokenTurn } from "./words.js";

// "watch it", "go to that": an event named in an earlier turn is what "it" is.
const PRONOUN_OBJECT = /\b((?:watch|see|catch|attend|go to|visit|try|join|sign up for|book))\s+(?:it|(?:that|this)(?: one)?|one)\b/i;

/**
 * "Do you want to watch it?" after "it's a quiz show": the pronoun is the event the turns
 * before named (EVENT: a show, a film, a match, an exhibition …), newest first; none, unchanged.
 */
export function withReferent(text: string, turns: readonly { text: string }[]): string {
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

// The user telling they have joined something: "I signed up for a pottery class", "I've enrolled in a dance course".
const JOINED = /\bi(?:'ve| have)? (?:just |finally |already )?(?:signed up|enrolled|registered|put my name down)(?: (?:for|in|on|onto))? (?:a|an|the) ((?:[\w'-]+ ){0,2}?(?:class|course|lesson|workshop|retreat|tour|race|marathon|tournament|camp|session)s?)\b/i;
// "It starts this Wednesday.": what was just told, and its time.
const IT_STARTS = /^(?:(?:and|so|well|oh)[\s,]+)*it(?:'s| is| starts| begins| will start| kicks off)\s+(?=\S)/i;

/**
 * "I signed up for a pottery class." … "It starts this Wednesday.": the user's own event, told over two sentences
 * (or two turns), is going to it then, as "my pottery class starts this Wednesday" is (plans/own-event.ts).
 * Only something the user joined, told by the user, before "it".
 */
export async function joinedEventStarts(text: string, earlier: readonly SpokenTurn[], ctx: PlanContext): Promise<Plan | undefined> {
  const sentences = sentencesOf(text);
  for (const [i, sentence] of sentences.entries()) {
    const it = IT_STARTS.exec(sentence.trim());
    if (it === null) continue;
    const told = [...earlier.slice(-4).filter((t) => t.isUser).map((t) => t.text), ...sentences.slice(0, i)].reverse();
    const joined = told.map((t) => (HYPOTHETICAL.test(t) ? null : JOINED.exec(apostrophes(t)))).find((m) => m !== null && m !== undefined);
    if (joined === undefined) continue;
    // "It's" is "is": "my pottery class is on Wednesday".
    const verb = /^it's\b|^it is\b/i.test(it[0].replace(/^(?:(?:and|so|well|oh)[\s,]+)*/i, "")) ? "is" : it[0].trim().split(/\s+/).at(-1)!;
    const plan = await planIn(`my ${joined[1]!.toLowerCase()} ${verb} ${sentence.trim().slice(it[0].length)}`, ctx);
    if (plan !== undefined) return plan;
  }
  return undefined;
}

// The other telling when they arrive: "My flight lands at 6:15 on Wednesday", "I get in at nine tomorrow", "my train arrives at 5".
const ARRIVING = /\b(?:lands?|arrives?|gets? in|comes? in|pulls? in|finish(?:es)?|gets? off)\b/i;
// Fetching someone: "pick Ana up", "meet Ana at the station", "collect Ana".
const FETCHING = /^(?:pick|collect|fetch|meet)\b/i;

/**
 * "My flight lands at 6:15 on Wednesday." → "I'll pick you up at the airport.": the user's offer to fetch the other,
 * with no time of its own, is at the time they arrive, told just before. Their arrival in the past, or an "if", is none.
 */
export async function fetchedOnArrival(text: string, earlier: readonly SpokenTurn[], ctx: PlanContext): Promise<Plan | undefined> {
  const other = [...earlier].reverse().slice(0, 2).find((t) => !t.isUser);
  // "I'll pick you up if I can": a condition leaves it open (read without a time, the plan reader does not check one).
  if (other === undefined || ctx.listener === undefined || /\b(?:if|unless|maybe|perhaps|might|could|would)\b/i.test(text)) return undefined;
  const plan = await planIn(text, { ...ctx, untimed: true });
  if (plan === undefined || plan.from !== "user" || plan.when !== undefined || !FETCHING.test(plan.action) || !plan.action.includes(ctx.listener)) return undefined;
  for (const sentence of sentencesOf(other.text)) {
    if (!ARRIVING.test(sentence) || HYPOTHETICAL.test(sentence) || /\b(?:landed|arrived|got in|came in|was|were|last|ago)\b/i.test(sentence)) continue;
    const time = timeAhead(sentence, ctx.now);
    if (time === undefined) continue;
    const when = onTheDay(time.text.replace(/[\s,.!?]+$/, ""));
    return { ...plan, action: `${plan.action} ${when}`, when: lowerFirst(when) };
  }
  return undefined;
}
