/**
 * A flood of replayed chunks (sync/apply.ts, seenBefore): each is told apart from a
 * rewritten history by whether its lines are here already as that machine's, from an
 * index of received.tsv read once and kept up to date, not from a read of the whole table
 * per chunk. Without a server: the Applier is handed the messages.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Applier } from "../../sync/apply.js";
import { SkipLines } from "../../sync/skip-lines.js";
import { SyncState } from "../../sync/state.js";
import { formatEntry } from "../../tools/world/format.js";
import { SignedPeer } from "../support/signed-peer.js";
import { tempWorld, type TempWorld } from "../support/world.js";
import { entryLines } from "./cluster.js";

const line = (id: string, text = "a line") => formatEntry({ kind: "event", source: "bash", id, ts: "2026-11-27T03:00:00.000Z", output: text });

/** The side table, counting how often it is read (after the start, only the replay check reads it). */
class CountingState extends SyncState {
  reads = 0;
  override receivedTail(...args: Parameters<SyncState["receivedTail"]>): ReturnType<SyncState["receivedTail"]> {
    this.reads++;
    return super.receivedTail(...args);
  }
}

describe("replayed chunks against the lines received", () => {
  let w: TempWorld;
  afterEach(() => w.cleanup());

  it("500 replays read received.tsv once, each still called a replay; a chunk received after the index was built counts too; a new history is still a rewrite", () => {
    w = tempWorld("replay-index-");
    const b = new SignedPeer("b").enrolIn(w.paths);
    const state = new CountingState(w.paths);
    const applier = new Applier(w.paths, state, "here", new SkipLines(), (seq, _m, error) => {
      throw new Error(`line ${seq} refused: ${error}`);
    });
    applier.recover(0);
    for (let i = 1; i <= 20; i++) expect(applier.apply([b.message(i, [line(`b-${i}`), line(`b-${i}`, "second")])])).toBe(2);
    const before = state.reads;
    let seq = 20;
    for (let i = 0; i < 500; i++) applier.apply([{ ...b.message(1 + (i % 19), []), seq: ++seq }]); // chunks 1-19: starting before the head
    expect(state.reads - before).toBe(1);
    // A chunk applied after the index was built is in it: replayed, not "rewritten".
    expect(applier.apply([b.message(++seq, [line("b-late")])])).toBe(1);
    const late = seq;
    expect(applier.apply([b.message(++seq, [line("b-next")])])).toBe(1);
    applier.apply([{ ...b.message(late, []), seq: ++seq }]);
    // The same offsets with other lines, signed by b's key: a rewritten history.
    applier.apply([{ ...b.fork(0).message(++seq, [line("b-1", "other")]) }]);
    applier.close();
    state.close();
    expect(state.reads - before).toBe(1);
    const kinds = readFileSync(join(w.paths.dir, "sync", "refused.jsonl"), "utf8").trim().split("\n").map((l) => (JSON.parse(l) as { kind: string }).kind);
    expect(kinds.filter((k) => k === "replayed")).toHaveLength(501);
    expect(kinds.at(-1)).toBe("rewritten");
    expect(entryLines(w.paths)).toHaveLength(42);
  });
});
