/**
 * The only module that writes to world.log.
 *
 * Each line goes out in a single write() on a descriptor opened with O_APPEND, so lines
 * from concurrent processes never interleave (measured on ext4 up to 1 MiB lines; lines
 * here stay under 4 KiB). Before writing, the last byte of the file is checked: if a
 * crashed writer left a torn line, it is closed with TORN_MARK and a newline (so readers
 * report it instead of taking a truncated line for an entry) and the new line starts on a
 * line of its own. The log is never rewritten or truncated.
 *
 * Fields too long for one short line are stored whole under .world/attachments/ first,
 * and the line keeps a readable prefix plus a reference to the file.
 */
import { closeSync, fdatasyncSync, fstatSync, mkdirSync, openSync, readSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { InternalError } from "../errors.js";
import { checkId, checkSource, checkStatus, checkTimestamp, type AgentStatus, type Entry } from "./entry.js";
import { ESCAPED_ATTACHMENT, escapeField, TORN_MARK } from "./escape.js";
import { formatEntry } from "./format.js";
import type { WorldPaths } from "./paths.js";

export const OUTPUT_LIMIT = 2048; // escaped bytes of output kept on the line
export const NEED_LIMIT = 1024; // escaped bytes of need kept on the line
const LONE_SURROGATE = /\p{Cs}/u;
const PAUSE = new Int32Array(new SharedArrayBuffer(4)); // for Atomics.wait: a synchronous sleep

let spillCount = 0;

export type EventDraft = { kind: "event"; source: string; id: string; output: string; ts?: string };
export type AgentDraft = { kind: "agent"; status: AgentStatus; id: string; output: string; need?: string; ts?: string };
export type Draft = EventDraft | AgentDraft;

export interface AppendOptions {
  /** fdatasync after writing: the entry then survives a machine crash, not only a process crash. */
  sync?: boolean;
}

/** WORLD_FSYNC=1 turns on `sync` for every writer in the process. */
export function syncFromEnv(): boolean {
  return process.env.WORLD_FSYNC === "1" || process.env.WORLD_FSYNC === "true";
}

/** An open append handle. Daemons keep one; the CLI uses appendOnce. */
export class Appender {
  private fd: number | undefined;
  /** Where our own last write ended: if the file still ends there, it ends with our newline. */
  private lastEnd = -1;
  private readonly probe = Buffer.alloc(2);
  private readonly sync: boolean;

  constructor(
    readonly paths: WorldPaths,
    options: AppendOptions = {},
  ) {
    this.sync = options.sync ?? syncFromEnv(); // read once: process.env is slow to read per line
  }

  /** Validate, spill long fields, write one line; returns the entry as written. */
  append(draft: Draft): Entry {
    return this.appendMany([draft])[0]!;
  }

  /** Several entries in one write (each still one line). */
  appendMany(drafts: readonly Draft[]): Entry[] {
    const sync = this.sync;
    // Every draft is validated before any field is spilled: a refused batch leaves no attachment.
    const entries = drafts.map((d) => this.validate(d)).map((e) => this.spillFields(e, sync));
    this.write(entries.map((e) => formatEntry(e) + "\n").join(""), sync);
    return entries;
  }

  /**
   * Lines already formatted elsewhere, written byte for byte in one write (world sync:
   * another machine's lines keep their exact text). The caller has parsed each one (a
   * second parse here would double the cost of a catch-up); a line break inside one,
   * which would forge a second entry, is refused here all the same.
   */
  appendVerbatim(lines: readonly string[]): void {
    for (const line of lines) {
      if (line.includes("\n") || line === "") {
        throw new InternalError(`refused to append a line that is not one whole entry: ${JSON.stringify(line.slice(0, 80))}`);
      }
    }
    this.write(lines.map((l) => l + "\n").join(""), this.sync);
  }

  private write(text: string, sync: boolean): void {
    const fd = this.open();
    // The full check (fstat, then the last byte) is skipped while nobody else has written
    // since our own last line: one 2-byte read at our end then finds only our newline.
    const size = this.stillOurs(fd) ? this.lastEnd : fstatSync(fd).size;
    const torn = size !== this.lastEnd && this.endsTorn(fd, size);
    const data = Buffer.from(torn ? TORN_MARK + "\n" + text : text, "utf8");
    const written = writeSync(fd, data);
    if (written !== data.length) {
      this.lastEnd = -1;
      throw new InternalError(`short write to ${this.paths.log}: expected ${data.length} bytes, wrote ${written}`);
    }
    this.lastEnd = size + written; // wrong if another process wrote in between: then it no longer matches
    if (sync) fdatasyncSync(fd);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    this.lastEnd = -1;
  }

  private open(): number {
    if (this.fd === undefined) {
      // The home is created on first write, so `world --home new-dir event …` just works.
      mkdirSync(this.paths.home, { recursive: true });
      this.fd = openSync(this.paths.log, "a+"); // O_APPEND, and readable for the torn-tail check
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
    const ts = draft.ts === undefined ? new Date().toISOString() : checkTimestamp(draft.ts);
    const id = checkId(draft.id, draft.kind === "agent" ? "session id" : "identifier");
    if (draft.kind === "event") return { kind: "event", ts, source: checkSource(draft.source), id, output: draft.output };
    const entry: Entry = { kind: "agent", ts, status: checkStatus(draft.status), id, output: draft.output };
    if (draft.need !== undefined) entry.need = draft.need;
    return entry;
  }

  private spillFields(entry: Entry, sync: boolean): Entry {
    const [output, outputRef] = this.spill(entry.output, OUTPUT_LIMIT, sync);
    entry.output = output;
    if (outputRef) entry.outputRef = outputRef;
    if (entry.kind === "agent" && entry.need !== undefined) {
      const [need, needRef] = this.spill(entry.need, NEED_LIMIT, sync);
      entry.need = need;
      if (needRef) entry.needRef = needRef;
    }
    return entry;
  }

  /** Keep short text on the line; store long text whole in an attachment and keep a prefix. */
  private spill(text: string, limit: number, sync: boolean): [string, string?] {
    if (Buffer.byteLength(text) <= limit / 6 || Buffer.byteLength(escapeField(text)) <= limit) return [text];
    // Unique without node:crypto (kept off the CLI start-up path); "wx" refuses to overwrite anyway.
    // UTF-8 cannot hold a lone surrogate: such text is stored escaped, under a name that
    // says so, and readAttachment (read.ts) gives back the exact string either way.
    const wellFormed = !LONE_SURROGATE.test(text);
    const unique = `${Date.now().toString(36)}-${process.pid.toString(36)}-${(spillCount++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const name = `${unique}${wellFormed ? ".txt" : ESCAPED_ATTACHMENT}`;
    mkdirSync(this.paths.attachments, { recursive: true });
    const file = join(this.paths.attachments, name);
    writeFileSync(file, wellFormed ? text : escapeField(text), { flag: "wx" });
    if (sync) {
      syncFile(file);
      syncFile(this.paths.attachments); // the new name too, not only the bytes
    }
    return [prefixWithin(text, limit - 64) + "…", `attachments/${name}`];
  }
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

function syncFile(file: string): void {
  const fd = openSync(file, "r");
  try {
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
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
