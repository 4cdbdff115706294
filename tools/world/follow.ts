/**
 * Following the log as it grows: an async iterator of new entries.
 *
 * Built on tools/fs/watch.ts (fs.watch of the world's home directory: an event per append,
 * ~0.2 ms, and the log being created or replaced; plus a slow poll as a safety net, because
 * any watcher can miss an event). Every wake-up reads to the end of the file, so a missed or
 * merged event only delays, never loses, an entry. The log is held open: when the path
 * names another file (cp + mv, a restore from backup, an editor's save), the new file is
 * compared with the old one and followed on from where they stop agreeing, so a copy
 * yields nothing twice and an older backup yields the lines written after the restore. chokidar was measured too: it
 * throttles change events and can drop the last append of a burst (see the benchmark).
 */
import { closeSync, fstatSync, readSync, statSync } from "node:fs";
import { FileChanges, SAFETY_POLL_MS } from "../fs/watch.js";
import type { Located } from "./entry.js";
import type { WorldPaths } from "./paths.js";
import { readEntries, START, type Position, type Problem } from "./read.js";
import { openToRead } from "../fs/open-to-read.js";

export interface FollowOptions {
  /** Where to start; default: the end of the log as it is now. */
  from?: Position;
  signal?: AbortSignal;
  /** Safety-net poll interval in ms (default tools/fs/watch.ts SAFETY_POLL_MS). */
  pollMs?: number;
  onProblem?: (problem: Problem) => void;
  /** Called with the position after each batch that moved it, e.g. to store a cursor (an idle poll writes nothing). */
  onPosition?: (position: Position) => void;
}

/**
 * Entries appended from `options.from` (default: the end of the log when follow() is called;
 * a generator function would only look when first iterated, and miss what came in between).
 */
export function follow(paths: WorldPaths, options: FollowOptions = {}): AsyncGenerator<Located> {
  return entriesOf(followBatches(paths, options), options.signal);
}

/**
 * The same, a batch at a time: every entry waiting when the log is read, in one array. A
 * reader that can fall behind (the Spirit) sees how much is waiting and can take it as one
 * (docs/spirit.md, "A Spirit behind the log"). The position is reported once the batch is done.
 */
export function followBatches(paths: WorldPaths, options: FollowOptions = {}): AsyncGenerator<Located[]> {
  // The file itself is held open, so that a log replaced under us (mv, a restore) can be compared with it.
  const held = FollowedFile.open(paths.log);
  return followFrom(paths, options.from ?? endOf(paths.log), held, options);
}

async function* entriesOf(batches: AsyncGenerator<Located[]>, signal: AbortSignal | undefined): AsyncGenerator<Located> {
  for await (const batch of batches) {
    for (const [i, entry] of batch.entries()) {
      yield entry;
      // Stopped with entries of this batch not yet handled: the position is not reported past them.
      if (signal?.aborted && i < batch.length - 1) return;
    }
  }
}

async function* followFrom(paths: WorldPaths, from: Position, startFile: FollowedFile | undefined, options: FollowOptions): AsyncGenerator<Located[]> {
  const { signal, pollMs = SAFETY_POLL_MS } = options;
  let position = from;
  let held = startFile;
  const changes = new FileChanges(paths.log, { pollMs, signal });
  try {
    while (await changes.next()) {
      const before = position;
      const now = statOf(paths.log);
      if (now !== undefined && held !== undefined && !held.is(now)) {
        // Replaced: read on where the new file stops agreeing with what was read.
        const next = FollowedFile.open(paths.log);
        const agreed = held.agreement(paths.log, position);
        held.close();
        held = next;
        if (agreed.offset < position.offset) {
          options.onProblem?.({ ...agreed, error: `world.log was replaced by a file that differs from line ${agreed.line + 1} on: reading it from there` });
        }
        position = agreed;
      } else if (now !== undefined && now.size < position.offset) {
        // Truncated in place: what was read is gone, nothing to compare with.
        options.onProblem?.({ ...position, error: "world.log became shorter (truncated in place?): reading it again from the top" });
        position = START;
      }
      if (held === undefined && now !== undefined) held = FollowedFile.open(paths.log);
      const batch: Located[] = [];
      const result = readEntries(paths.log, position, (entry) => {
        batch.push(entry);
      });
      for (const problem of result.problems) options.onProblem?.(problem);
      position = result.end;
      const moved = position.offset !== before.offset || position.line !== before.line;
      if (batch.length > 0) yield batch;
      if (moved) options.onPosition?.(position);
    }
  } finally {
    held?.close();
    changes.close();
  }
}

function statOf(file: string): { size: number; ino: number; dev: number } | undefined {
  return statSync(file, { throwIfNoEntry: false });
}

/** The log file being followed, held open so that a replacement can be compared with it. */
class FollowedFile {
  private constructor(
    private readonly fd: number,
    private readonly dev: number,
    private readonly ino: number,
  ) {}

  static open(path: string): FollowedFile | undefined {
    const fd = openToRead(path);
    if (fd === undefined) return undefined; // not there yet
    const { dev, ino } = fstatSync(fd);
    return new FollowedFile(fd, dev, ino);
  }

  is(now: { dev: number; ino: number }): boolean {
    return now.dev === this.dev && now.ino === this.ino;
  }

  /**
   * How far `otherPath` holds the same bytes as this file, up to `upTo`: `upTo` itself when
   * it is a copy (cp + mv), else the start of the first line that differs (a restore from
   * an older backup, an edit). Read in 1 MiB chunks; paid only when the log is replaced.
   */
  agreement(otherPath: string, upTo: Position): Position {
    const other = openToRead(otherPath);
    if (other === undefined) return START;
    try {
      const mine = Buffer.alloc(1 << 20);
      const theirs = Buffer.alloc(1 << 20);
      let lineStart = 0;
      let line = 0;
      for (let offset = 0; offset < upTo.offset; ) {
        const want = Math.min(mine.length, upTo.offset - offset);
        const a = readSync(this.fd, mine, 0, want, offset);
        const b = readSync(other, theirs, 0, want, offset);
        const n = Math.min(a, b);
        let same = n === want && mine.subarray(0, n).equals(theirs.subarray(0, n)) ? n : 0;
        while (same < n && mine[same] === theirs[same]) same++;
        for (let i = mine.indexOf(10); i !== -1 && i < same; i = mine.indexOf(10, i + 1)) {
          line += 1;
          lineStart = offset + i + 1;
        }
        if (same < want) return { offset: lineStart, line };
        offset += want;
      }
      return upTo;
    } finally {
      closeSync(other);
    }
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** The position after the last complete line: counts newlines without parsing. */
export function endOf(logPath: string): Position {
  const fd = openToRead(logPath);
  if (fd === undefined) return START;
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
