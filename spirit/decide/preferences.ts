/**
 * Preferences the user states about the Spirit itself: "don't suggest flights",
 * "stop asking me about money", and taking it back: "you can suggest flights again".
 * A blocked topic silences nudges whose kind or question is about it.
 */

export interface PreferenceStatement {
  topic: string;
  blocked: boolean;
}

function clean(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/\bdont\b/g, "don't")
    .replace(/[.!?,;]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const VERBS =
  "suggest(?:ing)?|recommend(?:ing)?|offer(?:ing)?|nudg(?:e|ing)(?: me)?(?: about)?|ask(?:ing)?(?: me)? about|bug(?:ging)? me about|bother(?:ing)? me (?:about|with)|bring(?:ing)? up|mention(?:ing)?|prompt(?:ing)? me about";
const BLOCK = new RegExp(`^(?:(?:hey|ok|okay|please|and|also|so) )*(?:don't|do not|never|stop|quit|no more) (?:ever )?(?:${VERBS}) (.+?)(?: (?:anymore|any more|again|please|ever|to me|for me))*$`);
const BLOCK_NOUN = /^(?:(?:please|and|also) )*no more (.+?) (?:suggestions|nudges|questions|offers)(?: please)?$/;
const ALLOW = new RegExp(`^(?:(?:ok|okay|actually|and|also) )*(?:you can|it's ok to|it is ok to|it's fine to|feel free to|go ahead and) (?:${VERBS}) (.+?)(?: again)?(?: please)?$`);

const LEADING = /^(?:any|the|my|more|about|with|me about|me with) /;

function topicOf(raw: string): string | undefined {
  let t = raw.trim();
  while (LEADING.test(t)) t = t.replace(LEADING, "");
  t = t.replace(/ (?:things|stuff|ideas|options)$/, "");
  // A topic is a few words; a long tail is a sentence we did not understand.
  return t !== "" && t.split(" ").length <= 4 ? t : undefined;
}

export function readPreference(text: string): PreferenceStatement | undefined {
  const t = clean(text);
  for (const [re, blocked] of [[BLOCK, true], [BLOCK_NOUN, true], [ALLOW, false]] as const) {
    const m = re.exec(t);
    if (m) {
      const topic = topicOf(m[1]!);
      if (topic !== undefined) return { topic, blocked };
    }
  }
  return undefined;
}

// Topic words that name several intent kinds.
const SYNONYMS: Record<string, string[]> = {
  money: ["payment", "banking", "transfer"],
  payments: ["payment"],
  travel: ["flight", "hotel", "car_rental", "ride", "travel_claim"],
  trips: ["flight", "hotel", "car_rental"],
  shopping: ["shopping", "shopping_list", "order"],
  music: ["media"],
  messages: ["message", "call"],
  texts: ["message"],
  calls: ["call"],
  restaurants: ["reservation"],
  meetings: ["meeting", "calendar", "meeting-prep"],
  reminders: ["reminder"],
};

function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith("es") && /(?:ch|sh|x|s)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

function words(text: string): string[] {
  return clean(text).split(/[^a-z0-9_]+/).filter(Boolean).map(stem);
}

/** Does a blocked topic cover a nudge of this kind with this question? */
export function topicCovers(topic: string, kind: string, question: string): boolean {
  const t = clean(topic);
  const kinds = SYNONYMS[t] ?? SYNONYMS[stem(t)] ?? [];
  if (kinds.includes(kind)) return true;
  const topicWords = words(t);
  if (topicWords.length === 0) return false;
  const hay = new Set([...words(question), ...words(kind.replace(/_/g, " ")), stem(kind)]);
  return topicWords.every((w) => hay.has(w));
}

/** The key under which a topic is remembered ("Flights" and "flight" are one topic). */
export function topicKey(topic: string): string {
  return words(topic).join(" ");
}
