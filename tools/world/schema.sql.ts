/**
 * The SQLite index's tables. Everything here is derived from world.log and can be
 * dropped and rebuilt at any time (`world index rebuild`); bump SCHEMA_VERSION to
 * make every index rebuild itself.
 *
 * TABLES are created empty; ENTRY_INDEXES, `ids_settled` and the full-text index are built
 * once at the end of a bulk load (sorting 1M keys once is much faster than 1M random inserts
 * into a B-tree, see the benchmark) and then kept up to date row by row.
 *
 * Which lines carry an id is kept in two tables, not in one index on entries(id): event
 * ids are mostly new and random, so each new line touched another leaf of a 1M-key B-tree
 * (10,000 new lines rewrote ~20 MiB of index pages). New lines go to the small
 * `ids_recent`, folded into `ids_settled` in one sorted pass once it holds an eighth as
 * many (index-db.ts); `entry_ids` is both. Ask for an id's lines with LINES_OF_ID.
 */
export const SCHEMA_VERSION = 5; // 3: stricter parsing (calendar-checked timestamps, ids without control characters); 4: lines before the format line read raw; 5: ids_settled + ids_recent instead of entries_by_id

export const TABLES = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

-- One row per log line that parsed. line = 1-based line number in world.log.
CREATE TABLE IF NOT EXISTS entries (
  line INTEGER PRIMARY KEY,
  offset INTEGER NOT NULL,
  ts TEXT NOT NULL,
  kind TEXT NOT NULL,          -- 'event' | 'agent'
  label TEXT NOT NULL,         -- the event source or the agent status
  id TEXT NOT NULL,
  output TEXT NOT NULL,
  need TEXT,
  output_ref TEXT,
  need_ref TEXT
);

-- The latest state of each agent session, kept up to date during ingest (a materialized
-- view: "latest status per session" is the question every monitor asks).
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  task TEXT NOT NULL,          -- the output of its start line
  need TEXT,                   -- the success criterion from start
  blocker TEXT,                -- the need of its latest failed line
  output TEXT NOT NULL,        -- the output of its latest status line
  retries INTEGER NOT NULL,
  started_at TEXT,
  updated_at TEXT NOT NULL,
  start_line INTEGER,
  line INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_by_status ON sessions(status, updated_at);

-- The lines of each id (see above): settled by bulk loads and folds, recent since the last one.
CREATE TABLE IF NOT EXISTS ids_settled (id TEXT NOT NULL, line INTEGER NOT NULL, PRIMARY KEY (id, line)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS ids_recent (id TEXT NOT NULL, line INTEGER NOT NULL, PRIMARY KEY (id, line)) WITHOUT ROWID;
CREATE VIEW IF NOT EXISTS entry_ids AS SELECT id, line FROM ids_settled UNION ALL SELECT id, line FROM ids_recent;

-- Lines that did not parse, reported once with their line numbers.
CREATE TABLE IF NOT EXISTS problems (line INTEGER PRIMARY KEY, offset INTEGER NOT NULL, error TEXT NOT NULL);

-- Search orders by line, never by rank, so no per-row sizes are kept (columnsize=0):
-- a quarter less work to build.
CREATE VIRTUAL TABLE IF NOT EXISTS entries_fts USING fts5(
  output, need, content='entries', content_rowid='line', tokenize='unicode61', columnsize=0
);
`;

export const ENTRY_INDEXES = `
CREATE INDEX IF NOT EXISTS events_by_source ON entries(label, line) WHERE kind = 'event';
INSERT INTO ids_settled(id, line) SELECT id, line FROM entries ORDER BY id, line;
`;

export const DROP_ENTRY_INDEXES = "DROP INDEX IF EXISTS events_by_source; DELETE FROM ids_settled; DELETE FROM ids_recent;";

/** `line IN LINES_OF_ID` with the id bound: the lines of entries with that id (one search in each table). */
export const LINES_OF_ID = "(SELECT line FROM entry_ids WHERE id = ?)";

/** The recent ids, folded into the settled ones in one sorted pass (index-db.ts says when). */
export const SETTLE_IDS = "INSERT INTO ids_settled(id, line) SELECT id, line FROM ids_recent ORDER BY id, line; DELETE FROM ids_recent;";
