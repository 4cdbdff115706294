/**
 * A person accepts the chunks of one machine that world sync kept aside (sync/refused.ts)
 * only because that machine was not enrolled here yet, or, with `--unsigned` said
 * explicitly, because an older `world sync` wrote them without a signature
 * (`world sync accept <machine>`, docs/sync.md "Chunks kept aside, accepted by a person").
 *
 * Each kept chunk of that machine is checked again, in stream order, against the key NOW
 * enrolled under its name, as the gate (sync/admit.ts) checks a live one: its signature
 * must hold, it must follow the chunk before it (its `prev` names that chunk's chain value,
 * and it starts where that one ended or later), and none of its lines may be here already
 * as a line from that machine (received.tsv). A chunk refused for a bad signature, a
 * rewritten history or a forged enrolment is never acceptable, whoever asks. What passes is
 * applied, in order, by the same path as live chunks (Applier.applyKept), and recorded in
 * `.world/sync/accepted.jsonl` (refused.jsonl stays as it was: append-only, never
 * rewritten); the log gets one line saying what was accepted and by whom.
 *
 * It runs with world sync stopped (it takes world sync's lock): a running world sync would
 * not know the accepted lines came from another machine, and would send them out again as
 * its own.
 */
import { appendFileSync } from "node:fs";
import { readJsonLines } from "../tools/fs/json-file.js";
import { join } from "node:path";
import { RefusedError, shown } from "../tools/errors.js";
import { tryLock } from "../tools/process/lock.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { PRIVATE_FILE } from "../tools/world/paths.js";
import { parseLine } from "../tools/world/parse.js";
import { Applier, asReceived, type IncomingMessage } from "./apply.js";
import { checkChunk } from "./chunk-sign.js";
import { publicKeyOf } from "./machine-key.js";
import { readMachines } from "./machines.js";
import { notice } from "./notices.js";
import { heldHeads, type PeerHead } from "./peer-heads.js";
import { readRefused, whyRefused, type KeptChunk } from "./refused.js";
import { SkipLines } from "./skip-lines.js";
import { lineHash, SyncState } from "./state.js";
import { DEFAULT_STREAM } from "./names.js";

/** What became of one kept chunk. */
export interface ChunkOutcome {
  seq: number;
  lines: number;
  /** accepted: applied now; already: its lines are here (applied, or accepted before); refused: never acceptable; left: not this time (the reason says what would change it). */
  outcome: "accepted" | "already" | "refused" | "left";
  why: string;
}

export interface AcceptResult {
  machine: string;
  chunks: ChunkOutcome[];
  /** Lines appended to the log. */
  applied: number;
}

export interface AcceptOptions {
  /** Also accept chunks without a signature (an older world sync), on the person's word. */
  unsigned: boolean;
  /** Who accepts: "a person at the terminal" (the CLI checked it). */
  by: string;
  stream?: string;
}

/** One record per chunk accepted, appended; refused.jsonl is never rewritten. */
function acceptedFile(paths: WorldPaths): string {
  return join(paths.dir, "sync", "accepted.jsonl");
}

interface AcceptedRecord {
  at: string;
  seq: number;
  machine: string;
  by: string;
  signed: boolean;
}

/** The stream sequences of the kept chunks a person accepted, per machine. */
export function acceptedSeqs(paths: WorldPaths): Map<string, Set<number>> {
  const seqs = new Map<string, Set<number>>();
  // A torn last record is passed over: its chunk's lines are in received.tsv, so a second accept finds them there.
  const { records } = readJsonLines(acceptedFile(paths), (v) => {
    const r = v as Partial<AcceptedRecord> | null;
    return typeof r?.machine === "string" && Number.isSafeInteger(r.seq) ? { machine: r.machine, seq: r.seq! } : undefined;
  });
  for (const r of records) {
    const set = seqs.get(r.machine) ?? new Set<number>();
    set.add(r.seq);
    seqs.set(r.machine, set);
  }
  return seqs;
}

/** The kinds a person may accept: what was refused only for want of an enrolment (or a signature, with --unsigned). */
const ACCEPTABLE = new Set(["not enrolled", "unsigned"]);

/** Where a machine's shared history stands: the end and chain value of its last chunk applied (or accepted). */
type Tip = Pick<PeerHead, "end" | "chain">;

export function acceptKept(paths: WorldPaths, self: string, machine: string, options: AcceptOptions): AcceptResult {
  const lock = tryLock(paths, "sync");
  if ("heldBy" in lock) {
    throw new RefusedError(
      `world sync is running in ${paths.home} (pid ${lock.heldBy}): expected it stopped while chunks are accepted (it would send the accepted lines out again as this machine's own), received a running one; stop world sync (or world up --nats), accept, start it again`,
    );
  }
  const state = new SyncState(paths);
  const applier = new Applier(paths, state, self, new SkipLines(), () => undefined, options.stream ?? DEFAULT_STREAM);
  try {
    applier.recover(state.sent().offset); // a crash settled first, as a starting world sync does; heads as of it
    return acceptLocked(paths, self, machine, options, state, applier);
  } finally {
    applier.close();
    state.close();
    lock.release();
  }
}

function acceptLocked(paths: WorldPaths, self: string, machine: string, options: AcceptOptions, state: SyncState, applier: Applier): AcceptResult {
  const stream = options.stream ?? DEFAULT_STREAM;
  const keyText = readMachines(paths).machines[machine]?.key;
  const key = keyText === undefined ? undefined : publicKeyOf(keyText);
  if (key === undefined) {
    throw new RefusedError(`machine ${shown(machine)} is not enrolled here: expected an enrolled machine (world sync enroll <its key> --name ${machine}, by a person), received a name with no key in .world/sync/machines.json; its chunks are checked against that key`);
  }
  const done = acceptedSeqs(paths).get(machine) ?? new Set<number>();
  const bySeq = new Map<number, KeptChunk>(); // a chunk kept twice (redelivered after a crash): once
  for (const c of readRefused(paths).chunks) if (c.machine === machine && !done.has(c.seq) && !bySeq.has(c.seq)) bySeq.set(c.seq, c);
  const kept = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  const settled = state.received().seq;
  const applied = new Set(state.receivedTail(() => true).filter((r) => r.machine === machine).map((r) => r.hash));
  const head = heldHeads(paths).get(machine);

  const outcomes: ChunkOutcome[] = [];
  const accepted: { chunk: KeptChunk; signed: boolean }[] = [];
  let last: Tip | undefined; // the last chunk accepted in this run
  let newHead: PeerHead | undefined;
  for (const c of kept) {
    const say = (outcome: ChunkOutcome["outcome"], why: string) => outcomes.push({ seq: c.seq, lines: c.lines.length, outcome, why });
    if (!ACCEPTABLE.has(c.kind)) {
      if (c.kind === "replayed") say("already", "a replay of a chunk applied here: its lines are here once, never twice");
      else say("refused", `never acceptable: refused as ${c.kind} (${whyRefused(c.kind)})`);
      continue;
    }
    if (c.seq > settled) {
      say("left", `received after the last stream sequence settled here (${settled}): start world sync once, so the stream is settled up to it, then accept`);
      continue;
    }
    const hashes = receivedHashes(c.lines);
    const here = hashes.filter((h) => applied.has(h)).length;
    if (hashes.length > 0 && here === hashes.length) {
      say("already", "every line of it is here already as a line from this machine (received.tsv): not applied twice");
      continue;
    }
    if (c.sig === undefined || c.prev === undefined || c.from === undefined || c.end === undefined || c.endLine === undefined) {
      if (!options.unsigned) {
        say("left", "unsigned (an older world sync, or a forgery): nothing proves that machine wrote it; give --unsigned to accept it on your word");
        continue;
      }
      if (here > 0) {
        say("refused", `${here} of its ${hashes.length} lines are here already: not applied twice`);
        continue;
      }
      accepted.push({ chunk: c, signed: false });
      for (const h of hashes) applied.add(h);
      say("accepted", "UNSIGNED: accepted on a person's word (--unsigned), nothing proves that machine wrote it");
      continue;
    }
    const chain = checkChunk({ stream, machine, from: c.from, end: c.end, endLine: c.endLine, prev: c.prev }, Buffer.from(c.lines.join("\n")), c.sig, key);
    if (chain === undefined) {
      say("refused", `its signature does not hold for the key now enrolled as ${machine} (${keyText}): another key signed it, or its bytes changed`);
      continue;
    }
    // What it must follow: the chunk accepted before it in this run, or the head applied live when it lies past that head.
    const pred = head !== undefined && c.from >= head.end && (last === undefined || last.end <= head.end) ? head : last;
    if (last !== undefined && c.from < last.end) {
      say(chain === last.chain ? "already" : "refused", chain === last.chain ? "the same chunk as the one accepted before it" : `a rewritten history: it starts at byte ${c.from} of its log, before the end (${last.end}) of the chunk accepted before it`);
      continue;
    }
    if (pred !== undefined && c.prev !== pred.chain) {
      say("refused", `out of order: it follows a chunk with chain ${c.prev.slice(0, 16)}…, but the one before it here has ${pred.chain.slice(0, 16)}… (a chunk between them is missing, or the history was rewritten)`);
      continue;
    }
    if (here > 0) {
      say("refused", `a rewritten history: ${here} of its ${hashes.length} lines are here already from this machine, the others are not`);
      continue;
    }
    accepted.push({ chunk: c, signed: true });
    for (const h of hashes) applied.add(h);
    last = { end: c.end, chain };
    if (head === undefined || c.from >= head.end) newHead = { seq: c.seq, end: c.end, chain };
    say("accepted", head !== undefined && c.end <= head.end ? `signature holds for the key now enrolled; older than the chunks applied since its enrolment, so its lines follow theirs in this log` : "signature holds for the key now enrolled, in chain order");
  }

  let appended = 0;
  if (accepted.length > 0) {
    const messages: IncomingMessage[] = accepted.map(({ chunk: c }) => ({ seq: c.seq, machine, data: Buffer.from(c.lines.join("\n")), lines: [...c.lines] }));
    appended = applier.applyKept(messages, newHead === undefined ? new Map() : new Map([[machine, newHead]]));
    const at = new Date().toISOString();
    appendFileSync(acceptedFile(paths), accepted.map(({ chunk, signed }) => JSON.stringify({ at, seq: chunk.seq, machine, by: options.by, signed } satisfies AcceptedRecord) + "\n").join(""), { mode: PRIVATE_FILE });
    notice(paths, self, acceptedNotice(machine, options.by, accepted, appended, outcomes));
  }
  return { machine, chunks: outcomes, applied: appended };
}

/** The hashes of a chunk's lines as they would be appended here (the rows received.tsv holds). */
function receivedHashes(lines: readonly string[]): string[] {
  const hashes: string[] = [];
  for (const sent of lines) {
    const parsed = parseLine(sent);
    if (parsed.ok) hashes.push(lineHash(asReceived(parsed.entry, sent)));
  }
  return hashes;
}

function acceptedNotice(machine: string, by: string, accepted: readonly { chunk: KeptChunk; signed: boolean }[], lines: number, outcomes: readonly ChunkOutcome[]): string {
  const seqs = accepted.map((a) => a.chunk.seq);
  const unsigned = accepted.filter((a) => !a.signed).length;
  const refused = outcomes.filter((o) => o.outcome === "refused").length;
  const n = accepted.length;
  return (
    `${by} accepted ${n} chunk${n === 1 ? "" : "s"} (${lines} line${lines === 1 ? "" : "s"}) from machine ${JSON.stringify(machine)} kept aside in .world/sync/refused.jsonl (stream sequence${n === 1 ? "" : "s"} ${seqs.join(", ")})` +
    (unsigned > 0 ? `, ${unsigned} of them UNSIGNED, accepted on the person's word (--unsigned): nothing proves that machine wrote them` : `, each signature checked against its key now enrolled`) +
    (refused > 0 ? `; ${refused} never acceptable, left aside` : "") +
    " (world sync refused; docs/sync.md)"
  );
}
