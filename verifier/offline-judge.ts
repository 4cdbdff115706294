/**
 * The judge when no model is available, for the free-text part of a need. It cannot
 * understand, so it is strict: it says `verified` only when the finish output mentions
 * every content word of the need (and reports no failure); otherwise it asks for
 * evidence and names what is missing. Weak evidence is never passed as done.
 */

export interface TextVerdict {
  ok: boolean;
  reason: string;
  /** What the agent should show next time (when not ok). */
  guidance: string;
  /** The content words the output does not address. */
  missing: string[];
}

const STOPWORDS = new Set(
  (
    "a an the and or but if then than so to of in on at by for with from into onto about as is are was were be been being " +
    "it its this that these those there here i me my we our you your he she they them their his her " +
    "do does did done have has had will would shall should can could may might must " +
    "not no yes all any each every some such very just also only more most less least " +
    "what which who whom whose when where why how out up down over under again once both few other own same too " +
    "get got make made need needs needed want wants please thing things something someone sure ok okay " +
    "agent task user world"
  ).split(" "),
);

/** Reports of failure in an output: a finish that says it did not do the thing is not done. */
const FAILURE = /\b(could ?n[o']t|can ?n[o']t|cannot|unable to|failed to|did ?n[o']t|was ?n[o']t able|not able to|gave up|error:)/i;

export function contentWords(text: string): string[] {
  const tokens = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const seen = new Set<string>();
  for (const t of tokens) {
    if (STOPWORDS.has(t)) continue;
    if (t.length < 3 && !/^\d+$/.test(t)) continue;
    seen.add(t);
  }
  return [...seen];
}

/** A crude stem: enough to match "booked" with "booking", "tables" with "table". */
function stem(word: string): string {
  for (const suffix of ["ations", "ation", "ings", "ing", "ies", "ied", "es", "ed", "ly", "s"]) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, -suffix.length);
  }
  return word;
}

export function judgeText(need: string, output: string): TextVerdict {
  const words = contentWords(need);
  if (words.length === 0) {
    return {
      ok: false,
      missing: [],
      reason: `the need ${JSON.stringify(need)} names nothing that can be checked without a model`,
      guidance: "finish with concrete evidence of what was done (a file path, a command and its output, a URL)",
    };
  }
  const failure = FAILURE.exec(output);
  if (failure) {
    return {
      ok: false,
      missing: [],
      reason: `the finish output reports a problem ("${failure[0]}")`,
      guidance: `the output says "${failure[0]}": resolve it, or report \`world agent failed\` with what you need`,
    };
  }
  const said = new Set((output.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(stem));
  const missing = words.filter((w) => !said.has(stem(w)));
  if (missing.length === 0) {
    return {
      ok: true,
      missing,
      reason: `offline check (no model): the finish output addresses every content word of the need (${words.join(", ")})`,
      guidance: "",
    };
  }
  return {
    ok: false,
    missing,
    reason: `offline check (no model): the finish output does not show ${missing.map((w) => `"${w}"`).join(", ")} from the need`,
    guidance: `finish again with concrete evidence for ${missing.map((w) => `"${w}"`).join(", ")} (what was done, where the result is: a file path, a command and its output, a URL)`,
  };
}
