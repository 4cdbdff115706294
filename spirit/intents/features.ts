// What the intent model sees of an utterance: hashed word unigrams and
// bigrams plus character n-grams, each counted once, the vector scaled to
// unit length. Hashing keeps the model a fixed-size table (no vocabulary to
// store); character n-grams make it robust to the misspellings and run-together
// words of speech recognition ("tomorow", "alarmclock").
//
// Training (train.ts) and detection (detect.ts) share this one function, so
// a model can never be scored with features it was not trained on.

import { withoutFiller } from "./frames.js";
import { normalize } from "./normalize.js";

export interface FeatureSettings {
  /** log2 of the number of hash buckets. */
  bits: number;
  /** Character n-gram lengths, inclusive. */
  charMin: number;
  charMax: number;
}

export interface Features {
  index: Uint32Array;
  value: number; // every feature has this same value (binary features, unit length)
}

// FNV-1a, 32 bits: fast, deterministic, good enough spread for n-grams.
function fnv1a(s: string, seed: number): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The canonical form the model reads: normalize.ts's, without leading fillers ("um", "ok so"). */
export const canonical = (text: string): string => withoutFiller(normalize(text));

// One utterance is a sentence or two; a longer text is cut (its head carries the request).
const MAX_WORDS = 60;

export function featuresOf(text: string, s: FeatureSettings): Features {
  return featuresOfCanonical(canonical(text), s);
}

/** For a text already in canonical form (the detector has it at hand). */
export function featuresOfCanonical(t: string, s: FeatureSettings): Features {
  const ws = t.split(" ").filter((w) => w !== "," && w !== "").slice(0, MAX_WORDS);
  const mask = (1 << s.bits) - 1;
  const seen = new Set<number>();
  const add = (f: string, seed: number): void => {
    seen.add(fnv1a(f, seed) & mask);
  };
  add("", 7); // bias-like feature: every utterance has it
  let prev = "<s>";
  for (const w of ws) {
    add(w, 1);
    add(`${prev} ${w}`, 2);
    prev = w;
  }
  add(`${prev} </s>`, 2);
  // Character n-grams of every length from one pass per start: FNV-1a is incremental, so
  // the hash of "abcd" continues from that of "abc" (no substrings are built).
  const joined = ` ${ws.join(" ")} `;
  for (let i = 0; i + s.charMin <= joined.length; i++) {
    let h = 0x811c9dc5 ^ 3;
    for (let j = i; j < Math.min(joined.length, i + s.charMax); j++) {
      h = Math.imul(h ^ joined.charCodeAt(j), 0x01000193);
      if (j - i + 1 >= s.charMin) seen.add((h >>> 0) & mask);
    }
  }
  const index = Uint32Array.from(seen).sort();
  return { index, value: 1 / Math.sqrt(index.length) };
}
