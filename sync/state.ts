/**
 * What world sync keeps beside the log, in .world/sync/ (never in world.log):
 *
 * - machine.json   this world's machine name, fixed on the first run (it is in every
 *                  message id and subject, so it must not change under a backlog);
 * - sent.json      how far the local log has been published: a byte offset and line;
 * - received.json  the last stream sequence applied here, the log size then, and the head
 *                  of each machine's chunks applied as of that sequence (sync/peer-heads.ts);
 * - received.tsv   the origin side table, one row per line received from another machine:
 *                  `seq <tab> index <tab> machine <tab> log size before the append <tab> line hash`;
 *                  the row of a chunk's last line has two more, `<tab> end <tab> chain`: the
 *                  chunk's head (sync/peer-heads.ts), in the same write.
 *                  A row is written BEFORE its line is appended (an intent): the publisher
 *                  uses it to never send another machine's line back, and after a crash the
 *                  rows past received.json say which lines may already be in the log.
 *
 * The two cursors are replaced atomically (temporary file, rename; fsync too with
 * WORLD_FSYNC=1, like the log), so a crash leaves the old or the new one.
 */
import { appendFileSync, closeSync, fdatasyncSync, fstatSync, mkdirSync, openSync, readSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { lazyZod } from "../tools/lazy-zod.js";
import { UsageError, shown } from "../tools/errors.js";
import { readJsonStateOrNone, readJsonStateOrThrow } from "../tools/fs/json-file.js";
import { syncFromEnv } from "../tools/world/append.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { START, type Position } from "../tools/world/read.js";
import { writeJsonAtomic } from "../tools/fs/atomic-write.js";
import type { HeadSnapshot } from "./peer-heads.js";

export type SentCursor = Position;

export interface ReceivedCursor {
  /** The last stream sequence applied (0: none yet). */
  seq: number;
  /** world.log's size when that cursor was written: lines received later lie past it. */
  logSize: number;
  /** The last chunk applied from each other machine, as of `seq` (absent: written by an older world sync). */
  heads?: HeadSnapshot;
}

export interface ReceivedRow {
  seq: number;
  /** The line's place in its message (a message re-applied after a crash has its rows twice). */
  index: number;
  machine: string;
  sizeBefore: number;
  hash: string;
  /** On the row of a chunk's last line: where that chunk ends in its machine's log, and its chain value (sync/peer-heads.ts). */
  head?: { end: number; chain: string };
}

function syncDir(paths: WorldPaths): string {
  return join(paths.dir, "sync");
}

export { lineHash } from "./line-hash.js";

// Built when there is a file to check: a process that finds none (a Spirit with no sync) loads no zod (issue 23).
const MachineFile = () => lazyZod().z.object({ machine: lazyZod().z.string() });
const SentFile = () => lazyZod().z.object({ offset: lazyZod().z.number(), line: lazyZod().z.number() });
const ReceivedFile = () => {
  const { z } = lazyZod();
  return z.object({ seq: z.number(), logSize: z.number(), heads: z.record(z.string(), z.object({ seq: z.number(), end: z.number(), chain: z.string() })).optional() });
};

/** Missing: undefined; malformed: refused in one line (exit 2), never guessed at. */
function readJson<S extends z.ZodType>(file: string, schema: () => S): z.output<S> | undefined {
  return readJsonStateOrThrow(file, schema, "sync state (written by world sync)");
}

function machineFile(paths: WorldPaths): string {
  return join(syncDir(paths), "machine.json");
}

/** The machine name world sync fixed for this world, if it has run (and its file reads). */
export function storedMachine(paths: WorldPaths): string | undefined {
  return readJsonStateOrNone(machineFile(paths), MachineFile, "sync machine name")?.machine;
}

/** Replace a JSON file atomically (tools/fs/atomic-write.ts), flushed to disk with WORLD_FSYNC as the log is. */
export function writeSyncJson(file: string, value: unknown, mode?: number): void {
  writeJsonAtomic(file, value, { fsync: syncFromEnv(), ...(mode !== undefined && { mode }) });
}

export class SyncState {
  readonly dir: string;
  private rowsFd: number | undefined;
  private readonly fsync = syncFromEnv();

  constructor(readonly paths: WorldPaths) {
    this.dir = syncDir(paths);
    mkdirSync(this.dir, { recursive: true });
  }

  /** The machine name: the one given, else the stored one, else `fallback`; a different one is refused. */
  machine(given: string | undefined, fallback: string): string {
    const file = join(this.dir, "machine.json");
    const stored = readJson(file, MachineFile)?.machine;
    if (stored !== undefined && given !== undefined && given !== stored) {
      throw new UsageError(
        `--machine ${shown(given)} differs from this world's machine name: expected ${shown(stored)} (from ${file}), received ${shown(given)}`,
      );
    }
    const name = stored ?? given ?? fallback;
    if (stored === undefined) writeSyncJson(file, { machine: name });
    return name;
  }

  sent(): SentCursor {
    return readJson(join(this.dir, "sent.json"), SentFile) ?? { ...START };
  }

  writeSent(position: SentCursor): void {
    writeSyncJson(join(this.dir, "sent.json"), { offset: position.offset, line: position.line });
  }

  received(): ReceivedCursor {
    return readJson(join(this.dir, "received.json"), ReceivedFile) ?? { seq: 0, logSize: 0 };
  }

  writeReceived(cursor: ReceivedCursor): void {
    writeSyncJson(join(this.dir, "received.json"), cursor);
  }

  /**
   * Record lines about to be appended (one write, before the log's; with WORLD_FSYNC=1
   * synced before it too, or a machine crash could keep the lines and lose their rows, and
   * they would go out again as this machine's own). The file stays open between batches.
   */
  recordReceived(rows: readonly ReceivedRow[]): void {
    if (rows.length === 0) return;
    const text = rows.map((r) => `${r.seq}\t${r.index}\t${r.machine}\t${r.sizeBefore}\t${r.hash}${r.head === undefined ? "" : `\t${r.head.end}\t${r.head.chain}`}\n`).join("");
    this.rowsFd ??= openSync(join(this.dir, "received.tsv"), "a");
    writeSync(this.rowsFd, text);
    if (this.fsync) fdatasyncSync(this.rowsFd);
  }

  /** Record received agent lines that say where an agent runs (sync/origins.ts). */
  recordAgents(rows: readonly { id: string; machine: string; hash: string }[]): void {
    if (rows.length === 0) return;
    appendFileSync(join(this.dir, "agents.tsv"), rows.map((r) => `${r.id}\t${r.machine}\t${r.hash}\n`).join(""));
  }

  close(): void {
    if (this.rowsFd !== undefined) closeSync(this.rowsFd);
    this.rowsFd = undefined;
  }

  /**
   * The rows at the end of the side table that `needed` wants, one per received line (of a
   * line recorded twice, the later row), in stream order; a torn last row, from a crash, is
   * ignored. Read backwards, and only until the first row not needed: the table has a row
   * for every line ever received, and rows only get older (smaller sequence and log size)
   * towards its start, so a start-up reads the last batches, not the whole history.
   */
  receivedTail(needed: (row: ReceivedRow) => boolean, blockBytes = TAIL_BLOCK): ReceivedRow[] {
    let fd: number;
    try {
      fd = openSync(join(this.dir, "received.tsv"), "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const rows = new Map<string, ReceivedRow>();
    try {
      let carry = ""; // a row whose start is in the block before this one
      for (let end = fstatSync(fd).size; end > 0; ) {
        const start = Math.max(0, end - blockBytes);
        const buf = Buffer.alloc(end - start);
        readSync(fd, buf, 0, buf.length, start);
        const parts = (buf.toString("latin1") + carry).split("\n"); // rows are ASCII
        carry = start > 0 ? parts.shift()! : "";
        for (let i = parts.length - 1; i >= 0; i--) {
          const row = parseRow(parts[i]!);
          if (row === undefined) continue; // the empty text after the last newline, or a torn row
          if (!needed(row)) return sorted(rows);
          const key = `${row.seq}:${row.index}`;
          if (!rows.has(key)) rows.set(key, row); // read backwards: the first one seen is the later
        }
        end = start;
      }
      return sorted(rows);
    } finally {
      closeSync(fd);
    }
  }
}

/**
 * The side table read forwards from a byte offset, a block at a time (the Keeper's health
 * check follows it beside the log: keeper/line-origins.ts). `peek` shows the next whole row
 * without taking it; `at` is where the rows not taken yet start. It reads as far as the
 * table went at its first read (after the reader saw the log's size: a row written later
 * is for a line beyond the check), so once there, `peek` costs no system call: it is asked
 * for every line of the log. A torn last row is not shown (it is whole at the next read).
 */
export class ReceivedRows {
  private readonly fd: number | undefined;
  private rows: { row: ReceivedRow; end: number }[] = [];
  private next = 0;
  private readAt: number;
  private limit: number | undefined;
  private buf: Buffer | undefined;

  constructor(paths: WorldPaths, public at: number) {
    const file = join(syncDir(paths), "received.tsv");
    try {
      this.fd = openSync(file, "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    // The table was removed or started again (a new log: docs/sync.md): from its start.
    if (this.fd === undefined || fstatSync(this.fd).size < at) this.at = 0;
    this.readAt = this.at;
  }

  peek(): ReceivedRow | undefined {
    while (this.next === this.rows.length && this.fill());
    return this.rows[this.next]?.row;
  }

  take(): void {
    const taken = this.rows[this.next++];
    if (taken !== undefined) this.at = taken.end;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
  }

  /** Reads the next block of whole rows; false at the end of the table (as far as it went). */
  private fill(): boolean {
    if (this.fd === undefined) return false;
    this.limit ??= fstatSync(this.fd).size;
    if (this.readAt >= this.limit) return false;
    this.buf ??= Buffer.allocUnsafe(ROWS_BLOCK);
    const data = this.buf.subarray(0, readSync(this.fd, this.buf, 0, Math.min(ROWS_BLOCK, this.limit - this.readAt), this.readAt));
    const whole = data.lastIndexOf(10) + 1;
    if (whole === 0) return false; // a torn last row: whole at the next check
    this.rows = [];
    this.next = 0;
    for (let start = 0, nl = data.indexOf(10); nl !== -1 && nl < whole; start = nl + 1, nl = data.indexOf(10, start)) {
      const row = parseRow(data.toString("latin1", start, nl));
      if (row !== undefined) this.rows.push({ row, end: this.readAt + nl + 1 });
    }
    this.readAt += whole;
    return true;
  }
}

const ROWS_BLOCK = 64 * 1024;

/** The side table is read backwards this much at a time. */
const TAIL_BLOCK = 1 << 20;

function parseRow(line: string): ReceivedRow | undefined {
  const [seq, index, machine, sizeBefore, hash, end, chain] = line.split("\t");
  if (hash === undefined || hash.length !== 16) return undefined;
  const row: ReceivedRow = { seq: Number(seq), index: Number(index), machine: machine!, sizeBefore: Number(sizeBefore), hash };
  if (chain?.length === 64) row.head = { end: Number(end), chain };
  return row;
}

function sorted(rows: Map<string, ReceivedRow>): ReceivedRow[] {
  return [...rows.values()].sort((a, b) => a.seq - b.seq || a.index - b.index);
}
