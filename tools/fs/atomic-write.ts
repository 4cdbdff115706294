/**
 * Replacing a file so that a reader, or a crash, sees the old contents or the new ones,
 * never half: written whole under a temporary name beside it (same file system), flushed
 * to disk, then renamed over it. The one copy of this in world (state files, cursors,
 * process records, the monitor's token, stored conversations, the private JSON files of
 * tools/process/private-json.ts).
 */
import { closeSync, fchmodSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { diskFullMessage, isDiskFull } from "../disk.js";
import { InternalError } from "../errors.js";

export interface AtomicWriteOptions {
  /** The file's exact mode (e.g. 0o600 for a secret), whatever the umask; default: 0o666 less the umask. */
  mode?: number;
  /** fsync before the rename, so the new contents survive a machine crash (default true). */
  fsync?: boolean;
  /** Create the parent directory first, with this mode. */
  dirMode?: number;
  /**
   * Create the temporary file with O_EXCL ("wx"): never write through a file or a link that is
   * already there under its name (for secrets, in a directory others might have written to).
   */
  exclusive?: boolean;
}

let serial = 0;

export function writeFileAtomic(file: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  if (options.dirMode !== undefined) mkdirSync(dirname(file), { recursive: true, mode: options.dirMode });
  // Unique per process and per call: two writers (or two async paths of one) never share a temporary file.
  // An exclusive one also takes a random part: a stale file of a dead process with this pid must not block it.
  const unique = options.exclusive === true ? `${++serial}${Math.random().toString(36).slice(2, 8)}` : `${++serial}`;
  const tmp = `${file}.${process.pid}.${unique}.tmp`;
  let fd: number;
  try {
    fd = openSync(tmp, options.exclusive === true ? "wx" : "w", options.mode ?? 0o666);
  } catch (error) {
    throw isDiskFull(error) ? new InternalError(diskFullMessage(error, file), { cause: error }) : error;
  }
  try {
    writeFileSync(fd, data);
    if (options.mode !== undefined) fchmodSync(fd, options.mode); // the umask may have narrowed it: be exact
    if (options.fsync !== false) fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, file);
  } catch (error) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    rmSync(tmp, { force: true });
    throw isDiskFull(error) ? new InternalError(diskFullMessage(error, file), { cause: error }) : error;
  }
}

/** `value` as one line of JSON, replaced atomically. */
export function writeJsonAtomic(file: string, value: unknown, options: AtomicWriteOptions = {}): void {
  writeFileAtomic(file, JSON.stringify(value) + "\n", options);
}

/**
 * `value` as writeJsonAtomic writes it, unless the file already holds exactly that: a state
 * that did not change is not written again (an idle daemon's periodic check writes nothing,
 * issue 23). Returns whether it wrote.
 */
export function writeJsonAtomicIfChanged(file: string, value: unknown, options: AtomicWriteOptions = {}): boolean {
  const text = JSON.stringify(value) + "\n";
  try {
    if (readFileSync(file, "utf8") === text) return false;
  } catch {
    // missing or unreadable: written
  }
  writeFileAtomic(file, text, options);
  return true;
}
