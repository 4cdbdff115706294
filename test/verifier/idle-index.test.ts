/**
 * An idle Verifier writes nothing to the index (issue 23: no periodic disk write while
 * nothing happens). Its look through the index every `reconcileMs` catches the index up:
 * lines appended since are indexed once, and while nothing is appended its looks leave
 * index.db, its write-ahead log and its shared memory file as they were. The level alone,
 * in this process, on a real index file; waits on its looks (its debug line), never on time.
 */
import { statSync } from "node:fs";
import pino from "pino";
import { afterEach, expect, it } from "vitest";
import { appendOnce } from "../../tools/world/append.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import { runVerifier } from "../../verifier/read-loop.js";
import { tempWorld, type TempWorld } from "../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

/** index.db and its two companions: size and modification time of each (or absent). */
function indexFiles(paths: WorldPaths): Record<string, string> {
  const files: Record<string, string> = {};
  for (const suffix of ["", "-wal", "-shm"]) {
    const s = statSync(`${paths.index}${suffix}`, { throwIfNoEntry: false });
    files[`index.db${suffix}`] = s === undefined ? "absent" : `${s.size} bytes, modified ${s.mtimeMs}`;
  }
  return files;
}

it("the Verifier's looks through the index catch it up with what was appended, once, and write nothing to it while nothing is appended", async () => {
  w = tempWorld();
  const paths = w.paths;
  appendOnce(paths, { kind: "event", source: "system", id: "test", output: "written before the Verifier started" });
  const ops: string[] = [];
  const log = pino({ level: "debug" }, { write: (line: string) => void ops.push(line) });
  const looks = () => ops.filter((line) => line.includes('"msg":"reconciled"')).length;
  const afterLooks = async (n: number) => {
    const seen = looks();
    await expect.poll(looks, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(seen + n);
  };
  const stop = new AbortController();
  const running = runVerifier(paths, { signal: stop.signal, log, pollMs: 20, reconcileMs: 50 });
  try {
    await afterLooks(2);
    const started = indexFiles(paths);
    await afterLooks(5);
    expect(indexFiles(paths)).toEqual(started);

    // What `world up`'s start-up leaves unindexed (the Keeper's `swept:` line): the next look indexes it.
    appendOnce(paths, { kind: "event", source: "system", id: "keeper", output: "swept: 0 running, 0 awaiting a verdict, 0 failed" });
    await afterLooks(2);
    const indexed = indexFiles(paths);
    expect(indexed["index.db-wal"]).not.toEqual(started["index.db-wal"]);
    await afterLooks(5);
    expect(indexFiles(paths)).toEqual(indexed);
  } finally {
    stop.abort();
    await running;
  }
  expect(ops.filter((line) => line.includes('"level":50'))).toEqual([]);
});
