/**
 * The questions people and monitors ask, answered from the index (which catches up first).
 * Session states are by latest status: start/active/retry = active, finish = pending
 * (awaiting verification), failed, verified, closed (a person ended it: agents/close.ts).
 */
import type { WorldIndex } from "./index-db.js";
import type { EntryJson } from "./json.js";
import { RUNNING } from "./lifecycle.js";
import { parkedUntil } from "./parked.js";
import { LINES_OF_ID } from "./schema.sql.js";
import type { SessionRow } from "./session-fold.js";

export const SESSION_STATES = {
  active: RUNNING,
  pending: ["finish"],
  failed: ["failed"],
  verified: ["verified"],
  closed: ["closed"],
} as const;
export type SessionState = keyof typeof SESSION_STATES;

/** The JSON shape of a session (README "JSON contract"). */
export interface SessionJson {
  id: string;
  state: SessionState;
  status: string;
  task: string;
  need: string | null;
  blocker: string | null;
  output: string;
  retries: number;
  startedAt: string | null;
  updatedAt: string;
  line: number;
  /** Parked (tools/world/parked.ts): when it wakes, ISO; null when it is not parked. */
  parkedUntil: string | null;
}

export function stateOf(status: string): SessionState {
  for (const [state, statuses] of Object.entries(SESSION_STATES)) {
    if ((statuses as readonly string[]).includes(status)) return state as SessionState;
  }
  return "active";
}

function sessionJson(row: SessionRow): SessionJson {
  return {
    id: row.id,
    state: stateOf(row.status),
    status: row.status,
    task: row.task,
    need: row.need,
    blocker: row.blocker,
    output: row.output,
    retries: row.retries,
    startedAt: row.started_at,
    updatedAt: row.updated_at,
    line: row.line,
    parkedUntil: parkedUntil(row)?.toISOString() ?? null,
  };
}

interface EntryRow {
  line: number;
  ts: string;
  kind: "event" | "agent";
  label: string;
  id: string;
  output: string;
  need: string | null;
  output_ref: string | null;
  need_ref: string | null;
}

function entryFromRow(r: EntryRow): EntryJson {
  // The same key order as entryJson (json.ts): one shape whichever path produced it.
  const json: EntryJson = { line: r.line, ts: r.ts, kind: r.kind, ...(r.kind === "event" ? { source: r.label } : { status: r.label }), id: r.id, output: r.output };
  if (r.need !== null) json.need = r.need;
  if (r.output_ref !== null) json.outputRef = r.output_ref;
  if (r.need_ref !== null) json.needRef = r.need_ref;
  return json;
}

/** Sessions in one state, oldest update first (the one waiting longest leads). */
export function sessionsIn(index: WorldIndex, state: SessionState, limit = 1000): SessionJson[] {
  const statuses = SESSION_STATES[state];
  const rows = index.db
    .prepare(`SELECT * FROM sessions WHERE status IN (${statuses.map(() => "?").join(",")}) ORDER BY updated_at, line LIMIT ?`)
    .all(...statuses, limit) as SessionRow[];
  return rows.map(sessionJson);
}

/**
 * Parked sessions (tools/world/parked.ts), soonest wake-up first. SQL narrows the rows to
 * the two line forms; the one definition decides.
 */
export function parkedSessions(index: WorldIndex): SessionJson[] {
  const rows = index.db
    .prepare("SELECT * FROM sessions WHERE status = 'active' AND (output LIKE 'sleep until %' OR output LIKE 'armed: due %')")
    .all() as SessionRow[];
  return rows
    .map(sessionJson)
    .filter((s) => s.parkedUntil !== null)
    .sort((a, b) => a.parkedUntil!.localeCompare(b.parkedUntil!) || a.line - b.line);
}

/** The active session waiting longest that is working, not parked (`world status`: the one that may be stuck). */
export function oldestWorking(index: WorldIndex): SessionJson | undefined {
  const statuses = SESSION_STATES.active;
  const rows = index.db
    .prepare(`SELECT * FROM sessions WHERE status IN (${statuses.map(() => "?").join(",")}) ORDER BY updated_at, line`)
    .iterate(...statuses) as IterableIterator<SessionRow>;
  for (const row of rows) {
    const s = sessionJson(row);
    if (s.parkedUntil === null) return s;
  }
  return undefined;
}

export function session(index: WorldIndex, id: string): SessionJson | undefined {
  const row = index.db.prepare("SELECT * FROM sessions WHERE id = ?").get(id) as SessionRow | undefined;
  return row && sessionJson(row);
}

/**
 * A session's state as of now, for a daemon that holds its index open: the index catches up
 * first (cheap when nothing is new), so a line written since the daemon's pass began counts.
 */
export function fresh(ctx: { index: WorldIndex }, id: string): SessionJson | undefined {
  ctx.index.catchUp();
  return session(ctx.index, id);
}

/** Everything logged under a session id: its statuses and the events that name it. */
export function history(index: WorldIndex, id: string): EntryJson[] {
  return (index.db.prepare(`SELECT * FROM entries WHERE line IN ${LINES_OF_ID} ORDER BY line`).all(id) as EntryRow[]).map(entryFromRow);
}

/** The latest N entries, in log order. */
export function recent(index: WorldIndex, n = 20): EntryJson[] {
  const rows = index.db.prepare("SELECT * FROM entries ORDER BY line DESC LIMIT ?").all(n) as EntryRow[];
  return rows.reverse().map(entryFromRow);
}

/** Some of the matching entries (the newest `limit`, in log order) and how many match in all. */
export interface Page {
  entries: EntryJson[];
  /** Every match; counted only when there are more than `limit` (else entries.length). */
  total: number;
}

/** Events, newest last; of one source if given. */
export function events(index: WorldIndex, source: string | undefined, limit = 100): EntryJson[] {
  return eventsPage(index, source, limit).entries;
}

/** The newest `limit` events (Infinity: all), in log order, and how many there are. */
export function eventsPage(index: WorldIndex, source: string | undefined, limit = 100): Page {
  const sqlLimit = toSqlLimit(limit);
  const rows = (
    source === undefined
      ? index.db.prepare("SELECT * FROM entries WHERE kind = 'event' ORDER BY line DESC LIMIT ?").all(sqlLimit)
      : index.db.prepare("SELECT * FROM entries WHERE kind = 'event' AND label = ? ORDER BY line DESC LIMIT ?").all(source, sqlLimit)
  ) as EntryRow[];
  const more = rows.length > limit;
  const total = !more
    ? rows.length
    : (source === undefined
        ? (index.db.prepare("SELECT count(*) AS n FROM entries WHERE kind = 'event'").get() as { n: number })
        : (index.db.prepare("SELECT count(*) AS n FROM entries WHERE kind = 'event' AND label = ?").get(source) as { n: number })
      ).n;
  return { entries: rows.slice(0, limit).reverse().map(entryFromRow), total };
}

/** One row more than asked for tells whether there are more (SQLite's LIMIT -1: none). */
function toSqlLimit(limit: number): number {
  return Number.isFinite(limit) ? limit + 1 : -1;
}

/** A user's words as an FTS5 query: every word quoted (never FTS syntax), the last also a prefix. */
function ftsMatch(text: string): string | undefined {
  const terms = text.match(/[\p{L}\p{N}_]+/gu) ?? [];
  if (terms.length === 0) return undefined;
  return terms.map((t, i) => `"${t}"${i === terms.length - 1 ? "*" : ""}`).join(" ");
}

/**
 * Full-text search over outputs and needs. The words are matched as quoted terms (a
 * user's text is never FTS syntax), all of them, the last one also as a prefix.
 */
export function search(index: WorldIndex, text: string, limit = 50): EntryJson[] {
  return searchPage(index, text, limit).entries;
}

/** search, with how many match in all. */
export function searchPage(index: WorldIndex, text: string, limit = 50): Page {
  const match = ftsMatch(text);
  if (match === undefined) return { entries: [], total: 0 };
  // The newest matches are picked inside FTS5 (rowid = line, walked backwards, stopping at
  // `limit`); joining first and sorting after read every match of a common word (~0.5 s on 1M lines).
  const rows = index.db
    .prepare(
      `SELECT e.* FROM entries e
       WHERE e.line IN (SELECT rowid FROM entries_fts WHERE entries_fts MATCH ? ORDER BY rowid DESC LIMIT ?)
       ORDER BY e.line DESC`,
    )
    .all(match, toSqlLimit(limit)) as EntryRow[];
  // Counted only when there are more: a rare word costs nothing more, a common one a count over FTS5.
  const total = rows.length > limit ? (index.db.prepare("SELECT count(*) AS n FROM entries_fts WHERE entries_fts MATCH ?").get(match) as { n: number }).n : rows.length;
  return { entries: rows.slice(0, limit).reverse().map(entryFromRow), total };
}

export interface Counts {
  entries: number;
  sessions: Record<SessionState, number>;
  problems: number;
}

/** How many entries the index holds (every line it has read, less the damaged ones). */
export function entryCount(index: WorldIndex): number {
  return (index.db.prepare("SELECT count(*) AS n FROM entries").get() as { n: number }).n;
}

export function counts(index: WorldIndex): Counts {
  const by = index.db.prepare("SELECT status, count(*) AS n FROM sessions GROUP BY status").all() as { status: string; n: number }[];
  const sessions: Record<SessionState, number> = { active: 0, pending: 0, failed: 0, verified: 0, closed: 0 };
  for (const { status, n } of by) sessions[stateOf(status)] += n;
  const entries = entryCount(index);
  const problems = (index.db.prepare("SELECT count(*) AS n FROM problems").get() as { n: number }).n;
  return { entries, sessions, problems };
}

export function problems(index: WorldIndex, limit = 20): { line: number; error: string }[] {
  return index.db.prepare("SELECT line, error FROM problems ORDER BY line LIMIT ?").all(limit) as { line: number; error: string }[];
}

export interface BrowseFilter {
  /** Words to find (full-text, as `search`); empty or absent: every entry. */
  text?: string;
  kind?: "event" | "agent";
  /** An event source or an agent status (with `kind`, or alone: either). */
  label?: string;
  id?: string;
  /** Only entries before this line: the next page of a newest-first listing. */
  before?: number;
  limit: number;
}

export interface BrowsePage {
  /** Newest first. */
  entries: EntryJson[];
  /** Pass as `before` for the next (older) page; null when this page was the last. */
  next: number | null;
}

/**
 * The whole log, filtered and paged newest first by line (keyset paging: a page costs the
 * same at line 10 as at line 1,000,000). With words, FTS5 walks its matches backwards.
 */
export function browse(index: WorldIndex, filter: BrowseFilter): BrowsePage {
  const where: string[] = [];
  const args: (string | number)[] = [];
  let from = "entries e";
  const match = filter.text === undefined ? undefined : ftsMatch(filter.text);
  if (filter.text !== undefined && filter.text.trim() !== "" && match === undefined) return { entries: [], next: null };
  if (match !== undefined) {
    from = "entries_fts f JOIN entries e ON e.line = f.rowid";
    where.push("entries_fts MATCH ?");
    args.push(match);
  }
  const lineCol = match !== undefined ? "f.rowid" : "e.line";
  if (filter.before !== undefined) {
    where.push(`${lineCol} < ?`);
    args.push(filter.before);
  }
  if (filter.kind !== undefined) {
    where.push("e.kind = ?");
    args.push(filter.kind);
  }
  if (filter.label !== undefined) {
    where.push("e.label = ?");
    args.push(filter.label);
  }
  if (filter.id !== undefined) {
    where.push(`e.line IN ${LINES_OF_ID}`);
    args.push(filter.id);
  }
  const sql = `SELECT e.* FROM ${from} ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY ${lineCol} DESC LIMIT ?`;
  // One more than asked: whether an older page exists, without counting every match.
  const rows = index.db.prepare(sql).all(...args, filter.limit + 1) as EntryRow[];
  const entries = rows.slice(0, filter.limit).map(entryFromRow);
  return { entries, next: rows.length > filter.limit ? (entries.at(-1)?.line ?? null) : null };
}

/** The entry on one line of the log, if that line parsed. */
export function entryAt(index: WorldIndex, line: number): EntryJson | undefined {
  const row = index.db.prepare("SELECT * FROM entries WHERE line = ?").get(line) as EntryRow | undefined;
  return row && entryFromRow(row);
}
