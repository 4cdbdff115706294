/**
 * The load of an EMPTY index, built beside it and renamed into place (issue 23).
 *
 * In WAL mode every page of a fresh index is written twice: into the write-ahead log, then
 * by a checkpoint into the database (206 MiB for 1M lines, with an fsync per checkpoint).
 * A load from empty has nothing to protect, so it is built in `index.db.building` with no
 * journal and no syncs, switched to WAL, fsynced, and renamed over index.db in one step
 * (measured on 1M lines: 0.3–1 s less of ~5.5 s). The index.db it replaces is empty
 * (offset 0: nothing indexed), so no reader loses anything it had.
 *
 * What keeps everyone else right (index-db.ts runs these steps, in this order):
 * - One builder: the `index-build` lock (tools/process/lock.ts; freed when its owner dies).
 *   A process that finds it taken waits with index.db closed, then reopens what is there.
 * - A rename must never leave a connection on the old file: SQLite names a database's
 *   `-wal` and `-shm` after its path, so a connection left on the renamed-over file would
 *   share them with the new one and, on its last close, delete the new one's WAL (SQLite's
 *   "how to corrupt": a database renamed while in use). So before the build the builder
 *   RETIRES the old file: it marks it (user_version = RETIRED_VERSION, committed) and turns
 *   it from WAL to a rollback journal, which SQLite refuses while any other connection is
 *   open. A process that opens the file after that sees the mark before anything else,
 *   closes it without writing and waits for the build; one that had it open already makes
 *   the retirement fail, and then the load runs in place as before (index-bulk.ts).
 * - A crash leaves the side file, never used (the next builder deletes it), and an empty
 *   old index, retired or not: nothing that looks complete. A retired file whose builder
 *   is gone is empty and is reset by whoever opens it next.
 */
import { renameSync, rmSync } from "node:fs";
import { syncPath } from "../fs/sync-path.js";
import { dirname } from "node:path";
import { lockHolder } from "../process/lock.js";
import type { DB } from "./index-db.js";
import type { WorldPaths } from "./paths.js";

/** The lock a builder holds from before it retires index.db until the new one is in place. */
export const BUILD_LOCK = "index-build";

/** user_version of an index.db given up for one being built: never a schema's version. */
export const RETIRED_VERSION = -1;

/**
 * Smaller loads from empty run in place: the pages written twice cost little there, less
 * than the lock, the two fsyncs and the rename (a new world's first question, most tests).
 */
export const ASIDE_MIN_BYTES = 4 << 20;

/**
 * The page size of an index built aside (a new file can choose it; SQLite's default is
 * 4 KiB). 16 KiB pages: a quarter as many B-tree pages to fill, sort into and write, and
 * FTS5's ~4 KB segment leaves no longer each take a page of their own: measured ~0.25 s less
 * CPU on 1M lines (issue 23), and a 10,000-line catch-up on top costs the same. The page
 * cache is sized in KiB, so memory does not grow with it.
 */
export const ASIDE_PAGE_BYTES = 16_384;

/** How long a builder tries to be the only one with index.db open (others waiting for it close theirs). */
const RETIRE_WAIT_MS = 1_000;

const PAUSE = new Int32Array(new SharedArrayBuffer(4)); // for Atomics.wait: a synchronous sleep

/** The side file a load from empty is built in. */
export function asideFile(file: string): string {
  return `${file}.building`;
}

/** Whatever a load that died left of its side file (and of the journals SQLite may have made beside it). */
export function removeAside(file: string): void {
  const aside = asideFile(file);
  for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(aside + suffix, { force: true });
}

/** Whether a load from empty is being built now (by a live process). */
function building(paths: WorldPaths): boolean {
  return lockHolder(paths, BUILD_LOCK) !== undefined;
}

/** Waits, without a deadline, while a live builder holds the lock (a dead one frees it). */
export function waitForBuild(paths: WorldPaths): void {
  for (let pause = 1; building(paths); pause = Math.min(pause * 2, 50)) Atomics.wait(PAUSE, 0, 0, pause);
}

/**
 * Marks the empty index.db as given up and takes it out of WAL mode (its -wal and -shm are
 * deleted): true once no other connection has it open. False if others keep it open past
 * RETIRE_WAIT_MS: the mark is taken back, and the file is as it was.
 */
export function retire(db: DB, schemaVersion: number): boolean {
  db.pragma(`user_version = ${RETIRED_VERSION}`);
  const deadline = Date.now() + RETIRE_WAIT_MS;
  for (let pause = 1; ; pause = Math.min(pause * 2, 50)) {
    try {
      if (db.pragma("journal_mode = DELETE", { simple: true }) === "delete") return true;
    } catch (error) {
      if ((error as { code?: unknown }).code !== "SQLITE_BUSY") throw error;
    }
    if (Date.now() > deadline) break;
    Atomics.wait(PAUSE, 0, 0, pause);
  }
  db.pragma(`user_version = ${schemaVersion}`);
  return false;
}

/**
 * The built side file readied to be the index: in WAL mode like every index.db (a header
 * change; it has no journal to fold), closed, and on disk before it gets the index's name.
 */
export function seal(side: DB, file: string): void {
  const mode = side.pragma("journal_mode = WAL", { simple: true });
  if (mode !== "wal") throw new Error(`the index built aside did not switch to WAL: expected "wal", received "${String(mode)}"`);
  side.close();
  // Synced through a descriptor of our own, closed before any connection opens the file
  // again: closing a descriptor drops every POSIX lock this process holds on the file,
  // SQLite's included.
  syncPath(asideFile(file));
}

/**
 * The sealed side file renamed over `file` (one step: a crash leaves the old file or the
 * new one whole), then the directory synced so that the rename survives a power loss. A
 * failed directory sync is not an error: the rename is done, and should it be lost, the
 * retired file it replaced is reset at its next open and the load runs again.
 */
export function swapIn(file: string): void {
  renameSync(asideFile(file), file);
  try {
    syncPath(dirname(file));
  } catch {
    // see above
  }
}
