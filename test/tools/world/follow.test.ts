/** follow(): every entry appended after it started, in order, once; a replaced log is read from the top. */
import { renameSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { Appender } from "../../../tools/world/append.js";
import type { Located } from "../../../tools/world/entry.js";
import { endOf, follow, followBatches } from "../../../tools/world/follow.js";
import { worldPaths, type WorldPaths } from "../../../tools/world/paths.js";
import { START, type Position, type Problem } from "../../../tools/world/read.js";
import { tempWorld, type TempWorld } from "../../support/world.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

function append(paths: WorldPaths, ids: string[]) {
  const a = new Appender(paths);
  try {
    for (const id of ids) a.append({ kind: "event", source: "bash", id, output: `out ${id}` });
  } finally {
    a.close();
  }
}

/** Collects from follow() until `n` entries arrived. */
async function take(it: AsyncGenerator<Located>, n: number): Promise<Located[]> {
  const got: Located[] = [];
  if (n === 0) return got;
  for await (const e of it) {
    got.push(e);
    if (got.length === n) break;
  }
  return got;
}

it("yields a burst of appends completely, in order, each once", async () => {
  w = tempWorld();
  append(w.paths, ["before"]);
  const stop = new AbortController();
  const it = follow(w.paths, { signal: stop.signal, pollMs: 5000 });
  const ids = Array.from({ length: 2000 }, (_, i) => `b${i}`);
  const writer = (async () => {
    for (let i = 0; i < ids.length; i += 100) {
      append(w.paths, ids.slice(i, i + 100));
      await new Promise((r) => setImmediate(r));
    }
  })();
  const got = await take(it, ids.length);
  await writer;
  stop.abort();
  expect(got.map((e) => e.id)).toEqual(ids);
  expect(got.map((e) => e.line)).toEqual(ids.map((_, i) => i + 3)); // after the format line and "before"
});

it("stops when aborted", async () => {
  w = tempWorld();
  const stop = new AbortController();
  const it = follow(w.paths, { signal: stop.signal });
  const next = it.next();
  stop.abort();
  expect(await next).toEqual({ done: true, value: undefined });
});

it("a log replaced by a longer one is read again from the top, with a problem reported", async () => {
  w = tempWorld();
  append(w.paths, ["a", "b"]);
  const problems: Problem[] = [];
  const stop = new AbortController();
  const it = follow(w.paths, { from: endOf(w.paths.log), signal: stop.signal, pollMs: 100, onProblem: (p) => problems.push(p) });
  const staging = worldPaths(join(w.home, "staging"));
  append(staging, ["x", "y", "z"]);
  renameSync(staging.log, w.paths.log);
  const got = await take(it, 4);
  stop.abort();
  expect(got.map((e) => [e.line, e.id])).toEqual([[1, "world"], [2, "x"], [3, "y"], [4, "z"]]); // its own format line first
  expect(problems).toEqual([expect.objectContaining({ error: expect.stringMatching(/replaced/) })]);
});

it("reports its position only when it moved: an idle poll stores no cursor", { timeout: 60_000 }, async () => {
  w = tempWorld();
  append(w.paths, ["before"]);
  const stop = new AbortController();
  const positions: number[] = [];
  const got: string[] = [];
  const reading = (async () => {
    for await (const e of follow(w.paths, { signal: stop.signal, pollMs: 20, onPosition: (p) => positions.push(p.offset) })) got.push(e.id);
  })();
  // Many safety-net polls pass over an unchanged log.
  await new Promise<void>((resolve) => {
    let polls = 0;
    const t = setInterval(() => (++polls >= 25 ? (clearInterval(t), resolve()) : undefined), 20);
  });
  expect(positions).toEqual([]);
  append(w.paths, ["after"]);
  await expect.poll(() => positions.length).toBe(1);
  stop.abort();
  await reading;
  expect(got).toEqual(["after"]);
  expect(positions).toEqual([endOf(w.paths.log).offset]);
});

it("followBatches: what is waiting comes as one batch, and the position is reported once that batch is done", async () => {
  w = tempWorld();
  append(w.paths, Array.from({ length: 30 }, (_, i) => `w${i}`));
  const stop = new AbortController();
  const positions: Position[] = [];
  const batches = followBatches(w.paths, { from: START, signal: stop.signal, pollMs: 5000, onPosition: (p) => positions.push(p) });
  const first = await batches.next();
  // The log's format line, then the 30: all in the first batch.
  expect((first.value as Located[]).filter((e) => e.kind === "event" && e.source === "bash").map((e) => e.id)).toEqual(Array.from({ length: 30 }, (_, i) => `w${i}`));
  const lines = (first.value as Located[]).length;
  expect(positions).toEqual([]); // not before the reader is done with the batch
  append(w.paths, ["after"]);
  const second = await batches.next();
  const after = second.value as Located[];
  expect(after.map((e) => e.id)).toEqual(["after"]);
  // The first batch's end, reported when the reader came back for more: where "after" begins.
  expect(positions).toEqual([{ offset: after[0]!.offset, line: lines }]);
  stop.abort();
  await batches.return(undefined);
});

it("follow(): stopped in the middle of a batch, the position is not reported past the entries not handled", async () => {
  w = tempWorld();
  append(w.paths, ["a", "b", "c"]);
  const stop = new AbortController();
  const positions: Position[] = [];
  const entries = follow(w.paths, { from: START, signal: stop.signal, pollMs: 5000, onPosition: (p) => positions.push(p) });
  const seen: string[] = [];
  for await (const e of entries) {
    seen.push(e.id);
    stop.abort(); // after the first of three
  }
  expect(seen).toHaveLength(1); // of the four waiting (the format line, a, b, c)
  expect(positions).toEqual([]);
});
