/**
 * The SQLite index answers from the log, never from a stale past: incremental catch-up gives
 * what a rebuild gives, and a deleted, replaced or truncated log is noticed.
 */
import { appendFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Appender, type Draft } from "../../../tools/world/append.js";
import { openIndex, WorldIndex } from "../../../tools/world/index-db.js";
import { worldPaths, type WorldPaths } from "../../../tools/world/paths.js";
import * as q from "../../../tools/world/query.js";
import { tempWorld, type TempWorld } from "../../support/world.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

function append(paths: WorldPaths, drafts: Draft[]): void {
  const a = new Appender(paths);
  try {
    for (const d of drafts) a.append(d);
  } finally {
    a.close();
  }
}

/** A day of a small world: several sessions through their lifecycles, events, damage. */
function story(round: number): Draft[] {
  const s = (n: number) => `r${round}-s${n}`;
  return [
    { kind: "event", source: "voice", id: `u${round}`, output: `book a table for round ${round}` },
    { kind: "agent", status: "start", id: s(1), output: `restaurant task ${round}`, need: "a confirmed booking" },
    { kind: "agent", status: "active", id: s(1), output: "calling" },
    { kind: "agent", status: "start", id: s(2), output: "weather check", need: "a forecast" },
    { kind: "agent", status: "finish", id: s(2), output: "sunny" },
    { kind: "agent", status: "verified", id: s(2), output: "matches the need" },
    { kind: "agent", status: "finish", id: s(1), output: "booked?" },
    { kind: "agent", status: "retry", id: s(1), output: "no confirmation number" },
    { kind: "agent", status: "finish", id: s(1), output: "still nothing" },
    { kind: "agent", status: "failed", id: s(1), output: "gave up", need: "the restaurant does not answer the phone" },
    { kind: "event", source: "bash", id: s(3), output: `ls -la round ${round}` },
  ];
}

function snapshot(index: WorldIndex) {
  return {
    states: (["active", "pending", "failed", "verified"] as const).map((s) => q.sessionsIn(index, s)),
    recent: q.recent(index, 10_000),
    events: q.events(index, undefined, 10_000),
    bash: q.events(index, "bash", 10_000),
    history: q.history(index, "r1-s1"),
    search: [q.search(index, "restaurant"), q.search(index, "confirm"), q.search(index, "round 2")],
    counts: q.counts(index),
    problems: q.problems(index, 100),
    position: index.position(),
  };
}

function rebuilt(paths: WorldPaths) {
  const fresh = new WorldIndex(paths, ":memory:");
  try {
    fresh.rebuild();
    return snapshot(fresh);
  } finally {
    fresh.close();
  }
}

function rebuiltHistories(paths: WorldPaths) {
  const fresh = new WorldIndex(paths, ":memory:");
  try {
    fresh.rebuild();
    return ["r1-s1", "r12-s1", "late", "r1-s3"].map((id) => q.history(fresh, id));
  } finally {
    fresh.close();
  }
}

function query<T>(paths: WorldPaths, fn: (index: WorldIndex) => T): T {
  const index = openIndex(paths);
  try {
    return fn(index);
  } finally {
    index.close();
  }
}

describe("the index", () => {
  it("catches up incrementally to exactly what a rebuild gives", () => {
    w = tempWorld();
    for (let round = 1; round <= 4; round++) {
      append(w.paths, story(round));
      if (round === 2) appendFileSync(w.paths.log, "a malformed line\n=================READ-MARKER=================\n");
      const incremental = query(w.paths, snapshot);
      expect(incremental).toEqual(rebuilt(w.paths));
    }
    const final = query(w.paths, snapshot);
    expect(final.counts).toEqual({ entries: 45, sessions: { active: 0, pending: 0, failed: 4, verified: 4, closed: 0 }, problems: 1 });
    expect(final.problems).toEqual([{ line: 24, error: expect.stringContaining("expected") }]);
    expect(final.search[0]!.map((e) => e.id)).toEqual(["r1-s1", "r1-s1", "r2-s1", "r2-s1", "r3-s1", "r3-s1", "r4-s1", "r4-s1"]);
  });

  it("answers about an append made just before the question", () => {
    w = tempWorld();
    append(w.paths, story(1));
    expect(query(w.paths, (i) => q.session(i, "late"))).toBeUndefined();
    append(w.paths, [{ kind: "agent", status: "start", id: "late", output: "x" }]);
    expect(query(w.paths, (i) => q.session(i, "late"))?.state).toBe("active");
    append(w.paths, [{ kind: "agent", status: "finish", id: "late", output: "y" }]);
    expect(query(w.paths, (i) => q.session(i, "late"))?.state).toBe("pending");
  });

  it("a deleted index.db is rebuilt from the log", () => {
    w = tempWorld();
    append(w.paths, story(1));
    const before = query(w.paths, snapshot);
    rmSync(w.paths.index, { force: true });
    rmSync(`${w.paths.index}-wal`, { force: true });
    rmSync(`${w.paths.index}-shm`, { force: true });
    expect(query(w.paths, snapshot)).toEqual(before);
  });

  it("a log replaced by a different file is noticed: longer, shorter, or exactly as long", () => {
    w = tempWorld();
    append(w.paths, story(1));
    expect(query(w.paths, (i) => q.session(i, "r1-s1"))?.state).toBe("failed");
    const staging = worldPaths(join(w.home, "staging"));

    // Exactly the same size, other content: the one case a size check alone cannot see.
    const same = story(1).map((d) => (d.kind === "agent" && d.id === "r1-s1" ? { ...d, id: "r1-zz" } : d)) as Draft[];
    append(staging, same);
    renameSync(staging.log, w.paths.log);
    expect(query(w.paths, (i) => q.session(i, "r1-s1"))).toBeUndefined();
    expect(query(w.paths, snapshot)).toEqual(rebuilt(w.paths));

    append(staging, [...story(7), ...story(8)]); // longer
    renameSync(staging.log, w.paths.log);
    expect(query(w.paths, snapshot)).toEqual(rebuilt(w.paths));
    expect(query(w.paths, (i) => q.session(i, "r1-zz"))).toBeUndefined();

    writeFileSync(w.paths.log, ""); // truncated to nothing (by hand: never by world itself)
    expect(query(w.paths, q.counts)).toEqual({ entries: 0, sessions: { active: 0, pending: 0, failed: 0, verified: 0, closed: 0 }, problems: 0 });
  });

  it("finds an id's lines whether a bulk load, a small catch-up or the fold of recent ids put them there", () => {
    w = tempWorld();
    const rounds = Array.from({ length: 12 }, (_, i) => story(i + 1)).flat(); // 132 lines: the first catch-up is a bulk load
    append(w.paths, rounds);
    const index = openIndex(w.paths);
    const histories = () => ["r1-s1", "r12-s1", "late", "r1-s3"].map((id) => q.history(index, id));
    try {
      // A few lines, for an id the bulk load settled and for new ones: fewer than an eighth, so they stay recent.
      const few: Draft[] = [
        { kind: "agent", status: "start", id: "r1-s1", output: "once more" },
        { kind: "agent", status: "start", id: "late", output: "a new session" },
        { kind: "event", source: "user", id: "late", output: "an answer" },
      ];
      append(w.paths, few);
      index.catchUp();
      expect(histories()).toEqual(rebuiltHistories(w.paths));
      expect(q.history(index, "r1-s1").map((e) => e.output).at(-1)).toBe("once more");
      expect(q.history(index, "late").map((e) => e.output)).toEqual(["a new session", "an answer"]);
      // Many more: past an eighth of the settled lines, folded into them; every line still found once.
      append(w.paths, Array.from({ length: 40 }, (_, i): Draft => ({ kind: "event", source: "bash", id: i % 2 ? "late" : `cmd-${i}`, output: `step ${i}` })));
      index.catchUp();
      append(w.paths, [{ kind: "agent", status: "active", id: "late", output: "after the fold" }]);
      index.catchUp();
      expect(histories()).toEqual(rebuiltHistories(w.paths));
      expect(q.history(index, "late")).toHaveLength(2 + 20 + 1);
      expect(snapshot(index)).toEqual(rebuilt(w.paths));
    } finally {
      index.close();
    }
  });

  it("two indexes catching up in turn never ingest a line twice", () => {
    w = tempWorld();
    const a = new WorldIndex(w.paths);
    const b = new WorldIndex(w.paths);
    try {
      for (let round = 1; round <= 3; round++) {
        append(w.paths, story(round));
        (round % 2 ? a : b).catchUp();
        (round % 2 ? b : a).catchUp();
      }
      expect(q.counts(a)).toEqual(q.counts(b));
      expect(q.counts(a).entries).toBe(34); // 33 and the format line
      expect(snapshot(b)).toEqual(rebuilt(w.paths));
    } finally {
      a.close();
      b.close();
    }
  });
});
