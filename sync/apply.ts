/**
 * The incoming side of world sync: other machines' lines, from the stream into world.log.
 *
 * Exactly once, across crashes: for each batch, the side-table rows are written first (an
 * intent), then the lines in one append; received.json, with the last sequence applied,
 * follows within CURSOR_DELAY_MS, once for many batches (a temporary file and a rename per
 * batch were most of a catch-up's system time). After a crash, rows past received.json are
 * "in doubt": `recover` looks for their lines in the log written since received.json, and
 * counts a message applied only if all its lines are there (a batch is one write, so it is
 * all there or not at all), in stream order up to the first that is not. The rest come
 * again from the stream and are applied then. This machine's own messages come back from
 * the stream too and only move the cursor (after a crash they come again and are passed
 * over again).
 */
import { statSync } from "node:fs";
import { Appender } from "../tools/world/append.js";
import type { Entry } from "../tools/world/entry.js";
import { formatEntry } from "../tools/world/format.js";
import { parseLine } from "../tools/world/parse.js";
import { carriesAuthority, sentByAnotherMachine } from "../tools/world/writer.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { scanLines } from "../tools/world/read.js";
import { DeferredWrite } from "./deferred-write.js";
import { RUNS_WHERE_WRITTEN } from "./origins.js";
import type { SkipLines } from "./skip-lines.js";
import { lineHash, type ReceivedRow, type SyncState } from "./state.js";
import { Gate, type SignedChunk } from "./admit.js";
import { applyEnrolment, parseEnrolment } from "./machines.js";
import { PeerHeads, type PeerHead } from "./peer-heads.js";
import { Refusals, type Refusal, type RefusalKind } from "./refused.js";
import { SYNC_ID } from "./notices.js";
import { DEFAULT_STREAM } from "./names.js";

/** One stream message, as the receiver needs it: its lines, and what its signature covers (sync/admit.ts). */
export interface IncomingMessage extends SignedChunk {
  lines: string[];
}

/** The publisher looks back this far for received lines it may not have passed yet. */
const SKIP_LOOKBACK = 1 << 20;

/** How long received.json may lag behind the last batch applied. */
const CURSOR_DELAY_MS = 200;

function logSize(paths: WorldPaths): number {
  return statSync(paths.log, { throwIfNoEntry: false })?.size ?? 0;
}

export class Applier {
  private readonly appender: Appender;
  private readonly cursor: DeferredWrite<number>;
  private seq: number;
  private readonly heads: PeerHeads;
  private readonly gate: Gate;
  private readonly refusals: Refusals;
  /** The lines received so far, per machine (seenBefore): built at the first need. */
  private received: Map<string, Set<string>> | undefined;

  constructor(
    private readonly paths: WorldPaths,
    private readonly state: SyncState,
    private readonly machine: string,
    private readonly skip: SkipLines,
    private readonly onBadLine: (seq: number, machine: string, error: string) => void,
    stream: string = DEFAULT_STREAM,
  ) {
    this.appender = new Appender(paths);
    this.heads = new PeerHeads(paths);
    this.gate = new Gate(paths, stream, this.heads, (c) => this.seenBefore(c as IncomingMessage));
    this.refusals = new Refusals(paths, machine);
    // The log size is taken when the cursor is written: received lines after `seq` will lie
    // past it. The heads are the ones as of `seq`: every step that moves `seq` asks for a write.
    this.cursor = new DeferredWrite((seq) => state.writeReceived({ seq, logSize: logSize(paths), heads: this.heads.snapshot() }), CURSOR_DELAY_MS);
    this.seq = state.received().seq;
  }

  /** The last stream sequence applied. */
  get applied(): number {
    return this.seq;
  }

  /**
   * Settle a crash between a batch's rows and received.json (works offline), and fill the
   * publisher's skip list with the received lines it may not have passed yet.
   */
  recover(sentOffset: number): void {
    const cursor = this.state.received();
    const recent = (r: ReceivedRow) => r.sizeBefore + SKIP_LOOKBACK >= sentOffset;
    const rows = this.state.receivedTail((r) => r.seq > cursor.seq || recent(r));
    const doubt = rows.filter((r) => r.seq > cursor.seq);
    const applied = new Set<number>();
    if (doubt.length > 0) {
      const present = new Map<string, number>();
      scanLines(this.paths.log, { offset: cursor.logSize, line: 0 }, (text) => {
        const h = lineHash(text);
        present.set(h, (present.get(h) ?? 0) + 1);
      });
      // Messages in order; stop at the first one not wholly in the log (later ones were never appended).
      for (const [seq, rows] of bySeq(doubt)) {
        if (!rows.every((r) => take(present, r.hash))) break;
        applied.add(seq);
        this.seq = seq;
      }
    }
    for (const row of rows) {
      if (!recent(row)) continue;
      if (row.seq > cursor.seq && !applied.has(row.seq)) continue; // an intent that never reached the log
      this.skip.add(row.hash);
    }
    // The last chunk applied from each machine: as of received.json, then those of the rows
    // past it that reached the log (the head is on the row of a chunk's last line).
    this.heads.load(cursor.heads, this.seq);
    this.heads.commit(doubt.filter((r) => r.head !== undefined && applied.has(r.seq)).map((r) => [r.machine, { seq: r.seq, ...r.head! }]));
    this.cursor.now(this.seq);
    this.heads.dropLegacy(); // received.json holds them now
  }

  /**
   * Apply messages in stream order; this machine's own come back too and only move the
   * cursor. Another machine's chunk is applied only if the gate admits it (sync/admit.ts);
   * a refused one is kept aside and said once (sync/refused.ts), never applied.
   */
  apply(messages: readonly IncomingMessage[]): number {
    let batch = new Batch();
    let appended = 0;
    let last = this.seq;
    let listTaken = false;
    for (const m of messages) {
      if (m.seq <= this.seq) continue; // already applied (a redelivery)
      last = m.seq;
      if (m.machine === this.machine) continue;
      if (!listTaken) this.gate.refresh(); // once per batch: a person may have enrolled or revoked since the last one
      listTaken = true;
      const admission = this.gate.admit(m, batch.heads);
      if (!admission.ok) {
        batch.refused.push(refusalOf(m, admission.kind, admission.detail));
        continue;
      }
      batch.heads.set(m.machine, admission.head);
      const rowsBefore = batch.rows.length;
      this.take(m, batch);
      if (batch.rows.length > rowsBefore) {
        // The chunk's head rides on its last line's row: no write of its own before the append.
        batch.rows[batch.rows.length - 1]!.head = { end: admission.head.end, chain: admission.head.chain };
      } else {
        // Admitted with no line to append (each was refused, or not an entry): no row to
        // carry its head, so the batch so far lands and received.json takes the head now.
        appended += this.land(batch);
        this.seq = m.seq;
        this.cursor.now(m.seq);
        batch = new Batch();
      }
    }
    if (last > this.seq) {
      appended += this.land(batch);
      this.seq = last;
      this.cursor.later(last);
    }
    return appended;
  }

  /**
   * Chunks kept aside that a person accepted (sync/accept.ts): applied as a live chunk's
   * lines are (the same rows, enrolments, agents, answers made a program's), in one append,
   * but without the gate (the caller checked each against the key now enrolled) and
   * without moving the sequence (they are older than it). `heads`: where they leave their
   * machine's head, when they extend what was applied of it; written to received.json at
   * once, since recovery reads heads from rows only past its sequence.
   */
  applyKept(messages: readonly IncomingMessage[], heads: ReadonlyMap<string, PeerHead>): number {
    const batch = new Batch();
    for (const m of messages) this.take(m, batch);
    for (const [machine, head] of heads) batch.heads.set(machine, head);
    const appended = this.land(batch);
    this.cursor.now(this.seq);
    return appended;
  }

  /** A chunk's lines into the batch, as they will be appended here. */
  private take(m: IncomingMessage, batch: Batch): void {
    for (const [index, sent] of m.lines.entries()) {
      const parsed = parseLine(sent);
      if (!parsed.ok) {
        if (!parsed.skip) this.onBadLine(m.seq, m.machine, parsed.error);
        continue;
      }
      const e = parsed.entry;
      if (e.kind === "event" && e.source === "system" && e.id === SYNC_ID) {
        const enrolment = parseEnrolment(e.output);
        if (enrolment !== undefined) {
          // Effective at once: a machine enrolled by this chunk may write in the next one.
          if (!this.gate.enrolmentHolds(enrolment, m.machine)) {
            batch.refused.push({ seq: m.seq, machine: m.machine, kind: "forged enrolment", detail: `line ${index + 1} of stream sequence ${m.seq} says ${enrolment.verb} machine ${enrolment.name}`, lines: [sent] });
            continue;
          }
          if (enrolment.name !== this.machine) {
            applyEnrolment(this.paths, enrolment.verb, enrolment.name, enrolment.key, `machine ${m.machine} (over sync)`, e.ts);
            this.gate.changed();
          }
        }
      }
      const line = asReceived(e, sent);
      const hash = lineHash(line);
      batch.rows.push({ seq: m.seq, index, machine: m.machine, sizeBefore: -1, hash });
      batch.lines.push(line);
      if (e.kind === "agent" && RUNS_WHERE_WRITTEN.has(e.status)) batch.agents.push({ id: e.id, machine: m.machine, hash });
    }
  }

  /**
   * Rows (with the chunks' heads) in received.tsv, then the lines in one append; then the
   * heads count and what was refused is kept aside. If the append throws, the caller's
   * sequence stays: the batch comes again.
   */
  private land(batch: Batch): number {
    if (batch.lines.length > 0) {
      const sizeBefore = this.appender.size();
      for (const r of batch.rows) r.sizeBefore = sizeBefore;
      this.state.recordReceived(batch.rows);
      this.state.recordAgents(batch.agents);
      for (const r of batch.rows) this.skip.add(r.hash);
      const landed = this.appender.appendVerbatim(batch.lines);
      // The publisher, woken by this append, then passes over these lines without reading them back.
      if (landed !== undefined) this.skip.landed(landed.from, landed.to, batch.rows.map((r) => r.hash));
      if (this.received !== undefined) for (const r of batch.rows) this.noteReceived(r);
    }
    this.heads.commit(batch.heads);
    this.keepAside(batch.refused);
    return batch.lines.length;
  }

  private keepAside(refused: readonly Refusal[]): void {
    for (const r of refused) this.refusals.refuse(r);
  }

  /** Whether every line of a chunk is here already as a line from its machine (received.tsv): a replay, not a new history. */
  private seenBefore(m: IncomingMessage): boolean {
    const from = this.receivedFrom().get(m.machine) ?? new Set<string>();
    return m.lines.every((sent) => {
      const parsed = parseLine(sent);
      return !parsed.ok || from.has(lineHash(asReceived(parsed.entry, sent)));
    });
  }

  /**
   * Per machine, the hashes of the lines received from it: read from received.tsv once, at
   * the first chunk that needs it (most runs never see a replay, and pay nothing), then kept
   * up to date by each append, so a flood of replays costs a lookup per line, not a read of
   * the whole table per chunk.
   */
  private receivedFrom(): Map<string, Set<string>> {
    if (this.received === undefined) {
      this.received = new Map();
      for (const r of this.state.receivedTail(() => true)) this.noteReceived(r);
    }
    return this.received;
  }

  private noteReceived(r: ReceivedRow): void {
    const set = this.received!.get(r.machine);
    if (set === undefined) this.received!.set(r.machine, new Set([r.hash]));
    else set.add(r.hash);
  }

  /** Writes a cursor still pending (on stopping). */
  close(): void {
    this.cursor.flush();
    this.appender.close();
  }
}

/**
 * The line as appended here: as sent, but for an answer (or any line stamped as a
 * person's), which becomes a program's (tools/world/writer.ts, sentByAnotherMachine):
 * nothing proves that a person wrote it on another machine. Its row holds the hash of
 * the line appended, so loop prevention and crash recovery find it as they find any.
 */
export function asReceived(e: Entry, sent: string): string {
  if (e.kind !== "event" || !carriesAuthority(e.source, e.output)) return sent;
  const output = sentByAnotherMachine(e.output);
  return output === e.output ? sent : formatEntry({ ...e, output });
}

/** What one batch appends (rows, lines, agents' origins), the heads of the chunks admitted (not counted before they land), and what it refused. */
class Batch {
  readonly rows: ReceivedRow[] = [];
  readonly lines: string[] = [];
  readonly agents: { id: string; machine: string; hash: string }[] = [];
  readonly heads = new Map<string, PeerHead>();
  readonly refused: Refusal[] = [];
}

/** A refused chunk as kept aside: with what its signature covers, so a person can accept it once its machine is enrolled (sync/accept.ts). */
function refusalOf(m: IncomingMessage, kind: RefusalKind, detail: string): Refusal {
  const signed = { from: m.from, end: m.end, endLine: m.endLine, prev: m.prev, sig: m.sig };
  const present = Object.fromEntries(Object.entries(signed).filter(([, v]) => v !== undefined));
  return { seq: m.seq, machine: m.machine, kind, detail, ...present, lines: m.lines };
}

function bySeq(rows: readonly ReceivedRow[]): Map<number, ReceivedRow[]> {
  const groups = new Map<number, ReceivedRow[]>();
  for (const r of rows) {
    const group = groups.get(r.seq);
    if (group === undefined) groups.set(r.seq, [r]);
    else group.push(r);
  }
  return groups;
}

function take(counts: Map<string, number>, hash: string): boolean {
  const n = counts.get(hash) ?? 0;
  if (n === 0) return false;
  counts.set(hash, n - 1);
  return true;
}
