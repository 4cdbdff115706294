/**
 * The cursors world sync writes once for many steps, and the side table read from its end:
 * a received.json several batches behind the log (a crash before its deferred write) still
 * gives every line exactly once; a start-up reads only the last rows of received.tsv.
 */
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Applier, type IncomingMessage } from "../../sync/apply.js";
import { DeferredWrite } from "../../sync/deferred-write.js";
import { SkipLines } from "../../sync/skip-lines.js";
import { SyncState, type ReceivedRow } from "../../sync/state.js";
import { tempWorld, type TempWorld } from "../support/world.js";
import { entryLines } from "./cluster.js";
import { SignedPeer } from "../support/signed-peer.js";

/** Machine b, enrolled in the test's world, its chunks signed (sync/admit.ts admits nothing else). */
let b: SignedPeer | undefined;
const fromB = (seq: number): IncomingMessage => b!.message(seq, [`[2026-11-24T00:00:${String(seq).padStart(2, "0")}.000Z][event:system][b-${seq}] line ${seq}`]);
const ownA = (seq: number): IncomingMessage => ({ seq, machine: "a", data: Buffer.alloc(0), lines: [] });

describe("deferred cursor writes", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("many values within the delay are one write of the last; now() drops a pending one; flush() writes it", () => {
    vi.useFakeTimers();
    const written: number[] = [];
    const cursor = new DeferredWrite<number>((v) => written.push(v), 200);
    for (let i = 1; i <= 100; i++) cursor.later(i);
    expect(written).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(written).toEqual([100]);
    cursor.later(101);
    cursor.now(102);
    vi.advanceTimersByTime(1000);
    expect(written).toEqual([100, 102]);
    cursor.later(103);
    cursor.flush();
    cursor.flush();
    expect(written).toEqual([100, 102, 103]);
  });
});

describe("a received cursor behind the log", () => {
  let w: TempWorld;
  afterEach(() => {
    vi.clearAllTimers(); // the crashed applier's deferred write never happens
    vi.useRealTimers();
    w.cleanup();
    b = undefined;
  });

  const applier = (skip = new SkipLines()) =>
    new Applier(w.paths, new SyncState(w.paths), "a", skip, (seq, _m, error) => {
      throw new Error(`line ${seq} refused: ${error}`);
    });

  it("a crash before received.json caught up: the batches since are counted applied, none twice; one whose append never happened comes again", () => {
    vi.useFakeTimers();
    w = tempWorld("sync-cursor-");
    b = new SignedPeer("b").enrolIn(w.paths);
    const state = new SyncState(w.paths);
    const first = applier();
    first.apply([fromB(1)]);
    first.close(); // received.json: seq 1
    const crashed = applier();
    crashed.recover(0);
    // Batches 2..6 (own messages among them), then rows of 7 recorded but its line never appended:
    for (const seq of [2, 3, 4]) crashed.apply([fromB(seq)]);
    crashed.apply([ownA(5)]);
    crashed.apply([fromB(6)]);
    state.recordReceived([{ seq: 7, index: 0, machine: "b", sizeBefore: 0, hash: "0123456789abcdef" }]);
    expect(state.received().seq).toBe(1); // the deferred write has not happened: the crash
    const skip = new SkipLines();
    const again = applier(skip);
    again.recover(0);
    expect(again.applied).toBe(6);
    // The stream delivers again from 2: only 7 is new.
    expect(again.apply([2, 3, 4].map(fromB).concat([ownA(5), fromB(6), fromB(7)]))).toBe(1);
    again.close();
    expect(state.received().seq).toBe(7);
    const lines = entryLines(w.paths);
    expect(lines).toHaveLength(6); // b's 1, 2, 3, 4, 6 and 7 (5 is a's own: in a's log already)
    expect(new Set(lines).size).toBe(6);
    expect(skip.size).toBe(6); // every received line is kept from going back out
  });
});

describe("reading the side table from its end", () => {
  let w: TempWorld;
  afterEach(() => w.cleanup());

  const row = (seq: number, sizeBefore: number, hash = seq.toString(16).padStart(16, "0")): ReceivedRow => ({ seq, index: 0, machine: "b", sizeBefore, hash });

  it("reads back only to the first row not needed, across small blocks; of a line recorded twice the later row; a torn last row ignored", () => {
    w = tempWorld("sync-tail-");
    const state = new SyncState(w.paths);
    state.recordReceived(Array.from({ length: 1000 }, (_, i) => row(i + 1, i * 100)));
    state.recordReceived([row(999, 123_456, "ffffffffffffffff"), row(1000, 123_456, "eeeeeeeeeeeeeeee")]); // applied again after a crash
    state.close();
    appendFileSync(join(state.dir, "received.tsv"), "1001\t0\tb\t200000\tabc"); // torn by a crash
    let asked = 0;
    const rows = new SyncState(w.paths).receivedTail((r) => {
      asked += 1;
      return r.seq > 995;
    }, 64);
    expect(rows.map((r) => r.seq)).toEqual([996, 997, 998, 999, 1000]);
    expect(rows.slice(-2).map((r) => r.hash)).toEqual(["ffffffffffffffff", "eeeeeeeeeeeeeeee"]);
    expect(asked).toBeLessThan(20);
    expect(new SyncState(w.paths).receivedTail(() => true, 100).map((r) => r.seq)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
  });
});
