/**
 * Lines the publisher must not send: those this machine received from others (loop
 * prevention). A count per line hash, since two lines may have the same text: passing one
 * received copy uses up one count, and a local line that happens to be identical still goes out.
 *
 * The Applier also says where a batch of received lines landed, when it knows exactly
 * (tools/world/append.ts, Landed): the publisher, woken by that very append, then passes
 * over those bytes with the same counts used up, instead of reading the lines back, parsing
 * and hashing each (sync/outbox.ts). On the latency path that reading ran on the receiving
 * machine right when the reader of its log needed the CPU.
 */
import type { Position } from "../tools/world/read.js";

/** Runs kept for a publisher that is behind (they are read the usual way once passed). */
const MAX_RUNS = 64;

interface LandedRun {
  from: number;
  to: number;
  hashes: readonly string[];
}

export class SkipLines {
  private readonly counts = new Map<string, number>();
  private runs: LandedRun[] = [];

  add(hash: string): void {
    this.counts.set(hash, (this.counts.get(hash) ?? 0) + 1);
  }

  /** True (and one count used) if this line was received; false if it is ours to send. */
  take(hash: string): boolean {
    const n = this.counts.get(hash);
    if (n === undefined) return false;
    if (n === 1) this.counts.delete(hash);
    else this.counts.set(hash, n - 1);
    return true;
  }

  get size(): number {
    return this.counts.size;
  }

  /**
   * Bytes `from` to `to` of the log hold exactly the received lines with these hashes (added
   * here before they were appended), nothing else: said by the Applier after its append.
   */
  landed(from: number, to: number, hashes: readonly string[]): void {
    this.runs.push({ from, to, hashes });
    if (this.runs.length > MAX_RUNS) this.runs.shift();
  }

  /**
   * Where reading from `at` should start: past the landed runs that start exactly there, one
   * after the other, their counts used up as reading their lines would use them. Runs a read
   * already went past are dropped; one further on is kept for when the reader gets there.
   */
  passLanded(at: Position): Position {
    let position = at;
    while (this.runs.length > 0) {
      const run = this.runs[0]!;
      if (run.from > position.offset) break;
      this.runs.shift();
      if (run.from < position.offset) continue; // read past already: its counts were used then
      for (const hash of run.hashes) this.take(hash);
      position = { offset: run.to, line: position.line + run.hashes.length };
    }
    return position;
  }
}
