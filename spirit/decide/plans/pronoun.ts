/**
 * "it" and "them" in the user's plan, read as the thing the turns before named, newest first: "I'll bake
 * them on Friday evening" after "I'll make a batch of chocolate chip cookies" is baking the cookies; "I'll
 * pick it up after work" after "you'll need to drop the car off by eight" is picking up the car. "them"
 * takes a plural noun, "it" a singular or uncountable one; people ("my instructor", a name), times and
 * words that name nothing ("the way", "a lot") are passed over. The sentence with the thing in place of
 * the pronoun is then read as any other (clause.ts): a plan only if it is one with the thing named.
 */
import { loadNlp, type Nlp } from "../../language/nlp.js";
import { planIn } from "./clause.js";
import { apostrophes, type Plan, type PlanContext, type SpokenTurn } from "./words.js";

// The user's commitment with a pronoun as the object of its verb: "I'll bake them", "I have to book it".
const COMMITTED_TO_IT = /\b(i(?:'ll| will|'m going to| am going to|'m gonna| am gonna| have to| need to| should|'ve got to| must)\s+(?:(?:definitely|probably|just|also|then|still|first|really)\s+)?)([a-z]+(?: (?:through|over|at|into|up|back|off|out|round))?)\s+(it|them)\b/i;
// Verbs whose "it" is no thing handed over: "do it", "make it" (be there), "take it" (accept), "get it" (understand);
// "call it" is a number or a place, which the turns rarely name.
const NO_THING = /^(?:do|make|take|get|have|see|think|leave|keep|let|love|like|hate|try|give|find|need|want|mean|say|believe|know|enjoy|miss|mind|handle|manage|sort|fix|figure|play|risk|skip|forget|remember|call|ring|phone)$/i;
const HEDGED = /\b(?:probably|possibly|might|may|maybe|guess|perhaps)\b/i;
// Heads that name no thing to act on.
const NOTHING_NAMED = /^(?:way|lot|bit|time|times|thing|things|idea|problem|matter|trouble|kind|sort|one|ones|day|days|week|weeks|weekend|morning|afternoon|evening|night|hour|hours|minute|minutes|moment|chance|point|fact|side|end|rest|deal|news|question|answer|reason|fun|luck|mind|stuff|everything|anything|something|nothing|today|tomorrow|tonight|text|message|call)$/i;

interface Term {
  text: string;
  tags: Set<string>;
}

interface NounPhrase {
  text: string;
  plural: boolean;
}

const PHRASE_START = /^(?:a|an|the|some|this|that|these|those|my|your|our|his|her|their)$/i;

/** The noun phrases of a text in order: an article or a possessive, then adjectives and nouns; a bare plural or mass noun too. */
function nounPhrases(nlp: Nlp, text: string): NounPhrase[] {
  const terms: Term[] = (nlp(text).json() as { terms: { text: string; tags: string[] }[] }[]).flatMap((s) => s.terms.map((t) => ({ text: t.text.toLowerCase(), tags: new Set(t.tags) })));
  const out: NounPhrase[] = [];
  for (let i = 0; i < terms.length; i += 1) {
    const start = PHRASE_START.test(terms[i]!.text);
    const bare = !start && terms[i]!.tags.has("Noun") && !terms[i]!.tags.has("Pronoun") && !terms[i]!.tags.has("Possessive") && (i === 0 || !terms[i - 1]!.tags.has("Noun") || terms[i - 1]!.tags.has("Pronoun"));
    if (!start && !bare) continue;
    let j = start ? i + 1 : i;
    while (j < terms.length && (terms[j]!.tags.has("Adjective") || (terms[j]!.tags.has("Noun") && !terms[j]!.tags.has("Pronoun"))) && !terms[j]!.tags.has("Preposition") && terms[j]!.text !== "") j += 1;
    const head = terms[j - 1];
    if (j === (start ? i + 1 : i) || head === undefined || !head.tags.has("Noun")) continue;
    const plural = head.tags.has("Plural");
    // A bare noun is a thing only as a plural or a mass noun ("cookies", "bread"), not a singular used as an adjective.
    if (bare && !plural && !head.tags.has("Uncountable")) continue;
    if (["Actor", "Person", "Pronoun", "Date", "Value", "Duration", "Month", "WeekDay"].some((tag) => head.tags.has(tag)) || NOTHING_NAMED.test(head.text)) {
      i = j - 1;
      continue;
    }
    out.push({ text: terms.slice(i, j).map((t) => t.text).join(" "), plural });
    i = j - 1;
  }
  return out;
}

/** The thing a pronoun points at: the newest noun phrase of its number in what was said before it. */
function referent(nlp: Nlp, pronoun: string, before: string, earlier: readonly SpokenTurn[]): string | undefined {
  const plural = pronoun.toLowerCase() === "them";
  const said = [{ isUser: true, speaker: "", text: before }, ...[...earlier].reverse().slice(0, 4)];
  for (const turn of said) {
    for (const phrase of nounPhrases(nlp, apostrophes(turn.text)).reverse()) {
      if (phrase.plural !== plural) continue;
      // Another's "your car" is the user's; another's "my slides" are theirs: "Sam's slides".
      if (turn.isUser) return phrase.text;
      return phrase.text.replace(/^(your|my)\b/, (owner) => (owner === "your" ? "my" : `${turn.speaker}'s`));
    }
  }
  return undefined;
}

/** The user's plan with "it" or "them" for a thing named before, read with the thing in its place. */
export async function pronounPlan(text: string, earlier: readonly SpokenTurn[], ctx: PlanContext): Promise<Plan | undefined> {
  const said = apostrophes(text);
  const m = COMMITTED_TO_IT.exec(said);
  // "get them" is fetching things; "get it" is as often understanding.
  // "I'll probably watch it": a guess at what one may do, no plan.
  const verb = m?.[2]!.split(" ")[0]!.toLowerCase();
  if (m === null || verb === undefined || HEDGED.test(said) || (NO_THING.test(verb) && !(verb === "get" && m[3]!.toLowerCase() === "them"))) return undefined;
  const nlp = await loadNlp();
  const thing = referent(nlp, m[3]!, said.slice(0, m.index), earlier);
  if (thing === undefined) return undefined;
  const resolved = `${said.slice(0, m.index)}${m[1]}${m[2]} ${thing}${said.slice(m.index + m[0].length)}`;
  const plan = await planIn(resolved, ctx);
  // Only with a time: "I'll remove it", said untimed in a meeting, is done as said, and a note of it would name a guess.
  return plan !== undefined && plan.when !== undefined && plan.action.includes(thing) ? plan : undefined;
}
