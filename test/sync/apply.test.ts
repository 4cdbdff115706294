/**
 * The incoming side without a server: lines from other machines are appended once, even
 * when a crash fell between the append and the cursor, and never go back out.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Appender } from "../../tools/world/append.js";
import { START } from "../../tools/world/read.js";
import { Applier, type IncomingMessage } from "../../sync/apply.js";
import { Outbox } from "../../sync/outbox.js";
import { SkipLines } from "../../sync/skip-lines.js";
import { SyncState } from "../../sync/state.js";
import { tempWorld, type TempWorld } from "../support/world.js";
import { entryLines } from "./cluster.js";
import { SignedPeer } from "../support/signed-peer.js";

/** Machine b, enrolled here, its chunks signed (sync/admit.ts admits nothing else). */
let b: SignedPeer | undefined;
const fromB = (seq: number, text: string): IncomingMessage => b!.message(seq, [`[2026-11-24T00:00:0${seq}.000Z][event:system][b-${seq}] ${text}`]);

describe("applying received lines", () => {
  let w: TempWorld;
  afterEach(() => {
    w.cleanup();
    b = undefined;
  });

  function applier(skip = new SkipLines()): Applier {
    b ??= new SignedPeer("b").enrolIn(w.paths);
    return new Applier(w.paths, new SyncState(w.paths), "a", skip, (seq, _m, error) => {
      throw new Error(`line ${seq} refused: ${error}`);
    });
  }

  it("after a crash between the append and received.json, recovery counts the batch applied: no line twice, none sent back", () => {
    w = tempWorld();
    const local = new Appender(w.paths);
    local.append({ kind: "event", source: "system", id: "a-1", output: "ours" });
    const first = applier();
    first.apply([fromB(1, "one")]);
    // The crash: rows and lines of seq 2 written, received.json still at 1.
    const state = new SyncState(w.paths);
    const before = state.received();
    first.apply([fromB(2, "two")]);
    first.close();
    state.writeReceived(before); // after close, which writes the cursor it still holds

    const skip = new SkipLines();
    const again = applier(skip);
    again.recover(0);
    expect(again.applied).toBe(2);
    expect(again.apply([fromB(2, "two"), fromB(3, "three")])).toBe(1); // 2 comes again from the stream: not applied twice
    again.close();
    expect(entryLines(w.paths).filter((l) => l.includes("[b-"))).toHaveLength(3);
    // The publisher sends only this machine's own line.
    const outbox = new Outbox(w.paths, skip);
    expect(outbox.next(START)!.lines).toEqual([expect.stringContaining("[a-1] ours")]);
    outbox.close();
    local.close();
  });

  it("after a crash before the append, recovery leaves the message to be applied again", () => {
    w = tempWorld();
    const state = new SyncState(w.paths);
    // The intent rows of seq 1 are there, its line never reached the log.
    state.recordReceived([{ seq: 1, index: 0, machine: "b", sizeBefore: 0, hash: "0123456789abcdef" }]);
    const skip = new SkipLines();
    const again = applier(skip);
    again.recover(0);
    expect(again.applied).toBe(0);
    expect(skip.size).toBe(0);
    expect(again.apply([fromB(1, "one")])).toBe(1);
    again.close();
    expect(entryLines(w.paths)).toHaveLength(1);
  });

  it("this machine's own lines coming back from the stream only move the cursor", () => {
    w = tempWorld();
    const a = applier();
    expect(a.apply([{ seq: 1, machine: "a", data: Buffer.alloc(0), lines: ["[2026-11-24T00:00:01.000Z][event:system][a-1] ours"] }])).toBe(0);
    expect(a.applied).toBe(1);
    a.close();
    expect(entryLines(w.paths)).toHaveLength(0);
  });
});
