/**
 * Received lines the Applier appended are passed over by the publisher without being read
 * back, only where the Applier knows exactly which bytes they are; everywhere else the
 * publisher reads as before, and what it sends is the same either way.
 */
import { appendFileSync, statSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { Appender } from "../../tools/world/append.js";
import { START, type Position } from "../../tools/world/read.js";
import { Applier, type IncomingMessage } from "../../sync/apply.js";
import { Outbox } from "../../sync/outbox.js";
import { SkipLines } from "../../sync/skip-lines.js";
import { SyncState } from "../../sync/state.js";
import { tempWorld, type TempWorld } from "../support/world.js";
import { SignedPeer } from "../support/signed-peer.js";

const line = (id: string, text: string) => `[2026-11-27T00:00:00.000Z][event:system][${id}] ${text}`;

describe("received lines passed over unread", () => {
  let w: TempWorld;
  let b: SignedPeer;
  afterEach(() => w.cleanup());

  function setUp(): { skip: SkipLines; applier: Applier; local: Appender; fromB: (seq: number, ...texts: string[]) => IncomingMessage } {
    w = tempWorld();
    b = new SignedPeer("b").enrolIn(w.paths);
    const skip = new SkipLines();
    const applier = new Applier(w.paths, new SyncState(w.paths), "a", skip, (seq, _m, error) => {
      throw new Error(`line ${seq} refused: ${error}`);
    });
    const local = new Appender(w.paths);
    local.append({ kind: "event", source: "system", id: "a-0", output: "first" }); // the log and its format line
    return { skip, applier, local, fromB: (seq, ...texts) => b.message(seq, texts.map((t, i) => line(`b-${seq}-${i}`, t))) };
  }

  const size = () => statSync(w.paths.log).size;

  it("the Applier says where its lines landed; the publisher jumps there with their counts used up, and sends what follows", () => {
    const { skip, applier, local, fromB } = setUp();
    const outbox = new Outbox(w.paths, skip);
    const sent = outbox.next(START)!;
    expect(sent.lines).toEqual([expect.stringContaining("[a-0] first")]);
    const at: Position = sent.end;
    expect(at.offset).toBe(size());

    applier.apply([fromB(1, "one", "two")]);
    expect(skip.size).toBe(2);
    const passed = outbox.next(at)!;
    expect(passed).toMatchObject({ from: at, end: { offset: size(), line: at.line + 2 }, lines: [] });
    expect(skip.size).toBe(0); // both counts used, as reading the two lines would have

    local.append({ kind: "event", source: "system", id: "a-1", output: "after" });
    applier.apply([fromB(2, "three")]);
    const next = outbox.next(passed.end)!;
    expect(next.lines).toEqual([expect.stringContaining("[a-1] after")]); // read, then the received line passed on the way
    expect(next.end).toEqual({ offset: size(), line: passed.end.line + 2 });
    expect(skip.size).toBe(0);
    outbox.close();
    applier.close();
    local.close();
  });

  it("a run the publisher has not reached yet waits for it; one it read past is dropped, its counts used by the read", () => {
    const skip = new SkipLines();
    for (const h of ["h1", "h2", "h3"]) skip.add(h);
    skip.landed(100, 150, ["h1"]);
    skip.landed(150, 220, ["h2", "h3"]);
    expect(skip.passLanded({ offset: 40, line: 3 })).toEqual({ offset: 40, line: 3 }); // lines of another writer before it: read first
    expect(skip.size).toBe(3);
    expect(skip.passLanded({ offset: 100, line: 5 })).toEqual({ offset: 220, line: 8 }); // both runs, one after the other
    expect(skip.size).toBe(0);

    skip.add("h4");
    skip.landed(300, 350, ["h4"]);
    expect(skip.take("h4")).toBe(true); // the publisher read it (a chunk that went past it)
    expect(skip.passLanded({ offset: 350, line: 9 })).toEqual({ offset: 350, line: 9 });
    skip.add("h4"); // the same text received again, later
    expect(skip.passLanded({ offset: 300, line: 8 })).toEqual({ offset: 300, line: 8 }); // the old run is gone: never used twice
    expect(skip.size).toBe(1);
  });

  it("the Appender says where verbatim lines landed only when its write alone made the file grow", () => {
    w = tempWorld();
    const appender = new Appender(w.paths);
    appender.append({ kind: "event", source: "system", id: "a-0", output: "first" });
    const before = size();
    const lines = [line("b-1", "one"), line("b-2", "two é")];
    expect(appender.appendVerbatim(lines)).toEqual({ from: before, to: size() });
    expect(size() - before).toBe(Buffer.byteLength(lines.join("\n") + "\n"));

    // A torn fragment left by another writer: the TORN_MARK goes before our lines, no landing said.
    appendFileSync(w.paths.log, "[2026-11-27T00:00:00.000Z][event:system][x] torn wi");
    expect(appender.appendVerbatim([line("b-3", "three")])).toBeUndefined();
    // Another writer's whole line, then ours: found by the full check, where ours starts is exact again.
    appendFileSync(w.paths.log, line("x", "whole") + "\n");
    const start = size();
    expect(appender.appendVerbatim([line("b-4", "four")])).toEqual({ from: start, to: size() });
    appender.close();

    // The first append to a log without a format line writes one before the lines: no landing said.
    const fresh = tempWorld();
    const first = new Appender(fresh.paths);
    expect(first.appendVerbatim([line("b-1", "one")])).toBeUndefined();
    first.close();
    fresh.cleanup();
  });

  it("with nothing landed, the publisher reads and passes received lines by their counts, as before", () => {
    const { skip, applier, local, fromB } = setUp();
    const outbox = new Outbox(w.paths, skip);
    applier.apply([fromB(1, "one")]);
    local.append({ kind: "event", source: "system", id: "a-1", output: "ours" });
    // From the start (the run lies past it, behind our own first line): read, not jumped.
    const chunk = outbox.next(START)!;
    expect(chunk.lines).toEqual([expect.stringContaining("[a-0] first"), expect.stringContaining("[a-1] ours")]);
    expect(chunk.end.offset).toBe(size());
    expect(skip.size).toBe(0);
    expect(skip.passLanded(chunk.end)).toEqual(chunk.end); // the run was read past: dropped
    outbox.close();
    applier.close();
    local.close();
  });
});
