/** Free space on the disk a path lives on (statfs): what is left for world.log to grow into. */
import { statfsSync } from "node:fs";
import { dirname } from "node:path";

export interface DiskSpace {
  /** Bytes an unprivileged process can still write. */
  freeBytes: number;
  totalBytes: number;
}

/** Undefined when the path cannot be examined (it does not exist, say). */
export function diskSpace(path: string): DiskSpace | undefined {
  try {
    const fs = statfsSync(path);
    return { freeBytes: fs.bavail * fs.bsize, totalBytes: fs.blocks * fs.bsize };
  } catch {
    return undefined;
  }
}

/** "812 MiB", "78.1 GiB". */
function showBytes(bytes: number): string {
  if (bytes >= 2 ** 30) return `${(bytes / 2 ** 30).toFixed(1)} GiB`;
  return bytes >= 2 ** 20 ? `${Math.floor(bytes / 2 ** 20)} MiB` : `${Math.floor(bytes / 1024)} KiB`;
}

/** "78.1 GiB free of 252.0 GiB (31%)". */
export function showDisk(d: DiskSpace): string {
  return `${showBytes(d.freeBytes)} free of ${showBytes(d.totalBytes)} (${Math.round((100 * d.freeBytes) / Math.max(1, d.totalBytes))}%)`;
}

/** The error codes of a full disk: the file system's, a quota's, SQLite's. */
const FULL_CODES = new Set(["ENOSPC", "EDQUOT", "SQLITE_FULL"]);

/** Whether `error` (or what it wraps, `cause`) is a full disk. */
export function isDiskFull(error: unknown): boolean {
  for (let e = error, depth = 0; e !== undefined && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && FULL_CODES.has(code)) return true;
  }
  return false;
}

/** The code that said so: "ENOSPC", "EDQUOT", "SQLITE_FULL". */
function fullCode(error: unknown): string {
  for (let e = error, depth = 0; e !== undefined && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && FULL_CODES.has(code)) return code;
  }
  return "ENOSPC";
}

/**
 * A full disk as the one line every command says: which disk, that nothing was written,
 * what to do. `path` is the file that could not be written.
 */
export function diskFullMessage(error: unknown, path: string): string {
  return `cannot write: the disk holding ${path} is full (${fullCode(error)}): nothing was written; free space on it (df ${dirname(path)}) and run the command again (world up's daemons wait, and resume by themselves)`;
}

/**
 * Whether the disk holding `path` looks full: less than 1/16 of it or 256 KiB free, whichever
 * is less (a small disk has little to spare). Undefined: it could not be examined.
 */
export function looksFull(path: string): boolean | undefined {
  const d = diskSpace(path);
  if (d === undefined) return undefined;
  return d.freeBytes < Math.min(256 * 1024, d.totalBytes / 16);
}

/**
 * After a write failed on a full disk: waits until the disk holding `path` has room again
 * (looked at every second) or `maxMs` went by, whichever is first — the caller then tries
 * again, which is the real test, and waits longer the next time (backoff).
 */
export async function waitForSpace(path: string, maxMs: number, signal?: AbortSignal): Promise<void> {
  const started = Date.now();
  while (!signal?.aborted && Date.now() - started < maxMs) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.min(1000, maxMs));
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      }
      signal?.addEventListener("abort", done, { once: true });
    });
    if (looksFull(path) === false) return;
  }
}
