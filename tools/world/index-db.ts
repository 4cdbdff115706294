/**
 * The SQLite index of world.log (better-sqlite3, WAL). Derived and disposable: it
 * catches up from the byte offset it last reached before every question, rebuilds
 * itself when the log was replaced or truncated under it, and `rebuild()` from the
 * log alone gives the same answers. Only readers open it; the write path never does.
 *
 * A big catch-up (a fresh index, or more new bytes than indexed ones) is a bulk load:
 * rows go into the bare tables and the secondary indexes and full-text index are built
 * once at the end, which is several times faster than keeping them up to date row by
 * row. Small catch-ups keep everything up to date row by row. Both give the same index.
 * A load from empty of a big log is built beside index.db and renamed over it when done
 * (index-aside.ts: each page written once, not into the WAL and again by checkpoints).
 */
import type BetterSqlite3 from "better-sqlite3";
import { mkdirSync, statSync } from "node:fs";
import { indexedHead } from "./cursor.js";
import type { AgentEntry, Located } from "./entry.js";
import { sourceOrStatus } from "./format.js";
import { PRIVATE_DIR, type WorldPaths } from "./paths.js";
import { parseLine } from "./parse.js";
import { FormatState } from "./log-format.js";
import { logSize, scanLines, type Position } from "./read.js";
import { SCHEMA_VERSION, SETTLE_IDS, TABLES } from "./schema.sql.js";
import { beginBulk, finishBulk, type BulkHost } from "./index-bulk.js";
import { ASIDE_MIN_BYTES, ASIDE_PAGE_BYTES, asideFile, BUILD_LOCK, removeAside, retire, RETIRED_VERSION, seal, swapIn, waitForBuild } from "./index-aside.js";
import { tryLock } from "../process/lock.js";
import { isDiskFull } from "../disk.js";
import { damaged, isCorruption, isEnvironment, moveAside, stderrReport, type HealReport } from "./index-heal.js";
import { SessionFolder } from "./session-fold.js";
import { sqlite } from "./sqlite.js";

const Database = sqlite();
type Statement = BetterSqlite3.Statement;

export type DB = BetterSqlite3.Database;

/** Lines per transaction: big transactions are what make SQLite ingest fast. */
const BATCH = 50_000;
/**
 * The same for a load built aside, which nobody else writes or waits on between batches:
 * fewer, bigger transactions (measured on 1M lines: ~0.1 s less CPU and ~12 MB less peak
 * than 50,000), still a progress report every 200,000 lines.
 */
const ASIDE_BATCH = 200_000;
/**
 * `ids_recent` is folded into `ids_settled` once it holds more than this share of the
 * settled rows (schema.sql.ts): the fold rewrites most of ids_settled's pages once, so
 * on 1M lines it runs once per ~125,000 new lines instead of ~20 MiB per 10,000.
 */
const SETTLE_SHARE = 1 / 8;
/**
 * FTS5 collects new terms in memory and writes a segment when this many bytes are pending
 * (default 1 MiB): bigger and fewer segments make the bulk 'rebuild' ~20% cheaper.
 */
const FTS_HASH_BYTES = 16 << 20;
/**
 * `PRAGMA quick_check` reads every page: measured ~12–20 ms per MiB of index (23 MiB, 100k
 * lines: ~300 ms; 206 MiB, 1M lines: ~4.5 s on a busy 2-core machine). Every CLI command
 * opens the index, so it runs at open only while that costs no more than ~40 ms; a bigger
 * index is checked by use (any SQLITE_CORRUPT from any statement heals it, `guarded`).
 */
const QUICK_CHECK_MAX_BYTES = 2 << 20;

const INSERT_ENTRY =
  "INSERT INTO entries(line, offset, ts, kind, label, id, output, need, output_ref, need_ref) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
/**
 * A small catch-up's full-text rows and ids, for the lines of its batch (line > ?), in one
 * statement each once the batch's entries are in: SQLite copies them itself, instead of a
 * call from JavaScript per row and table (measured: about a third of those rows' cost), and
 * the ids go in sorted.
 */
const INSERT_FTS_FROM = "INSERT INTO entries_fts(rowid, output, need) SELECT line, output, need FROM entries WHERE line > ?";
const INSERT_RECENT_IDS_FROM = "INSERT INTO ids_recent(id, line) SELECT id, line FROM entries WHERE line > ? ORDER BY id, line";
const INSERT_PROBLEM = "INSERT OR REPLACE INTO problems(line, offset, error) VALUES (?, ?, ?)";
const GET_META = "SELECT value FROM meta WHERE key = ?";
const SET_META = "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value";

export interface CatchUpProgress {
  offset: number;
  size: number;
  lines: number;
}

export class WorldIndex {
  private handle: DB;
  /** The file we have open: another process that healed the index put a new one in its place. */
  private inode: number | undefined;
  /** Statements prepared once and reused (SQLite re-prepares them itself if the schema changes). */
  private readonly statements = new Map<string, Statement>();
  /** The same, unguarded, for the ingest (cleared with `statements` whenever the connection changes). */
  private readonly rawStatements = new Map<string, Statement>();

  constructor(
    readonly paths: WorldPaths,
    private readonly file = paths.index,
    private readonly report: HealReport = stderrReport,
    /** The side file of a load from empty (index-aside.ts): no journal, no syncs, never itself built aside. */
    private readonly aside = false,
  ) {
    if (file !== ":memory:") mkdirSync(paths.dir, { recursive: true, mode: PRIVATE_DIR });
    this.handle = this.openOrHeal();
  }

  private openOrHeal(): DB {
    try {
      return this.open();
    } catch (error) {
      if (!isCorruption(error)) throw error;
      return this.healed(error);
    }
  }

  /** Whether index.db is no longer the file we opened (moved aside, or deleted to rebuild). */
  private replaced(): boolean {
    try {
      return statSync(this.file).ino !== this.inode;
    } catch {
      return true;
    }
  }

  /**
   * The connection, guarded: a statement that meets a damaged page (SQLITE_CORRUPT, at any
   * query of any caller) heals the index — moved aside, rebuilt from the log — and runs
   * once more on the new one. A new connection after a healing, so hold on to the index,
   * not to this.
   */
  get db(): DB {
    if (this.guard?.handle !== this.handle) this.guard = { handle: this.handle, db: this.guarded(this.handle) };
    return this.guard.db;
  }

  private guard: { handle: DB; db: DB } | undefined;

  private guarded(handle: DB): DB {
    return new Proxy(handle, {
      get: (target, prop) => {
        if (prop === "prepare") return (sql: string) => this.guardedStatement(sql, target.prepare(sql));
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  /** A statement whose get/all/run/iterate heal a damaged index and run again, once. */
  private guardedStatement(sql: string, statement: Statement): Statement {
    const again = <T>(run: (s: Statement) => T): T => {
      try {
        return run(statement);
      } catch (error) {
        if (!this.recover(error)) throw error;
        return run(this.handle.prepare(sql));
      }
    };
    // The iterate wrapper below is a generator function (no arrow form), so it cannot see `this`.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const index = this;
    return new Proxy(statement, {
      get: (target, prop) => {
        if (prop === "get" || prop === "all" || prop === "run") {
          return (...args: unknown[]) => again((s) => (s[prop] as (...a: unknown[]) => unknown)(...args));
        }
        if (prop === "iterate") {
          return function* (...args: unknown[]) {
            let yielded = false;
            try {
              for (const row of target.iterate(...args)) {
                yielded = true;
                yield row;
              }
            } catch (error) {
              // Rows already given cannot be taken back: heal for the next question, and fail this one.
              if (!index.recover(error) || yielded) throw error;
              yield* index.handle.prepare(sql).iterate(...args);
            }
          };
        }
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  /** A corruption met at use: healed and caught up (true), or not a corruption (false). */
  private recover(error: unknown): boolean {
    if (!this.heal(error)) return false;
    const started = Date.now();
    const lines = this.catchUpOnce();
    this.report(`the index is rebuilt: ${lines} lines in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return true;
  }

  /**
   * Folds the write-ahead log into the database and truncates it (it otherwise grows with every
   * catch-up). An empty one has nothing to fold: skipped, so that an idle world's sweep writes
   * nothing (not even a question to SQLite).
   */
  checkpoint(): void {
    if (this.file !== ":memory:" && statSync(`${this.file}-wal`, { throwIfNoEntry: false })?.size === 0) return;
    this.db.pragma("wal_checkpoint(TRUNCATE)");
  }

  close(): void {
    this.handle.close();
  }

  private open(): DB {
    for (;;) {
      const before = this.file === ":memory:" ? undefined : statSync(this.file, { throwIfNoEntry: false })?.ino;
      const db = new Database(this.file);
      this.inode = this.file === ":memory:" ? undefined : statSync(this.file).ino;
      try {
        db.pragma("busy_timeout = 10000");
        // Asked before anything that could write: a file given up for one being built aside
        // (index-aside.ts) is closed untouched while its builder runs, and what is in its place
        // then is opened.
        if (!this.aside && this.inode !== undefined && db.pragma("user_version", { simple: true }) === RETIRED_VERSION) {
          const lock = tryLock(this.paths, BUILD_LOCK);
          if (!("release" in lock)) {
            db.close();
            waitForBuild(this.paths);
            continue;
          }
          try {
            // Renamed over as we looked: open the new one. Else its builder died: it is empty
            // and nobody's, and becomes an index again (reset below) while no build can start.
            if (statSync(this.file).ino !== before) {
              db.close();
              continue;
            }
            return this.setUp(db);
          } finally {
            lock.release();
          }
        }
        return this.setUp(db);
      } catch (error) {
        db.close();
        throw error;
      }
    }
  }

  /** A connection made the index's: journal, checks, schema. */
  private setUp(db: DB): DB {
    if (this.aside) db.pragma(`page_size = ${ASIDE_PAGE_BYTES}`); // before its first page is written
    db.pragma(this.aside ? "journal_mode = OFF" : "journal_mode = WAL");
    db.pragma(this.aside ? "synchronous = OFF" : "synchronous = NORMAL");
    if (this.inode !== undefined && statSync(this.file).size <= QUICK_CHECK_MAX_BYTES) {
      const verdict = db.pragma("quick_check(1)", { simple: true });
      if (verdict !== "ok") throw damaged(String(verdict));
    }
    const version = db.pragma("user_version", { simple: true }) as number;
    this.handle = db;
    if (version !== SCHEMA_VERSION) this.reset();
    else db.exec(TABLES);
    return db;
  }

  /**
   * Moves a corrupt index aside and opens a new, empty one (the next catch-up fills it).
   * Another process may have healed it first: then the file in place opens fine and stays.
   */
  private healed(error: Error): DB {
    this.clearStatements();
    const failed = this.inode;
    try {
      const db = this.open();
      if (this.inode !== failed) return db;
      db.close(); // the same file: damaged inside its pages, which an open does not read
    } catch (again) {
      if (!isCorruption(again)) throw again;
    }
    const aside = moveAside(this.file);
    this.report(`the index was corrupt (${error.message}): moved it to ${aside}; rebuilding it from ${this.paths.log}`);
    return this.open();
  }

  /** After a corruption error: a new connection to a healed file; false if not a corruption. */
  private heal(error: unknown): boolean {
    if (!isCorruption(error) || this.file === ":memory:") return false;
    try {
      this.handle.close();
    } catch {
      // a corrupt connection may refuse to close cleanly: it is dropped either way
    }
    this.handle = this.healed(error);
    return true;
  }

  /** A statement on the connection itself, for the ingest's hot path (see ingestBatch). */
  private rawStmt(sql: string): Statement {
    let s = this.rawStatements.get(sql);
    if (s === undefined) this.rawStatements.set(sql, (s = this.handle.prepare(sql)));
    return s;
  }

  private clearStatements(): void {
    this.statements.clear();
    this.rawStatements.clear();
  }

  private stmt(sql: string): Statement {
    let s = this.statements.get(sql);
    if (s === undefined) this.statements.set(sql, (s = this.db.prepare(sql)));
    return s;
  }

  private meta(key: string): string | undefined {
    return (this.stmt(GET_META).get(key) as { value: string } | undefined)?.value;
  }

  private setMeta(key: string, value: string | number): void {
    this.stmt(SET_META).run(key, String(value));
  }

  /** The connection and meta table, for the bulk load (index-bulk.ts). */
  private get bulkHost(): BulkHost {
    return { db: this.db, meta: (key) => this.meta(key), setMeta: (key, value) => this.setMeta(key, value) };
  }

  /** Where ingest has reached in world.log. */
  position(): Position {
    return { offset: Number(this.meta("offset") ?? 0), line: Number(this.meta("line") ?? 0) };
  }

  /** Drop everything derived; the next catch-up reads the log from the top. */
  reset(): void {
    this.db.exec(`
      DROP TABLE IF EXISTS entries_fts; DROP TABLE IF EXISTS entries; DROP TABLE IF EXISTS sessions;
      DROP TABLE IF EXISTS problems; DROP TABLE IF EXISTS meta; DROP VIEW IF EXISTS entry_ids;
      DROP TABLE IF EXISTS ids_settled; DROP TABLE IF EXISTS ids_recent;`);
    this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
    this.db.exec(TABLES);
    // FTS5 refuses a bound parameter here ("SQL logic error"): the value is a literal.
    this.db.exec(`INSERT INTO entries_fts(entries_fts, rank) VALUES ('hashsize', ${FTS_HASH_BYTES})`);
  }

  /**
   * Rebuild from world.log alone; over a damaged file too: whatever stops the old tables
   * from being dropped (a damaged page, a full-text table that cannot be built) other than
   * the environment (a full disk, a busy or read-only file) moves the file aside first.
   */
  rebuild(onProgress?: (p: CatchUpProgress) => void): number {
    try {
      this.reset();
    } catch (error) {
      if (isEnvironment(error) || this.file === ":memory:") throw error;
      this.handle.close();
      this.clearStatements();
      const aside = moveAside(this.file);
      this.report(`the index was corrupt (${(error as Error).message}): moved it to ${aside}; rebuilding it from ${this.paths.log}`);
      this.handle = this.open();
    }
    return this.catchUp(onProgress);
  }

  /**
   * Ingest every complete line appended since the last catch-up. Returns how many lines
   * were read. Safe with several processes: each batch is one IMMEDIATE transaction that
   * re-reads the offset (and whether a bulk load is under way) inside it, so two
   * catch-ups never ingest the same line twice, and either may finish the other's load.
   */
  catchUp(onProgress?: (p: CatchUpProgress) => void): number {
    if (this.inode !== undefined && this.replaced()) {
      this.handle.close();
      this.clearStatements();
      this.handle = this.openOrHeal();
    }
    try {
      return this.catchUpOnce(onProgress);
    } catch (error) {
      if (!this.heal(error)) throw error;
      const started = Date.now();
      const lines = this.catchUpOnce(onProgress);
      this.report(`the index is rebuilt: ${lines} lines in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return lines;
    }
  }

  private catchUpOnce(onProgress?: (p: CatchUpProgress) => void): number {
    const size = logSize(this.paths.log);
    const known = this.position();
    // Checked before "nothing new": a log replaced by one of exactly the same size shows only in its first line.
    const replaced = size < known.offset || (known.offset > 0 && this.meta("head") !== indexedHead(this.paths.log));
    if (!replaced && known.offset === size && this.meta("bulk") !== "pending") return 0;
    if (replaced) this.reset();
    const indexed = this.position().offset;
    if (indexed === 0 && size >= ASIDE_MIN_BYTES && !this.aside && this.file !== ":memory:") {
      const built = this.loadAside(onProgress);
      if (built !== undefined) return built;
    }
    if (size - indexed > indexed) beginBulk(this.bulkHost);
    let total = 0;
    for (;;) {
      const read = this.db.transaction(() => this.ingestBatch()).immediate();
      total += read.lines;
      onProgress?.({ offset: read.end.offset, size, lines: total });
      if (read.lines < this.batch) break;
    }
    finishBulk(this.bulkHost);
    return total;
  }

  /**
   * A load from empty, built beside index.db and renamed over it (index-aside.ts says why
   * and how the others stay right). Returns the lines read, or undefined when it cannot be
   * built aside (another connection keeps index.db open; another process's load, waited
   * for, left something to catch up): then the caller loads in place.
   */
  private loadAside(onProgress?: (p: CatchUpProgress) => void): number | undefined {
    const lock = tryLock(this.paths, BUILD_LOCK);
    if (!("release" in lock)) {
      // Another process builds: index.db closed while it does (it must be the only one with
      // it open), then whatever it put in place is caught up as usual.
      this.handle.close();
      this.clearStatements();
      waitForBuild(this.paths);
      this.handle = this.openOrHeal();
      return this.catchUpOnce(onProgress);
    }
    try {
      // Built and put in place since we looked: catch up on the new file.
      if (this.replaced()) {
        this.handle.close();
        this.clearStatements();
        this.handle = this.openOrHeal();
        return this.catchUpOnce(onProgress);
      }
      if (this.position().offset !== 0 || !retire(this.handle, SCHEMA_VERSION)) return undefined;
      removeAside(this.file);
      let lines: number;
      try {
        const side = new WorldIndex(this.paths, asideFile(this.file), this.report, true);
        try {
          lines = side.catchUpOnce(onProgress);
        } catch (error) {
          side.close();
          throw error;
        }
        seal(side.handle, this.file);
      } catch (error) {
        removeAside(this.file);
        this.unretire();
        throw error;
      }
      swapIn(this.file);
      this.handle.close();
      this.clearStatements();
      this.handle = this.open();
      return lines;
    } finally {
      lock.release();
    }
  }

  /** After a failed build aside: the retired index.db back as it was, if it can be (else the next open resets it). */
  private unretire(): void {
    try {
      this.handle.pragma("journal_mode = WAL");
      this.handle.pragma(`user_version = ${SCHEMA_VERSION}`);
    } catch {
      // a full disk, say: the file stays marked, and whoever opens it next resets it
    }
  }

  private get batch(): number {
    return this.aside ? ASIDE_BATCH : BATCH;
  }

  /** Counts the ids just put in ids_recent, and folds them into ids_settled once they are too many. */
  private addRecentIds(added: number, lines: number): void {
    const recent = Number(this.meta("ids_recent") ?? 0) + added;
    if (recent > (lines - recent) * SETTLE_SHARE) {
      this.db.exec(SETTLE_IDS);
      this.setMeta("ids_recent", 0);
    } else {
      this.setMeta("ids_recent", recent);
    }
  }

  private ingestBatch(): { lines: number; end: Position } {
    const from = this.position();
    const withFts = this.meta("bulk") !== "pending";
    // Unguarded statements (this.handle, not this.db): catchUp heals a corruption met here
    // and starts again, and a proxy's trap and closure per row cost more than the row's insert.
    const insert = this.rawStmt(INSERT_ENTRY);
    const problem = this.rawStmt(INSERT_PROBLEM);
    const sessions = new SessionFolder(this.handle);
    // Raw before the log's format line, decoded after it (log-format.ts); whether it went by is kept in meta.
    const format = new FormatState(this.meta("format") === "seen");
    let lines = 0;
    const { end } = scanLines(this.paths.log, from, (text, at) => {
      lines += 1;
      const parsed = parseLine(text, format.decodes(text));
      if (parsed.ok) {
        const e = parsed.entry;
        const need = e.kind === "agent" ? (e.need ?? null) : null;
        insert.run(at.line, at.offset, e.ts, e.kind, sourceOrStatus(e), e.id, e.output, need, e.outputRef ?? null, e.kind === "agent" ? (e.needRef ?? null) : null);
        if (e.kind === "agent") {
          // The parsed entry is ours alone: locate it in place rather than copying it.
          const located = e as Located<AgentEntry>;
          located.line = at.line;
          located.offset = at.offset;
          sessions.apply(located);
        }
      } else if (!parsed.skip) {
        problem.run(at.line, at.offset, parsed.error);
      }
      return lines < this.batch;
    });
    sessions.flush();
    if (withFts && end.line > from.line) {
      this.rawStmt(INSERT_FTS_FROM).run(from.line);
      const ids = this.rawStmt(INSERT_RECENT_IDS_FROM).run(from.line).changes;
      if (ids > 0) this.addRecentIds(ids, end.line);
    }
    if (format.decoding) this.setMeta("format", "seen");
    this.setMeta("offset", end.offset);
    this.setMeta("line", end.line);
    if (from.offset === 0 && end.offset > 0) this.setMeta("head", indexedHead(this.paths.log));
    return { lines, end };
  }
}


/** Open the index and bring it up to date: what every reader does before answering. */
export function openIndex(paths: WorldPaths): WorldIndex {
  const index = new WorldIndex(paths);
  try {
    index.catchUp();
  } catch (error) {
    index.close();
    throw error;
  }
  return index;
}

/**
 * For the commands that only read (`query`, `status`): on a full disk the index cannot
 * catch up (SQLITE_FULL), nor even open, so the answer comes from the log itself, read
 * into an index in memory — the same questions, nothing written.
 */
export function openIndexToRead(paths: WorldPaths): WorldIndex {
  try {
    return openIndex(paths);
  } catch (error) {
    if (!isDiskFull(error)) throw error;
    const memory = new WorldIndex(paths, ":memory:");
    memory.db.pragma("temp_store = MEMORY");
    memory.catchUp();
    return memory;
  }
}
