/**
 * Agents that need a human. A failed agent (`[agent:failed][id] … | need: …`, from the
 * Verifier after its retries, or from the agent or the Keeper) is told to the user once:
 * `[event:spirit][<id>] needs you: …`, plus a notification (tools/notify). It is told
 * again only when the Keeper escalates it (its periodic escalation line for a failed
 * session nobody answered), and never after the user has answered or the agent moved on.
 */
import type { AgentEntry, Entry, Located } from "../tools/world/entry.js";
import { findLastEntry } from "../tools/world/last-status.js";
import { DISK_ID } from "../keeper/disk.js";
import { ESCALATION_MARK } from "../keeper/escalate.js";
import { say } from "./lines.js";
import type { SpiritMemory } from "./memory.js";

export interface NeedsYou {
  id: string;
  output: string;
  /** The text for the notification. */
  message: string;
}

/**
 * The Keeper's escalation of a failed session nobody answered (keeper/escalate.ts, once
 * per period, 24 h by default): `[event:system][<id>] nudge: agent "…" has been failed for …`.
 */
export function isEscalation(entry: Entry): boolean {
  // Only the Keeper's: the Verifier's own "failed and needs you" nudge is the first notice, not a repeat.
  return entry.kind === "event" && entry.source === "system" && entry.output.startsWith("nudge: ") && entry.output.includes(ESCALATION_MARK);
}

function taskOf(log: string, id: string): string {
  const start = findLastEntry(log, id, (e) => e.kind === "agent" && e.status === "start");
  return start?.output ?? "(task unknown: no start line)";
}

function notice(id: string, blocker: string, task: string, again: boolean): NeedsYou {
  return {
    id,
    output: say.needsYou(id, blocker, task, again),
    message: `${again ? "Still waiting for you" : "An agent needs you"}: ${blocker} (task: ${task}). Answer with: world respond ${id} <text>`,
  };
}

/** The session's latest failure, if it is still failed and nobody has answered it since. */
function stillWaiting(log: string, id: string): AgentEntry | undefined {
  const last = findLastEntry(log, id, (e) => e.kind === "agent");
  if (last === undefined || last.kind !== "agent" || last.status !== "failed") return undefined;
  const answered = findLastEntry(log, id, (e) => e.kind === "event" && e.source === "user");
  return answered !== undefined && answered.ts >= last.ts ? undefined : last;
}

/**
 * A failure read from the log: tell the user, unless we already did for this failure,
 * or it is history (the session moved on, or someone answered, since).
 */
export function onFailed(entry: Located<AgentEntry>, memory: SpiritMemory, log: string): NeedsYou | undefined {
  if (memory.reactedTo(`needs:${entry.id}`, entry)) return undefined;
  const last = stillWaiting(log, entry.id);
  if (last === undefined || last.ts !== entry.ts) return undefined;
  return notice(entry.id, entry.need ?? entry.output, taskOf(log, entry.id), false);
}

/**
 * The Keeper escalated a session: tell again if it is still failed and nobody answered
 * since (the latest entry under its id is then the failure, the Keeper's line or ours).
 */
export function onEscalation(entry: Located, memory: SpiritMemory, log: string): NeedsYou | undefined {
  if (memory.reactedTo(`needs:${entry.id}`, entry)) return undefined;
  const last = stillWaiting(log, entry.id);
  if (last === undefined) return undefined;
  return notice(entry.id, last.need ?? last.output, taskOf(log, entry.id), true);
}

/** The Keeper found the disk where world.log lives nearly full (keeper/disk.ts). */
export function isDiskLow(entry: Entry): boolean {
  return entry.kind === "event" && entry.source === "system" && entry.id === DISK_ID && entry.output.startsWith("low: ");
}

/**
 * Told once per time the disk goes low: the Keeper says "low" once and "ok" when it is
 * back, so a later "low" is a new cause (and a restart finds our notice after it).
 */
export function onDiskLow(entry: Located, memory: SpiritMemory, log: string): NeedsYou | undefined {
  if (memory.reactedTo(`needs:${entry.id}`, entry)) return undefined;
  // History when the Keeper has said more since (the disk is back): a first start in an old world.
  const latest = findLastEntry(log, DISK_ID, (e) => e.kind === "event" && e.source === "system");
  if (latest !== undefined && (latest.ts !== entry.ts || latest.output !== entry.output)) return undefined;
  return { id: entry.id, output: say.needsYouDisk(entry.output), message: `The disk is nearly full: ${entry.output.slice("low: ".length)}` };
}
