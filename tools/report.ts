/** Turns any error into one line on stderr and an exit code. Stack traces only for bugs. */
import { diskFullMessage, isDiskFull } from "./disk.js";
import { ExitCode, WorldError } from "./errors.js";

// Checked by shape so that this module does not load commander on the fast path.
function isCommanderError(error: unknown): error is { exitCode: number; code: string } {
  const e = error as { name?: string; code?: unknown };
  return e?.name === "CommanderError" && typeof e.code === "string";
}

export function report(error: unknown): number {
  if (isCommanderError(error)) {
    // Help and --version exit 0; commander already printed its one-line message.
    return error.exitCode === 0 || error.code === "commander.helpDisplayed" ? 0 : ExitCode.usage;
  }
  if (error instanceof WorldError) {
    process.stderr.write(`world: ${error.message}\n`);
    return error.exitCode;
  }
  const err = error as NodeJS.ErrnoException;
  if (isDiskFull(err)) {
    // A write the code did not wrap with its file: the path the system call names, or the index for SQLite.
    const path = typeof err.path === "string" ? err.path : err?.name === "SqliteError" ? ".world/index.db" : "the world";
    process.stderr.write(`world: ${diskFullMessage(err, path)}\n`);
    return ExitCode.internal;
  }
  if (err?.code === "EACCES" || err?.code === "EROFS") {
    process.stderr.write(`world: cannot write: ${err.message}\n`);
    return ExitCode.internal;
  }
  // SQLite failing under us (better-sqlite3's SqliteError: a code, no syscall): a full disk
  // or an unwritable .world/ is the environment too.
  if (err?.name === "SqliteError" && typeof err.code === "string" && /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|PERM)/.test(err.code)) {
    const why = err.code === "SQLITE_FULL" ? "free disk space" : "a writable .world/";
    process.stderr.write(`world: cannot use the index (.world/index.db): expected ${why}, received ${err.code} (${err.message.replace(/\s*\n\s*/g, " ")})\n`);
    return ExitCode.internal;
  }
  // A damaged index met where it could not be healed and asked again (rows already given):
  // the next command heals it; one line, no stack trace.
  if (err?.name === "SqliteError" && typeof err.code === "string" && /^SQLITE_(CORRUPT|NOTADB)/.test(err.code)) {
    process.stderr.write(`world: the index (.world/index.db) was damaged (${err.code}: ${err.message.replace(/\s*\n\s*/g, " ")}): it is moved aside and rebuilt from world.log; run the command again, or \`world index rebuild\`\n`);
    return ExitCode.internal;
  }
  // Any other failed system call (a path that is the wrong kind of thing, too many open
  // files…) is the environment, not a bug: one line, no stack trace.
  if (typeof err?.code === "string" && typeof err?.syscall === "string") {
    process.stderr.write(`world: ${err.message.replace(/\s*\n\s*/g, " ")}\n`);
    return ExitCode.internal;
  }
  process.stderr.write(`world: internal error (please report): ${err?.stack ?? String(error)}\n`);
  return ExitCode.internal;
}
