/** "it", "that one" in a plan: the event named just before. */
import { planIn } from "./clause.js";
import { TIME_WORD } from "./time.js";
import { apostrophes, EVENT, type Plan, type PlanContext } from "./words.js";

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
