/**
 * A corrupt index heals: the index is derived from world.log, so when SQLite says the file
 * is not a database, is corrupt, or lacks a table the schema has, it is moved aside
 * (index.db.corrupt-<time>, with its -wal and -shm, kept for a post-mortem, never deleted)
 * and rebuilt from the log, in whatever process found it: the CLI, the monitor, a daemon.
 */
import { existsSync, renameSync } from "node:fs";

/** SQLite's codes for a file that cannot be the index it should be. */
const CORRUPT_CODES = new Set(["SQLITE_NOTADB", "SQLITE_CORRUPT", "SQLITE_CORRUPT_VTAB", "SQLITE_CORRUPT_INDEX", "SQLITE_CORRUPT_SEQUENCE"]);
/**
 * A schema that is not ours (a table or column missing), or a full-text table whose shadow
 * tables are damaged (its constructor fails): as bad as random bytes here.
 */
const SCHEMA_ERROR = /^no such (table|column)|malformed database schema|database disk image is malformed|vtable constructor failed/;
/** The environment, not the file: a full disk, a busy, read-only or unreachable file. Never moved aside for these. */
const ENVIRONMENT_CODES = /^SQLITE_(FULL|BUSY|LOCKED|READONLY|IOERR|CANTOPEN|PERM|NOMEM)/;

export function isCorruption(error: unknown): error is Error & { code: string } {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code !== "string" || !code.startsWith("SQLITE_")) return false;
  return CORRUPT_CODES.has(code) || SCHEMA_ERROR.test(error.message);
}

export function isEnvironment(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && (ENVIRONMENT_CODES.test(code) || /^E[A-Z]+$/.test(code));
}

/** What `PRAGMA quick_check` found, as the error SQLite gives when it meets a damaged page itself. */
export function damaged(found: string): Error & { code: string } {
  return Object.assign(new Error(`quick_check: ${found.split("\n")[0]}`), { code: "SQLITE_CORRUPT" });
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
