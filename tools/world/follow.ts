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

export async function* follow(paths: WorldPaths, options: FollowOptions = {}): AsyncGenerator<Located> {
  const { signal, pollMs = 1000 } = options;
  let position = options.from ?? endOf(paths.log);
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
      if (sizeOf(paths.log) < position.offset) {
        options.onProblem?.({ ...position, error: "world.log became shorter (replaced?): reading it again from the top" });
        position = START;
      }
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

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
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
