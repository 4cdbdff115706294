/**
 * Spirit nudges still waiting for the human: `[event:spirit][<id>] nudge: <question>`
 * with no `[event:user][<id>]` after it, and not closed by the Spirit since (`nudge
 * expired: …`, `nudge declined: …`, `nudge closed: …`; see docs/spirit.md). Shared by
 * `world query nudges`, the monitor and the MCP server.
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
         AND NOT EXISTS (SELECT 1 FROM entries u WHERE u.id = n.id AND u.kind = 'event' AND u.line > n.line
           AND (u.label = 'user' OR (u.label = 'spirit' AND (u.output GLOB 'nudge expired*' OR u.output GLOB 'nudge declined*' OR u.output GLOB 'nudge closed*'))))
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

