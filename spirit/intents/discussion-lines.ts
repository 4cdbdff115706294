// Requests as people say them to each other ("we should book a flight to
// rome", "someone needs to call the plumber"), derived from the imperative
// task lines of the training file: the CLINC-derived data only has requests
// spoken to an assistant. Same label and kind as the line they come from; the
// detector's framing rules (frames.ts) turn such a request into a nudge.
// Deterministic: every eligible line in file order, its opener drawn from a fixed seed.

import { normalize } from "./normalize.js";
import { pick, seeded } from "../../tools/random.js";
import type { Line } from "./reminder-lines.js";

const OPENERS = [
  "we should", "maybe we could", "we need to", "someone should", "we have to", "i think we should", "we ought to", "let's", "we really need to",
  "one of us should", "we could", "shouldn't we", "how about we", "we'd better", "i guess we should",
];

// Lines that start with one of these verbs are commands that read naturally after an opener.
const VERB = /^(?:book|reserve|order|buy|call|text|send|pay|transfer|schedule|set up|cancel|rent|get|find|add|put|make|share|report|change|freeze|play|turn|request|apply|move|email|message|remove|take|roll over|order|replace)\b/;

export function discussionLines(from: readonly Line[], seed = 1337): Line[] {
  const rnd = seeded(seed);
  const out: Line[] = [];
  for (const l of from) {
    if (l.label !== "task") continue;
    const t = normalize(l.text).replace(/^(?:please |can you |could you |would you |i want to |i need to |i would like to )+/, "").replace(/ , /g, " ");
    if (!VERB.test(t)) continue;
    out.push({ text: `${pick(rnd, OPENERS)} ${t.replace(/ please$/, "")}`, label: "task", kind: l.kind });
  }
  return out;
}
