/**
 * A nudge for the terminal: the question people read (not the plumbing of its line: the
 * words heard and what a yes starts are in `--json`, `offer`), then its state in words,
 * and the latest answer when one came (an unclear answer is why a nudge is still open).
 *
 *   10:02:11 nudge-flight-…  Want me to remind you …?
 *       open, expires in 8 min · answer: world respond nudge-flight-… yes|no · last answer: "maybe later" (neither yes nor no)
 */
import { escapeField } from "../../tools/world/escape.js";
import type { NudgeJson } from "../../tools/world/asks/nudges.js";
import { showDuration } from "../../tools/duration.js";
import { unstamped } from "../../tools/world/writer.js";
import { clockText } from "../../tools/time-text.js";
import type { Style } from "./show.js";

const READS = { yes: "yes", no: "no", unclear: "neither yes nor no" } as const;

export function showNudge(n: NudgeJson, style: Style, now = Date.now()): string {
  const left = Date.parse(n.expiresAt) - now;
  const state = n.state === "open" ? `open, expires in ${showDuration(Math.max(0, left))}` : n.state;
  const last = n.answers.at(-1);
  const answer = last === undefined ? "" : ` · last answer: ${JSON.stringify(escapeField(unstamped(last.output)))} (${READS[last.reads]})`;
  const how = n.state === "open" ? ` · answer: world respond ${n.id} yes|no` : "";
  return `${clockText(new Date(n.ts), new Date(now))} ${n.id}  ${escapeField(n.question)}\n    ${state}${how}${answer}`;
}

/** What an empty list says: `(no nudges waiting)` for the open ones. */
export function noNudges(state: string): string {
  if (state === "open") return "(no nudges waiting)";
  return state === "all" ? "(no nudges)" : `(no ${state} nudges)`;
}
