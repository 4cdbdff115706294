/**
 * Is a question one a person can read? The Spirit asks none that fails it (spirit/decide/offers.ts:
 * quiet rather than garbled speech), both evals score every question by it
 * (eval:conversations prints its verdict on each), and the tests hold every question the
 * dev files produce to it. Checked apart from how spirit/language/question.ts builds questions,
 * mostly on the words alone:
 *
 *   - it starts "Want me to " and ends at its one question mark;
 *   - no second verb phrase is glued on: no "can you", "are you", "i …", "we …" (a
 *     question speaks to "you" about him, her or them), no past tense verb ("play coach
 *     refused to play him"), no second verb after the first unless it is "to <verb>" or
 *     "<preposition> <verb>ing" (read with compromise);
 *   - it does not stop on a dangling word ("contact the bank about?") nor say a word twice;
 *   - no request words kept in what it asks for ("… set reminder", "… repeat every year");
 *   - in a name ("remind you about …", a search), words compromise reads as verbs but are
 *     nouns there ("garden stakes", "my work tasks") are read as nouns (asNouns);
 *   - no speech broken off and joined: a hedge or a preposition before "or"/"and" ("a
 *     Christmas kind of or February"), a particle said again ("meet up to hang up");
 *   - no word order a person stumbles on: "too"/"very" before a noun ("too weekend"), a
 *     time named as a count noun with nothing to fix it ("use chips super bowl weekend":
 *     "this weekend", "next week", "every month", "on Friday morning" are times; a bare
 *     "weekend" after other nouns or a verb is words run together).
 */
import type { Nlp } from "./nlp.js";
import { CAUSATIVE, describesThing, endsCompoundName, GERUND_AFTER, owners } from "./question.js";

const FRAME = /^Want me to (.+)\?$/;
// The frames spirit/language/question.ts asks in; what follows them is one verb phrase, or a query.
const REMINDER = /^remind you (?:(?:in|at|on|tomorrow|tonight|later|next|this)\b[^?]*? )?to (.+)$/;
const SEARCH = /^(?:open a search for|look for) (.+)$/;
// "remind you that the plumber is coming": a clause of its own, with its own subject and one verb group.
const REMINDER_THAT = /^remind you (?:(?:in|at|on|tomorrow|tonight|later|next|this)\b[^?]*? )?that (.+)$/;
// In such a clause a subject is right ("that he arrives"); the speaker's own words are not.
const FIRST_PERSON = /\b(?:i|i'm|i'll|i've|i'd|we|we're|me|my|us|our)\b/i;
// The note agent's frame (spirit/decide/offers.ts): what follows it is one verb phrase, like a reminder's.
const NOTE = /^make a note to (.+)$/;
// A reminder about a thing ("remind you about the plumber"): what follows names it, like a query.
const REMINDER_ABOUT = /^remind you (?:(?:in|at|on|tomorrow|tonight|later|next|this)\b[^?]*? )?about (.+)$/;
const GLUED = /\b(?:can|could|would|will|shall|should|do|does|did|are|is|was|were|am|have|has|had)\s+(?:you|i|we|he|she|they|it|there)\b/i;
const FIRST_PERSON_OR_SUBJECT = /\b(?:i|i'm|i'll|i've|i'd|we|we're|me|my|us|our|he|she|they)\b/i;
const DANGLING = /\b(?:about|to|for|of|with|from|into|by|a|an|the|and|or|but|that|which|unless|if|because|so|your|my)$/i;
const TWICE = /\b(\w+) \1\b/i;
// The request's own words kept in what it asks for: "a meeting for paul's retirement set reminder", "mary's birthday repeat every year".
const REQUEST_WORDS = /\b(?:(?:set|add|create|make|put|save|schedule)(?: (?:up|in))?(?: (?:a|an|the|my|this|it))?(?: (?:new|recurring|repeating))? (?:reminders?|alarms?|events?|appointments?|calendar(?: entry| event)?|timers?|notes?)|(?:to|on|in|into) (?:my|the) calendar|repeat(?:s|ing)? (?:it |this )?(?:every|each|weekly|daily|monthly|yearly|annually))\b/i;
// Speech cut off and joined: "have a Christmas kind of or February", "meet up to hang up".
const BROKEN = /\b(?:kind of|sort of|of|to|for|with|about|at|on|in)\s+(?:or|and|but|so)\b|\b(up|out|off|down|over) to \w+ \1\b/i;
// Words ending "-ing" that are prepositions here: "call the bank regarding my statement".
const PREPOSITION_LIKE = new Set(["regarding", "concerning", "including", "following", "during", "according"]);
// compromise may read these as verbs ("pay him back"); after a verb they are its particle.
const PARTICLES = new Set(["back", "up", "down", "off", "out", "over", "away", "in", "on", "around", "along", "through"]);

interface Term {
  normal: string;
  tags: Set<string>;
}

function termsOf(nlp: Nlp, text: string): Term[] {
  const json = nlp(text).json({ terms: { tags: true, normal: true } }) as { terms: { normal: string; tags: string[] }[] }[];
  return owners(json.flatMap((s) => s.terms.map((t) => ({ normal: t.normal, tags: new Set(t.tags) }))));
}

/** The verbs after the first that make a second verb phrase ("play coach refused …" → "refused"). */
// "go sky diving", "try rock climbing": one noun before the gerund names the kind of activity.
const kindOfActivity = (t: Term) => t.tags.has("Noun") && !t.tags.has("Pronoun") && !t.tags.has("Gerund");


/**
 * Words after the first verb that compromise reads as verbs but are not a second one, as
 * spirit/language/question.ts reads them: the one word between the verb and its particle
 * ("pick milk up") or before the activity ("go dress shopping") is a thing, and a participle
 * after what is had done to it ("get my oil changed") describes it; after "go" or "come" a
 * second verb is the one done ("go check the mail").
 */
function withObjects(said: Term[]): Term[] {
  // "go check the mail", "come see the garden": the second verb is what is done (as question.ts's plans read it).
  // "go and fetch the kids", "try and call": the verb after "and" is what is done.
  const andVerb = /^(?:go|come|try)$/.test(said[0]?.normal ?? "") && said[1]?.normal === "and" && said[2]?.tags.has("Verb") === true;
  if (andVerb) return withObjects(said.slice(2));
  const terms = /^(?:go|come)$/.test(said[0]?.normal ?? "") && said[1]?.tags.has("Verb") && !said[1].tags.has("Gerund") && !said[1].tags.has("PastTense") && !PARTICLES.has(said[1].normal) && said[2]?.tags.has("Gerund") !== true ? said.slice(1) : said;
  return terms.map((t, i) => {
    const next = terms[i + 1];
    const before = terms[i - 1];
    if (i === 1 && t.tags.has("Verb") && !t.tags.has("Gerund") && !t.tags.has("PastTense")) {
      if ((next !== undefined && PARTICLES.has(next.normal) && !next.tags.has("Verb")) || (GERUND_AFTER.has(terms[0]!.normal) && next?.tags.has("Gerund") === true)) return { normal: t.normal, tags: new Set(["Noun"]) };
    }
    // "drop the library books back": a word before a particle at the end, after a noun, is a noun ("books"), whatever the tagger says.
    if (i >= 2 && t.tags.has("Verb") && next !== undefined && i === terms.length - 2 && PARTICLES.has(next.normal) && (before?.tags.has("Noun") === true || before?.tags.has("Determiner") === true)) return { normal: t.normal, tags: new Set(["Noun"]) };
    // "tell jack to feed the dog", "ask will to call": the one word between a verb of telling and its "to" is who is told.
    if (i === 1 && t.tags.has("Verb") && /^(?:tell|ask|remind|get|let|help)$/.test(terms[0]!.normal) && next?.normal === "to") return { normal: t.normal, tags: new Set(["Noun"]) };
    // "take the washing out", "go to the clean-up": a word right after an article or "my" names a thing, whatever the tagger says.
    if (i >= 1 && t.tags.has("Verb") && !t.tags.has("Copula") && before !== undefined && /^(?:the|a|an|my|your|his|her|our|their)$/.test(before.normal)) return { normal: t.normal, tags: new Set(["Noun"]) };
    // "send the sales report on Monday": the last word of a name (question.ts reads it so).
    if (i >= 2 && endsCompoundName(terms[i - 2], before, t, next, terms[i + 2])) return { normal: t.normal, tags: new Set(["Noun"]) };
    const had = i >= 2 && CAUSATIVE.has(terms[0]!.normal) && (t.tags.has("PastTense") || t.tags.has("Participle")) && before !== undefined && before.tags.has("Noun") && !before.tags.has("Pronoun");
    return had ? { normal: t.normal, tags: new Set(["Adjective"]) } : t;
  });
}

function extraVerbs(terms: Term[], firstIsVerb: boolean): string[] {
  const extra: string[] = [];
  terms.forEach((t, i) => {
    if (i === 0 && firstIsVerb) return;
    if (!t.tags.has("Verb") || t.tags.has("Particle") || PARTICLES.has(t.normal) || PREPOSITION_LIKE.has(t.normal)) return;
    const before = terms[i - 1];
    // "get up and stretch my legs": a second thing done after a verb with its particle, joined by "and".
    if (before?.normal === "and" && PARTICLES.has(terms[i - 2]?.normal ?? "") && i - 2 === 1 && firstIsVerb) return;

    const infinitive = before?.normal === "to" && !t.tags.has("PastTense");
    const gerund = t.tags.has("Gerund") && (before?.tags.has("Preposition") || before?.tags.has("Particle") || ((i === 1 || (i === 2 && (PARTICLES.has(before!.normal) || kindOfActivity(before!)))) && firstIsVerb && GERUND_AFTER.has(terms[0]!.normal)));
    // "set the dishwasher going", "keep the fire going": the thing is set to go, no second verb phrase.
    const keptGoing = t.normal === "going" && firstIsVerb && /^(?:set|get|keep|leave)$/.test(terms[0]!.normal);
    if (!infinitive && !gerund && !keptGoing) extra.push(t.normal || "(implied verb)");
  });
  return extra;
}

/** A participle right before a noun modifies it ("my upcoming meeting", "a solar powered lamp"): not a verb of its own. */
function withoutModifiers(terms: Term[]): Term[] {
  return terms.filter((t, i) => !((t.tags.has("Gerund") || t.tags.has("PastTense")) && (terms[i + 1]?.tags.has("Noun") || terms[i + 1]?.tags.has("Adjective"))));
}

const isNoun = (t: Term | undefined) => t !== undefined && t.tags.has("Noun") && !t.tags.has("Pronoun") && !t.tags.has("Verb");
/** What may follow a noun at the end of a name: nothing, a preposition, or "every day". */
const endsName = (terms: Term[], i: number) => {
  const next = terms[i + 1];
  return next === undefined || next.tags.has("Preposition") || (/^(?:every|each)$/.test(next.normal) && terms[i + 2]?.tags.has("Date") === true);
};

/**
 * Words compromise reads as verbs inside a name, which are nouns there: a noun before a
 * noun ("garden stakes" after "solar powered"), a noun after a noun at the end of the name
 * ("my work tasks", "my sisters house", "my sister visiting"), a word after "a"/"my" ("a
 * meeting"). A verb after a pronoun ("i have"), before a determiner ("birthday set the
 * event") or a copula ("is mary's birthday") stays a verb.
 */
function asNouns(terms: Term[]): Term[] {
  return terms.map((t, i) => {
    if (!t.tags.has("Verb") || t.tags.has("Copula") || t.tags.has("PastTense")) return t;
    const before = terms[i - 1];
    const afterDeterminer = before !== undefined && (before.tags.has("Determiner") || (before.tags.has("Possessive") && before.tags.has("Noun")));
    const compound = !t.tags.has("Gerund") && (isNoun(before) || before?.tags.has("Adjective") === true || before?.tags.has("PastTense") === true) && isNoun(terms[i + 1]);
    const lastOfName = isNoun(before) && endsName(terms, i);
    return afterDeterminer || compound || lastOfName ? { normal: t.normal, tags: new Set(["Noun"]) } : t;
  });
}

// "too"/"very" qualify a word of degree ("too late", "very soon"); before a noun ("too weekend") the words are out of order.
const DEGREE = new Set(["too", "very"]);
function degreeBeforeNoun(terms: Term[]): string | undefined {
  const i = terms.findIndex((t, k) => DEGREE.has(t.normal) && isNoun(terms[k + 1]) && !terms[k + 1]!.tags.has("Adjective") && !terms[k + 1]!.tags.has("Value"));
  return i < 0 ? undefined : `${terms[i]!.normal} ${terms[i + 1]!.normal}`;
}

// A time named by a count noun needs a word that fixes it: "this weekend", "next week", "every month", "Friday morning".
const TIME_NOUN = /^(?:weekend|week|month|year|morning|afternoon|evening)$/;
const FIXES_TIME =
  /^(?:this|that|next|last|the|a|an|every|each|other|all|whole|entire|same|coming|following|per|one|two|three|four|five|six|seven|eight|nine|ten|new|\d+|my|your|his|her|their|our|[a-z]+'s|tomorrow|tonight|today|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|christmas|easter|holiday|bank|long)$/;
function bareTime(terms: Term[]): string | undefined {
  for (const [i, t] of terms.entries()) {
    if (!TIME_NOUN.test(t.normal)) continue;
    // Back over the words of its noun group ("the long bank holiday weekend") to one that fixes it.
    let j = i - 1;
    while (j >= 0 && !FIXES_TIME.test(terms[j]!.normal) && (isNoun(terms[j]) || terms[j]!.tags.has("Adjective")) && !terms[j]!.tags.has("Date")) j--;
    // "about parents' evening", "for quiz night": a part of the day after a noun, said after a preposition, names an event.
    const named = /^(?:morning|afternoon|evening|night)$/.test(t.normal) && j >= 0 && j < i - 1 && terms[j]!.tags.has("Preposition");
    if (!named && (j < 0 || !FIXES_TIME.test(terms[j]!.normal))) return terms.slice(Math.max(0, j), i + 1).map((x) => x.normal).join(" ");
  }
  return undefined;
}

/** What is wrong with a question, one line each; [] when it reads as one clean question. */
export function questionProblems(nlp: Nlp, question: string): string[] {
  const problems: string[] = [];
  const m = FRAME.exec(question);
  if (!m) return [`expected "Want me to …?", received ${JSON.stringify(question)}`];
  const body = m[1]!;
  if (/[?!;"]|\.(?!\d)/.test(body.replace(/\b(?:dr|mr|mrs|ms|st)\./gi, ""))) problems.push(`more than one sentence: ${JSON.stringify(body)}`);
  if (/[,:]\s*$/.test(body)) problems.push(`ends on a comma: ${JSON.stringify(body)}`);
  if (GLUED.test(body)) problems.push(`a question glued on: "${GLUED.exec(body)![0]}"`);
  const clause = REMINDER_THAT.exec(body)?.[1];
  if (clause !== undefined) return [...problems, ...clauseProblems(nlp, clause)];
  const reminder = REMINDER.exec(body) ?? NOTE.exec(body);
  const about = reminder ? null : REMINDER_ABOUT.exec(body);
  const search = SEARCH.exec(body) ?? about;
  const phrase = reminder?.[1] ?? search?.[1] ?? body;
  // A clause after what to do has its own subject ("… if he called"); what to do has none.
  // A thing is named with its moment too ("about your keys when you leave"); a search has none.
  const head = about ? headOf(nlp, phrase, [MOMENT_CLAUSE]) : search ? phrase : headOf(nlp, phrase);
  if (FIRST_PERSON_OR_SUBJECT.test(head)) problems.push(`a subject or the speaker's own words: "${FIRST_PERSON_OR_SUBJECT.exec(head)![0]}"`);
  problems.push(...wordProblems(phrase, body));
  const bodyTerms = termsOf(nlp, body);
  const degree = degreeBeforeNoun(bodyTerms);
  if (degree !== undefined) problems.push(`a word of degree before a noun: "${degree}"`);
  const bare = bareTime(bodyTerms);
  if (bare !== undefined) problems.push(`a time with nothing to fix it: "${bare}"`);
  if (search) {
    // A query names things; a verb in it is a clause pasted in.
    const extra = extraVerbs(withoutModifiers(asNouns(termsOf(nlp, `look for ${head}`).slice(2))), false);
    if (extra.length) problems.push(`a verb in the search: ${extra.join(", ")}`);
  } else {
    // Read as "I will <phrase>" so that the imperative is read as a verb.
    const terms = withObjects(termsOf(nlp, `I will ${head}`).slice(2).filter((t, i, all) => !describesThing(all[i - 1], t, all[i + 1])));
    // "water the plants", "ship the parcel": a word compromise reads as a noun, before its object, is the verb.
    const verbFirst = terms[0]?.tags.has("Verb") || (terms[0]?.tags.has("Noun") && !terms[0].tags.has("Pronoun") && (terms[1]?.tags.has("Determiner") || terms[1]?.tags.has("Possessive")));
    if (!verbFirst) problems.push(`no verb to start the phrase: ${JSON.stringify(phrase)}`);
    if (terms.some((t) => t.tags.has("PastTense") && !t.tags.has("Adjective"))) problems.push(`a past tense verb: a clause pasted in`);
    // "go rock climbing swimming": two activities run together (the tagger may read the second as a noun).
    const runTogether = terms.findIndex((t, i) => t.tags.has("Gerund") && /ing$/.test(terms[i + 1]?.normal ?? "") && !terms[i + 1]!.tags.has("Preposition"));
    if (runTogether >= 0) problems.push(`speech run together: "${terms[runTogether]!.normal} ${terms[runTogether + 1]!.normal}"`);
    const extra = extraVerbs(terms, true);
    if (extra.length) problems.push(`a second verb phrase glued on: ${extra.join(", ")}`);
  }
  return problems;
}

// A clause of its own said after what to do: its moment ("… when you get home", "… before you
// leave", "… next time you see dave") or what to find out ("check if the parcel came", "find
// out what time the game starts", "see whether the shop is open").
const MOMENT_CLAUSE = /^(.+?) ((?:the )?next time|when|whenever|once|as soon as|before|after|until|while|if|in case|by the time) (.+)$/;
// What to make sure of: "check the bath isn't overflowing", "make sure the door is locked".
const CHECKED_CLAUSE = /^(.*?\b(?:check|make sure|see|ensure)) (?:that )?((?:the|my|your|our|it|he|she|they) .+)$/;
// What someone is to be told ("tell your wife that she's got choir", "let the school know that he's ill"): a clause of its own.
const TOLD_CLAUSE = /^(.*?\b(?:tell|remind|warn|let) (?:[\w']+ ){1,2}?(?:know )?)(?:that )?((?:i|i'm|we|we're|you|you're|he|he's|she|she's|they|they're|it|it's|the|my|our|your) .+)$/;
const ASKED_CLAUSE = /^(.*?\b(?:check|see|find out|ask(?: \w+)?|know|figure out|work out|look up|confirm|decide|tell \w+)) (?:if|whether|when|where|why|who|how(?: (?:much|many|long|far|often))?|what(?: \w+)?|which \w+) (.+)$/;

/**
 * What to do without a clause said after it, when that clause reads as one (a subject and one
 * group of verbs, clauseProblems): the clause is then no second verb phrase glued on. A
 * preposition's noun ("after dinner", "before the meeting") is no clause, and stays.
 */
function headOf(nlp: Nlp, phrase: string, forms: readonly RegExp[] = [ASKED_CLAUSE, TOLD_CLAUSE, CHECKED_CLAUSE, MOMENT_CLAUSE]): string {
  for (const m of forms.map((form) => form.exec(phrase))) {
    if (m && clauseProblems(nlp, m[m.length - 1]!).length === 0 && hasSubject(nlp, m[m.length - 1]!)) return m[1]!;
  }
  return phrase;
}

/** A clause starts with who or what does it ("you get home", "the shop is open"), not with its verb. */
function hasSubject(nlp: Nlp, clause: string): boolean {
  const first = termsOf(nlp, clause)[0];
  return first !== undefined && !first.tags.has("Verb") && !first.tags.has("Preposition");
}

/** What the words alone show, in what is asked for (`phrase`) and in the whole question (`body`: a word said twice). */
function wordProblems(phrase: string, body: string): string[] {
  const problems: string[] = [];
  if (DANGLING.test(phrase)) problems.push(`ends on a dangling word: "${DANGLING.exec(phrase)![0]}"`);
  if (TWICE.test(body)) problems.push(`a word said twice: "${TWICE.exec(body)![0]}"`);
  if (REQUEST_WORDS.test(phrase)) problems.push(`the request's own words kept: "${REQUEST_WORDS.exec(phrase)![0]}"`);
  if (BROKEN.test(phrase)) problems.push(`speech broken off and joined: "${BROKEN.exec(phrase)![0]}"`);
  if (phrase.split(" ").length > 16) problems.push(`too long to take in: ${phrase.split(" ").length} words`);
  return problems;
}

/** A "that" clause: its words as a phrase's, and one group of verbs ("is coming", "will be back"), not two run together. */
function clauseProblems(nlp: Nlp, clause: string): string[] {
  const problems: string[] = [];
  if (FIRST_PERSON.test(clause)) problems.push(`the speaker's own words: "${FIRST_PERSON.exec(clause)![0]}"`);
  problems.push(...wordProblems(clause, clause));
  const terms = termsOf(nlp, clause);
  const groups: string[][] = [];
  terms.forEach((t, i) => {
    const before = terms[i - 1];
    if (!t.tags.has("Verb") || t.tags.has("Particle") || PARTICLES.has(t.normal)) return;
    // "has to leave", "about leaving": a verb that hangs on another is no group of its own.
    if ((before?.normal === "to" && !t.tags.has("PastTense")) || (t.tags.has("Gerund") && before?.tags.has("Preposition"))) return;
    // "is coming", "will not be": verbs side by side, or with an adverb between, are one group.
    const joined = before !== undefined && (before.tags.has("Verb") || ((before.tags.has("Adverb") || before.tags.has("Negative")) && terms[i - 2]?.tags.has("Verb") === true));
    if (joined && groups.length > 0) groups[groups.length - 1]!.push(t.normal);
    else groups.push([t.normal]);
  });
  if (groups.length === 0) problems.push(`no verb in the clause: ${JSON.stringify(clause)}`);
  if (groups.length > 1) problems.push(`a second verb phrase glued on: ${groups.slice(1).map((g) => g.join(" ")).join(", ")}`);
  return problems;
}
