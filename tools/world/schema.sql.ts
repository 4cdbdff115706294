/**
 * The SQLite index's tables. Everything here is derived from world.log and can be
 * dropped and rebuilt at any time (`world index rebuild`); bump SCHEMA_VERSION to
 * make every index rebuild itself.
 *
 * TABLES are created empty; ENTRY_INDEXES and the full-text index are built once at the
 * end of a bulk load (sorting 1M keys once is much faster than 1M random inserts into a
 * B-tree, see the benchmark) and then kept up to date row by row.
 */
export const SCHEMA_VERSION = 4; // 3: stricter parsing (calendar-checked timestamps, ids without control characters); 4: lines before the format line read raw

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

-- Lines that did not parse, reported once with their line numbers.
CREATE TABLE IF NOT EXISTS problems (line INTEGER PRIMARY KEY, offset INTEGER NOT NULL, error TEXT NOT NULL);

-- Search orders by line, never by rank, so no per-row sizes are kept (columnsize=0):
-- a quarter less work to build.
CREATE VIRTUAL TABLE IF NOT EXISTS entries_fts USING fts5(
  output, need, content='entries', content_rowid='line', tokenize='unicode61', columnsize=0
);
`;

export const ENTRY_INDEXES = `
CREATE INDEX IF NOT EXISTS entries_by_id ON entries(id, line);
CREATE INDEX IF NOT EXISTS events_by_source ON entries(label, line) WHERE kind = 'event';
`;

export const DROP_ENTRY_INDEXES = "DROP INDEX IF EXISTS entries_by_id; DROP INDEX IF EXISTS events_by_source;";
