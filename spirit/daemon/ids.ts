/**
 * Identifiers of what the Spirit creates, derived from what caused it. Reacting to the
 * same log line twice (a crash between writing a decision and moving the cursor) gives
 * the same id, and an id already in the log is not written again: exactly once without
 * a transaction spanning the log and the cursor.
 */
import { sha1Hex } from "../../tools/sha1.js";

function digest(...parts: (string | number)[]): string {
  return sha1Hex(parts.join("\u0000")).slice(0, 12);
}

/** Session, nudge, observation or preference id for a reaction to one log line. */
export function idFor(prefix: string, cause: { offset: number; ts: string; id: string }, purpose = ""): string {
  return `${prefix}-${digest(cause.offset, cause.ts, cause.id, purpose)}`;
}

/** An id for a reaction to something that is not a log line (a calendar occurrence, a nudge). */
export function idOf(prefix: string, ...key: string[]): string {
  return `${prefix}-${digest(...key)}`;
}

/** Letters, digits and '_' only: an intent or agent kind fit to sit inside an id. */
export function idPart(kind: string): string {
  return kind.toLowerCase().replace(/[^a-z0-9_]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 32) || "general";
}

/** The kind a nudge was about, from its id: `nudge-<kind>-<hash>`. */
export function nudgeKind(nudgeId: string): string {
  const m = /^nudge-([a-z0-9_]+)-[0-9a-f]{12}$/.exec(nudgeId);
  return m ? m[1]! : "general";
}
