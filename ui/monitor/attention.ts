/**
 * What waits for the human: failed agents (and whether someone already answered them)
 * and Spirit nudges with no answer yet. Answered from the index, which caught up first.
 *
 * A nudge is `[event:spirit][<id>] nudge: <question>`; it is answered once any
 * `[event:user][<id>]` line follows it. A failed session counts as answered when a
 * `[event:user][<id>]` line follows its failed line; it stays failed until the agent is
 * sent back to work (retry), so the page shows it as "answered, waiting for the agent".
 */
import type { WorldIndex } from "../../tools/world/index-db.js";
import type { EntryJson } from "../../tools/world/json.js";
import { history, sessionsIn, type SessionJson } from "../../tools/world/query.js";
import { NUDGE_PREFIX } from "../../tools/world/respond.js";

export interface FailedItem {
  session: SessionJson;
  /** The latest human answer after the failure, if any. */
  answer: EntryJson | null;
}

export interface Attention {
  failed: FailedItem[];
  nudges: EntryJson[];
}

interface Row {
  line: number;
  ts: string;
  id: string;
  output: string;
  output_ref: string | null;
}

/** Spirit nudges nobody answered, oldest first. */
export function openNudges(index: WorldIndex, limit = 100): EntryJson[] {
  const rows = index.db
    .prepare(
      `SELECT n.line, n.ts, n.id, n.output, n.output_ref FROM entries n
       WHERE n.kind = 'event' AND n.label = 'spirit' AND substr(n.output, 1, ?) = ?
         AND NOT EXISTS (SELECT 1 FROM entries u WHERE u.id = n.id AND u.kind = 'event' AND u.label = 'user' AND u.line > n.line)
       ORDER BY n.line LIMIT ?`,
    )
    .all(NUDGE_PREFIX.length, NUDGE_PREFIX, limit) as Row[];
  return rows.map((r) => ({
    line: r.line,
    ts: r.ts,
    kind: "event" as const,
    source: "spirit",
    id: r.id,
    output: r.output,
    ...(r.output_ref !== null && { outputRef: r.output_ref }),
  }));
}

export function failedWithAnswers(index: WorldIndex, limit = 200): FailedItem[] {
  return sessionsIn(index, "failed", limit).map((session) => {
    const answers = history(index, session.id).filter((e) => e.kind === "event" && e.source === "user" && (e.line ?? 0) > session.line);
    return { session, answer: answers.at(-1) ?? null };
  });
}

export function attention(index: WorldIndex): Attention {
  return { failed: failedWithAnswers(index), nudges: openNudges(index) };
}
