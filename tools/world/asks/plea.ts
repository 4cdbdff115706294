/**
 * How a failed session is said to a person, in one line: shared by the Spirit's notice
 * (spirit/daemon/escalation.ts) and the Keeper's reminder (keeper/escalate.ts), so both read
 * the same. The Verifier's blockers are already questions for a person
 * (verifier/ask-person.ts: "I could not find invoice-march.pdf after 4 tries. Where is
 * it?"); other blockers (an agent's own, the Keeper's timeouts) say what the task needs.
 */

/** The task in a few words for a sentence; the session id when it has none (never `""`). */
export function taskWords(task: string | undefined | null, id: string): string {
  const t = (task ?? "").replace(/\s+/g, " ").trim();
  if (t === "") return id;
  return t.length > 80 ? `${t.slice(0, 79)}…` : t;
}

/** The sentence for a person: the blocker when it is a question, else what the task needs. */
function plea(task: string | undefined | null, id: string, blocker: string | undefined | null): { sentence: string; namesTask: boolean } {
  const words = taskWords(task, id);
  const b = (blocker ?? "").replace(/\s+/g, " ").trim();
  if (b.endsWith("?")) return { sentence: b, namesTask: false };
  // Other blockers say what is needed ("your login for the booking site").
  if (b === "") return { sentence: `"${words}" needs a decision from you.`, namesTask: true };
  return { sentence: `"${words}" needs ${b.replace(/[.;:,]$/, "")}.`, namesTask: true };
}

/** How a plea tells a person to answer it: one text for pleaLine and holdsPlea. */
const HOW_TO_ANSWER = "answer: world respond ";

/** `<sentence> (task "<words>"; answer: world respond <id> <text>)`, the task left out when the sentence names it. */
export function pleaLine(task: string | undefined | null, id: string, blocker: string | undefined | null): string {
  const { sentence, namesTask } = plea(task, id, blocker);
  const words = taskWords(task, id);
  const about = namesTask || words === id ? "" : `task "${words}"; `;
  return `${sentence} (${about}${HOW_TO_ANSWER}${id} <text>)`;
}

/** Whether a line holds a plea (pleaLine), a failed session that waits for a person's answer. */
export function holdsPlea(text: string): boolean {
  return text.includes(HOW_TO_ANSWER);
}
