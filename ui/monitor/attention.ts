/**
 * What waits for the human: failed agents (and whether someone already answered them)
 * and Spirit nudges with no answer yet. Answered from the index, which caught up first.
 *
 * A nudge waits while its state is open (tools/world/asks/nudge-state.ts: an unclear answer
 * such as "maybe later" leaves it open; a yes, a no or its expiry close it). A failed session counts as answered when a
 * `[event:user][<id>]` line follows its failed line; it stays failed until the agent is
 * sent back to work (retry), so the page shows it as "answered, waiting for the agent".
 *
 * Warnings are the Keeper's standing alarms about the machine: today the disk where
 * world.log lives (keeper/disk.ts), while its latest line says `low:`.
 */
import { standingDiskWarning } from "../../keeper/disk.js";
import type { WorldIndex } from "../../tools/world/index-db.js";
import type { EntryJson } from "../../tools/world/json.js";
import { history, sessionsIn, type SessionJson } from "../../tools/world/query.js";
import { openNudges, type NudgeJson } from "../../tools/world/asks/nudges.js";

export interface FailedItem {
  session: SessionJson;
  /** The latest human answer after the failure, if any. */
  answer: EntryJson | null;
  /**
   * Retries in this round: since the latest human answer before the failure (or since the
   * start). `session.retries` counts every retry ever, across answers: "after 7 retries"
   * when the agent tried 3 times since the person last helped reads as wrong.
   */
  roundRetries: number;
}

/** Retries since the last human answer that came before the failure at `failedLine`. */
function retriesThisRound(history: EntryJson[], failedLine: number): number {
  let retries = 0;
  for (const e of history) {
    if ((e.line ?? 0) >= failedLine) break;
    if (e.kind === "event" && e.source === "user") retries = 0;
    else if (e.kind === "agent" && e.status === "retry") retries += 1;
  }
  return retries;
}

export interface Attention {
  failed: FailedItem[];
  nudges: NudgeJson[];
  warnings: EntryJson[];
}

function failedWithAnswers(index: WorldIndex, limit = 200): FailedItem[] {
  return sessionsIn(index, "failed", limit).map((session) => {
    const all = history(index, session.id);
    const answers = all.filter((e) => e.kind === "event" && e.source === "user" && (e.line ?? 0) > session.line);
    return { session, answer: answers.at(-1) ?? null, roundRetries: retriesThisRound(all, session.line) };
  });
}

/** The Keeper's alarms that still stand (its latest disk line says low). */
function warnings(index: WorldIndex): EntryJson[] {
  const disk = standingDiskWarning(index);
  return disk ? [disk] : [];
}

export function attention(index: WorldIndex): Attention {
  return { failed: failedWithAnswers(index), nudges: openNudges(index), warnings: warnings(index) };
}
