/**
 * A corrupt index heals: the index is derived from world.log, so when SQLite says the file
 * is not a database, is corrupt, or lacks a table the schema has, it is moved aside
 * (index.db.corrupt-<time>, with its -wal and -shm, kept for a post-mortem, never deleted)
 * and rebuilt from the log, in whatever process found it: the CLI, the monitor, a daemon.
 */
import { existsSync, renameSync } from "node:fs";

/** SQLite's codes for a file that cannot be the index it should be. */
const CORRUPT_CODES = new Set(["SQLITE_NOTADB", "SQLITE_CORRUPT", "SQLITE_CORRUPT_VTAB", "SQLITE_CORRUPT_INDEX", "SQLITE_CORRUPT_SEQUENCE"]);
/** A schema that is not ours (a table or column missing): as bad as random bytes here. */
const SCHEMA_ERROR = /^no such (table|column)|malformed database schema|database disk image is malformed/;

export function isCorruption(error: unknown): error is Error & { code: string } {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code !== "string" || !code.startsWith("SQLITE_")) return false;
  return CORRUPT_CODES.has(code) || SCHEMA_ERROR.test(error.message);
}

/** Renames the index and its WAL files aside; returns the new name of the index. */
export function moveAside(file: string, now = new Date()): string {
  const aside = `${file}.corrupt-${now.toISOString().replace(/[:.]/g, "-")}`;
  for (const suffix of ["", "-wal", "-shm"]) {
    if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
  }
  return aside;
}

/** What a healing says, one line each, on stderr unless the caller reports elsewhere. */
export type HealReport = (line: string) => void;

export const stderrReport: HealReport = (line) => {
  process.stderr.write(`world: ${line}\n`);
};
