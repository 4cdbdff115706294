/** The index behind `world query` never answers from a stale past. */
import { renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { tempWorld, world, type TempWorld } from "../../support/world.js";
import { jsonLines } from "./helpers.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

async function run(home: string, args: string[]) {
  const r = await world(home, args);
  expect(r.exitCode, r.stderr).toBe(0);
  return r.stdout;
}

/** Every question a monitor asks, as one comparable value. */
async function answers(home: string) {
  const out: Record<string, unknown> = {};
  for (const args of [["active"], ["pending"], ["failed"], ["verified"], ["events"], ["recent", "1000"], ["search", "task"], ["agent", "s1"]]) {
    out[args.join(" ")] = jsonLines((await world(home, ["query", ...args, "--json"])).stdout);
  }
  const { disk: _disk, ...status } = JSON.parse(await run(home, ["status", "--json"])); // free disk moves on its own
  out.status = status;
  return out;
}

async function session(home: string, id: string, n: number) {
  await run(home, ["agent", "start", id, `task ${n}`, "--need", "done", "-q"]);
  await run(home, ["event", "bash", id, `ran step ${n}`, "-q"]);
  await run(home, ["agent", "finish", id, `result ${n}`, "-q"]);
}

// ~35 and ~50 `world` runs: each a Node start, about a second apiece at a load of 18 on two
// cores (the file took 145 s). A limit for the busiest machine, beyond vitest.config.ts's.
const MANY_CLI_RUNS = { timeout: 300_000 };

it("incremental catch-up answers what `world index rebuild` answers, and an append is seen at once", MANY_CLI_RUNS, async () => {
  w = tempWorld();
  await session(w.home, "s1", 1);
  await answers(w.home); // builds the index
  await session(w.home, "s2", 2);
  await run(w.home, ["--as-human", "agent", "verified", "s1", "fine", "-q"]);
  const incremental = await answers(w.home);
  expect((incremental["verified"] as { id: string }[]).map((s) => s.id)).toEqual(["s1"]); // the append just before
  expect(await run(w.home, ["index", "rebuild"])).toMatch(/^rebuilt the index from world\.log: 8 lines, 8 entries, 0 malformed/);
  const rebuilt = await answers(w.home);
  for (const key of Object.keys(incremental)) expect(rebuilt[key], key).toEqual(incremental[key]);
});

it("a deleted index.db is rebuilt by the next query", async () => {
  w = tempWorld();
  await session(w.home, "s1", 1);
  const before = await answers(w.home);
  rmSync(join(w.home, ".world"), { recursive: true, force: true });
  expect(await answers(w.home)).toEqual(before);
});

it("a world.log replaced with mv (same size, then longer) gives the new log's answers", MANY_CLI_RUNS, async () => {
  w = tempWorld();
  const other = tempWorld();
  try {
    await session(w.home, "s1", 1);
    await session(other.home, "x1", 1); // the same lines but for the id: exactly the same size
    expect((await answers(w.home))["pending"]).toEqual([expect.objectContaining({ id: "s1" })]);
    renameSync(other.paths.log, w.paths.log);
    expect((await answers(w.home))["pending"]).toEqual([expect.objectContaining({ id: "x1" })]);

    await session(other.home, "y1", 1);
    await session(other.home, "y2", 2);
    renameSync(other.paths.log, w.paths.log);
    const after = await answers(w.home);
    expect((after["pending"] as { id: string }[]).map((s) => s.id)).toEqual(["y1", "y2"]);
    await run(w.home, ["index", "rebuild"]);
    expect(await answers(w.home)).toEqual(after);
  } finally {
    other.cleanup();
  }
});
