/**
 * From "what to do" to "which agent, with which success criterion". Intent kinds are
 * fine-grained (flight, payment, timer…); agents come in a few built-in kinds
 * (agents/registry.ts). The need is written in the Verifier's machine-checkable syntax
 * where one fits, so the offline Verifier can check it exactly.
 */
import { kindNeed } from "../../agents/kind-need.js";

/** Intent kinds the Spirit may act on without asking: explicit, low-risk, from the user. */
export const DIRECT_KINDS: ReadonlySet<string> = new Set(["reminder", "timer", "alarm"]);

const AGENT_KIND: Record<string, string> = {
  reminder: "reminder",
  timer: "timer",
  alarm: "reminder",
  "meeting-prep": "meeting-prep",
  note: "note",
  web_watch: "web-watch",
  "web-watch": "web-watch",
};

/** The built-in agent that does a kind of task; `general` does everything else. */
export function agentKindFor(intentKind: string): string {
  return AGENT_KIND[intentKind] ?? "general";
}

/**
 * The criterion the Verifier checks for an agent kind: the built-in kind's own
 * (agents/kind-need.ts); for anything else free text, judged by the Verifier's model
 * (offline: by a human).
 */
export function needFor(agentKind: string, task: string, sessionId: string): string {
  return kindNeed(agentKind, sessionId) ?? `the finish output shows that this was done: ${task}`;
}

const QUESTION_FORMS = [
  /^(?:do you )?want me to (.+?)\??$/i,
  /^(?:shall|should) i (.+?)\??$/i,
  /^(?:can|may) i (.+?)\??$/i,
  /^would you like me to (.+?)\??$/i,
];

/** The task a nudge offered, from its question: "Want me to search flights to tokyo?" → "search flights to tokyo". */
export function taskFromQuestion(question: string): string {
  const q = question.trim();
  for (const form of QUESTION_FORMS) {
    const m = form.exec(q);
    if (m) return m[1]!.replace(/\byour\b/gi, "my").replace(/\byou\b/gi, "me").trim();
  }
  return `follow up on what you asked me: ${q}`;
}
