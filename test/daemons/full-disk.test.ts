/**
 * A full disk is a state the world survives and reports (a real small tmpfs: mounting
 * needs root, so these skip with the reason otherwise). `world up` and its daemons never
 * die of ENOSPC, `world status` and `query` answer and say the disk is full, every CLI
 * error is one line naming the disk, nothing half-written is left, and once space returns
 * the finishes written while the Verifier could not write are judged, by themselves.
 */
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { appendOnce } from "../../tools/world/append.js";
import { join } from "node:path";
import { execa, type ResultPromise } from "execa";
import { afterEach, expect, it } from "vitest";
import { smallDisk, type SmallDisk } from "../../chaos/support.js";
import { daemonLogger } from "../../tools/process/daemon.js";
import { worldPaths } from "../../tools/world/paths.js";
import pino from "pino";
import { waitGone } from "../agents/support.js";
import { tempWorld, waitForEntry, world, WORLD_BIN, type TempWorld } from "../support/world.js";

let parent: TempWorld | undefined;
let disk: SmallDisk | undefined;
let up: ResultPromise | undefined;
afterEach(async () => {
  if (up) {
    const pids = disk ? children(disk.dir).map((c) => c.pid).filter((p): p is number => p !== null) : [];
    up.kill("SIGKILL");
    await up;
    up = undefined;
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
      await waitGone(pid);
    }
  }
  disk?.unmount();
  disk = undefined;
  parent?.cleanup();
  parent = undefined;
});

/** A world on a small disk of its own, or why not (printed: the test then asserts nothing it could not). */
function worldOnSmallDisk(size: string): SmallDisk | undefined {
  parent = tempWorld("world-full-disk-");
  const d = smallDisk(parent.home, size);
  if ("skipped" in d) {
    console.warn(`full-disk test skipped: ${d.skipped}`);
    return undefined;
  }
  return (disk = d);
}

const children = (home: string): { name: string; state: string; pid: number | null; restarts: number }[] => (JSON.parse(readFileSync(join(home, ".world/up-status.json"), "utf8")) as { children: { name: string; state: string; pid: number | null; restarts: number }[] }).children;
const tempFiles = (home: string) => readdirSync(join(home, ".world/locks"), { recursive: true, encoding: "utf8" }).filter((f) => /(^|\/)t\.\d+\./.test(f));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Appends events until world.log ends on a 4 KiB page boundary (tmpfs pages). */
function padToPage(paths: ReturnType<typeof worldPaths>): void {
  const PAGE = 4096;
  const BARE = 47; // `[<24-char ts>][event:system][pad] ` and the newline, around the output
  for (let i = 0; i < 8; i++) {
    const room = (PAGE - (statSync(paths.log).size % PAGE)) % PAGE;
    if (room === 0) return;
    let line = room < BARE + 8 ? room + PAGE : room; // a line too short to write: fill this page and the next
    if (line > 1800) line = Math.min(line - (BARE + 8), 1800); // kept on the line (under OUTPUT_LIMIT), the rest next time
    appendOnce(paths, { kind: "event", source: "system", id: "pad", output: "p".repeat(line - BARE) });
  }
  throw new Error(`could not pad ${paths.log} to a page boundary: its size is ${statSync(paths.log).size}`);
}

async function until(what: string, ok: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

it("world up survives a full disk, status and query say so, and the finishes written meanwhile are judged once space returns", { timeout: 240_000 }, async (t) => {
  const d = worldOnSmallDisk("8m");
  if (!d) return t.skip();
  const home = d.dir;
  const paths = worldPaths(home);
  up = execa(process.execPath, [WORLD_BIN, "--home", home, "up", "--only", "keeper,verifier,spirit", "--backoff", "100ms", "--max-restarts", "3"], { reject: false, env: { WORLD_HOME: undefined, ANTHROPIC_API_KEY: undefined } });
  await waitForEntry(paths, (e) => e.id === "up" && e.output.startsWith("started verifier"), { timeoutMs: 60_000 });
  await waitForEntry(paths, (e) => e.id === "spirit" && e.output.startsWith("awake:"), { timeoutMs: 60_000 });
  const sessions = ["fd1", "fd2", "fd3"];
  for (const id of sessions) {
    expect((await world(home, ["agent", "start", id, "make a file", "--need", `file exists ${id}.txt`, "-q"])).exitCode).toBe(0);
  }
  // The Verifier is held still while the finishes are written into the last free bytes,
  // then the disk is filled to the brim: it wakes to finishes it cannot write a verdict for.
  const verifier = children(home).find((c) => c.name === "verifier")!.pid!;
  process.kill(verifier, "SIGSTOP");
  d.fill(256 * 1024);
  for (const id of sessions) {
    const r = await world(home, ["agent", "finish", id, `made ${id}.txt`, "-q"]);
    expect(r.exitCode, r.stderr).toBe(0);
  }
  // The log's last page may have room left: a short line would still fit there with no
  // page free (it did once, when the CLI's line came before the Verifier's cut-off verdict
  // used that room up). Pad the log to a page boundary first, so that a full disk means
  // no byte fits.
  padToPage(paths);
  d.fill();
  process.kill(verifier, "SIGCONT");

  // Under the full disk: every command that fails says so in one line, naming the disk.
  for (const args of [["agent", "start", "fd9", "more", "--need", "done"], ["event", "system", "x", "y".repeat(6000)], ["check", "reader"], ["verify", "--once"], ["keep", "--once"]]) {
    const r = await world(home, args);
    expect(r.exitCode, `${args.join(" ")}: ${r.stderr}`).toBe(1);
    expect(r.stderr.trimEnd().split("\n"), args.join(" ")).toHaveLength(1);
    expect(r.stderr).toMatch(/^world: cannot write: the disk holding \/\S+ is full \(ENOSPC\): nothing was written; free space on it/);
  }
  // …and those that only read answer, and say the disk is full.
  const status = await world(home, ["status"]);
  expect(status.exitCode, status.stderr).toBe(0);
  expect(status.stdout).toMatch(/^disk {7}FULL: .* where world\.log lives: nothing new can be written/m);
  const json = await world(home, ["status", "--json"]);
  expect(json.exitCode, json.stderr).toBe(0);
  expect(JSON.parse(json.stdout).diskFull).toBe(true);
  const pending = await world(home, ["query", "pending", "--json"]);
  expect(pending.exitCode, pending.stderr).toBe(0);
  expect(pending.stdout.trim().split("\n").map((l) => (JSON.parse(l) as { id: string }).id).sort()).toEqual(sessions);
  // Nothing half-written: no empty temporary files of the lock code left behind.
  expect(tempFiles(home)).toEqual([]);

  // The full disk lasts longer than today's restarts would (3 crashes at 100-400 ms): nobody gives up, nobody dies.
  const started = Date.now();
  await until("10 s of full disk", () => Date.now() - started > 10_000 || up!.exitCode !== null);
  expect(up.exitCode).toBeNull();
  for (const c of children(home)) expect(c.state, `${c.name}`).not.toBe("given-up");

  for (const id of sessions) rmSync(join(home, `${id}.txt`), { force: true });
  d.free();
  for (const id of sessions) {
    const verdict = await waitForEntry(paths, (e) => e.kind === "agent" && e.id === id && ["verified", "retry", "failed"].includes(e.status), { timeoutMs: 90_000, what: `a verdict for ${id}` });
    expect(verdict.kind).toBe("agent");
  }
  expect(up.exitCode).toBeNull();
  expect(alive(up.pid!)).toBe(true);
  expect(tempFiles(home)).toEqual([]);
  up.kill("SIGTERM");
  const ended = await up;
  up = undefined;
  expect(`${ended.stderr}`).not.toMatch(/\n\s+at |internal error/);
});

it("a daemon's operational log drops the lines a full disk refuses, counts them, and never throws", { timeout: 60_000 }, async (t) => {
  const d = worldOnSmallDisk("256k");
  if (!d) return t.skip();
  const paths = worldPaths(d.dir);
  const log = daemonLogger(paths, "probe");
  log.info("before");
  d.fill();
  for (let i = 0; i < 50; i++) expect(() => log.info({ i, padding: "x".repeat(4000) }, "while full")).not.toThrow();
  d.free();
  log.info("after");
  (log as unknown as Record<symbol, { close(): void }>)[pino.symbols.streamSym]!.close();
  const text = readFileSync(join(paths.logs, "probe.log"), "utf8");
  expect(text).toMatch(/"msg":"before"/);
  expect(text).toMatch(/"msg":"\d+ log lines dropped: the disk was full"/);
  expect(text).toMatch(/"msg":"after"/);
});
