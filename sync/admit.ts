/**
 * Which received chunks may be applied (docs/trust.md, "Machines that prove who they are"):
 * only one from a machine enrolled here (sync/machines.ts), whose signature holds for the
 * key enrolled under its name (sync/chunk-sign.ts), that starts where the last chunk
 * applied from it ended or later, and extends the chain of its chunks held here. Anything
 * else is refused (sync/refused.ts): a forged machine, a forged or altered chunk, a chunk
 * sent again, a history rewritten.
 */
import { statSync } from "node:fs";
import type { KeyObject } from "node:crypto";
import type { WorldPaths } from "../tools/world/paths.js";
import { checkChunk, type ChunkFields } from "./chunk-sign.js";
import { publicKeyOf } from "./machine-key.js";
import { enrolmentHolds, listFile, readMachines, type EnrolmentLine, type MachineList } from "./machines.js";
import type { PeerHead, PeerHeads } from "./peer-heads.js";
import type { RefusalKind } from "./refused.js";

/** A signed chunk as received (its headers read). */
export interface SignedChunk {
  seq: number;
  machine: string;
  data: Uint8Array;
  sig?: string;
  from?: number;
  end?: number;
  endLine?: number;
  prev?: string;
}

const NO_THROW = { throwIfNoEntry: false } as const;

export type Admission = { ok: true; head: PeerHead } | { ok: false; kind: RefusalKind; detail: string };

export class Gate {
  private list: MachineList | undefined;
  private listStamp = "";
  private readonly keys = new Map<string, KeyObject>();
  private readonly machinesFile: string;

  constructor(
    private readonly paths: WorldPaths,
    private readonly stream: string,
    private readonly heads: PeerHeads,
    /** Whether every line of the chunk is in this log already, as a line from its machine: a replay (else a rewrite). */
    private readonly seenBefore: (c: SignedChunk) => boolean,
  ) {
    this.machinesFile = listFile(paths); // joined once: refresh runs per batch, on the latency path
  }

  /**
   * Takes the list as it is on disk now, once per batch of received messages (sync/apply.ts):
   * a person may have enrolled or revoked since, from another process. One stat of the file
   * (re-read only when it changed), not one per chunk: a batch of a catch-up holds up to 256
   * chunks. A list changed by this process (a received enrolment, applied mid-batch) is
   * taken at its next use: see `changed`.
   */
  refresh(): void {
    const stat = statSync(this.machinesFile, NO_THROW);
    const stamp = stat ? `${stat.mtimeMs}:${stat.size}:${stat.ino}` : "none";
    if (stamp !== this.listStamp) {
      this.list = undefined;
      this.listStamp = stamp;
    }
  }

  /** The list was just written here (an enrolment received mid-batch): read again at its next use. */
  changed(): void {
    this.list = undefined;
    this.listStamp = "";
  }

  /** The list as of the last refresh (or change made here). */
  machines(): MachineList {
    this.list ??= readMachines(this.paths);
    return this.list;
  }

  keyOf(machine: string): KeyObject | undefined {
    const text = this.machines().machines[machine]?.key;
    if (text === undefined) return undefined;
    let key = this.keys.get(text);
    if (key === undefined) {
      key = publicKeyOf(text);
      if (key !== undefined) this.keys.set(text, key);
    }
    return key;
  }

  /** `pending`: heads of chunks admitted earlier in this batch, not yet committed. */
  admit(c: SignedChunk, pending: ReadonlyMap<string, PeerHead>): Admission {
    const key = this.keyOf(c.machine);
    if (key === undefined) {
      const revoked = this.machines().revoked[c.machine];
      return { ok: false, kind: "not enrolled", detail: revoked ? `revoked at ${revoked.revokedAt} by ${revoked.revokedBy}` : "no machine of that name in .world/sync/machines.json" };
    }
    if (c.sig === undefined || c.from === undefined || c.end === undefined || c.endLine === undefined || c.prev === undefined) {
      return { ok: false, kind: "unsigned", detail: `stream sequence ${c.seq} has no World-Sig (an older world sync, or a forgery)` };
    }
    const fields: ChunkFields = { stream: this.stream, machine: c.machine, from: c.from, end: c.end, endLine: c.endLine, prev: c.prev };
    const chain = checkChunk(fields, c.data, c.sig, key);
    if (chain === undefined) return { ok: false, kind: "bad signature", detail: `stream sequence ${c.seq}` };
    const head = pending.get(c.machine) ?? this.heads.of(c.machine);
    if (c.from < head.end) {
      const kind = chain === head.chain || this.seenBefore(c) ? "replayed" : "rewritten";
      return { ok: false, kind, detail: `stream sequence ${c.seq} starts at byte ${c.from} of its log, which the chunks applied here already covered up to byte ${head.end}` };
    }
    // The first chunk applied from a machine starts its chain here, whatever it follows: its
    // chunks sent before it was enrolled here were refused (kept aside), not lost to the chain.
    const first = !pending.has(c.machine) && !this.heads.has(c.machine);
    if (c.prev !== head.chain && !first) {
      return { ok: false, kind: "rewritten", detail: `stream sequence ${c.seq} follows a chunk with chain ${c.prev.slice(0, 16)}…, but the last one applied here from it has ${head.chain.slice(0, 16)}…` };
    }
    return { ok: true, head: { seq: c.seq, end: c.end, chain } };
  }

  /** Whether a received enrolment line is its sender's own, signed by its key. */
  enrolmentHolds(e: EnrolmentLine, sender: string): boolean {
    const key = this.keyOf(sender);
    return key !== undefined && e.by === sender && enrolmentHolds(e, key);
  }
}
