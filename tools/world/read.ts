/**
 * Reading the log from a byte position, in bounded chunks (a 1M-line log is never slurped).
 * Only complete lines are handed over: a last line without its newline is either being
 * written or torn by a crash, so it is reported as `tail` and left for the next read.
 */
import { closeSync, fstatSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import { NotFoundError, UsageError, shown } from "../errors.js";
import { mergedEntryAt, OWN_LINE_MAX, parseLine } from "./parse.js";
import type { Entry, Located } from "./entry.js";
import { ESCAPED_ATTACHMENT, TORN_MARK, unescapeField } from "./escape.js";
import type { WorldPaths } from "./paths.js";
import { formatLineBefore, FormatState } from "./log-format.js";

/** A place in the log: the byte offset of the next line and how many lines come before it. */
export interface Position {
  offset: number;
  line: number;
}

export const START: Position = { offset: 0, line: 0 };

export interface Problem {
  line: number;
  offset: number;
  error: string;
}

export interface ScanResult {
  /** Where the next read should start (after the last complete line). */
  end: Position;
  /** A last line with no newline yet: still being written, or torn by a crash. */
  tail?: { offset: number; line: number; bytes: number };
}

const CHUNK = 1 << 20;
const MIN_READ = 4096;

/** Calls `onLine` for every complete line from `from`; stops early if it returns false. */
export function scanLines(
  logPath: string,
  from: Position,
  onLine: (text: string, at: Position) => boolean | void,
): ScanResult {
  let fd: number;
  try {
    fd = openSync(logPath, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { end: from };
    throw error;
  }
  try {
    const size = fstatSync(fd).size;
    // Sized to what is there (up to CHUNK), and not zeroed (only what was read is looked
    // at): a follower reading one new line must not clear 1 MiB each time (measured: ~2 ms
    // a call, most of world sync's latency, and the garbage collector's work after it).
    return scanOpen(fd, size, Buffer.allocUnsafe(Math.min(CHUNK, Math.max(MIN_READ, size - from.offset))), from, onLine).result;
  } finally {
    closeSync(fd);
  }
}

/**
 * world.log kept open between reads, with one buffer: for a reader that wakes up on every
 * append (world sync's outbox), where the open, fstat, close and a fresh buffer of each
 * scanLines were half of the work per line sent. The path is looked up at every scan
 * (one stat): a log replaced under it (mv, a restore) is opened again, as scanLines would.
 */
export class OpenLog {
  private fd: number | undefined;
  private file = { dev: -1, ino: -1 };
  private buf: Buffer = Buffer.allocUnsafe(MIN_READ);

  constructor(readonly path: string) {}

  scan(from: Position, onLine: (text: string, at: Position) => boolean | void): ScanResult {
    const now = statSync(this.path, { throwIfNoEntry: false });
    if (now === undefined) return { end: from };
    if (this.fd === undefined || now.ino !== this.file.ino || now.dev !== this.file.dev) {
      this.close();
      this.fd = openSync(this.path, "r");
      this.file = { dev: now.dev, ino: now.ino };
    }
    const want = Math.min(CHUNK, now.size - from.offset);
    if (want > this.buf.length) this.buf = Buffer.allocUnsafe(want);
    const { result, buf } = scanOpen(this.fd, now.size, this.buf, from, onLine);
    this.buf = buf;
    return result;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/**
 * The lines of an open log from `from` up to `size` (what was there when the caller looked:
 * a line appended since is read next time), through `buf`, grown for a very long line and
 * handed back so that a kept buffer keeps its growth.
 */
function scanOpen(
  fd: number,
  size: number,
  buffer: Buffer,
  from: Position,
  onLine: (text: string, at: Position) => boolean | void,
): { result: ScanResult; buf: Buffer } {
  let buf = buffer;
  let carry = 0; // bytes at the start of buf that belong to an unfinished line
  let offset = from.offset; // file offset of buf[0]
  let line = from.line;
  for (;;) {
    if (carry === buf.length) buf = Buffer.concat([buf, Buffer.allocUnsafe(buf.length)]); // one very long line
    const want = Math.min(buf.length - carry, size - offset - carry);
    const n = want > 0 ? readSync(fd, buf, carry, want, offset + carry) : 0;
    const filled = carry + n;
    const data = buf.subarray(0, filled); // never past what was read: the rest of buf is old bytes
    let start = 0;
    for (let nl = data.indexOf(10, start); nl !== -1; nl = data.indexOf(10, start)) {
      line += 1;
      const at = { offset: offset + start, line };
      const text = data.toString("utf8", start, nl);
      const more = nl - start > OWN_LINE_MAX ? handOverLong(text, at, onLine) : onLine(text, at);
      start = nl + 1;
      if (more === false) return { result: { end: { offset: offset + start, line } }, buf };
    }
    if (n === 0) {
      const end = { offset: offset + start, line };
      return { result: filled > start ? { end, tail: { offset: end.offset, line: line + 1, bytes: filled - start } } : { end }, buf };
    }
    buf.copy(buf, 0, start, filled);
    carry = filled - start;
    offset += start;
  }
}

/**
 * A line longer than any we write: if one of ours landed inside it (another writer's line
 * written in pieces), the part before ours is handed over as a torn fragment (reported)
 * and ours as a line of its own, both under the same line number.
 */
function handOverLong(text: string, at: Position, onLine: (text: string, at: Position) => boolean | void): boolean | void {
  const cut = mergedEntryAt(text);
  if (cut === -1) return onLine(text, at);
  const before = text.slice(0, cut);
  onLine(before + TORN_MARK, at); // a fragment, never an entry: its return is not a place to stop
  return onLine(text.slice(cut), { offset: at.offset + Buffer.byteLength(before), line: at.line });
}

export interface ReadResult extends ScanResult {
  problems: Problem[];
}

/**
 * How the lines from `from` on are read: raw before the log's format line, decoded after it
 * (tools/world/log-format.ts). A reader that starts mid-file asks whether it lies before.
 */
export function formatStateAt(logPath: string, from: Position): FormatState {
  return new FormatState(from.offset > 0 && formatLineBefore(logPath, from.offset) !== undefined);
}

/** Parsed entries from `from` to the last complete line; malformed lines are reported, not thrown. */
export function readEntries(
  logPath: string,
  from: Position,
  onEntry: (entry: Located) => boolean | void,
): ReadResult {
  const problems: Problem[] = [];
  const format = formatStateAt(logPath, from);
  const result = scanLines(logPath, from, (text, at) => {
    const parsed = parseLine(text, format.decodes(text));
    if (parsed.ok) {
      // The parsed entry is a fresh object: locate it in place. A copy ({ ...entry, line })
      // cost 2 µs per line, four times the parse itself.
      const entry = parsed.entry as Located;
      entry.line = at.line;
      entry.offset = at.offset;
      return onEntry(entry);
    }
    if (!parsed.skip) problems.push({ line: at.line, offset: at.offset, error: parsed.error });
  });
  return { ...result, problems };
}

/** Every entry from `from` into an array: for small reads (tests, a reader's new entries). */
export function collectEntries(logPath: string, from: Position = START): { entries: Located<Entry>[] } & ReadResult {
  const entries: Located[] = [];
  const result = readEntries(logPath, from, (e) => {
    entries.push(e);
  });
  return { entries, ...result };
}

export function describeProblem(p: Problem): string {
  return `world.log line ${p.line}: malformed, skipped: ${p.error}`;
}

// What the appender writes after `\[full: `; anything else (a hand-edited `../`) is refused.
const ATTACHMENT_REF = /^attachments\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The whole text of a field the line holds only a prefix of (`outputRef` / `needRef`). */
export function readAttachment(paths: WorldPaths, ref: string): string {
  if (!ATTACHMENT_REF.test(ref)) throw new UsageError(`invalid attachment reference: expected attachments/<name>, received ${shown(ref)}`);
  let text: string;
  try {
    text = readFileSync(join(paths.dir, ref), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new NotFoundError(`attachment not found: expected .world/${ref} to exist, received no such file`);
    throw error;
  }
  return ref.endsWith(ESCAPED_ATTACHMENT) ? unescapeField(text).text : text;
}

/** The log's size in bytes; 0 when it does not exist yet. */
export function logSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
