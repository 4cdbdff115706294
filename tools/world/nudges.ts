/**
 * Spirit nudges still waiting for the human: `[event:spirit][<id>] nudge: <question>`
 * with no `[event:user][<id>]` after it. Shared by `world query nudges`, the monitor
 * and the MCP server.
 */
import type { WorldIndex } from "./index-db.js";
import type { EntryJson } from "./json.js";
import { NUDGE_PREFIX } from "./respond.js";

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

