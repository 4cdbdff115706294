/**
 * Per machine, the last chunk of it applied here: where it ended in that machine's log and
 * its chain value (sync/chunk-sign.ts). The next chunk from that machine must start at or
 * after that end and name that chain value as its previous one; otherwise it is a replay
 * or a rewritten history, refused (sync/admit.ts).
 *
 * Kept without a write of its own on the way from receipt to append (sync/apply.ts): a
 * chunk's head is two more columns of the received.tsv row of its last line, in the one
 * write of the batch's rows before its lines (an intent, like those rows); and received.json
 * carries the heads as of its sequence (`heads`), written with it once for many batches. On
 * start, the heads are received.json's, then those of the rows past it that recovery
 * settled as applied (a row past it whose message is not wholly in the log never landed).
 * A chunk applied without a line to append (all of its lines refused) has no row: its head
 * goes into received.json at once instead (sync/apply.ts).
 *
 * `.world/sync/heads.tsv` (`seq <tab> machine <tab> end <tab> chain`, one row per chunk)
 * was where an older world sync kept them: read once, when received.json has no heads yet,
 * then removed.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { WorldPaths } from "../tools/world/paths.js";
import { ZERO_CHAIN } from "./chunk-sign.js";
import { SyncState } from "./state.js";

export interface PeerHead {
  seq: number;
  end: number;
  chain: string;
}

/** Heads as received.json carries them: machine → head. */
export type HeadSnapshot = Record<string, PeerHead>;

function legacyFile(paths: WorldPaths): string {
  return join(paths.dir, "sync", "heads.tsv");
}

/** An older world sync's heads.tsv, as of stream sequence `applied` (its rows after it never reached the log). */
function readLegacyHeads(file: string, applied: number): Map<string, PeerHead> {
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
  const cursor = new SyncState(paths).received();
  if (cursor.heads !== undefined) return new Map(Object.entries(cursor.heads));
  return readLegacyHeads(legacyFile(paths), cursor.seq);
}

export class PeerHeads {
  private readonly heads = new Map<string, PeerHead>();

  constructor(private readonly paths: WorldPaths) {}

  /**
   * The heads as of received.json (`snapshot`; an older world sync's heads.tsv when it has
   * none, its rows up to `applied`, the sequence recovery settled on).
   */
  load(snapshot: HeadSnapshot | undefined, applied: number): void {
    this.heads.clear();
    const start = snapshot === undefined ? readLegacyHeads(legacyFile(this.paths), applied) : Object.entries(snapshot);
    for (const [machine, head] of start) this.heads.set(machine, head);
  }

  /** Once received.json carries the heads, an older world sync's file is not read again. */
  dropLegacy(): void {
    rmSync(legacyFile(this.paths), { force: true });
  }

  /** Whether a chunk from `machine` was ever applied here. */
  has(machine: string): boolean {
    return this.heads.has(machine);
  }

  /** The last chunk applied from `machine` (none yet: end 0, the zero chain). */
  of(machine: string): PeerHead {
    return this.heads.get(machine) ?? { seq: 0, end: 0, chain: ZERO_CHAIN };
  }

  /** The batch reached the log (or a recovered row says it did): its heads are the ones the next chunks are checked against. */
  commit(batch: Iterable<[string, PeerHead]>): void {
    for (const [machine, head] of batch) this.heads.set(machine, head);
  }

  /** The heads as received.json carries them (written with the sequence they are as of). */
  snapshot(): HeadSnapshot {
    return Object.fromEntries(this.heads);
  }
}
