/**
 * The Spirit's questions, built from what was recognised — the kind of task and its slots
 * (the verb phrase, destination, place, person, amount, item, date) — into one English
 * question, never by pasting the heard clause behind "Want me to" (issue 9.3):
 *
 *   reminder   "Want me to remind you to call him tomorrow?"
 *              "Want me to remind you tomorrow at 9am to book a table for three?"
 *   search     "Want me to open a search for flights to Tokyo?"   (offline: agents/open-page)
 *   note       "Want me to make a note to pay Sam back?"          (a plan with no time: agents/note)
 *              "Want me to look for flights to Tokyo?"            (with a model: the general agent)
 *
 * The verb phrase is read with compromise (spirit/language/nlp.ts), as "I will <words>" so that an
 * imperative at the start is read as a verb: its main verb, the object and the phrases
 * after it; a second clause after it is dropped ("book the train we talked about" → "book
 * the train", "text her that I'm late" → "text her"); a second verb glued on with no
 * clause around it ("order can you buy stamps", "play coach refused to play him") means
 * the words are not one request: no phrase, and then a generic question for the kind
 * (searches) or none at all (undefined: the Spirit stays quiet).
 * The speaker's pronouns are said back in the second person (my → your, me → you,
 * we → you); him, her and them stay.
 */
import type { Nlp } from "./nlp.js";

export interface Slots {
  /** "to Tokyo" → "Tokyo". */
  destination?: string;
  /** "in Rome" → "Rome". */
  place?: string;
  person?: string;
  /** "50 dollars", "$20". */
  amount?: string;
  /** The object: "a table", "the flight". */
  item?: string;
  /** The time words heard ("tomorrow", "next weekend"). */
  date?: string;
}

export interface VerbPhrase {
  verb: string;
  /** In the speaker's words, cleaned: "call my mom about the rent". For the agent's task. */
  own: string;
  /** Said back to the speaker: "call your mom about the rent". For the question. */
  yours: string;
  slots: Slots;
}

/** What a "yes" would do, which decides the question's frame. */
export type QuestionFrame =
  | { type: "reminder"; at: string; atFirst: boolean }
  | { type: "search"; how: "open" | "look" }
  /** A plan with no time: kept as a note (agents/note), "Want me to make a note to pay Sam back?". */
  | { type: "note" };

export interface Recognised {
  kind: string;
  /** The heard clause, as the speaker said it: "call him tomorrow", "book a flight to tokyo". */
  action: string;
  when?: string;
}

export interface Asked {
  question: string;
  phrase?: VerbPhrase;
  /** For searches: what is searched for ("flights to Tokyo next month"). */
  query?: string;
}

interface Term {
  text: string;
  normal: string;
  tags: ReadonlySet<string>;
  /** A comma after it: what follows may be a clause of its own. */
  comma?: boolean;
  /** A hyphen after it: the next word is one with it ("clean-up", "check-up"), said back so. */
  hyphen?: boolean;
}

// The speaker's words said back: "my" → "your". him/her/them are someone else: kept.
const SECOND_PERSON: Readonly<Record<string, string>> = {
  i: "you", me: "you", my: "your", mine: "yours", myself: "yourself",
  we: "you", us: "you", our: "your", ours: "yours", ourselves: "yourselves",
};
// Pronouns that start a clause of their own when a verb follows ("the train we talked about").
const SUBJECTS = new Set(["i", "you", "he", "she", "we", "they", "it", "someone", "somebody", "everyone", "nobody", "there"]);
// Words that start a second clause: what a message says, why, unless, a relative clause.
const CLAUSE_START = new Set(["that", "which", "who", "whom", "whose", "because", "cause", "since", "unless", "if", "although", "though", "while", "whether", "so", "lol", "haha", "saying"]);
const COORDINATORS = new Set(["and", "or", "but", "then", "plus"]);
// Said to hurry or soften, not part of the task.
const FILLER = new Set(["please", "pls", "asap", "immediately", "now", "right", "away", "here", "quickly", "also", "just"]);
const MAX_WORDS_AFTER_VERB = 9;
// "get me a table", "find me my phone": the one it is for is the speaker; said back it is noise.
const FOR_ME_VERBS = new Set(["get", "find", "buy", "book", "order", "call", "make", "reserve", "grab", "fetch", "bring", "rent"]);
// Articles left at the end are dangling; "another", "all", "both" name something.
const ARTICLES = new Set(["a", "an", "the", "every", "no", "some"]);
// So are these at the end ("add it to my"); "her" and "his" may be the one it is done to.
const OWNERS = new Set(["my", "your", "our", "their", "its"]);
// compromise may read these as verbs ("pay him back the rent"); after a verb they are its particle.
const PARTICLES = new Set(["back", "up", "down", "off", "out", "over", "away", "in", "on", "around", "along", "through"]);
const NAME_TAGS = ["Person", "FirstName", "LastName", "Place", "City", "Country", "Region"];

const has = (t: Term | undefined, tag: string): boolean => t !== undefined && t.tags.has(tag);
const titled = (w: string): string => w.replace(/(^|[\s-])([a-z])/g, (_, a: string, b: string) => a + b.toUpperCase());

function termsOf(nlp: Nlp, text: string): Term[] {
  // The parsed terms as they are (`.docs`): `.json()` would copy every field of every term.
  const sentences = (nlp(text) as unknown as { docs: { text: string; normal: string; tags: Set<string>; post: string }[][] }).docs;
  const out: Term[] = [];
  const sentenceBreak: Term = { text: "", normal: "", tags: new Set(["SentenceBreak"]) };
  sentences.forEach((sentence, s) => {
    // A sentence's end, or a question mark or a semicolon inside the words, starts a second one.
    if (s > 0) out.push(sentenceBreak);
    for (const t of sentence) {
      // A contraction's implicit half ("i'm" → "am") has no text of its own but its tags count.
      out.push({ text: t.text, normal: t.normal, tags: t.tags, ...(t.post.includes(",") && { comma: true }), ...(/^-$/.test(t.post) && { hyphen: true }) });
      if (/[?!;]/.test(t.post)) out.push(sentenceBreak);
    }
  });
  return owners(out);
}

/**
 * "the revised numbers", "my signed copy": a participle between an article or an owner and
 * its noun describes the thing, and is no verb of its own (the question and its check read it so).
 */
export function describesThing(before: { normal: string } | undefined, t: TermLike, next: TermLike | undefined): boolean {
  return (t.tags.has("PastTense") || t.tags.has("Participle")) && before !== undefined && (ARTICLES.has(before.normal) || OWNERS.has(before.normal)) && next !== undefined && next.tags.has("Noun") && !next.tags.has("Pronoun");
}

type TermLike = { normal: string; tags: ReadonlySet<string> };

/**
 * "the sales report to your office", "a budget review on Monday": the last word of a name that
 * compromise reads as a verb ("report", "review", "meeting") is a noun after a noun that an article, an
 * owner, an adjective or another noun starts, when nothing is acted on after it (the name ends: a preposition,
 * a time or nothing). The question and its check read it so. "call the office tell them" keeps
 * its glued verb: a word acted on follows it.
 */
export function endsCompoundName(twoBefore: TermLike | undefined, before: TermLike | undefined, t: TermLike, next: TermLike | undefined, afterNext: TermLike | undefined): boolean {
  // "the chess club meeting": a gerund ends a name as well; "the group starts" is a verb told of it.
  const plainVerb = t.tags.has("Verb") && (t.tags.has("Infinitive") || t.tags.has("Gerund")) && !t.tags.has("PastTense") && !t.tags.has("Participle") && !t.tags.has("Modal") && !t.tags.has("Copula");
  const isNoun = (w: TermLike | undefined) => w !== undefined && w.tags.has("Noun") && !w.tags.has("Pronoun") && !w.tags.has("Verb") && !w.tags.has("Date");
  const afterNoun = isNoun(before);
  const nameStarted = twoBefore !== undefined && (ARTICLES.has(twoBefore.normal) || OWNERS.has(twoBefore.normal) || twoBefore.tags.has("Adjective") || twoBefore.tags.has("Possessive") || isNoun(twoBefore));
  // "to Ana" after it goes somewhere ("to" may be tagged as an infinitive's); "to send" would be a verb's own.
  const toSomeone = next?.normal === "to" && afterNext !== undefined && !afterNext.tags.has("Verb");
  const ends = (w: TermLike | undefined) => w === undefined || w.tags.has("Preposition") || w.tags.has("Date") || w.tags.has("SentenceBreak");
  // "the beach clean-up on Saturday": a word hyphened to its particle is one noun with it.
  const hyphened = t.tags.has("Hyphenated") && next?.tags.has("Hyphenated") === true && next.tags.has("Particle") && ends(afterNext);
  const nameEnds = ends(next) || toSomeone || hyphened;
  return plainVerb && afterNoun && nameStarted && nameEnds;
}

/**
 * "your cousin's wedding": compromise may read the "'s" of an owner as "is" ("cousin is
 * wedding"). After an owner or an article and a noun, it is the owner's: the implied "is"
 * goes and the word after it is the thing owned (the question check reads terms so too).
 */
export function owners<T extends TermLike>(terms: T[]): T[] {
  // After a preposition too: "go to Ana's housewarming party" is her party, not "Ana is housewarming".
  const implied = (k: number) =>
    terms[k]?.normal === "" &&
    terms[k]!.tags.has("Copula") &&
    terms[k - 1]?.normal.endsWith("'s") === true &&
    (terms[k - 2]?.tags.has("Possessive") === true || terms[k - 2]?.tags.has("Determiner") === true || terms[k - 2]?.tags.has("Preposition") === true || terms[k - 2]?.normal === "to");
  return terms.flatMap((t, i) => (implied(i) ? [] : implied(i - 1) && t.tags.has("Verb") ? [{ ...t, tags: new Set(["Noun", "Singular"]) }] : [t]));
}

export const VAGUE_TIME = /\s*\b(?:at some point|some ?time(?! (?:to|for|with|off|out|alone|together)\b)|one of these days|eventually)\b/gi;

/** The time words said apart from the phrase, with their preposition ("for next weekend"). */
function withoutTime(said: string, when: string | undefined): string {
  if (!when) return said;
  // "call mum at some point": a time no one can keep is no word of what to do (the reminder has its own).
  const action = said.replace(VAGUE_TIME, " ");
  const time = when.replace(VAGUE_TIME, " ").replace(/\s+/g, " ").trim();
  if (!time) return action;
  const escaped = time.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // A time said with its own preposition ("around five") takes none before it: "come by around five" keeps its "by".
  const before = /^(?:around|about|at|on|by|in|for|this|next|after|before|until|from)\b/i.test(time) ? "" : String.raw`(?:\s(?:for|on|at|by|in|this|next))?`;
  return action.replace(new RegExp(`${before}\\s*\\b${escaped}\\b`, "i"), " ");
}

/** Verbs a gerund follows as their object: "go dancing", "go out shopping", "try skating", "stop smoking", "quit drinking". */
export const GERUND_AFTER = new Set(["go", "come", "try", "stop", "quit", "start"]);
// A phrasal verb's particle ends a phrase well: "pick Ana up", "pay him back".
const ENDING_PARTICLES = new Set(["up", "back", "out", "off", "down", "away"]);

/** Verbs of having something done: "get my oil changed", "have the car washed" (the question check reads them so too). */
export const CAUSATIVE: ReadonlySet<string> = new Set(["get", "have", "got"]);

/**
 * The one verb phrase in the words, or undefined when they hold none, or more than one
 * glued together. `when` (the time words) is taken out: questions say it apart.
 */
export function verbPhrase(nlp: Nlp, action: string, when?: string, maxWords = MAX_WORDS_AFTER_VERB): VerbPhrase | undefined {
  const words = withoutTime(action.replace(/[\u2018\u2019]/g, "'"), when).replace(/\s+/g, " ").trim();
  if (words === "") return undefined;
  let terms = termsOf(nlp, `I will ${words}`).slice(2);
  if (FOR_ME_VERBS.has(terms[0]?.normal ?? "") && /^(?:me|us)$/.test(terms[1]?.normal ?? "") && terms[2] !== undefined && !has(terms[2], "Date") && !has(terms[2], "Preposition") && !has(terms[2], "Adverb") && terms[2].text !== "") {
    terms = termsOf(nlp, `I will ${terms[0]!.text} ${terms.slice(2).map((t) => t.text).filter(Boolean).join(" ")}`).slice(2);
  }
  const [head, ...rest] = terms;
  if (head === undefined || !has(head, "Verb") || has(head, "Modal") || has(head, "Copula") || has(head, "PastTense")) return undefined;

  const kept: Term[] = [head];
  /** Words the tagger took for verbs that name a thing here. */
  const things = new Set<Term>();
  let cut = false;
  for (let i = 0; i < rest.length; i++) {
    const t = rest[i]!;
    const next = rest[i + 1];
    const before = kept.at(-1)!;
    if (has(t, "SentenceBreak")) break;
    if (t.text === "" && !has(t, "Verb")) continue;
    if (FILLER.has(t.normal) && !has(t, "Noun")) continue;
    if (t.normal === "for" && /^(?:me|us)$/.test(next?.normal ?? "")) {
      i += 1; // "book flights for me": it is for the speaker anyway
      continue;
    }
    // A second clause is dropped: the thing is named, what follows says more about it.
    if (CLAUSE_START.has(t.normal) && !(t.normal === "that" && (has(next, "Noun") || has(next, "Adjective")) && !has(next, "Pronoun"))) {
      cut = true;
      break;
    }
    if (SUBJECTS.has(t.normal) && (has(next, "Verb") || t.text.includes("'"))) break;
    if (COORDINATORS.has(t.normal) && has(next, "Verb") && !has(next, "Gerund")) break;
    // "the revised numbers", "my signed copy": a participle between an article or an owner and its noun describes the thing.
    const describing = describesThing(before, t, next);
    // "pick the kids up": after an article the word is a thing (the tagger reads "kids up" as a phrasal verb).
    const named = (has(t, "Verb") && has(before, "Determiner") && !has(t, "Gerund") && !has(t, "PastTense")) || endsCompoundName(kept.at(-2), before, t, next, rest[i + 2]);
    // "pick milk up": one word between the verb and its particle is what it acts on; "go dress shopping": one before the activity names its kind.
    const object = has(t, "Verb") && before === head && !has(t, "Gerund") && !has(t, "PastTense") && ((PARTICLES.has(next?.normal ?? "") && !has(next, "Verb")) || (GERUND_AFTER.has(head.normal) && has(next, "Gerund")));
    if (named || object) things.add(t);
    // "get my oil changed", "have the boiler serviced": a participle after what is had done to it.
    const causative = CAUSATIVE.has(head.normal) && (has(t, "PastTense") || has(t, "Participle")) && kept.length >= 2 && (has(before, "Noun") || things.has(before)) && !has(before, "Pronoun");
    if (has(t, "Verb") && !has(t, "Particle") && !PARTICLES.has(t.normal) && !describing && !named && !object && !causative) {
      if (before.comma) break; // "book flights to la, returning on march 5": the rest is more about it
      // "to visit", "about setting up": a verb inside the phrase; anything else is a second one glued on.
      const infinitive = before.normal === "to" && !has(t, "PastTense") && !has(t, "Modal") && !has(t, "Copula");
      // "go sky diving", "try rock climbing": one noun may name the kind of activity.
      const kindOfActivity = kept.length === 2 && (has(before, "Noun") || things.has(before)) && !has(before, "Pronoun") && !has(before, "Gerund");
      const gerund = has(t, "Gerund") && (has(before, "Preposition") || has(before, "Particle") || ((before === head || kindOfActivity || (kept.length === 2 && PARTICLES.has(before.normal))) && GERUND_AFTER.has(head.normal)));
      if (!infinitive && !gerund) return undefined;
    }
    kept.push(t);
  }
  // A phrase does not end on a dangling word: "contact the bank about", "to my".
  while (kept.length > 1) {
    const last = kept.at(-1)!;
    const dangling = !(ENDING_PARTICLES.has(last.normal) && kept.length >= 3) && has(last, "Preposition") || has(last, "Conjunction") || ARTICLES.has(last.normal) || OWNERS.has(last.normal) || (has(last, "Adverb") && has(kept.at(-2), "Preposition"));
    // "phone the clinic to see [if …]": an infinitive whose clause was cut dangles too.
    const bareInfinitive = cut && kept.length > 2 && has(last, "Verb") && kept.at(-2)!.normal === "to";
    // "come by", "drop in": the particle of a visit is what is done, not a word left hanging.
    const visiting = kept.length === 2 && /^(?:come|pop|drop|stop|swing|call|cycle|walk|drive|nip|run|head)$/.test(head.normal) && /^(?:by|in|round|over|across|down)$/.test(last.normal);
    if (bareInfinitive) kept.pop();
    else if (!dangling || visiting) break;
    kept.pop();
  }
  const after = kept.slice(1);
  const activity = GERUND_AFTER.has(head.normal) && after.some((t) => has(t, "Gerund")); // "go dancing": the activity is what is named
  // "come back tomorrow", "pop round on sunday", "come by around five", "set off at six", "pack tonight": going somewhere or getting ready names no thing, and needs none.
  const returning = (head.normal === "come" && after.length === 1 && /^(?:back|over|round|around|by)$/.test(after[0]!.normal)) || (/^(?:pop|drop|stop|swing|call)$/.test(head.normal) && after.length === 1 && /^(?:round|over|by|in)$/.test(after[0]!.normal)) || (/^(?:cycle|walk|drive|nip|run|head)$/.test(head.normal) && after.length === 1 && /^(?:over|round|across|down)$/.test(after[0]!.normal)) || (/^(?:set|head)$/.test(head.normal) && after.length === 1 && /^(?:off|out)$/.test(after[0]!.normal)) || (/^(?:leave|pack)$/.test(head.normal) && after.length === 0);
  if (!activity && !returning && !after.some((t) => has(t, "Noun") || has(t, "Value") || things.has(t))) return undefined; // "transfer", "book it"-less: nothing named
  if (after.length > maxWords) return undefined;
  const stem = head.normal.slice(0, 4);
  if (stem.length >= 3 && after.some((t) => t.normal.startsWith(stem))) return undefined; // "roll over rollover your 401k"

  // A name said in lower case is written as one; a particle after a name is not part of it ("call Ana back": not "Ana Back").
  const shown = (t: Term) => (NAME_TAGS.some((tag) => has(t, tag)) && t.text === t.text.toLowerCase() && t.normal !== "i" && !PARTICLES.has(t.normal) ? titled(t.text) : t.text);
  const own = saidBack(head.normal, after, shown);
  const yours = saidBack(head.normal, after, (t) => SECOND_PERSON[t.normal] ?? shown(t));
  return { verb: head.normal, own, yours, slots: slotsOf(after, shown, when) };
}

/** The phrase's words as said, a word hyphened to the next joined to it ("the beach clean-up", not "clean up"). */
function saidBack(verb: string, after: Term[], word: (t: Term) => string): string {
  const words = after.filter((t) => word(t) !== "");
  return words.reduce((out, t, i) => `${out}${word(t)}${t.hyphen === true && i < words.length - 1 ? "-" : " "}`, `${verb} `).trim();
}

function slotsOf(after: Term[], shown: (t: Term) => string, when: string | undefined): Slots {
  const slots: Slots = {};
  // A place is the run of place names after "to" or "in" ("los angeles"), else up to two nouns ("dulles", "cal expo").
  const nounRun = (from: number): string | undefined => {
    const named = has(after[from], "Place");
    const run: string[] = [];
    for (let i = from; i < after.length && run.length < (named ? 4 : 2); i++) {
      const t = after[i]!;
      // "las vegas": a place word that is no city, country or region alone goes on to the next noun.
      const partial = run.length > 0 && has(after[i - 1], "Place") && !["City", "Country", "Region"].some((tag) => has(after[i - 1], tag)) && has(t, "Noun");
      if (named ? !has(t, "Place") && !partial : !(has(t, "Noun") || has(t, "Adjective")) || has(t, "Pronoun") || has(t, "Possessive")) break;
      run.push(named ? shown(t) : t.text.length <= 3 ? t.text.toUpperCase() : shown(t));
    }
    return run.length ? run.join(" ") : undefined;
  };
  after.forEach((t, i) => {
    if (t.normal === "to" && slots.destination === undefined) slots.destination = nounRun(i + 1);
    if ((t.normal === "in" || t.normal === "at") && slots.place === undefined) slots.place = nounRun(i + 1);
    // "a rental car for nashville", "hotels near rome": a place only when it is one by name.
    if (/^(?:for|near|around)$/.test(t.normal) && slots.place === undefined && has(after[i + 1], "Place")) slots.place = nounRun(i + 1);
    if (slots.person === undefined && (has(t, "Person") || /^(?:him|her|them)$/.test(t.normal))) slots.person = shown(t);
    if (slots.amount === undefined && has(t, "Money")) slots.amount = after.slice(i, i + 2).filter((u) => has(u, "Money") || has(u, "Currency")).map((u) => u.text).join(" ");
  });
  const objectEnd = after.findIndex((t) => has(t, "Preposition") || t.normal === "to");
  const object = after.slice(0, objectEnd < 0 ? after.length : objectEnd).map(shown).join(" ");
  if (object) slots.item = object;
  if (when) slots.date = when;
  else {
    // A date the time words did not catch ("for April"), with its preposition.
    const at = after.findIndex((t) => has(t, "Date"));
    if (at >= 0) {
      let end = at;
      while (has(after[end + 1], "Date") || has(after[end + 1], "Value")) end += 1;
      let from = at;
      while (from > 0 && /^(?:the|this|next|coming)$/.test(after[from - 1]!.normal)) from -= 1;
      if (from > 0 && /^(?:for|on|in|by|until)$/.test(after[from - 1]!.normal)) from -= 1;
      slots.date = after.slice(from, end + 1).map((t) => t.text).join(" ");
    }
  }
  return slots;
}

/** What a search for this kind looks for, from its slots; the kind alone when they say nothing. */
const GENERIC_SEARCH: Readonly<Record<string, string>> = { flight: "flights", hotel: "hotels", car_rental: "rental cars" };

function timeForSearch(when: string | undefined): string {
  if (!when) return "";
  if (/^(?:on|in|at|for|by|from|this|next|tomorrow|tonight|today|later)\b/i.test(when)) return ` ${when}`;
  return /\b(?:to|through|until|till)\b|\s-\s/i.test(when) ? ` from ${when}` : ` for ${when}`;
}

function searchQuery(kind: string, phrase: VerbPhrase | undefined, when: string | undefined): string | undefined {
  const dest = phrase?.slots.destination;
  const place = phrase?.slots.place;
  let what: string | undefined;
  if (kind === "flight") what = dest ? `flights to ${titled(dest)}` : "flights";
  else if (kind === "hotel") what = place ? `hotels in ${titled(place)}` : phrase ? phrase.yours.replace(/^\S+\s+/, "") : "hotels";
  else if (kind === "car_rental") {
    const where = place ?? dest;
    what = where ? `rental cars in ${titled(where)}` : "rental cars";
  }
  else if (phrase) what = phrase.yours.replace(/^\S+\s+/, "");
  return what === undefined ? undefined : `${what}${timeForSearch(when ?? phrase?.slots.date)}`;
}

/**
 * The question for what was recognised, framed by what a "yes" does. Undefined when the
 * words make no clean phrase and the kind has no generic question: the Spirit stays quiet.
 */
export function ask(nlp: Nlp, recognised: Recognised, frame: QuestionFrame): Asked | undefined {
  const { kind, action } = recognised;
  const when = recognised.when?.replace(/\s+/g, " ").trim() || undefined;
  if (frame.type === "search") {
    // A search needs only the slots: a long request still names where to ("a flight out of seattle to dulles for under $500").
    const phrase = verbPhrase(nlp, action, when, Infinity);
    const query = phrase ? searchQuery(kind, phrase, when) : GENERIC_SEARCH[kind];
    if (query === undefined) return undefined;
    const question = frame.how === "open" ? `Want me to open a search for ${query}?` : `Want me to look for ${query}?`;
    return { question, query, ...(phrase && { phrase }) };
  }
  const phrase = verbPhrase(nlp, action, when);
  if (phrase === undefined) return undefined;
  if (frame.type === "note") return { question: `Want me to make a note to ${phrase.yours}?`, phrase };
  const question = frame.atFirst ? `Want me to remind you ${frame.at} to ${phrase.yours}?` : `Want me to remind you to ${phrase.yours} ${frame.at}?`;
  return { question, phrase };
}
