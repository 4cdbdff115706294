/**
 * The only module that writes to world.log.
 *
 * Each line goes out in a single write() on a descriptor opened with O_APPEND, so lines
 * from concurrent processes never interleave (measured on ext4 up to 1 MiB lines; lines
 * here stay under 4 KiB). Before writing, the last byte of the file is checked: if a
 * crashed writer left a torn line, it is closed with TORN_MARK and a newline (so readers
 * report it instead of taking a truncated line for an entry) and the new line starts on a
 * line of its own. The log is never rewritten or truncated. A daemon's Appender stays open
 * for hours: after each write it checks that world.log is still the file it wrote to, and
 * if the log was replaced meanwhile (mv, a restore, an editor's save) it reopens it and
 * writes the line there unless the replacement already holds it.
 *
 * Fields too long for one short line are stored whole under .world/attachments/ first,
 * and the line keeps a readable prefix plus a reference to the file.
 */
import { diskFullMessage, isDiskFull } from "../disk.js";
import { closeSync, constants, fdatasyncSync, fstatSync, mkdirSync, openSync, readlinkSync, readSync, rmSync, statSync, writeFileSync, writeSync, type Stats } from "node:fs";
import { join } from "node:path";
import { InternalError, RefusedError, shown } from "../errors.js";
import { checkId, checkSessionId, checkSource, checkStatus, checkTimestamp, isTimestamp, type AgentStatus, type Entry } from "./entry.js";
import { ESCAPED_ATTACHMENT, escapeField, TORN_MARK } from "./escape.js";
import { formatEntry } from "./format.js";
import { PRIVATE_DIR, PRIVATE_FILE, type WorldPaths } from "./paths.js";
import { withLock } from "../process/lock.js";
import { syncPath } from "../fs/sync-path.js";
import { formatLineBefore, formatLineText, knownFormatLine, writeFormatHint } from "./log-format.js";

export const OUTPUT_LIMIT = 2048; // escaped bytes of output kept on the line
export const NEED_LIMIT = 1024; // escaped bytes of need kept on the line
const LONE_SURROGATE = /\p{Cs}/u;
const NO_THROW = { throwIfNoEntry: false } as const; // made once: statSync runs after every write
const PAUSE = new Int32Array(new SharedArrayBuffer(4)); // for Atomics.wait: a synchronous sleep

let spillCount = 0;

export type EventDraft = { kind: "event"; source: string; id: string; output: string; ts?: string };
export type AgentDraft = { kind: "agent"; status: AgentStatus; id: string; output: string; need?: string; ts?: string };
export type Draft = EventDraft | AgentDraft;

export interface AppendOptions {
  /** fdatasync after writing: the entry then survives a machine crash, not only a process crash. */
  sync?: boolean;
}

/**
 * Where an append's lines lie in world.log, when the file grew by that one write alone
 * (nothing written by another process just before or after it, no TORN_MARK or format line
 * in front): bytes `from` to `to` are exactly those lines. World sync's publisher passes
 * over the received lines it appended without reading them back (sync/skip-lines.ts).
 */
export interface Landed {
  from: number;
  to: number;
}

/** What a step that only writes needs of an Appender (the Keeper hands its steps one stamped with its clock). */
export type LineAppender = Pick<Appender, "append" | "appendMany">;

/** WORLD_FSYNC=1 turns on `sync` for every writer in the process. */
export function syncFromEnv(): boolean {
  return process.env.WORLD_FSYNC === "1" || process.env.WORLD_FSYNC === "true";
}

/** An open append handle. Daemons keep one; the CLI uses appendOnce. */
export class Appender {
  private fd: number | undefined;
  /** The file the descriptor is open on, to notice the path now names another one. */
  private file = { dev: -1, ino: -1 };
  /** Where our own last write ended: if the file still ends there, it ends with our newline. */
  private lastEnd = -1;
  private readonly probe = Buffer.alloc(2);
  /** The open file holds a format line (log-format.ts): our lines may follow. */
  private formatted = false;
  private readonly sync: boolean;

  constructor(
    readonly paths: WorldPaths,
    options: AppendOptions = {},
  ) {
    this.sync = options.sync ?? syncFromEnv(); // read once: process.env is slow to read per line
  }

  /** Validate, spill long fields, write one line; returns the entry as written. */
  append(draft: Draft): Entry {
    return this.landEntries([this.validate(draft)])[0]!;
  }

  /** Several entries in one write (each still one line). */
  appendMany(drafts: readonly Draft[]): Entry[] {
    // Every draft is validated before any field is spilled: a refused batch leaves no attachment.
    return this.landEntries(drafts.map((d) => this.validate(d)));
  }

  /** Spills, formats and writes validated entries in one write. */
  private landEntries(entries: Entry[]): Entry[] {
    const sync = this.sync;
    // Attachments first, then the line that names them; if the line does not land (a full
    // disk), they are removed again: no attachment without its line.
    const attached: string[] = [];
    try {
      let text = "";
      for (const entry of entries) text += formatEntry(this.spillFields(entry, sync, attached)) + "\n";
      this.land(text, entries[0]?.ts);
    } catch (error) {
      for (const file of attached) rmSync(file, { force: true });
      throw failedWrite(error, this.paths.log);
    }
    if (sync) fdatasyncSync(this.open()); // the file the line landed in, reopened if it was replaced
    return entries;
  }

  /**
   * Lines already formatted elsewhere, written byte for byte in one write (world sync:
   * another machine's lines keep their exact text). The caller has parsed each one (a
   * second parse here would double the cost of a catch-up); a line break inside one,
   * which would forge a second entry, is refused here all the same. Returns where they lie
   * when the file grew by this write alone (Landed), else undefined.
   */
  appendVerbatim(lines: readonly string[]): Landed | undefined {
    for (const line of lines) {
      if (line.includes("\n") || line === "") {
        throw new InternalError(`refused to append a line that is not one whole entry: ${JSON.stringify(line.slice(0, 80))}`);
      }
    }
    let landed: Landed | undefined;
    try {
      landed = this.land(lines.map((l) => l + "\n").join(""), timestampOf(lines[0]));
    } catch (error) {
      throw failedWrite(error, this.paths.log);
    }
    if (this.sync) fdatasyncSync(this.open());
    return landed;
  }

  /**
   * Writes `text`, preceded by the format line if the log has none yet: a new world, or a
   * log the older shell tool wrote (its lines, before the format line, are then read raw;
   * docs/format.md). The usual case costs one small read of the log's head, once per open;
   * the first append to a log without one takes the `format` lock, looks again (another
   * process may have just written it) and writes the format line and `text` in one write,
   * so concurrent first appenders write it exactly once. The format line carries the time
   * of the first line after it (`firstTs`, else now): the log's timestamps stay in order.
   */
  private land(text: string, firstTs?: string): Landed | undefined {
    if (this.formatted || this.hasFormatLine()) {
      const landed = this.writeLanding(text);
      this.formatted = true;
      return landed;
    }
    withLock(this.paths, "format", () => {
      if (formatLineBefore(this.paths.log) !== undefined) return this.writeLanding(text);
      this.writeLanding(formatLineText(firstTs === undefined ? undefined : new Date(firstTs)) + "\n" + text);
    });
    this.formatted = true;
    const at = formatLineBefore(this.paths.log);
    if (at !== undefined && at > 0) writeFormatHint(this.paths.log, at);
    return undefined; // a format line may have gone before the text
  }

  /** Whether the log starts with a format line, or holds one where .world/format-line says. */
  private hasFormatLine(): boolean {
    return knownFormatLine(this.open(), this.paths.log) !== undefined;
  }

  /**
   * Writes `text` into the file world.log names now. The log may have been replaced under
   * an open descriptor (`cp world.log x && mv x world.log`, a restore, an editor's save):
   * the write then went to a file nobody reads. Looked for after each write (one stat), so
   * a line is never lost to a deleted file and never written twice: see landedIn.
   * That stat also says whether the file grew by our write alone: then where `text` lies.
   */
  private writeLanding(text: string): Landed | undefined {
    for (let attempt = 1; ; attempt++) {
      const { at, torn } = this.write(text);
      const now = statSync(this.paths.log, NO_THROW);
      if (now !== undefined && now.ino === this.file.ino && now.dev === this.file.dev) {
        // The file ends where our write ended (this.lastEnd = at + the bytes written): as the
        // log only grows, nothing was written before or after ours in between.
        return !torn && attempt === 1 && now.size === this.lastEnd ? { from: at, to: now.size } : undefined;
      }
      this.close();
      if (now !== undefined && landedIn(this.paths.log, text, at)) return undefined; // the copy was taken after our write
      if (attempt === 3) throw new InternalError(`world.log kept being replaced while writing to ${this.paths.log}: expected the line to land in 3 attempts`);
    }
  }

  /**
   * One write of `text` (after a TORN_MARK if the log ends in a fragment); returns where the
   * log ended before it, and whether a TORN_MARK went first. The string goes to writeSync as
   * it is: Node encodes it for the one write() without a Buffer made for it first
   * (~0.25–0.35 µs less per line, measured).
   */
  private write(text: string): { at: number; torn: boolean } {
    const fd = this.open();
    // The full check (fstat, then the last byte) is skipped while nobody else has written
    // since our own last line: one 2-byte read at our end then finds only our newline.
    const size = this.stillOurs(fd) ? this.lastEnd : fstatSync(fd).size;
    const torn = size !== this.lastEnd && this.endsTorn(fd, size);
    const data = torn ? TORN_MARK + "\n" + text : text;
    const bytes = Buffer.byteLength(data, "utf8");
    const written = writeSync(fd, data, null, "utf8");
    if (written !== bytes) {
      // A full disk takes part of a write. The rest is not written after it: another
      // process's line could land in between and merge with ours. The fragment has no
      // newline; the next write marks it torn, and readers report it, never read it.
      this.lastEnd = -1;
      const whole = countNewlines(Buffer.from(data, "utf8").subarray(torn ? 2 : 0, written)); // appendMany: lines before the cut did land
      const landed = whole > 0 ? `the first ${whole} of the lines landed whole, then ` : "";
      throw new InternalError(`cannot write to ${this.paths.log}: the disk is full? expected to write ${bytes} bytes, wrote ${written} (${landed}a torn fragment, reported by readers, never read as an entry)`);
    }
    this.lastEnd = size + written; // wrong if another process wrote in between: then it no longer matches
    return { at: size, torn };
  }

  /** The size of the log as this Appender's open descriptor sees it (an fstat, no path lookup). */
  size(): number {
    return fstatSync(this.open()).size;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    this.lastEnd = -1;
    this.formatted = false;
  }

  private open(): number {
    if (this.fd === undefined) {
      // The home is created on first write, so `world --home new-dir event …` just works.
      mkdirSync(this.paths.home, { recursive: true });
      this.fd = openLog(this.paths.log);
      const stat = fstatSync(this.fd);
      if (!stat.isFile()) {
        this.close();
        throw new RefusedError(`world.log is not a regular file: expected a file at ${this.paths.log}, received ${kindOf(stat)}; refusing to write entries nobody could read back`);
      }
      this.file = { dev: stat.dev, ino: stat.ino };
    }
    return this.fd;
  }

  private stillOurs(fd: number): boolean {
    if (this.lastEnd <= 0) return false;
    return readSync(fd, this.probe, 0, 2, this.lastEnd - 1) === 1 && this.probe[0] === 0x0a;
  }

  /**
   * Whether the log ends without a newline. Another process's write in flight looks the
   * same (the file grows page by page while it is copied, and the writer may be preempted
   * in between), and O_APPEND puts our line after it anyway; so the answer is "torn" only
   * when the last byte stayed a non-newline for a few milliseconds. That wait is paid once
   * after a real crash (our TORN_MARK then ends the fragment). A false "torn" costs a line
   * holding only TORN_MARK, which readers skip; never a merged line.
   */
  private endsTorn(fd: number, atSize: number): boolean {
    const last = Buffer.alloc(1);
    let size = atSize;
    for (let still = 0, looks = 0; looks < 1000; looks++) {
      if (size === 0) return false;
      readSync(fd, last, 0, 1, size - 1);
      if (last[0] === 0x0a) return false;
      const now = fstatSync(fd).size;
      if (now === size) {
        if (still === 4) return true;
        Atomics.wait(PAUSE, 0, 0, 1 << still++); // 1, 2, 4, 8 ms
      }
      size = now;
    }
    return true;
  }

  /** The entry as it would be written, without spilling yet: throws on any invalid field. */
  private validate(draft: Draft): Entry {
    // Always milliseconds: after the format line, a line with another form reads raw (log-format.ts).
    const ts = draft.ts === undefined ? nowTimestamp() : new Date(checkTimestamp(draft.ts)).toISOString();
    const id = draft.kind === "agent" ? checkSessionId(draft.id) : checkId(draft.id);
    if (draft.kind === "event") return { kind: "event", ts, source: checkSource(draft.source), id, output: draft.output };
    const entry: Entry = { kind: "agent", ts, status: checkStatus(draft.status), id, output: draft.output };
    if (draft.need !== undefined) entry.need = draft.need;
    return entry;
  }

  private spillFields(entry: Entry, sync: boolean, attached: string[]): Entry {
    if (!fitsOnLine(entry.output, OUTPUT_LIMIT)) {
      [entry.output, entry.outputRef] = this.spill(entry.output, OUTPUT_LIMIT, sync, attached);
    }
    if (entry.kind === "agent" && entry.need !== undefined && !fitsOnLine(entry.need, NEED_LIMIT)) {
      [entry.need, entry.needRef] = this.spill(entry.need, NEED_LIMIT, sync, attached);
    }
    return entry;
  }

  /** Store long text whole in an attachment; returns the prefix kept on the line and the reference. */
  private spill(text: string, limit: number, sync: boolean, attached: string[]): [string, string] {
    // Unique without node:crypto (kept off the CLI start-up path); "wx" refuses to overwrite anyway.
    // UTF-8 cannot hold a lone surrogate: such text is stored escaped, under a name that
    // says so, and readAttachment (read.ts) gives back the exact string either way.
    const wellFormed = !LONE_SURROGATE.test(text);
    const unique = `${Date.now().toString(36)}-${process.pid.toString(36)}-${(spillCount++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const name = `${unique}${wellFormed ? ".txt" : ESCAPED_ATTACHMENT}`;
    mkdirSync(this.paths.attachments, { recursive: true, mode: PRIVATE_DIR });
    const file = join(this.paths.attachments, name);
    attached.push(file); // before writing: a write that fails half-way leaves a file too
    writeFileSync(file, wellFormed ? text : escapeField(text), { flag: "wx" });
    if (sync) {
      syncPath(file);
      syncPath(this.paths.attachments); // the new name too, not only the bytes
    }
    return [prefixWithin(text, limit - 64) + "…", `attachments/${name}`];
  }
}

/** Whether `text`, escaped, fits in `limit` bytes. An escaped UTF-16 unit takes at most 6: short text fits unmeasured. */
function fitsOnLine(text: string, limit: number): boolean {
  return text.length <= limit / 6 || Buffer.byteLength(escapeField(text)) <= limit;
}

/**
 * Whether `text` is in the log at or shortly after `from`: the file that replaced ours is
 * then a copy taken after our write (a copy of an append-only file is a prefix of it, so
 * our bytes sit where we wrote them, give or take what other writers added meanwhile).
 * Lines carry millisecond timestamps, so the same bytes there are our line.
 */
function landedIn(logPath: string, text: string, from: number): boolean {
  const bytes = Buffer.from(text, "utf8");
  const fd = openSync(logPath, "r");
  try {
    const window = Buffer.alloc(bytes.length + 65536);
    const n = readSync(fd, window, 0, window.length, from);
    return window.subarray(0, n).indexOf(bytes) !== -1;
  } finally {
    closeSync(fd);
  }
}

let stampedSecond = NaN;
let secondPrefix = "";

/**
 * new Date().toISOString(), with the text up to the second built once per second: a
 * tenth of the cost, which counts on a path that writes a line in a few microseconds.
 */
function nowTimestamp(): string {
  const ms = Date.now();
  if (!(ms >= stampedSecond && ms - stampedSecond < 1000)) {
    stampedSecond = Math.floor(ms / 1000) * 1000;
    secondPrefix = new Date(stampedSecond).toISOString().slice(0, -4); // "2026-11-27T02:22:21."
  }
  return `${secondPrefix}${String(ms - stampedSecond).padStart(3, "0")}Z`;
}

function countNewlines(bytes: Buffer): number {
  let n = 0;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) n++;
  return n;
}

// O_APPEND, readable for the torn-tail check, created 0600, and never through a symbolic
// link: one to /dev/null would take every entry and keep none, one to another file would
// write the world into it.
const LOG_FLAGS = constants.O_APPEND | constants.O_CREAT | constants.O_RDWR | constants.O_NOFOLLOW;

function openLog(logPath: string): number {
  try {
    return openSync(logPath, LOG_FLAGS, PRIVATE_FILE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ELOOP") throw error;
    let target = "?";
    try {
      target = readlinkSync(logPath);
    } catch {
      // gone meanwhile: the message still says what it was
    }
    throw new RefusedError(`world.log is a symbolic link: expected a regular file at ${logPath}, received a link to ${shown(target, 200)}; replace it with the file itself`);
  }
}

function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return "a directory";
  if (stat.isCharacterDevice()) return "a character device (such as /dev/null)";
  if (stat.isFIFO()) return "a named pipe";
  if (stat.isSocket()) return "a socket";
  return "a device";
}

/** A full disk (or quota) as one line naming the log; anything else unchanged. */
function failedWrite(error: unknown, logPath: string): unknown {
  if (!isDiskFull(error)) return error;
  return new InternalError(diskFullMessage(error, logPath), { cause: error });
}

/** The longest prefix whose escaped form fits in `limit` bytes (binary search on characters). */
function prefixWithin(text: string, limit: number): string {
  let lo = 0;
  let hi = Math.min(text.length, limit);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (Buffer.byteLength(escapeField(text.slice(0, mid))) <= limit) lo = mid;
    else hi = mid - 1;
  }
  // Never cut a surrogate pair in two (the prefix would end in a lone surrogate).
  const last = text.charCodeAt(lo - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? lo - 1 : lo);
}

/** The timestamp at the head of a line, if it has a valid one. */
function timestampOf(line: string | undefined): string | undefined {
  const ts = line === undefined ? undefined : /^\[([^\]]*)\]/.exec(line)?.[1];
  return ts !== undefined && isTimestamp(ts) ? ts : undefined;
}

/** Append one entry and close: what a CLI call does. */
export function appendOnce(paths: WorldPaths, draft: Draft, options?: AppendOptions): Entry {
  const appender = new Appender(paths, options);
  try {
    return appender.append(draft);
  } finally {
    appender.close();
  }
}
