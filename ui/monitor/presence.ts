/**
 * The Spirit's presence on the monitor page: ONE visual state at a time, as a pure
 * function of the recent entries (and the open counts the page already holds), so it can
 * be unit-tested and runs unchanged in the browser. This file is served to the page as
 * /presence.js, so it imports nothing at run time (type imports are erased).
 *
 * Priority, highest first:
 *   attention  a failed agent, a Spirit nudge or a Keeper warning is waiting for the human
 *   completed  an agent was verified in the last SPARKLE_MS (a brief sparkle)
 *   listening  `event:voice` lines arrived in the last LISTEN_MS
 *   working    at least one session is active
 *   idle       nothing of the above
 */
import type { EntryJson } from "../../tools/world/json.js";

export const PRESENCE_STATES = ["idle", "listening", "working", "attention", "completed"] as const;
export type PresenceState = (typeof PRESENCE_STATES)[number];

/** How long a voice line keeps the Spirit listening. */
export const LISTEN_MS = 6_000;
/** How long the sparkle after a `verified` lasts. */
export const SPARKLE_MS = 3_000;

export interface OpenWork {
  /** Sessions whose latest status is start, active or retry, and that are not parked (tools/world/parked.ts). */
  active: number;
  /** Failed sessions no human has answered since they failed. */
  failedUnanswered: number;
  /** Spirit nudges still open (tools/world/asks/nudge-state.ts): a "maybe later" keeps one open. */
  nudges: number;
  /** The Keeper's standing alarms (the disk where world.log lives is nearly full). */
  warnings?: number;
}

export interface Presence {
  state: PresenceState;
  /** A short human sentence for the page (and screen readers). */
  reason: string;
  /** Milliseconds until the state may change on its own (a sparkle or listening ends); undefined if it will not. */
  expiresInMs?: number;
}

function age(entry: EntryJson, now: number): number {
  const t = Date.parse(entry.ts);
  return Number.isNaN(t) ? Number.POSITIVE_INFINITY : now - t;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * `entries` are the latest entries in log order (any window, e.g. the last 200);
 * `open` are the counts the index gives for what is older than that window.
 */
export function presenceOf(entries: readonly EntryJson[], now: number, open: OpenWork): Presence {
  const warned = open.warnings ?? 0;
  if (open.failedUnanswered > 0 || open.nudges > 0 || warned > 0) {
    const parts = [];
    if (warned > 0) parts.push("the disk where world.log lives is nearly full");
    if (open.failedUnanswered > 0) parts.push(plural(open.failedUnanswered, "failed agent needs", "failed agents need") + " help");
    if (open.nudges > 0) parts.push(plural(open.nudges, "question waits", "questions wait") + " for an answer");
    return { state: "attention", reason: parts.join("; ") };
  }
  // Newest first: the latest verified and the latest voice line decide the brief states.
  let verified: EntryJson | undefined;
  let voice: EntryJson | undefined;
  for (let i = entries.length - 1; i >= 0 && (verified === undefined || voice === undefined); i--) {
    const e = entries[i]!;
    if (verified === undefined && e.kind === "agent" && e.status === "verified") verified = e;
    if (voice === undefined && e.kind === "event" && e.source === "voice") voice = e;
  }
  if (verified !== undefined) {
    const a = age(verified, now);
    if (a >= -1_000 && a < SPARKLE_MS) return { state: "completed", reason: `task ${verified.id} verified`, expiresInMs: Math.max(0, SPARKLE_MS - a) };
  }
  if (voice !== undefined) {
    const a = age(voice, now);
    if (a >= -1_000 && a < LISTEN_MS) return { state: "listening", reason: "listening", expiresInMs: Math.max(0, LISTEN_MS - a) };
  }
  if (open.active > 0) return { state: "working", reason: plural(open.active, "agent is", "agents are") + " working" };
  return { state: "idle", reason: "all quiet" };
}
