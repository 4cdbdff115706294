/**
 * Whether this machine's copy of each other machine's lines is what that machine signed
 * (`world sync machines --check`; docs/sync.md "Checking the copies against the signed
 * chunks"). Each machine's chunks in the stream are its signed checkpoints of what it
 * shared: their chain runs through every chunk, and its last one is its signed head. The
 * check reads that machine's chunks back from the stream, checks each signature against
 * the key enrolled here and the chain from one to the next, and compares them with this
 * copy: every line received from it (its row in received.tsv, by stream sequence and
 * place in the chunk) must be the line the chunk carried, as this machine appends it, and
 * world.log must still hold that line where it was appended. It reports, per machine,
 * that the copy matches up to its signed head, or the first place where it does not, or
 * how far behind it is. Read-only: nothing is written, here or in the stream.
 */
import { connect, type JsMsg, type NatsConnection } from "nats";
import type { KeyObject } from "node:crypto";
import type { WorldPaths } from "../tools/world/paths.js";
import { parseLine } from "../tools/world/parse.js";
import { scanLines } from "../tools/world/read.js";
import { asReceived } from "./apply.js";
import { clientOptions, shownUrl } from "./auth.js";
import { UsageError } from "../tools/errors.js";
import { checkChunk, HEADER_FROM, HEADER_PREV, HEADER_SIG } from "./chunk-sign.js";
import { publicKeyOf } from "./machine-key.js";
import { readMachines } from "./machines.js";
import { linesSubject } from "./names.js";
import { readRefused } from "./refused.js";
import { lineHash, SyncState, type ReceivedRow } from "./state.js";

export interface CopyCheck {
  machine: string;
  /** matches: every line received from it is the one it signed, in place; differs: one is not (detail says which); behind: matches, but the stream holds chunks not applied here yet; none: nothing of it in the stream. */
  state: "matches" | "differs" | "behind" | "none";
  /** Its chunks in the stream, and how many of them were applied here (the others kept aside, or not yet received). */
  chunks: number;
  applied: number;
  keptAside: number;
  lines: number;
  /** Its last chunk in the stream: its signed head. */
  head: { seq: number; end: number; chain: string } | null;
  detail: string;
}

/** JetStream's "no message found": nothing on that subject. */
const NO_MESSAGE = 10037;

export async function checkCopies(paths: WorldPaths, server: { url: string; stream: string; self: string; ca?: string }): Promise<CopyCheck[]> {
  const state = new SyncState(paths);
  const settled = state.received().seq;
  const rows = state.receivedTail(() => true).filter((r) => r.seq <= settled); // rows past it are intents not settled yet
  state.close();
  const logProblem = logCopyProblems(paths, rows);
  const rowsBySeq = new Map<number, ReceivedRow[]>();
  for (const r of rows) push(rowsBySeq, r.seq, r);
  const kept = new Set(readRefused(paths).chunks.map((c) => c.seq));
  const machines = Object.entries(readMachines(paths).machines).filter(([name]) => name !== server.self);
  let nc: NatsConnection;
  try {
    nc = await connect({ ...clientOptions(server.url, server.ca), name: `world-sync-check-${server.self}`, maxReconnectAttempts: 0, timeout: 5000 });
  } catch (error) {
    throw new UsageError(`cannot read the stream at ${shownUrl(server.url)} (${(error as Error)?.message ?? String(error)}): expected a NATS server that answers, with credentials it accepts (--nats), received no connection`);
  }
  try {
    const checks: CopyCheck[] = [];
    for (const [machine, m] of machines) {
      const key = publicKeyOf(m.key);
      if (key === undefined) continue;
      checks.push(await checkOne(nc, server.stream, machine, key, { settled, rowsBySeq, kept, logProblem }));
    }
    return checks;
  } finally {
    await nc.close();
  }
}

interface Local {
  settled: number;
  rowsBySeq: Map<number, ReceivedRow[]>;
  kept: Set<number>;
  /** Per row (seq:index), what is wrong with its line in world.log, when something is. */
  logProblem: Map<string, string>;
}

async function checkOne(nc: NatsConnection, stream: string, machine: string, key: KeyObject, local: Local): Promise<CopyCheck> {
  const report: CopyCheck = { machine, state: "none", chunks: 0, applied: 0, keptAside: 0, lines: 0, head: null, detail: "nothing of it in the stream" };
  const messages = await chunksOf(nc, stream, machine);
  if (messages.length === 0) return report;
  let prevChain: string | undefined; // the chain value of the chunk before, once one was applied here
  let problem: string | undefined;
  let behind = 0;
  let unsigned = 0;
  for (const m of messages) {
    report.chunks++;
    const h = m.headers;
    const n = (name: string) => Number(h?.get(name));
    const fields = { stream, machine, from: n(HEADER_FROM), end: n("World-End"), endLine: n("World-End-Line"), prev: h?.get(HEADER_PREV) ?? "" };
    const chain = h?.get(HEADER_SIG) ? checkChunk(fields, m.data, h.get(HEADER_SIG), key) : undefined;
    const rows = local.rowsBySeq.get(m.seq) ?? [];
    if (m.seq > local.settled) {
      behind++;
      continue;
    }
    const lines = Buffer.from(m.data).toString("utf8").split("\n");
    if (rows.length === 0) {
      if (local.kept.has(m.seq)) report.keptAside++;
      else if (chain !== undefined && lines.some((l) => parseLine(l).ok)) problem ??= `stream sequence ${m.seq}, a chunk it signed, is neither in this copy nor kept aside`;
      continue;
    }
    // A chunk with rows here was applied (or accepted): it must be one it signed, following the one applied before it.
    if (!h?.has(HEADER_SIG)) {
      unsigned++; // accepted on a person's word (world sync accept --unsigned): nothing to prove it by
      report.applied++;
      report.lines += rows.length;
      continue;
    }
    if (chain === undefined) {
      problem ??= `stream sequence ${m.seq} is in this copy, but its signature does not hold for the key enrolled as ${machine}`;
      continue;
    }
    if (prevChain !== undefined && fields.prev !== prevChain) problem ??= `stream sequence ${m.seq} does not follow the chunk applied before it (its chain names ${fields.prev.slice(0, 16)}…, the one before has ${prevChain.slice(0, 16)}…)`;
    prevChain = chain;
    report.applied++;
    report.head = { seq: m.seq, end: fields.end, chain };
    for (const r of rows) {
      report.lines++;
      const sent = lines[r.index];
      const parsed = sent === undefined ? undefined : parseLine(sent);
      const expected = parsed?.ok === true ? lineHash(asReceived(parsed.entry, sent!)) : undefined;
      if (expected !== r.hash) problem ??= `line ${r.index + 1} of stream sequence ${m.seq}: received.tsv holds another line than the one it signed`;
      const inLog = local.logProblem.get(`${r.seq}:${r.index}`);
      if (inLog !== undefined) problem ??= `line ${r.index + 1} of stream sequence ${m.seq}: ${inLog}`;
    }
  }
  const last = messages.at(-1)!;
  const signedHead = report.head;
  if (problem !== undefined) {
    report.state = "differs";
    report.detail = problem;
  } else if (behind > 0) {
    report.state = "behind";
    report.detail = `matches up to stream sequence ${signedHead?.seq ?? 0}; ${behind} chunk${behind === 1 ? "" : "s"} up to sequence ${last.seq} not applied here yet`;
  } else {
    report.state = "matches";
    report.detail = signedHead === null ? `none of its chunks applied here (${report.keptAside} kept aside)` : `every line received from it is the one it signed, in place, up to its signed head (stream sequence ${signedHead.seq}, chain ${signedHead.chain.slice(0, 16)}…)`;
  }
  if (unsigned > 0) report.detail += `; ${unsigned} unsigned chunk${unsigned === 1 ? "" : "s"} accepted on a person's word, not proven`;
  return report;
}

/** Every chunk of a machine in the stream, in order (read through an ordered consumer, up to the last one there now). */
async function chunksOf(nc: NatsConnection, stream: string, machine: string): Promise<JsMsg[]> {
  const subject = linesSubject(stream, machine);
  const jsm = await nc.jetstreamManager();
  let lastSeq: number;
  try {
    lastSeq = (await jsm.streams.getMessage(stream, { last_by_subj: subject })).seq;
  } catch (error) {
    if ((error as { api_error?: { err_code?: number } }).api_error?.err_code === NO_MESSAGE) return [];
    throw error;
  }
  const consumer = await nc.jetstream().consumers.get(stream, { filterSubjects: subject });
  const messages = await consumer.consume({ max_messages: 256 });
  const out: JsMsg[] = [];
  for await (const m of messages) {
    out.push(m);
    if (m.seq >= lastSeq) break;
  }
  messages.stop();
  return out;
}

/**
 * Per received row, whether world.log still holds its line where it was appended: the
 * rows of one append share the log size before it, and its lines follow from there in the
 * rows' order (stream sequence, then place in the chunk).
 */
function logCopyProblems(paths: WorldPaths, rows: readonly ReceivedRow[]): Map<string, string> {
  const problems = new Map<string, string>();
  const batches = new Map<number, ReceivedRow[]>();
  for (const r of rows) push(batches, r.sizeBefore, r);
  for (const [offset, batch] of batches) {
    batch.sort((a, b) => a.seq - b.seq || a.index - b.index);
    let i = 0;
    scanLines(paths.log, { offset, line: 0 }, (text, at) => {
      const r = batch[i++]!;
      if (lineHash(text) !== r.hash) problems.set(`${r.seq}:${r.index}`, `world.log at byte ${at.offset} no longer holds the line appended there`);
      return i < batch.length;
    });
    for (; i < batch.length; i++) problems.set(`${batch[i]!.seq}:${batch[i]!.index}`, "world.log ends before the line appended there");
  }
  return problems;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
