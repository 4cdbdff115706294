/**
 * Which received chunks are applied (sync/admit.ts through sync/apply.ts), without a
 * server: only chunks of enrolled machines, signed by the key enrolled under their name,
 * continuing the chain held here; enrolment lines travel from an enrolled machine only
 * when its key signed them; the last chunk applied per machine survives a restart.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Applier, type IncomingMessage } from "../../sync/apply.js";
import { SkipLines } from "../../sync/skip-lines.js";
import { SyncState } from "../../sync/state.js";
import { applyEnrolment, readMachines } from "../../sync/machines.js";
import { heldHeads } from "../../sync/peer-heads.js";
import { formatEntry } from "../../tools/world/format.js";
import { SignedPeer } from "../support/signed-peer.js";
import { tempWorld, type TempWorld } from "../support/world.js";
import { entryLines } from "./cluster.js";

const line = (id: string, text = "a line") => formatEntry({ kind: "event", source: "bash", id, ts: "2026-11-27T03:00:00.000Z", output: text });

describe("admitting received chunks", () => {
  let w: TempWorld;
  afterEach(() => {
    vi.clearAllTimers(); // a crashed applier's deferred write never happens
    vi.useRealTimers();
    w.cleanup();
  });

  const applier = () =>
    new Applier(w.paths, new SyncState(w.paths), "here", new SkipLines(), (seq, _m, error) => {
      throw new Error(`line ${seq} refused: ${error}`);
    });
  const refused = () => {
    try {
      return readFileSync(join(w.paths.dir, "sync", "refused.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { kind: string; machine: string });
    } catch {
      return [];
    }
  };
  const notices = () => readFileSync(w.paths.log, "utf8").split("\n").filter((l) => l.includes("][event:system][sync] sync on here: refused "));

  it("a machine not enrolled, an altered chunk, a replay and a fork are refused, kept aside and said once per kind; the rest is applied", () => {
    w = tempWorld("admit-");
    const b = new SignedPeer("b").enrolIn(w.paths);
    const stranger = new SignedPeer("b"); // the same name, another key
    const a = applier();
    a.recover(0);
    expect(a.apply([b.message(1, [line("b-1")])])).toBe(1);
    const altered: IncomingMessage = { ...b.message(1, [line("b-1")]), seq: 3, lines: [line("b-2", "altered")], data: Buffer.from(line("b-2", "altered")) };
    expect(a.apply([{ ...stranger.message(2, [line("s-1")]) }, altered])).toBe(0);
    expect(a.apply([{ ...new SignedPeer("evil").message(4, [line("e-1")]) }, { ...new SignedPeer("evil2").message(5, [line("e-2")]) }])).toBe(0);
    expect(a.apply([{ ...b.message(1, [line("b-1")]), seq: 6 }])).toBe(0); // replayed
    expect(a.apply([b.fork().message(7, [line("b-rewritten")])])).toBe(0); // b's own key, other lines where its log began
    expect(a.apply([b.fork(1_000_000).message(8, [line("b-fork")])])).toBe(0); // b's own key, a chain of its own past b's end
    expect(a.apply([b.message(9, [line("b-3")])])).toBe(1); // b's next real chunk still follows
    a.close();
    expect(entryLines(w.paths).map((l) => /\]\[event:bash\]\[([^\]]+)\]/.exec(l)?.[1])).toEqual(["b-1", "b-3"]);
    expect(refused().map((r) => `${r.machine} ${r.kind}`)).toEqual(["b bad signature", "b bad signature", "evil not enrolled", "evil2 not enrolled", "b replayed", "b rewritten", "b rewritten"]);
    // One line per machine and kind: b's two bad signatures said once.
    expect(notices()).toHaveLength(5);
  });

  it("an enrolment line counts only from an enrolled machine that signed it; the machine it enrolls writes from then on", () => {
    w = tempWorld("admit-enrol-");
    const a = new SignedPeer("a").enrolIn(w.paths);
    const c = new SignedPeer("c");
    const here = applier();
    here.recover(0);
    // A line claiming an enrolment, not signed by a's key (any program on a could write it): refused.
    const forged = formatEntry({ kind: "event", source: "system", id: "sync", ts: "2026-11-27T03:00:00.000Z", output: `sync on a: enrolled machine c, key ${c.key}, by a person at the terminal; signed ${Buffer.alloc(64).toString("base64")}` });
    expect(here.apply([a.message(1, [forged])])).toBe(0);
    expect(readMachines(w.paths).machines.c).toBeUndefined();
    expect(here.apply([c.message(2, [line("c-early")])])).toBe(0); // not enrolled yet
    // a's real enrolment of c (signed as world sync enroll signs it), then c's next chunk.
    expect(here.apply([a.message(3, [a.enrolmentLine("enrolled", "c", c.key)])])).toBe(1);
    expect(readMachines(w.paths).machines.c!.by).toBe("machine a (over sync)");
    expect(here.apply([c.message(4, [line("c-later")])])).toBe(1); // its first chunk applied starts its chain here
    here.close();
    expect(refused().map((r) => `${r.machine} ${r.kind}`)).toEqual(["a forged enrolment", "c not enrolled"]);
  });

  it("after a restart the chain held per machine is the one as of the last sequence applied: no false replay, no replay let through", () => {
    w = tempWorld("admit-restart-");
    const b = new SignedPeer("b").enrolIn(w.paths);
    const first = applier();
    first.recover(0);
    first.apply([b.message(1, [line("b-1")])]);
    first.apply([b.message(2, [line("b-2")])]);
    first.close();
    const again = applier();
    again.recover(0);
    expect(again.apply([b.message(1, [line("b-1")]), b.message(2, [line("b-2")])])).toBe(0); // redelivered: passed over by sequence
    expect(again.apply([{ ...b.message(1, [line("b-1")]), seq: 3 }])).toBe(0); // replayed later: refused
    expect(again.apply([b.message(4, [line("b-3")])])).toBe(1);
    again.close();
    expect(refused().map((r) => r.kind)).toEqual(["replayed"]);
    expect(entryLines(w.paths)).toHaveLength(3);
  });
  it("a chunk's head rides on its last line's row in received.tsv (no file of its own); after a crash before received.json the heads come back from the rows that reached the log, not from one that never did", () => {
    vi.useFakeTimers();
    w = tempWorld("admit-rows-");
    const b = new SignedPeer("b").enrolIn(w.paths);
    const state = new SyncState(w.paths);
    const first = applier();
    first.recover(0);
    first.apply([b.message(1, [line("b-1")])]);
    first.close(); // received.json: seq 1, and b's head as of it
    expect(state.received().heads?.b).toMatchObject({ seq: 1 });
    const before = state.received();
    const crashed = applier();
    crashed.recover(0);
    expect(crashed.apply([b.message(2, [line("b-2"), line("b-3")]), b.message(3, [line("b-4")])])).toBe(3);
    const rows = readFileSync(join(w.paths.dir, "sync", "received.tsv"), "latin1").trim().split("\n").map((r) => r.split("\t"));
    // One row per line; the last line of each chunk carries that chunk's end and chain value.
    expect(rows.map((r) => r.length)).toEqual([7, 5, 7, 7]);
    expect(rows[3]![5]).toBe(String(b.message(3, []).end));
    expect(existsSync(join(w.paths.dir, "sync", "heads.tsv"))).toBe(false);
    // The crash: rows of seq 4 written (with its head), its line never appended, received.json still at 1.
    const never = b.message(4, [line("b-5")]);
    state.recordReceived([{ seq: 4, index: 0, machine: "b", sizeBefore: 0, hash: "0123456789abcdef", head: { end: never.end!, chain: "f".repeat(64) } }]);
    state.writeReceived(before);
    const again = applier();
    again.recover(0);
    expect(again.applied).toBe(3);
    expect(heldHeads(w.paths).get("b")).toMatchObject({ seq: 3, end: b.message(3, []).end });
    // 4 comes again from the stream and follows 3's chain; 2 published again later is a replay.
    expect(again.apply([never, { ...b.message(2, [line("b-2"), line("b-3")]), seq: 5 }])).toBe(1);
    again.close();
    expect(refused().map((r) => r.kind)).toEqual(["replayed"]);
    expect(entryLines(w.paths)).toHaveLength(5);
  });

  it("a chunk applied with no line to append (its one line a forged enrolment) has its head in received.json at once: after a crash its machine's next chunk still follows", () => {
    vi.useFakeTimers();
    w = tempWorld("admit-empty-");
    const a = new SignedPeer("a").enrolIn(w.paths);
    const state = new SyncState(w.paths);
    const here = applier();
    here.recover(0);
    const forged = formatEntry({ kind: "event", source: "system", id: "sync", ts: "2026-11-27T03:00:00.000Z", output: `sync on a: enrolled machine c, key ${new SignedPeer("c").key}, by a person at the terminal; signed ${Buffer.alloc(64).toString("base64")}` });
    // In one batch: a line of a, the forged enrolment alone in a chunk, another line of a.
    expect(here.apply([a.message(1, [line("a-1")]), a.message(2, [forged]), a.message(3, [line("a-2")])])).toBe(2);
    // The crash, before the deferred write: received.json was written when the empty chunk was applied.
    expect(state.received()).toMatchObject({ seq: 2, heads: { a: { seq: 2 } } });
    expect(refused().map((r) => r.kind)).toEqual(["forged enrolment"]);
    const again = applier();
    again.recover(0);
    expect(again.applied).toBe(3);
    expect(again.apply([a.message(4, [line("a-3")])])).toBe(1);
    again.close();
    expect(entryLines(w.paths).filter((l) => l.includes("[event:bash]"))).toHaveLength(3);
  });

  it("heads.tsv left by an older world sync is read once, as of received.json, then received.json holds the heads", () => {
    w = tempWorld("admit-legacy-");
    const b = new SignedPeer("b").enrolIn(w.paths);
    const state = new SyncState(w.paths);
    const one = b.message(1, [line("b-1")]);
    const first = applier();
    first.recover(0);
    first.apply([one]);
    first.close();
    // As the older version left it: received.json without heads, the rows in heads.tsv (one past the cursor: never landed).
    const chainOf1 = state.received().heads!.b!.chain;
    state.writeReceived({ seq: 1, logSize: state.received().logSize });
    writeFileSync(join(w.paths.dir, "sync", "heads.tsv"), `1\tb\t${one.end}\t${chainOf1}\n7\tb\t999999\t${"e".repeat(64)}\n`);
    expect(heldHeads(w.paths).get("b")).toEqual({ seq: 1, end: one.end, chain: chainOf1 });
    const again = applier();
    again.recover(0);
    expect(existsSync(join(w.paths.dir, "sync", "heads.tsv"))).toBe(false);
    expect(state.received().heads).toEqual({ b: { seq: 1, end: one.end, chain: chainOf1 } });
    expect(again.apply([{ ...one, seq: 2 }, b.message(3, [line("b-2")])])).toBe(1); // a replay refused, the next chunk follows
    again.close();
    expect(refused().map((r) => r.kind)).toEqual(["replayed"]);
  });

  it("the list of machines is taken once per batch: a revocation a person made between two batches refuses the next one", () => {
    w = tempWorld("admit-revoke-");
    const b = new SignedPeer("b").enrolIn(w.paths);
    const here = applier();
    here.recover(0);
    expect(here.apply([b.message(1, [line("b-1")]), b.message(2, [line("b-2")])])).toBe(2);
    applyEnrolment(w.paths, "revoked", "b", b.key, "a person at the terminal of here", new Date().toISOString()); // world sync revoke, another process
    expect(here.apply([b.message(3, [line("b-3")])])).toBe(0);
    here.close();
    expect(refused().map((r) => `${r.machine} ${r.kind}`)).toEqual(["b not enrolled"]);
  });
});

