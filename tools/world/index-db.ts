/**
 * The SQLite index of world.log (better-sqlite3, WAL). Derived and disposable: it
 * catches up from the byte offset it last reached before every question, rebuilds
 * itself when the log was replaced or truncated under it, and `rebuild()` from the
 * log alone gives the same answers. Only readers open it; the write path never does.
 */
import Database from "better-sqlite3";
import { mkdirSync, statSync } from "node:fs";
import { logHead } from "./cursor.js";
import type { Located } from "./entry.js";
import type { WorldPaths } from "./paths.js";
import { parseLine } from "./parse.js";
import { scanLines, type Position } from "./read.js";
import { SCHEMA, SCHEMA_VERSION } from "./schema.sql.js";
import { SessionFolder } from "./session-fold.js";

export type DB = Database.Database;

/** Lines per transaction: big transactions are what make SQLite ingest fast. */
const BATCH = 50_000;

export interface CatchUpProgress {
  offset: number;
  size: number;
  lines: number;
}

export class WorldIndex {
  readonly db: DB;

  constructor(
    readonly paths: WorldPaths,
    file = paths.index,
  ) {
    if (file !== ":memory:") mkdirSync(paths.dir, { recursive: true });
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = NORMAL");
    this.db.pragma("busy_timeout = 10000");
    const version = this.db.pragma("user_version", { simple: true }) as number;
    if (version !== SCHEMA_VERSION) this.reset();
    this.db.exec(SCHEMA);
  }

  close(): void {
    this.db.close();
  }

  private meta(key: string): string | undefined {
    const row = this.db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined;
    return row?.value;
  }

  private setMeta(key: string, value: string | number): void {
    this.db.prepare("INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(key, String(value));
  }

  /** Where ingest has reached in world.log. */
  position(): Position {
    return { offset: Number(this.meta("offset") ?? 0), line: Number(this.meta("line") ?? 0) };
  }

  /** Drop everything derived; the next catch-up reads the log from the top. */
  reset(): void {
    this.db.exec(`
      DROP TABLE IF EXISTS entries_fts; DROP TABLE IF EXISTS entries; DROP TABLE IF EXISTS sessions;
      DROP TABLE IF EXISTS problems; DROP TABLE IF EXISTS meta;`);
    this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
    this.db.exec(SCHEMA);
  }

  /** Rebuild from world.log alone. */
  rebuild(onProgress?: (p: CatchUpProgress) => void): number {
    this.reset();
    return this.catchUp(onProgress);
  }

  /**
   * Ingest every complete line appended since the last catch-up. Returns how many lines
   * were read. Safe with several processes: each batch is one IMMEDIATE transaction that
   * re-reads the offset inside it, so two catch-ups never ingest the same line twice.
   */
  catchUp(onProgress?: (p: CatchUpProgress) => void): number {
    const size = fileSize(this.paths.log);
    const known = this.position();
    // Checked before "nothing new": a log replaced by one of exactly the same size shows only in its first line.
    const replaced = size < known.offset || (known.offset > 0 && this.meta("head") !== logHead(this.paths.log));
    if (!replaced && known.offset === size) return 0;
    if (replaced) this.reset();
    const fresh = this.position().offset === 0;
    if (fresh) this.setMeta("fts", "pending"); // bulk load: build full-text search once at the end
    let total = 0;
    for (;;) {
      const read = this.db.transaction(() => this.ingestBatch(this.meta("fts") !== "pending")).immediate();
      total += read.lines;
      onProgress?.({ offset: read.end.offset, size, lines: total });
      if (read.lines < BATCH) break;
    }
    if (this.meta("fts") === "pending") {
      this.db.exec("INSERT INTO entries_fts(entries_fts) VALUES ('rebuild')");
      this.setMeta("fts", "ready");
    }
    return total;
  }

  private ingestBatch(withFts: boolean): { lines: number; end: Position } {
    const from = this.position();
    const insert = this.db.prepare(
      "INSERT INTO entries(line, offset, ts, kind, label, id, output, need, output_ref, need_ref) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const insertFts = this.db.prepare("INSERT INTO entries_fts(rowid, output, need) VALUES (?, ?, ?)");
    const problem = this.db.prepare("INSERT OR REPLACE INTO problems(line, offset, error) VALUES (?, ?, ?)");
    const sessions = new SessionFolder(this.db);
    let lines = 0;
    const { end } = scanLines(this.paths.log, from, (text, at) => {
      lines += 1;
      const parsed = parseLine(text);
      if (parsed.ok) {
        const e = parsed.entry;
        const need = e.kind === "agent" ? (e.need ?? null) : null;
        insert.run(at.line, at.offset, e.ts, e.kind, e.kind === "event" ? e.source : e.status, e.id, e.output, need, e.outputRef ?? null, e.kind === "agent" ? (e.needRef ?? null) : null);
        if (withFts) insertFts.run(at.line, e.output, need);
        if (e.kind === "agent") sessions.apply({ ...e, line: at.line, offset: at.offset } as Located<typeof e>);
      } else if (!parsed.skip) {
        problem.run(at.line, at.offset, parsed.error);
      }
      return lines < BATCH;
    });
    sessions.flush();
    this.setMeta("offset", end.offset);
    this.setMeta("line", end.line);
    if (from.offset === 0 && end.offset > 0) this.setMeta("head", logHead(this.paths.log));
    return { lines, end };
  }
}

function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** Open the index and bring it up to date: what every reader does before answering. */
export function openIndex(paths: WorldPaths): WorldIndex {
  const index = new WorldIndex(paths);
  index.catchUp();
  return index;
}
