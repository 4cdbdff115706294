/**
 * The latest status of one session, found by reading the log backwards.
 *
 * The write path (`world agent`, `world respond`) needs it to enforce the lifecycle but
 * must not open SQLite, and the log is the truth anyway. A session's latest line is
 * almost always near the end, so this usually reads one chunk. Past that chunk, an index
 * that covers the rest of the log says where the identifier's lines are (index-locate.ts),
 * so proving that a session does not exist costs one B-tree lookup, not a read of the
 * whole file; without such an index, the scan goes on (Buffer.lastIndexOf, no per-line parsing).
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { parseLine } from "./parse.js";
import { formatLineBefore } from "./log-format.js";
import type { AgentEntry, Entry } from "./entry.js";
import { indexedOffsets } from "./index-locate.js";

const CHUNK = 1 << 20;

export function findLastStatus(logPath: string, id: string): AgentEntry | undefined {
  return findLastEntry(logPath, id, (e): e is AgentEntry => e.kind === "agent") as AgentEntry | undefined;
}

/** The last entry with this identifier that `match` accepts. */
export function findLastEntry(logPath: string, id: string, match: (entry: Entry) => boolean): Entry | undefined {
  let fd: number;
  try {
    fd = openSync(logPath, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    const needle = Buffer.from(`][${id}]`);
    // Lines before the format line are read raw (log-format.ts); known once, not per line.
    let formatAt: number | undefined | null = null;
    const size = fstatSync(fd).size;
    let end = size; // we look at complete lines before `end`
    // Not zeroed: only the bytes read into it are looked at (a 1 MiB fill on every `world agent` call).
    let buf = Buffer.allocUnsafe(CHUNK);
    let asked = false;
    while (end > 0) {
      if (!asked && end < size) {
        // Past the log's last chunk: ask the index once for where the rest of this id's lines are.
        asked = true;
        const offsets = indexedOffsets(logPath, id, end);
        if (offsets !== undefined) {
          if (formatAt === null) formatAt = formatLineBefore(logPath);
          for (const at of offsets) {
            const text = lineAt(fd, at);
            if (text === undefined) continue;
            const parsed = parseLine(text, formatAt !== undefined && at >= formatAt);
            if (parsed.ok && parsed.entry.id === id && match(parsed.entry)) return parsed.entry;
          }
          return undefined;
        }
      }
      const start = Math.max(0, end - buf.length);
      const n = readSync(fd, buf, 0, end - start, start);
      // Searched through a view of the bytes read: buf beyond n holds an older chunk, and a
      // negative offset to lastIndexOf would count from the end (a hit at 0 looped forever).
      const view = buf.subarray(0, n);
      const firstNl = start === 0 ? -1 : view.indexOf(10);
      // The chunk ends with the newline of the line before `end`; if that is its only
      // newline, no line begins inside it (a line longer than the buffer): read it whole.
      if (start > 0 && (firstNl === -1 || firstNl === n - 1)) {
        buf = Buffer.allocUnsafe(buf.length * 2);
        continue;
      }
      // Lines that begin inside this chunk: from just after its first newline (or the file start).
      const from = start === 0 ? 0 : firstNl + 1;
      for (let hit = view.lastIndexOf(needle); hit >= from; hit = hit === 0 ? -1 : view.lastIndexOf(needle, hit - 1)) {
        const lineStart = view.lastIndexOf(10, hit) + 1;
        const lineEnd = view.indexOf(10, hit);
        if (lineEnd === -1) continue; // the last line, still without its newline
        if (formatAt === null) formatAt = formatLineBefore(logPath);
        const parsed = parseLine(view.toString("utf8", lineStart, lineEnd), formatAt !== undefined && start + lineStart >= formatAt);
        if (parsed.ok && parsed.entry.id === id && match(parsed.entry)) return parsed.entry;
      }
      end = start + from;
      if (start === 0) break;
    }
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The complete line that begins at `offset` (without its newline), or undefined if it has none. */
function lineAt(fd: number, offset: number): string | undefined {
  let buf = Buffer.alloc(4096);
  for (;;) {
    const n = readSync(fd, buf, 0, buf.length, offset);
    const nl = buf.subarray(0, n).indexOf(10);
    if (nl !== -1) return buf.toString("utf8", 0, nl);
    if (n < buf.length) return undefined;
    buf = Buffer.alloc(buf.length * 4);
  }
}
