/**
 * What the Verifier asks a person when an agent's tries are used up: one sentence built
 * from the need's parsed criterion (verifier/criteria.ts), with the tries of this round
 * (since the person last answered). It is the blocker of the `failed` line, and the
 * Spirit's and the Keeper's escalations say it as it is.
 *
 *   file exists invoice-march.pdf   → I could not find invoice-march.pdf after 4 tries. Where is it?
 *   command exits 0: make test      → The command `make test` still fails after 4 tries. What should change?
 *   output contains "total"         → My result still does not contain "total" after 4 tries. Where do I find it?
 *   (free text)                     → I could not get "<task>" done after 4 tries: <why>. What should I do?
 */
import { parseClause, type Check } from "./criteria.js";

/** A clause the agent did not meet, as the evidence says it (verifier/evidence.ts). */
export interface Unmet {
  clause: string;
  detail: string;
}

export function tries(n: number): string {
  return n === 1 ? "1 try" : `${n} tries`;
}

/** What went wrong with one clause, and the question that goes with it. */
function problem(check: Check | undefined, unmet: Unmet): { fact: string; question: string } {
  switch (check?.kind) {
    case "file-exists":
      return { fact: `I could not find ${check.path}`, question: "Where is it?" };
    case "file-matches":
      // A file that is not there at all is a file not found, not a wrong text.
      if (/cannot be read$/.test(unmet.detail)) return { fact: `I could not find ${check.path}`, question: "Where is it?" };
      return { fact: `the file ${check.path} still does not match ${String(check.re)}`, question: "What should it say?" };
    case "output-contains":
      return { fact: `my result still does not contain ${JSON.stringify(check.text)}`, question: "Where do I find it?" };
    case "output-matches":
      return { fact: `my result still does not match ${String(check.re)}`, question: "What is missing?" };
    case "event-logged":
      return { fact: `no ${check.source} event was logged${check.re ? ` matching ${String(check.re)}` : ""}`, question: "What is in the way?" };
    case "command":
      return { fact: `the command \`${check.argv.join(" ")}\` still fails`, question: "What should change?" };
    case undefined:
      return { fact: `"${unmet.clause}" is still not true (${unmet.detail})`, question: "What should I do?" };
  }
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The question for a person after `attempts` tries: the unmet clauses first (each as
 * its sentence), then what the free-text judge still misses.
 */
export function askPerson(unmet: Unmet[], freeText: string | undefined, attempts: number, task: string): string {
  const problems = unmet.map((u) => problem(parseClause(u.clause), u));
  if (freeText !== undefined && freeText.trim() !== "") {
    problems.push({ fact: `I could not get "${task}" done (${freeText.trim().replace(/\.$/, "")})`, question: "What should I do?" });
  }
  if (problems.length === 0) return `I could not get "${task}" done after ${tries(attempts)}. What should I do?`;
  if (problems.length === 1) {
    const [p] = problems;
    return `${capital(p!.fact)} after ${tries(attempts)}. ${p!.question}`;
  }
  return `After ${tries(attempts)}, ${problems.map((p) => p.fact).join("; ")}. What should I do?`;
}
