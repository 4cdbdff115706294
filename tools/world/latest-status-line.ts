/** Where a session's latest line of some statuses starts in world.log (sync/origins.ts: which machine wrote it). */
import type { WorldIndex } from "./index-db.js";
import { LINES_OF_ID } from "./schema.sql.js";

export function latestStatusOffset(index: WorldIndex, id: string, statuses: readonly string[]): number | undefined {
  const marks = statuses.map(() => "?").join(", ");
  const row = index.db
    .prepare(`SELECT offset FROM entries WHERE line IN ${LINES_OF_ID} AND kind = 'agent' AND label IN (${marks}) ORDER BY line DESC LIMIT 1`)
    .get(id, ...statuses) as { offset: number } | undefined;
  return row?.offset;
}
