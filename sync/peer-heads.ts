/**
 * Per machine, the last chunk of it applied here: where it ended in that machine's log and
 * its chain value (sync/chunk-sign.ts). The next chunk from that machine must start at or
 * after that end and name that chain value as its previous one; otherwise it is a replay
 * or a rewritten history, refused (sync/apply.ts).
 *
 * `.world/sync/heads.tsv`, one row per chunk applied, `seq <tab> machine <tab> end <tab> chain`,
 * written with the batch's rows in received.tsv, before its lines are appended (an intent,
 * like those rows). On start, only rows up to the sequence recovery settled on count (a row
 * past it is for a batch that never reached the log), and the file is compacted to one row
 * per machine, so it never grows past one start's worth of chunks.
 */
import { closeSync, existsSync, fdatasyncSync, openSync, readFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../tools/fs/atomic-write.js";
import { syncFromEnv } from "../tools/world/append.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { ZERO_CHAIN } from "./chunk-sign.js";
import { SyncState } from "./state.js";

export interface PeerHead {
  seq: number;
  end: number;
  chain: string;
}

function readHeads(file: string, applied: number): Map<string, PeerHead> {
  const heads = new Map<string, PeerHead>();
  let text = "";
  try {
    text = readFileSync(file, "latin1");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  for (const row of text.split("\n")) {
    const [seq, machine, end, chain] = row.split("\t");
    if (chain?.length !== 64 || Number(seq) > applied) continue; // torn, or an intent that never landed
    heads.set(machine!, { seq: Number(seq), end: Number(end), chain });
  }
  return heads;
}

/**
 * What this machine holds of each other machine's shared history, for a person to compare
 * across machines (`world sync machines`): the last chunk applied, as of received.json.
 */
export function heldHeads(paths: WorldPaths): Map<string, PeerHead> {
  if (!existsSync(join(paths.dir, "sync"))) return new Map(); // never synced (and a reader creates nothing)
  const applied = new SyncState(paths).received().seq;
  return readHeads(join(paths.dir, "sync", "heads.tsv"), applied);
}

export class PeerHeads {
  private readonly file: string;
  private readonly heads = new Map<string, PeerHead>();
  private fd: number | undefined;
  private readonly fsync = syncFromEnv();

  constructor(paths: WorldPaths) {
    this.file = join(paths.dir, "sync", "heads.tsv");
  }

  /** Loads the heads as of stream sequence `applied` (the rows after it never reached the log), compacting the file. */
  load(applied: number): void {
    for (const [machine, head] of readHeads(this.file, applied)) this.heads.set(machine, head);
    writeFileAtomic(this.file, this.rows([...this.heads]), { fsync: this.fsync });
  }

  /** Whether a chunk from `machine` was ever applied here. */
  has(machine: string): boolean {
    return this.heads.has(machine);
  }

  /** The last chunk applied from `machine` (none yet: end 0, the zero chain). */
  of(machine: string): PeerHead {
    return this.heads.get(machine) ?? { seq: 0, end: 0, chain: ZERO_CHAIN };
  }

  /** Record the heads of a batch about to be appended (one write; before the log's). */
  record(batch: ReadonlyMap<string, PeerHead>): void {
    if (batch.size === 0) return;
    this.fd ??= openSync(this.file, "a");
    writeSync(this.fd, this.rows([...batch]));
    if (this.fsync) fdatasyncSync(this.fd);
  }

  /** The batch reached the log: its heads are the ones the next chunks are checked against. */
  commit(batch: ReadonlyMap<string, PeerHead>): void {
    for (const [machine, head] of batch) this.heads.set(machine, head);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private rows(heads: readonly [string, PeerHead][]): string {
    return heads.map(([machine, h]) => `${h.seq}\t${machine}\t${h.end}\t${h.chain}\n`).join("");
  }
}
