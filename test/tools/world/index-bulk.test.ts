/**
 * A bulk load never leaves an index that looks complete before it is: a final build that
 * fails half-way leaves nothing of itself; a process killed during a load in place leaves it
 * pending for the next reader, who finishes it to exactly what a fresh rebuild gives; one
 * killed during a load from empty built aside (index-aside.ts) leaves only its side file and
 * an empty index, which the next reader rebuilds; two loads started at once read each line once.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { execa } from "execa";
import { generateLog, type LogStats } from "../../../bench/generate-log.js";
import { beginBulk, finishBulk, type BulkHost } from "../../../tools/world/index-bulk.js";
import { openIndex, WorldIndex } from "../../../tools/world/index-db.js";
import type { WorldPaths } from "../../../tools/world/paths.js";
import { sqlite } from "../../../tools/world/sqlite.js";
import * as q from "../../../tools/world/query.js";
import { ROOT, tempWorld, type TempWorld } from "../../support/world.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

/** The answers that each part of the final build serves: full text, ids, events by source, sessions. */
function answers(index: WorldIndex, stats: LogStats) {
  const ids = [...new Set(q.recent(index, 40).map((e) => e.id))];
  return {
    common: q.searchPage(index, stats.commonWord, 100),
    rare: q.search(index, stats.rareWord, 1_000),
    histories: ids.map((id) => q.history(index, id)),
    events: q.events(index, "voice", 50),
    sessions: (["active", "failed", "verified"] as const).map((s) => q.sessionsIn(index, s)),
    counts: q.counts(index),
  };
}

function fresh(paths: WorldPaths, stats: LogStats) {
  const index = new WorldIndex(paths, ":memory:");
  try {
    index.rebuild();
    return answers(index, stats);
  } finally {
    index.close();
  }
}

/** The bulk state and what the final build makes, read from the file itself. */
function built(index: WorldIndex) {
  const one = (sql: string) => Object.values(index.db.prepare(sql).get() as object)[0] as unknown;
  return {
    bulk: one("SELECT value FROM meta WHERE key = 'bulk'"),
    eventsBySource: one("SELECT count(*) FROM sqlite_master WHERE name = 'events_by_source'"),
    ids: one("SELECT count(*) FROM ids_settled"),
    // The connection as the build found it: no sorter threads, the page cache of every open.
    sorter: [index.db.pragma("threads", { simple: true }), index.db.pragma("cache_size", { simple: true })],
  };
}

/** better-sqlite3's build sets the page cache every connection opens with (-16000: 16 MB). */
const DEFAULT_CACHE = (() => {
  const db = new (sqlite())(":memory:");
  try {
    return db.pragma("cache_size", { simple: true }) as number;
  } finally {
    db.close();
  }
})();

function hostOf(index: WorldIndex, failOn?: string): BulkHost {
  return {
    db: index.db,
    meta: (key) => (index.db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined)?.value,
    setMeta: (key, value) => {
      if (key === failOn) throw new Error(`refused to set ${key}`);
      index.db.prepare("INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(key, String(value));
    },
  };
}

it("a final build that fails half-way leaves the load pending and none of its work; the next one completes it", () => {
  w = tempWorld();
  const stats = generateLog(w.paths.log, { lines: 3_000, sessions: 30 });
  const index = openIndex(w.paths);
  try {
    expect(built(index)).toEqual({ bulk: "done", eventsBySource: 1, ids: 3_001, sorter: [0, DEFAULT_CACHE] });
    beginBulk(hostOf(index));
    expect(built(index)).toMatchObject({ bulk: "pending", eventsBySource: 0, ids: 0 });
    // The indexes and the full text are built, then marking the load done fails: all rolled back.
    expect(() => finishBulk(hostOf(index, "bulk"))).toThrow("refused to set bulk");
    expect(built(index)).toEqual({ bulk: "pending", eventsBySource: 0, ids: 0, sorter: [0, DEFAULT_CACHE] });
    finishBulk(hostOf(index));
    expect(built(index)).toEqual({ bulk: "done", eventsBySource: 1, ids: 3_001, sorter: [0, DEFAULT_CACHE] });
    const expected = fresh(w.paths, stats);
    expect(answers(index, stats)).toEqual(expected);
    // Answers with something in them: the comparison is not of empty lists.
    expect(Math.min(expected.common.total, expected.histories.length, expected.events.length, expected.sessions[2]!.length)).toBeGreaterThan(0);
  } finally {
    index.close();
  }
});

/** The compiled index (as the CLI runs it) in a child: opens the world and catches up, then prints what it counts. */
const CHILD = `
  const { WorldIndex } = await import(${JSON.stringify(join(ROOT, "dist/tools/world/index-db.js"))});
  const { worldPaths } = await import(${JSON.stringify(join(ROOT, "dist/tools/world/paths.js"))});
  const q = await import(${JSON.stringify(join(ROOT, "dist/tools/world/query.js"))});
  const index = new WorldIndex(worldPaths(process.argv[1]));
  const kill = process.argv[2] === "kill";
  const lines = index.catchUp(() => kill && process.kill(process.pid, "SIGKILL"));
  process.stdout.write(JSON.stringify({ lines, counts: q.counts(index) }));
  index.close();`;

/** What is in .world/ beside the index: a side file of a load from empty, or its journals. */
const sideFiles = (w: TempWorld) => readdirSync(w.paths.dir).filter((f) => f.startsWith("index.db.building"));

it("a process killed during a load from empty (built aside) leaves no index that looks complete; the next reader rebuilds it", { timeout: 120_000 }, async () => {
  w = tempWorld();
  const stats = generateLog(w.paths.log, { lines: 60_000, sessions: 600 }); // two batches of the ingest
  // Killed once its first batch is in the side file.
  const killed = await execa("node", ["--input-type=module", "-e", CHILD, w.home, "kill"], { reject: false });
  expect(killed.signal).toBe("SIGKILL");
  expect(sideFiles(w)).toEqual(["index.db.building"]); // half-built, never renamed into place
  // index.db itself was given up for the side file (retired): empty, and marked so that
  // nobody uses it while the build runs. Its builder is dead: the next open resets it.
  const retired = new (sqlite())(w.paths.index, { readonly: true });
  try {
    expect(retired.pragma("user_version", { simple: true })).toBe(-1);
    expect(retired.prepare("SELECT value FROM meta WHERE key = 'offset'").get()).toBeUndefined();
  } finally {
    retired.close();
  }
  const left = new WorldIndex(w.paths);
  try {
    expect(left.position()).toEqual({ offset: 0, line: 0 });
    expect(q.counts(left).entries).toBe(0);
  } finally {
    left.close();
  }
  const index = openIndex(w.paths);
  try {
    expect(built(index)).toEqual({ bulk: "done", eventsBySource: 1, ids: 60_001, sorter: [0, DEFAULT_CACHE] });
    expect(answers(index, stats)).toEqual(fresh(w.paths, stats));
    // Built aside (its 16 KiB pages say so), in WAL mode like every index.db.
    expect([index.db.pragma("page_size", { simple: true }), index.db.pragma("journal_mode", { simple: true })]).toEqual([16_384, "wal"]);
  } finally {
    index.close();
  }
  expect(sideFiles(w)).toEqual([]);
});

it("a load from empty runs in place while another connection has index.db open; killed, it is left pending and finished by the next reader", { timeout: 120_000 }, async () => {
  w = tempWorld();
  const stats = generateLog(w.paths.log, { lines: 60_000, sessions: 600 });
  // An idle reader with the empty index open: a rename over its file would leave it on the
  // old one, sharing -wal and -shm with the new. The load cannot retire the file, so it runs
  // in place, and the reader is left a file that is still the index.
  const idle = new WorldIndex(w.paths);
  try {
    const killed = await execa("node", ["--input-type=module", "-e", CHILD, w.home, "kill"], { reject: false });
    expect(killed.signal).toBe("SIGKILL");
    expect(sideFiles(w)).toEqual([]);
    expect(idle.position().line).toBe(50_000);
    expect(built(idle)).toMatchObject({ bulk: "pending", eventsBySource: 0, ids: 0 });
    expect(idle.catchUp()).toBe(10_001); // the rest, and the final build
    expect(built(idle)).toEqual({ bulk: "done", eventsBySource: 1, ids: 60_001, sorter: [0, DEFAULT_CACHE] });
    expect(answers(idle, stats)).toEqual(fresh(w.paths, stats));
    expect(idle.db.pragma("page_size", { simple: true })).toBe(4_096); // the file it had open all along
  } finally {
    idle.close();
  }
});

it("two processes starting a load from empty at once: one builds, the other waits, and both answer from the whole index", { timeout: 120_000 }, async () => {
  w = tempWorld();
  const stats = generateLog(w.paths.log, { lines: 60_000, sessions: 600 });
  const expected = fresh(w.paths, stats);
  const runs = await Promise.all([0, 1].map(() => execa("node", ["--input-type=module", "-e", CHILD, w.home])));
  const said = runs.map((r) => JSON.parse(r.stdout) as { lines: number; counts: ReturnType<typeof q.counts> });
  // Every line read once between them (built aside by one, or in place by both in turns).
  expect(said.map((s) => s.lines).reduce((a, b) => a + b)).toBe(60_001);
  for (const s of said) expect(s.counts).toEqual(expected.counts);
  expect(sideFiles(w)).toEqual([]);
  const index = openIndex(w.paths);
  try {
    expect(built(index)).toEqual({ bulk: "done", eventsBySource: 1, ids: 60_001, sorter: [0, DEFAULT_CACHE] });
    expect(answers(index, stats)).toEqual(expected);
    expect(index.db.pragma("integrity_check", { simple: true })).toBe("ok");
  } finally {
    index.close();
  }
});
