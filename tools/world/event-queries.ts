/**
 * The questions about events that the daemons ask the index: whether a person answered a
 * session, when the last nudge about it was, the Spirit's own lines. Named queries here,
 * so that SQL stays in tools/world/ (test/layers.test.ts). Read-only; the caller catches
 * the index up first when it needs what was appended since.
 */
import type { EventEntry, Located } from "./entry.js";
import type { WorldIndex } from "./index-db.js";
import { LINES_OF_ID } from "./schema.sql.js";

interface EventRow {
  line: number;
  offset: number;
  ts: string;
  label: string;
  id: string;
  output: string;
  output_ref: string | null;
}

const EVENT_COLUMNS = "line, offset, ts, label, id, output, output_ref";

function eventOf(row: EventRow): Located<EventEntry> {
  const e: Located<EventEntry> = { kind: "event", ts: row.ts, source: row.label, id: row.id, output: row.output, line: row.line, offset: row.offset };
  if (row.output_ref !== null) e.outputRef = row.output_ref;
  return e;
}

// In the queries by id below, the unary + keeps SQLite on the lines of the id (LINES_OF_ID): by source it
// would scan every system or user event after the line, for each session asked about
// (measured: 300 ms a session on 1M lines).

/** The first `[event:<source>][<id>]` line after `line`, if any (a person's answer: source "user"). */
export function firstEventAfter(index: WorldIndex, id: string, source: string, line: number): Located<EventEntry> | undefined {
  const row = index.db
    .prepare(`SELECT ${EVENT_COLUMNS} FROM entries WHERE line IN ${LINES_OF_ID} AND +kind = 'event' AND +label = ? AND line > ? ORDER BY line LIMIT 1`)
    .get(id, source, line) as EventRow | undefined;
  return row && eventOf(row);
}

/** The time of the latest `[event:<source>][<id>] <prefix>…` line after `line`, or undefined. */
export function lastEventAt(index: WorldIndex, id: string, source: string, prefix: string, line: number): string | undefined {
  const row = index.db
    .prepare(`SELECT max(ts) AS ts FROM entries WHERE line IN ${LINES_OF_ID} AND +kind = 'event' AND +label = ? AND substr(output, 1, ?) = ? AND line > ?`)
    .get(id, source, prefix.length, prefix, line) as { ts: string | null };
  return row.ts ?? undefined;
}

/** The latest `[event:<source>][<id>] <prefix>…` line, if any. */
export function lastEventWith(index: WorldIndex, id: string, source: string, prefix: string): Located<EventEntry> | undefined {
  const row = index.db
    .prepare(`SELECT ${EVENT_COLUMNS} FROM entries WHERE line IN ${LINES_OF_ID} AND +kind = 'event' AND +label = ? AND substr(output, 1, ?) = ? ORDER BY line DESC LIMIT 1`)
    .get(id, source, prefix.length, prefix) as EventRow | undefined;
  return row && eventOf(row);
}

/** Every event of one source, in log order, one at a time (the Spirit folds all of its own). */
export function* eventsOf(index: WorldIndex, source: string): Generator<Located<EventEntry>> {
  const rows = index.db.prepare(`SELECT ${EVENT_COLUMNS} FROM entries WHERE kind = 'event' AND label = ? ORDER BY line`).iterate(source) as IterableIterator<EventRow>;
  for (const row of rows) yield eventOf(row);
}

/** The latest `limit` events of one source at or before `line`, in log order. */
export function latestEventsOf(index: WorldIndex, source: string, line: number, limit: number): Located<EventEntry>[] {
  const rows = index.db
    .prepare(`SELECT ${EVENT_COLUMNS} FROM entries WHERE kind = 'event' AND label = ? AND line <= ? ORDER BY line DESC LIMIT ?`)
    .all(source, line, limit) as EventRow[];
  return rows.reverse().map(eventOf);
}

/** Every entry's id and output in log order: what the index holds, to compare with a read of the log. */
export function indexedTexts(index: WorldIndex): { id: string; output: string }[] {
  return index.db.prepare("SELECT id, output FROM entries ORDER BY line, offset").all() as { id: string; output: string }[];
}
