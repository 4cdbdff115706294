/**
 * A need that was meant as criteria but does not parse (`file exist x`, `output contains
 * done` without quotes) is judged as free text: a typo silently turns an exact check into
 * a model's opinion, or, offline, into "cannot know". This names the closest form, so
 * the writer can fix it; the need is still accepted as written.
 */
import { parseClause, splitClauses } from "./criteria.js";

/** The forms of criteria.ts, each with the words a near miss starts with. */
const FORMS: { form: string; looksLike: (w: string[]) => boolean }[] = [
  { form: "file exists <path>", looksLike: (w) => near(w[0], "file", 2) && near(w[1], "exists", 2) },
  { form: "file <path> matches /re/flags", looksLike: (w) => near(w[0], "file") && w.slice(2).some((x) => near(x, "matches", 2)) },
  { form: "output matches /re/flags", looksLike: (w) => near(w[0], "output", 2) && near(w[1], "matches", 2) },
  { form: 'output contains "<text>"', looksLike: (w) => near(w[0], "output", 2) && near(w[1], "contains", 2) },
  { form: "event <source> logged [matching /re/]", looksLike: (w) => near(w[0], "event") && w.slice(2).some((x) => near(x, "logged", 2)) },
  { form: "command exits 0: <cmd> [args…]", looksLike: (w) => near(w[0], "command", 2) && near(w[1], "exits", 2) },
];

/** Edit distance at most `max` (a typo or two), cheaply: the words here are short. */
function near(word: string | undefined, target: string, max = 1): boolean {
  if (word === undefined) return false;
  const a = word.toLowerCase().replace(/:$/, "");
  if (Math.abs(a.length - target.length) > max) return false;
  let prev = Array.from({ length: target.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= target.length; j += 1) {
      row[j] = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === target[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return (prev[target.length] ?? Infinity) <= max;
}

/** One warning per clause that looks like criteria but does not parse. */
export function needHints(need: string): string[] {
  const hints: string[] = [];
  for (const clause of splitClauses(need)) {
    if (parseClause(clause) !== undefined) continue;
    const w = clause.trim().split(/\s+/);
    const match = FORMS.find((f) => f.looksLike(w));
    if (match) hints.push(`need ${JSON.stringify(clause)} is not criteria syntax and will be judged as free text: expected ${match.form}, received ${JSON.stringify(clause)}`);
  }
  return hints;
}
