/**
 * Agents that need a human. A failed agent (`[agent:failed][id] … | need: …`, from the
 * Verifier after its tries, or from the agent or the Keeper) is told to the user in ONE
 * line: `[event:spirit][<id>] needs you: <a sentence for a person> (…; answer: world
 * respond <id> <text>)` (tools/world/asks/plea.ts), and a desktop notification when this
 * machine can show one — not logged again as [event:notify]. The Keeper's periodic
 * reminder of a failure nobody answered is its own one line; for it the Spirit only
 * shows the desktop notification. Never after the user answered or the agent moved on.
 */
import type { AgentEntry, Entry, Located } from "../../tools/world/entry.js";
import { findLastEntry } from "../../tools/world/last-status.js";
import { pleaLine } from "../../tools/world/asks/plea.js";
import { DISK_ID } from "../../keeper/disk.js";
import { isKeeperEscalation } from "../../keeper/escalate.js";
import { say } from "./lines.js";
import type { SpiritMemory } from "./memory.js";

export interface NeedsYou {
  id: string;
  /** Our line, when the cause needs one (the Keeper's reminder is its own line). */
  output?: string;
  /** The text for the desktop notification. */
  message: string;
}

/**
 * The Keeper's reminder of a failed session nobody answered (keeper/escalate.ts, once per
 * period, 24 h by default): `[event:system][<id>] nudge: still waiting for you after …`.
 */
export function isEscalation(entry: Entry): boolean {
  return entry.kind === "event" && entry.source === "system" && isKeeperEscalation(entry.output);
}

function taskOf(log: string, id: string): string | undefined {
  const start = findLastEntry(log, id, (e) => e.kind === "agent" && e.status === "start");
  return start?.output;
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
  const line = pleaLine(taskOf(log, entry.id), entry.id, entry.need ?? entry.output);
  return { id: entry.id, output: say.needsYou(line), message: line };
}

/**
 * The Keeper reminded the user of a failed session: show its line on the desktop if the
 * session is still failed and nobody answered since. The Keeper's line is the one line.
 */
export function onEscalation(entry: Located, memory: SpiritMemory, log: string): NeedsYou | undefined {
  if (memory.reactedTo(`needs:${entry.id}`, entry)) return undefined;
  if (entry.kind !== "event" || stillWaiting(log, entry.id) === undefined) return undefined;
  return { id: entry.id, message: entry.output.replace(/^nudge: /, "") };
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
