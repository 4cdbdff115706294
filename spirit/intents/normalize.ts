// Text clean-up shared by every rule. Transcriptions arrive lower-case, mostly
// unpunctuated, with spoken contractions spelled every which way ("dont",
// "don't", "i'd"). Rules are far simpler to write against ONE canonical form,
// so contractions are expanded here and clause punctuation is kept as a
// single " , " token (rules use it as a clause boundary, never as content).

const CONTRACTIONS: Array<[RegExp, string]> = [
  [/\b(do|does|did|is|are|was|were|would|should|could|has|have|had)n'?t\b/g, "$1 not"],
  [/\bcan'?t\b/g, "cannot"],
  [/\bwon'?t\b/g, "will not"],
  [/\bi'?m\b/g, "i am"],
  [/\bi'll\b/g, "i will"],
  [/\bi'd\b/g, "i would"],
  [/\bi'?ve\b/g, "i have"],
  [/\byou'?re\b/g, "you are"],
  [/\bwe're\b/g, "we are"],
  // Said without the apostrophe, where no other word is spelled so ("were", "its", "ill", "well" are).
  [/\b(we|you|they)'?ve\b/g, "$1 have"],
  [/\b(you|they)'?ll\b/g, "$1 will"],
  [/\btheyre\b|\bthey're\b/g, "they are"],
  [/\blet'?s\b/g, "let us"],
  [/\b(what|where|how|who|that|there)'?s\b/g, "$1 is"],
  [/\bit's\b/g, "it is"],
  [/\bwanna\b/g, "want to"],
  [/\bgonna\b/g, "going to"],
  [/\bgotta\b/g, "got to"],
  [/\b(pls|plz)\b/g, "please"],
  // The commonest ASR/typing slips around dates; rules mention "tomorrow".
  [/\bto?m+or+ow\b/g, "tomorrow"],
];

const HEDGES = "probably|really|definitely|just|totally|actually|seriously|honestly|also|still|finally|maybe|perhaps|eventually|quickly|first|soon";
const MODAL_HEDGE = new RegExp(`\\b(should|could|must|might|need to|have to|got to|ought to|want to) (?:(?:${HEDGES}) )+`, "g");
const HEDGED_MODAL = new RegExp(`\\b(we|i|you|someone|somebody) (?:(?:${HEDGES}) )+(should|could|must|need to|have to|ought to|got to)\\b`, "g");

/** Canonical form: lower-case, contractions expanded, clause punctuation as " , ". */
export function normalize(text: string): string {
  let t = text.toLowerCase().replace(/[\u2018\u2019`\u00b4]/g, "'").replace(/[\u201c\u201d"]/g, " ");
  // Sentence punctuation becomes a clause marker; a dot inside a number
  // ("3.5", "8.30") is kept.
  t = t.replace(/[,;!?]+/g, " , ").replace(/\.(?!\d)/g, " , ");
  t = t.replace(/[()[\]{}*_#<>|~^]/g, " ");
  for (const [re, to] of CONTRACTIONS) t = t.replace(re, to);
  t = t.replace(/\s+/g, " ").trim();
  // Hedges around a modal change nothing the rules look at: "we should probably get a
  // hotel", "we really need to book it", "i should just call him" keep their shape.
  t = t.replace(MODAL_HEDGE, "$1 ").replace(HEDGED_MODAL, "$1 $2");
  // Leading/trailing clause markers carry nothing.
  t = t.replace(/^(?:, )+/, "").replace(/(?: ,)+$/, "");
  return t.replace(/(?:, ){2,}/g, ", ");
}

// Where a new clause starts: punctuation, "so"/"but"/"then", or a fresh
// request ("... can you add them"). Frames (question, request, ...) are
// judged per clause, so "are bananas on my list can you add them" is a
// question followed by a request.
const CLAUSE_BREAK =
  /(?: , | (?:so|but|then|because|since|cause) (?!that\b|much\b|many\b|far\b)| and (?=(?:can|could|will|would|please|i|then|also|need|want)\b)| (?=(?:can|could|will|would) you\b)| (?=please\b))/g;

export interface Clause {
  text: string;
  start: number; // offset in the normalized text
}

export function splitClauses(t: string): Clause[] {
  const out: Clause[] = [];
  let last = 0;
  for (const m of t.matchAll(CLAUSE_BREAK)) {
    const idx = m.index ?? 0;
    if (idx > last) out.push({ text: t.slice(last, idx).trim(), start: last });
    last = idx + m[0].length;
  }
  if (last < t.length) out.push({ text: t.slice(last).trim(), start: last });
  return out.filter((c) => c.text.length > 0 && c.text !== ",");
}

// Politeness and request framing in front of the actual verb phrase. Removed
// repeatedly so "ok so can you please just" all goes.
const LEAD =
  /^(?:, |hey |hi |ok |okay |ai |so |um |uh |well |and |also |then |now |please |kindly |just |maybe |i think |actually |alright |go ahead and |(?:can|could|would|will) (?:you|u) |(?:i|we) (?:need|want|would like) (?:you )?(?:to )?|i would like |you need to |you should |i (?:must|have to|got to|gotta|should|ought to|really should|might|could) (?:probably |really |just )?|(?:we|you guys) (?:should|could|can|must|ought to|have to|need to|might want to|got to) |(?:someone|somebody|one of us) (?:should|needs to|has to|could|ought to|must) |(?:he|she|they|my [a-z]+) (?:wants|needs|would like|has|should|could|ought) to |let us |let me |(?:shall we|how about we|why do not we|what if we|maybe we should) |help me (?:to )?|is it possible (?:to |for you to )|is there a way to |i am going to need (?:to )?|i will (?:have to|need to|need) |i (?:wish|am looking|am seeking|am trying) (?:to |for )?)/;
const TRAIL = / (?:please|for me|right now|now|asap|immediately|thanks|thank you|right away|,)$/;

/** The verb phrase with request framing removed: "can you please call mom" -> "call mom". */
export function core(clause: string): string {
  let t = clause.trim();
  for (let i = 0; i < 8; i++) {
    const next = t.replace(LEAD, "").replace(TRAIL, "").trim();
    if (next === t) break;
    t = next;
  }
  return t.replace(/ , /g, " ").replace(/ ,$/, "");
}

const SWAP: Record<string, string> = { my: "your", me: "you", i: "you", mine: "yours", myself: "yourself", our: "your", us: "you", we: "you" };

/** First/second person flipped for a question back to the user: "pay my bill" -> "pay your bill". */
export function toSecondPerson(t: string): string {
  // "i am" -> "you are", but "6 am" stays.
  return t.replace(/\bi am\b/g, "you are").split(" ").map((w) => (w === "am" ? w : SWAP[w] ?? w)).join(" ");
}
