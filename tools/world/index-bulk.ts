/**
 * The bulk load of the index (index-db.ts says when one starts: a fresh index, or more new
 * bytes than indexed ones). While meta "bulk" is "pending", rows go into the bare tables;
 * the secondary indexes and the full-text index are built once at the end, in one
 * transaction that also marks the load done, so a load killed half-way is taken up again
 * (by any process) and never leaves an index that looks complete.
 */
import type { DB } from "./index-db.js";
import { DROP_ENTRY_INDEXES, ENTRY_INDEXES } from "./schema.sql.js";

/** What the bulk load needs of the index: its connection and its meta table. */
export interface BulkHost {
  readonly db: DB;
  meta(key: string): string | undefined;
  setMeta(key: string, value: string | number): void;
}

/** Whether a bulk load is under way (rows go into the bare tables). */
function bulkPending(host: BulkHost): boolean {
  return host.meta("bulk") === "pending";
}

/** From here on, rows go into the bare tables; finishBulk builds the rest. */
export function beginBulk(host: BulkHost): void {
  host.db
    .transaction(() => {
      if (bulkPending(host)) return;
      host.db.exec(DROP_ENTRY_INDEXES);
      host.setMeta("bulk", "pending");
    })
    .immediate();
}

/**
 * Helper threads SQLite's sorter may use for the two sorts of the final build (1M keys each
 * on the benchmark's log; better-sqlite3 is built with up to 8). The sorter hands each run
 * of keys to a thread to sort while this one reads on, and merges them there: measured on
 * 1M lines, this thread's CPU for `events_by_source` 0.5 → 0.25 s and for `ids_settled`
 * 0.9 → 0.5 s. A gain in wall time only while a second core is free (none on one core: no
 * threads there); the full-text build cannot be split. node:os is loaded here, not at
 * every open of the index.
 */
function sortThreads(): number {
  return process.getBuiltinModule("node:os").availableParallelism() > 1 ? 2 : 0;
}

/**
 * The page cache during the final build, in KiB (negative: SQLite's unit). It also sizes
 * the sorter's runs (one run per cache-full of keys): at the default 16 MiB, three threads
 * each holding a run cost ~10 MB more at the peak and ~0.3 s more CPU in all; at 4 MiB
 * the build has the memory and CPU of the single-threaded one at 16 MiB (measured). It
 * reads `entries` in one pass per step and writes mostly in key order: a bigger cache
 * would keep little that is read again.
 */
const BUILD_CACHE_KIB = 4096;

/** Builds the secondary indexes and the full-text index over every row, once. */
export function finishBulk(host: BulkHost): void {
  if (!bulkPending(host)) return;
  const cache = host.db.pragma("cache_size", { simple: true }) as number;
  host.db.pragma(`threads = ${sortThreads()}`);
  host.db.pragma(`cache_size = -${BUILD_CACHE_KIB}`);
  try {
    host.db
      .transaction(() => {
        if (!bulkPending(host)) return; // another process finished it
        host.db.exec(ENTRY_INDEXES);
        host.db.exec("INSERT INTO entries_fts(entries_fts) VALUES ('rebuild')");
        host.setMeta("bulk", "done");
        host.setMeta("ids_recent", 0);
      })
      .immediate();
  } finally {
    // Back as they were: the connection's later questions sort and cache as before.
    if (host.db.open) {
      host.db.pragma("threads = 0");
      host.db.pragma(`cache_size = ${cache}`);
    }
  }
}
