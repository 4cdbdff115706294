/**
 * A Spirit behind the log (issue 23; docs/spirit.md, "A Spirit behind the log"). When more
 * voice lines wait than a person says in a minute, or lines written while it was awake have
 * waited longer than a request can wait and still be "just said", the Spirit takes all that
 * is waiting as one batch: every line but the latest is heard as conversation (context for
 * what comes next), not decided as if just said; the latest is decided as usual. Requests
 * among the user's late lines are not done behind their back: one line names them and asks
 * the user to say again what they still want.
 */
import type { EventEntry, Located } from "../../tools/world/entry.js";
import { say } from "./lines.js";
import type { Heard } from "./memory.js";

/** More voice lines than this waiting at once: a replay, or a minute of speech missed. */
export const BEHIND_LINES = 20;
/**
 * Waited longer than this since written (or since the Spirit woke, for lines written while
 * it was down: those are the stale age's): late. Above the brain's own deadline (5 s) and
 * the offline fallback after it, so a request decided slowly is still decided as said.
 */
export const BEHIND_MS = 10_000;
/** The user's latest late lines read for requests: older words in a long backlog are a replay, not someone waiting. */
const LOOKED_AT = 20;
const NAMED = 3;

/** Whether the voice lines waiting in one read (in log order) are a backlog to catch up with. */
export function isBehind(voice: readonly Located<EventEntry>[], now: number, awakeAt: number): boolean {
  if (voice.length > BEHIND_LINES) return true;
  if (voice.length < 2) return false; // a lone line is the latest: decided whatever its age
  return voice.some((e) => now - Math.max(Date.parse(e.ts), awakeAt) > BEHIND_MS);
}

/**
 * What the offline intent detector reads as asking for something, among the user's latest
 * late lines (whatever the brain: it is cheap, ~0.05 ms a line, and needs no answer from a
 * model, and a reminder's time is not read).
 */
export async function lateRequests(late: readonly Heard[]): Promise<Heard[]> {
  const { detectIntent } = await import("../intents/detect.js");
  return late
    .filter((h) => h.isUser)
    .slice(-LOOKED_AT)
    .filter((h) => detectIntent(h.text, { slots: false }).decision !== "quiet");
}

/** The one line for a backlog with requests in it: what was heard late, and what was not done. */
export function lateLine(lines: number, requests: readonly Heard[], lateByMs: number): string {
  const lateBy = lateByMs >= 1000 ? `${Math.round(lateByMs / 1000)} s` : `${Math.max(0, Math.round(lateByMs))} ms`;
  return say.heardLate(lines, lateBy, requests.slice(-NAMED).map((h) => h.text), Math.max(0, requests.length - NAMED));
}
