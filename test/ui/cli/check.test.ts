/** `world check <reader>` through the real binary: exactly once, --peek, independent readers, a replaced log. */
import { execa } from "execa";
import { existsSync, readdirSync, renameSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { Appender } from "../../../tools/world/append.js";
import { tempWorld, world, WORLD_BIN, type TempWorld } from "../../support/world.js";
import { jsonLines } from "./helpers.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

async function ok(home: string, args: string[]) {
  const r = await world(home, args);
  expect(r.exitCode, r.stderr).toBe(0);
  return r;
}
const event = (home: string, id: string) => ok(home, ["event", "bash", id, `output ${id}`, "-q"]);
const allIds = async (home: string, ...args: string[]) => jsonLines<{ id: string }>((await ok(home, ["check", ...args, "--json"])).stdout).map((e) => e.id);
/** Without the format line every new log starts with (tools/world/log-format.ts). */
const ids = async (home: string, ...args: string[]) => (await allIds(home, ...args)).filter((id) => id !== "world");

it("hands each entry over exactly once; --peek does not advance; readers are independent", async () => {
  w = tempWorld();
  expect(await ids(w.home, "verifier")).toEqual([]);
  await event(w.home, "a");
  await event(w.home, "b");
  expect(await ids(w.home, "verifier", "--peek")).toEqual(["a", "b"]);
  expect(await ids(w.home, "verifier")).toEqual(["a", "b"]);
  expect(await ids(w.home, "verifier")).toEqual([]);
  await event(w.home, "c");
  expect(await ids(w.home, "spirit")).toEqual(["a", "b", "c"]);
  expect(await ids(w.home, "verifier")).toEqual(["c"]);
  expect(await ids(w.home, "verifier", "--peek")).toEqual([]);

  const plain = await ok(w.home, ["check", "human", "--peek"]);
  expect(plain.stdout.split("\n")).toEqual([expect.stringMatching(/\]\[event:system\]\[world\] format 2$/), expect.stringMatching(/\]\[event:bash\]\[a\] output a$/), expect.stringContaining("[b]"), expect.stringContaining("[c]")]);
  expect(readdirSync(join(w.home, ".world/cursors")).sort()).toEqual(["spirit.json", "verifier.json"]);
});

it("--limit hands over that many and moves the cursor past those only", async () => {
  w = tempWorld();
  for (const id of ["a", "b", "c"]) await event(w.home, id);
  // The format line is an entry like any other: it counts.
  expect(await allIds(w.home, "r", "--limit", "2")).toEqual(["world", "a"]);
  expect(await allIds(w.home, "r", "--limit=2", "--peek")).toEqual(["b", "c"]);
  expect(await allIds(w.home, "r", "--limit", "1")).toEqual(["b"]);
  expect(await allIds(w.home, "r", "--limit", "2")).toEqual(["c"]);
  expect(await allIds(w.home, "r", "--limit", "2")).toEqual([]);
  const bad = await world(w.home, ["check", "r", "--limit", "0"]);
  expect([bad.exitCode, bad.stderr]).toEqual([2, 'world: invalid --limit: expected a positive whole number, received "0"']);
});

it("what the fast path does not know goes to the full CLI, with its messages", async () => {
  w = tempWorld();
  const help = await ok(w.home, ["check", "--help"]);
  expect(help.stdout).toMatch(/^Usage: world check \[options\] <reader>/);
  const extra = await world(w.home, ["check", "r", "s"]);
  expect([extra.exitCode, extra.stderr]).toEqual([2, expect.stringMatching(/^world: too many arguments for 'check'/)]);
  const unknown = await world(w.home, ["check", "r", "--jsn"]);
  expect([unknown.exitCode, unknown.stderr]).toEqual([2, expect.stringMatching(/^world: unknown option '--jsn'/)]);
  const query = await world(w.home, ["query", "recent", "5", "6"]);
  expect([query.exitCode, query.stderr]).toEqual([2, expect.stringMatching(/^world: too many arguments for 'query'/)]);
});

it("a replaced log resets the cursor with a one-line warning", async () => {
  w = tempWorld();
  const other = tempWorld();
  try {
    await event(w.home, "a");
    await event(w.home, "b");
    expect(await ids(w.home, "r")).toEqual(["a", "b"]);
    await event(other.home, "x");
    await event(other.home, "y");
    await event(other.home, "z");
    renameSync(other.paths.log, w.paths.log);
    const r = await ok(w.home, ["check", "r", "--json"]);
    expect(r.stderr).toBe("world: warning: world.log was replaced since r last read; starting from the top");
    expect(jsonLines<{ id: string }>(r.stdout).map((e) => e.id)).toEqual(["world", "x", "y", "z"]); // the other log, from its format line
    expect(await ids(w.home, "r")).toEqual([]);
  } finally {
    other.cleanup();
  }
});

it("a reader that goes away mid-way (`| head -n 1`) does not move the cursor: the entries come again", async () => {
  w = tempWorld();
  const a = new Appender(w.paths);
  for (let i = 0; i < 3000; i++) a.append({ kind: "event", source: "bash", id: `e${i}`, output: "x".repeat(100) });
  a.close();
  // A real shell pipe (execa's own pipe keeps reading the source for its result, so the
  // source might never meet the closed pipe): 450 KB cannot fit a pipe that head has left.
  const run = await execa("bash", ["-c", 'node "$0" --home "$1" check r | head -n 2; exit "${PIPESTATUS[0]}"', WORLD_BIN, w.home], { reject: false, env: { WORLD_HOME: undefined } });
  expect(run.stdout).toMatch(/\]\[event:system\]\[world\] format 2\n.*\]\[event:bash\]\[e0\] x+$/);
  expect(run.exitCode).toBe(1);
  expect(run.stderr).toBe(""); // quiet, as Unix tools are on a closed pipe; no stack trace
  expect(existsSync(join(w.home, ".world/cursors/r.json"))).toBe(false);
  expect(await ids(w.home, "r")).toHaveLength(3000);
  expect(await ids(w.home, "r")).toEqual([]);
});
