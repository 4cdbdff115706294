/**
 * What world sync kept aside, for a person to look at (`world sync refused`): per machine
 * and kind of refusal, how many chunks and lines, the first and last time, and how many a
 * person has accepted since (sync/accept.ts). Read from refused.jsonl and accepted.jsonl,
 * never written.
 */
import type { WorldPaths } from "../tools/world/paths.js";
import { acceptedSeqs } from "./accept.js";
import { readMachines } from "./machines.js";
import { readRefused, type RefusalKind } from "./refused.js";

export interface RefusedGroup {
  machine: string;
  kind: RefusalKind;
  chunks: number;
  lines: number;
  first: string;
  last: string;
  /** Chunks of this group a person accepted (world sync accept). */
  accepted: number;
  /** Whether `world sync accept <machine>` could take some of them now: the kind is one a person may accept, the machine is enrolled, and some are not accepted yet. */
  acceptable: boolean;
}

export function refusedSummary(paths: WorldPaths): { groups: RefusedGroup[]; malformed: number } {
  const { chunks, malformed } = readRefused(paths);
  const accepted = acceptedSeqs(paths);
  const enrolled = readMachines(paths).machines;
  const groups = new Map<string, RefusedGroup>();
  const counted = new Set<string>(); // a chunk kept twice (redelivered after a crash) counts once
  for (const c of chunks) {
    const once = `${c.machine}\t${c.seq}\t${c.kind}`;
    if (counted.has(once)) continue;
    counted.add(once);
    const key = `${c.machine}\t${c.kind}`;
    let g = groups.get(key);
    if (g === undefined) {
      g = { machine: c.machine, kind: c.kind, chunks: 0, lines: 0, first: c.at, last: c.at, accepted: 0, acceptable: false };
      groups.set(key, g);
    }
    g.chunks++;
    g.lines += c.lines.length;
    if (c.at < g.first) g.first = c.at;
    if (c.at > g.last) g.last = c.at;
    if (accepted.get(c.machine)?.has(c.seq) === true) g.accepted++;
  }
  for (const g of groups.values()) g.acceptable = (g.kind === "not enrolled" || g.kind === "unsigned") && enrolled[g.machine] !== undefined && g.accepted < g.chunks;
  return { groups: [...groups.values()], malformed };
}
