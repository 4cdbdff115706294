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
 * The page cache during the final build, in KiB (negative: SQLite's unit). It also sizes
 * the sorter's runs (one run per cache-full of keys): at 4 MiB instead of the default
 * 16 MiB the build of 1M lines took ~0.35 s less and peaked ~12 MB lower (issue 23). It
 * reads `entries` in one pass per step and writes mostly in key order: a bigger cache
 * would keep little that is read again. SQLite's sorter threads (`PRAGMA threads`) gained
 * ~0.1 s more on an idle machine and lost 0.1–0.8 s at load 4–6, where they take the
 * second core from the thread that waits for them: not used.
 */
const BUILD_CACHE_KIB = 4096;

/** Builds the secondary indexes and the full-text index over every row, once. */
export function finishBulk(host: BulkHost): void {
  if (!bulkPending(host)) return;
  const cache = host.db.pragma("cache_size", { simple: true }) as number;
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
    // Back as it was: the connection's later questions cache as before.
    if (host.db.open) {
      host.db.pragma(`cache_size = ${cache}`);
    }
  }
}
