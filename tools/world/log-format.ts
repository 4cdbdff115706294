/**
 * The format line: which lines of a log are read raw and which are decoded (docs/format.md).
 *
 * The older shell `world` tool writes its text as it is: `C:\temp\new` stays one line, with
 * two backslashes that our escaping would read as a tab and a newline. So every log our
 * appender writes holds, before its first line of ours, a format line:
 *
 *   [2026-11-25T15:33:46.123Z][event:system][world] format 2
 *
 * - Lines before a log's first format line were written by the older tool: their output and
 *   need are read raw (taken literally, never unescaped).
 * - Lines after it are decoded, except a line whose timestamp is not in our appender's form
 *   (exactly milliseconds, `…:46.123Z`): the older tool still writing into the log (it
 *   writes whole seconds) or a hand-written line; those are read raw too.
 *
 * A reader that starts at the top sees the format line go by; one that starts mid-file asks
 * `formatLineBefore` (a scan of the head for the line, paid once per process and file).
 */
import { closeSync, fstatSync, mkdirSync, readFileSync, readSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { openToRead } from "../fs/open-to-read.js";

const FORMAT_VERSION = 2;
const FORMAT_SOURCE = "system";
const FORMAT_ID = "world";
const FORMAT_OUTPUT = `format ${FORMAT_VERSION}`;

/** What every format line holds after its timestamp (the needle the scans look for). */
const NEEDLE = Buffer.from(`][event:${FORMAT_SOURCE}][${FORMAT_ID}] format `);
// With our appender's millisecond timestamp only: the older tool (whole seconds) writing
// `format 2` by accident does not turn the reading of its own lines.
const FORMAT_LINE = /^\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\]\[event:system\]\[world\] format [1-9]\d*\r?$/;
/** The longest a format line's head before the needle can be: `[` + a timestamp. */
const HEAD_MAX = 26;

/** The format line our appender writes (without its newline). */
export function formatLineText(now = new Date()): string {
  return `[${now.toISOString()}][event:${FORMAT_SOURCE}][${FORMAT_ID}] ${FORMAT_OUTPUT}`;
}

/** The entry of a format line (readers that list entries may want to tell it apart). */
export function isFormatEntry(entry: { kind: string; id: string; output: string; source?: string }): boolean {
  return entry.kind === "event" && entry.source === FORMAT_SOURCE && entry.id === FORMAT_ID && /^format [1-9]\d*$/.test(entry.output);
}

export function isFormatLine(text: string): boolean {
  return text.length < 100 && FORMAT_LINE.test(text);
}

/**
 * How a reader going forward through a log reads each line: raw until the first format
 * line, decoded from it on. `decoding` starts true when the reader knows a format line
 * lies before where it starts.
 */
export class FormatState {
  /** True once the format line went by (or is known to lie before the start). */
  constructor(public decoding = false) {}

  /** Whether the line at hand is decoded; notes the format line when this is it. */
  decodes(text: string): boolean {
    if (!this.decoding && isFormatLine(text)) this.decoding = true;
    return this.decoding;
  }
}

/** Per process and file: where the first format line is, or how far we looked in vain. */
interface Known {
  dev: number;
  ino: number;
  /** Offset of the first format line, if found. */
  at?: number;
  /** Bytes searched without finding one (a line may start before this and still be one). */
  searched: number;
}
const known = new Map<string, Known>();

/**
 * The byte offset of the log's first format line when it starts before `before`, else
 * undefined. Cheap for every log our appender started (the line is its first); a log the
 * older tool wrote is searched once per process (Buffer.indexOf, no per-line work), and
 * only as far as it was not searched already.
 */
export function formatLineBefore(logPath: string, before = Infinity): number | undefined {
  const fd = openToRead(logPath);
  if (fd === undefined) return undefined;
  try {
    const { dev, ino, size } = fstatSync(fd);
    let k = known.get(logPath);
    // Another file at the path (replaced), or this one became shorter (truncated): look again.
    if (k === undefined || k.dev !== dev || k.ino !== ino || (k.at === undefined && size < k.searched) || (k.at !== undefined && size <= k.at)) {
      k = { dev, ino, searched: 0 };
      known.set(logPath, k);
    }
    if (k.at === undefined && k.searched === 0) {
      // The two places it usually is: the first line (a log we started), or where the hint says.
      if (formatLineAt(fd, 0)) k.at = 0;
      else {
        const hint = readHint(logPath);
        if (hint !== undefined && hint < size && formatLineAt(fd, hint)) k.at = hint;
      }
    }
    if (k.at === undefined && k.searched < Math.min(before, size)) search(fd, k, Math.min(before, size));
    return k.at !== undefined && k.at < before ? k.at : undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * For a log the older tool started, the format line is somewhere in the middle: its offset
 * is kept in .world/format-line, so that readers and appenders need not search for it
 * in every process. Only a hint: believed only when a format line starts there, and
 * written only after a search found the first one.
 */
function hintFile(logPath: string): string {
  return join(dirname(logPath), ".world", "format-line");
}

function readHint(logPath: string): number | undefined {
  try {
    const at = Number(readFileSync(hintFile(logPath), "utf8"));
    return Number.isSafeInteger(at) && at > 0 ? at : undefined;
  } catch {
    return undefined;
  }
}

export function writeFormatHint(logPath: string, at: number): void {
  try {
    mkdirSync(dirname(hintFile(logPath)), { recursive: true, mode: 0o700 });
    writeFileSync(hintFile(logPath), String(at), { mode: 0o600 });
  } catch {
    // only a hint: without it the line is searched for again
  }
}

/** Whether a format line starts at `offset` of the open log (a line start: offset 0 or after a newline). */
function formatLineAt(fd: number, offset: number): boolean {
  const head = Buffer.alloc(128);
  const from = offset === 0 ? 0 : offset - 1;
  const n = readSync(fd, head, 0, head.length, from);
  if (offset > 0 && (n === 0 || head[0] !== 0x0a)) return false;
  const view = head.subarray(offset === 0 ? 0 : 1, n);
  const nl = view.indexOf(10);
  return nl !== -1 && isFormatLine(view.toString("utf8", 0, nl));
}

/** Where the format line of the log open on `fd` is, if it is at the top or where the hint says. */
export function knownFormatLine(fd: number, logPath: string): number | undefined {
  if (formatLineAt(fd, 0)) return 0;
  const hint = readHint(logPath);
  return hint !== undefined && formatLineAt(fd, hint) ? hint : undefined;
}

const CHUNK = 1 << 20;

/** Looks at whole lines from k.searched (always the start of a line) until `upTo` or a format line. */
function search(fd: number, k: Known, upTo: number): void {
  const buf = Buffer.alloc(CHUNK);
  let pos = k.searched;
  let midLine = false; // inside a line longer than the buffer: no format line, that
  while (pos < upTo) {
    const n = readSync(fd, buf, 0, buf.length, pos);
    if (n === 0) return;
    const view = buf.subarray(0, n);
    const whole = view.lastIndexOf(10) + 1; // the bytes of the lines that end in this chunk
    if (whole === 0) {
      pos += n;
      midLine = true;
      continue;
    }
    const first = midLine ? view.indexOf(10) + 1 : 0;
    for (let hit = view.indexOf(NEEDLE, first); hit !== -1 && hit < whole; hit = view.indexOf(NEEDLE, hit + 1)) {
      const start = view.lastIndexOf(10, hit) + 1;
      if (start < first || hit - start > HEAD_MAX) continue;
      if (isFormatLine(view.toString("utf8", start, view.indexOf(10, hit)))) {
        k.at = pos + start;
        return;
      }
    }
    pos += whole;
    midLine = false;
    k.searched = pos;
  }
}
