/** A corrupt index.db heals: moved aside and rebuilt from the log, in the CLI and in a running Verifier. */
import { randomBytes } from "node:crypto";
import { closeSync, openSync, readdirSync, readlinkSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { afterEach, expect, it } from "vitest";
import { execa } from "execa";
import { generateLog } from "../../../bench/generate-log.js";
import { tempWorld, waitForEntry, world, WORLD_BIN, type TempWorld } from "../../support/world.js";
import { waitUntil } from "../../support/wait.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

/** Random bytes over the whole index, in place (the same file, as a disk fault would leave it). */
function corrupt(t: TempWorld): void {
  writeFileSync(t.paths.index, randomBytes(Math.max(8192, statSync(t.paths.index).size)));
}

function asideCount(t: TempWorld): number {
  return readdirSync(t.paths.dir).filter((n) => /^index\.db\.corrupt-[0-9TZ-]+$/.test(n)).length;
}

it("query, status, keep and index rebuild each heal random bytes in index.db: moved aside, rebuilt, one line on stderr", { timeout: 120_000 }, async () => {
  w = tempWorld();
  for (const id of ["c1", "c2"]) expect((await world(w.home, ["agent", "start", id, "task", "--need", "done", "-q"])).exitCode).toBe(0);
  const before = await world(w.home, ["query", "active", "--json"]);
  expect(before.exitCode).toBe(0);
  const commands = [["query", "active", "--json"], ["status", "--json"], ["keep", "--once"], ["index", "rebuild"]];
  for (const [n, args] of commands.entries()) {
    corrupt(w);
    const r = await world(w.home, args);
    expect(r.exitCode, `${args.join(" ")}: ${r.stderr}`).toBe(0);
    expect(r.stderr).toMatch(/^world: the index was corrupt \(file is not a database\): moved it to .*index\.db\.corrupt-\S+; rebuilding it from .*world\.log$/m);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(asideCount(w)).toBe(n + 1);
    if (args[0] === "query") expect(r.stdout).toBe(before.stdout);
  }
  expect((await world(w.home, ["query", "active", "--json"])).stdout).toBe(before.stdout);
});

it("a running Verifier heals the index under it and keeps judging, without a restart", { timeout: 120_000 }, async () => {
  w = tempWorld();
  const verifier = execa("node", [WORLD_BIN, "--home", w.home, "verifier"], { reject: false, env: { WORLD_HOME: undefined, ANTHROPIC_API_KEY: undefined } });
  try {
    const judged = async (id: string) => {
      await world(w.home, ["agent", "start", id, "make the file", "--need", `file exists ${id}.txt`, "-q"]);
      writeFileSync(`${w.home}/${id}.txt`, "made");
      await world(w.home, ["agent", "finish", id, `made ${id}.txt`, "-q"]);
      await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === id && e.status === "verified", { what: `a verdict for ${id}` });
    };
    await judged("v1");
    // .world restored badly under it: the index and its WAL gone, random bytes in their
    // place. The Verifier notices the new file, heals it and judges on.
    for (const suffix of ["", "-wal", "-shm"]) rmSync(w.paths.index + suffix, { force: true });
    writeFileSync(w.paths.index, randomBytes(16384));
    await judged("v2");
    // The Verifier may judge v2 on its connection to the removed file, and meet the new one at
    // its next look at the index: the heal is waited for, not expected at the verdict's instant.
    await judged("v3");
    await waitUntil(() => asideCount(w) === 1, { what: "the corrupt index moved aside", timeoutMs: 60_000 });
    expect(verifier.exitCode).toBeNull(); // still running: no restart
    // It works on the new index, not on the copy kept for a post-mortem.
    const open = readdirSync(`/proc/${verifier.pid}/fd`).map((fd) => { try { return readlinkSync(`/proc/${verifier.pid}/fd/${fd}`); } catch { return ""; } });
    expect(open.filter((f) => f.endsWith("/index.db")).length).toBeGreaterThan(0);
    expect(open.filter((f) => f.includes("corrupt-") || f.includes("(deleted)"))).toEqual([]);
  } finally {
    verifier.kill("SIGTERM");
  }
  const ended = await verifier;
  expect(`${ended.stderr}${ended.stdout}`).not.toMatch(/\n\s+at /);
});

/** Random bytes over the pages between `from` and `to` (shares of the file), header untouched: damage inside. */
function damagePages(t: TempWorld, from: number, to: number): void {
  const pages = Math.floor(statSync(t.paths.index).size / 4096);
  const fd = openSync(t.paths.index, "r+");
  try {
    for (let p = Math.max(1, Math.floor(pages * from)); p < Math.ceil(pages * to); p++) writeSync(fd, randomBytes(4096), 0, 4096, p * 4096);
  } finally {
    closeSync(fd);
  }
}

const EVERY_READER = [["query", "active", "--json"], ["status", "--json"], ["verify", "--once"], ["keep", "--once"], ["index", "rebuild"]];

it("pages damaged in the middle of a small index: found at open (quick_check), moved aside and rebuilt by every command", { timeout: 180_000 }, async () => {
  w = tempWorld();
  for (let i = 0; i < 40; i++) expect((await world(w.home, ["agent", "start", `m${i}`, `task ${i} with some words to index`, "--need", "done", "-q"])).exitCode).toBe(0);
  const before = await world(w.home, ["query", "active", "--json"]);
  expect(before.exitCode).toBe(0);
  for (const [n, args] of EVERY_READER.entries()) {
    damagePages(w, 0.3, 0.7);
    const r = await world(w.home, args);
    expect(r.exitCode, `${args.join(" ")}: ${r.stderr}`).toBe(0);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(r.stderr).toMatch(/^world: the index was corrupt \(.+\): moved it to .*index\.db\.corrupt-\S+; rebuilding it from .*world\.log$/m);
    expect(asideCount(w)).toBe(n + 1);
    if (args[0] === "query") expect(r.stdout).toBe(before.stdout);
  }
  expect((await world(w.home, ["query", "active", "--json"])).stdout).toBe(before.stdout);
});

it("pages damaged in the middle of a big index (past the open-time check): found at use, healed, and `index rebuild` always works", { timeout: 300_000 }, async () => {
  w = tempWorld();
  generateLog(w.paths.log, { lines: 20_000, sessions: 400 });
  const fresh = await world(w.home, ["query", "pending", "--json"]);
  expect(fresh.exitCode).toBe(0);
  expect(statSync(w.paths.index).size).toBeGreaterThan(2 << 20); // no quick_check at open for this one
  for (const args of [["query", "search", "deploy", "--json"], ["status", "--json"], ["query", "recent", "500"], ["index", "rebuild"]]) {
    damagePages(w, 0.05, 0.95);
    const r = await world(w.home, args);
    expect(r.exitCode, `${args.join(" ")}: ${r.stderr}`).toBe(0);
    expect(r.stderr).not.toMatch(/internal error|malformed\)?$|\n\s+at /m);
    expect(r.stderr).toMatch(/^world: the index was corrupt \(.+\): moved it to .*index\.db\.corrupt-\S+; rebuilding it from .*world\.log$/m);
  }
  expect((await world(w.home, ["query", "pending", "--json"])).stdout).toBe(fresh.stdout);
  for (const args of [["verify", "--once"], ["keep", "--once"]]) {
    damagePages(w, 0.05, 0.95);
    const r = await world(w.home, args);
    expect(r.exitCode, `${args.join(" ")}: ${r.stderr}`).toBe(0);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  }
});
