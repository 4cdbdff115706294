/**
 * Following the log as it grows: an async iterator of new entries.
 *
 * Built on fs.watch of the world's home directory (an event per append, ~0.2 ms; it also
 * sees the log being created or replaced) plus a slow poll as a safety net, because any
 * watcher can miss an event. Every wake-up reads to the end of the file, so a missed or
 * merged event only delays, never loses, an entry. chokidar was measured too: it
 * throttles change events and can drop the last append of a burst (see the benchmark).
 */
import { closeSync, openSync, readSync, statSync, watch, type FSWatcher } from "node:fs";
import { basename, dirname } from "node:path";
import type { Located } from "./entry.js";
import type { WorldPaths } from "./paths.js";
import { readEntries, START, type Position, type Problem } from "./read.js";

export interface FollowOptions {
  /** Where to start; default: the end of the log as it is now. */
  from?: Position;
  signal?: AbortSignal;
  /** Safety-net poll interval in ms (default 1000). */
  pollMs?: number;
  onProblem?: (problem: Problem) => void;
  /** Called with the position after each batch, e.g. to store a cursor. */
  onPosition?: (position: Position) => void;
}

/**
 * Entries appended from `options.from` (default: the end of the log when follow() is called;
 * a generator function would only look when first iterated, and miss what came in between).
 */
export function follow(paths: WorldPaths, options: FollowOptions = {}): AsyncGenerator<Located> {
  // The file itself too, so that a log replaced by a longer one (mv, a restore) is noticed.
  const inode = statOf(paths.log)?.ino;
  return followFrom(paths, options.from ?? endOf(paths.log), inode, options);
}

async function* followFrom(paths: WorldPaths, from: Position, startInode: number | undefined, options: FollowOptions): AsyncGenerator<Located> {
  const { signal, pollMs = 1000 } = options;
  let position = from;
  let inode = startInode;
  let pending = true;
  let notify: (() => void) | undefined;
  const wake = () => {
    pending = true;
    notify?.();
  };
  const name = basename(paths.log);
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dirname(paths.log), { persistent: true }, (_event, file) => {
      if (file === null || file === name) wake();
    });
    watcher.on("error", wake);
  } catch {
    // The home may not exist yet: the poll below still finds the log once it appears.
  }
  const poll = setInterval(wake, pollMs);
  signal?.addEventListener("abort", wake, { once: true });
  try {
    while (!signal?.aborted) {
      if (!pending) await new Promise<void>((resolve) => (notify = resolve));
      notify = undefined;
      pending = false;
      if (signal?.aborted) break;
      const now = statOf(paths.log);
      if (now !== undefined && ((inode !== undefined && now.ino !== inode) || now.size < position.offset)) {
        const why = now.size < position.offset ? "became shorter" : "was replaced by another file";
        options.onProblem?.({ ...position, error: `world.log ${why} (replaced?): reading it again from the top` });
        position = START;
      }
      if (now !== undefined) inode = now.ino;
      const batch: Located[] = [];
      const result = readEntries(paths.log, position, (entry) => {
        batch.push(entry);
      });
      for (const problem of result.problems) options.onProblem?.(problem);
      position = result.end;
      for (const entry of batch) {
        yield entry;
        if (signal?.aborted) break;
      }
      options.onPosition?.(position);
    }
  } finally {
    clearInterval(poll);
    watcher?.close();
    signal?.removeEventListener("abort", wake);
  }
}

function statOf(file: string): { size: number; ino: number } | undefined {
  return statSync(file, { throwIfNoEntry: false });
}

/** The position after the last complete line: counts newlines without parsing. */
export function endOf(logPath: string): Position {
  let fd: number;
  try {
    fd = openSync(logPath, "r");
  } catch {
    return START;
  }
  try {
    const buf = Buffer.alloc(1 << 20);
    let offset = 0;
    let line = 0;
    let lastNl = -1;
    for (let n = readSync(fd, buf, 0, buf.length, 0); n > 0; n = readSync(fd, buf, 0, buf.length, offset)) {
      for (let i = buf.indexOf(10); i !== -1 && i < n; i = buf.indexOf(10, i + 1)) {
        line += 1;
        lastNl = offset + i;
      }
      offset += n;
    }
    return { offset: lastNl + 1, line };
  } finally {
    closeSync(fd);
  }
}
