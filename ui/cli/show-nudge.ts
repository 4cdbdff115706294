/**
 * A nudge for the terminal: its line, then its state in words, and the latest answer
 * when one came (an unclear answer is why a nudge is still open).
 *
 *   10:02:11 event:spirit   nudge-flight-…  nudge: Want me to remind you …?
 *       open, expires in 8 min · last answer: "maybe later" (neither yes nor no)
 */
import { escapeField } from "../../tools/world/escape.js";
import type { NudgeJson } from "../../tools/world/nudges.js";
import { showDuration } from "../../tools/duration.js";
import { unstamped } from "../../tools/world/writer.js";
import { entryFromJson } from "../../tools/world/json.js";
import { showEntry, type Style } from "./show.js";

const READS = { yes: "yes", no: "no", unclear: "neither yes nor no" } as const;

export function showNudge(n: NudgeJson, style: Style, now = Date.now()): string {
  const left = Date.parse(n.expiresAt) - now;
  const state = n.state === "open" ? `open, expires in ${showDuration(Math.max(0, left))}` : n.state;
  const last = n.answers.at(-1);
  const answer = last === undefined ? "" : ` · last answer: ${JSON.stringify(escapeField(unstamped(last.output)))} (${READS[last.reads]})`;
  return `${showEntry(entryFromJson(n), style)}\n    ${state}${answer}`;
}

/** What an empty list says: `(no nudges waiting)` for the open ones. */
export function noNudges(state: string): string {
  if (state === "open") return "(no nudges waiting)";
  return state === "all" ? "(no nudges)" : `(no ${state} nudges)`;
}
