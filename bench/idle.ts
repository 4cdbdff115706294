/**
 * `npm run bench -- idle`: what a `world up` costs while nothing happens (issue 23), against
 * floors measured in the same run.
 *   1. Resident memory of `world up` and every process under it, once settled, against one
 *      idle `node` (a process that only waits on a timer): the total and each process.
 *   2. Wake-ups per second of each process over a quiet window: context switches of all its
 *      threads (/proc/<pid>/task/<tid>/status), against the idle node's.
 *   3. Writes while nothing happens: write syscalls and their bytes (/proc/<pid>/io syscw,
 *      wchar) of each process, and each file under the home that changed during the window:
 *      how often and how far into it (sampled every WATCH_MS), with its size before and after.
 * Counts, not timings: they hold on a busy machine.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { worldPaths, type WorldPaths } from "../tools/world/paths.js";
import { fmt, printTable, type Row } from "./measure.js";
import { describeChange, explainIndex, HomeChanges, indexCaughtUp, type FileChange } from "./home-changes.js";
import { processTree as tree, sampleProc as sample } from "./proc-sample.js";
import { waitForText } from "./reaction.js";

const progress = (text: string) => process.stderr.write(`[bench idle] ${text}\n`);
const WORLD_BIN = fileURLToPath(new URL("../bin/world.js", import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const WINDOW_MS = Number(process.env.BENCH_IDLE_WINDOW_MS ?? 20_000);
/**
 * From the Spirit awake to the quiet window: the first sweep, the catch-ups, the warm-ups and
 * V8's memory reducer settle. Its GCs come in bursts for ~45 s after a start (measured: with
 * the levels as threads, thousands of eventfd writes between V8's threads at 20, 30 and 45 s,
 * then none; at a load of 4–13 some still come 45–80 s after the start, in either window,
 * docs/bench.md); a window before that measures the start, not the idle.
 */
const SETTLE_MS = Number(process.env.BENCH_IDLE_SETTLE_MS ?? 45_000);
/**
 * Then until the lines written at start-up are indexed (indexCaughtUp), at most this long.
 * The index is caught up before each question, not at each append: the Keeper's first sweep
 * catches it up and checkpoints it, then writes its `swept:` line, and that line stays
 * unindexed until the next question, the Verifier's look through the index 60 s after its
 * start (verifier/reconcile.ts; strace: 15 pwrite64 of the write-ahead log and an fsync,
 * from the Verifier's thread). Measured from the Keeper's scheduler line, that catch-up fell
 * 15 s into most quiet windows (four of main's five runs): they measured the end of the
 * start, not the idle.
 */
const INDEXED_MAX_MS = Number(process.env.BENCH_IDLE_INDEXED_MAX_MS ?? 120_000);
/** How often the window samples the home's files (the bench's own wake-ups, not up's). */
const WATCH_MS = 250;


interface Window {
  procs: { pid: number; name: string; rssMb: number; pssMb: number; wakePerS: number; allThreadsPerS: number; writes: number; writtenBytes: number }[];
  changes: FileChange[];
  /** How the index's changes read (explainIndex), if it changed with world.log unchanged. */
  index: string | undefined;
  /** Seconds from the Keeper's scheduler line to the start-up's lines indexed; undefined: not within INDEXED_MAX_MS. */
  indexedAfterS?: number | undefined;
}

async function quietWindow(root: number, paths: WorldPaths): Promise<Window> {
  const pids = tree(root);
  const before = new Map(pids.map((p) => [p, sample(p)]));
  const files = new HomeChanges(paths.home);
  const t0 = Date.now();
  while (Date.now() - t0 < WINDOW_MS) {
    await sleep(Math.min(WATCH_MS, WINDOW_MS - (Date.now() - t0)));
    files.sample();
  }
  const seconds = (Date.now() - t0) / 1000;
  const procs = pids.map((pid) => {
    const a = before.get(pid)!;
    const b = sample(pid);
    return { pid, name: b.name, rssMb: b.rssKb / 1024, pssMb: b.pssKb / 1024, wakePerS: (b.mainSwitches - a.mainSwitches) / seconds, allThreadsPerS: (b.switches - a.switches) / seconds, writes: b.writes - a.writes, writtenBytes: b.writtenBytes - a.writtenBytes };
  });
  const changes = files.changes();
  return { procs, changes, index: explainIndex(paths, changes) };
}

/** Resolves once `ready()` holds (checked every WATCH_MS) or `maxMs` passed: whether it held. */
async function until(ready: () => boolean, maxMs: number): Promise<boolean> {
  const t0 = Date.now();
  while (!ready()) {
    if (Date.now() - t0 >= maxMs) return false;
    await sleep(WATCH_MS);
  }
  return true;
}

/** `world up` with `args` in a new world under `dir`, settled and its start-up's lines indexed, then a quiet window. */
async function idleUp(dir: string, args: string[]): Promise<Window> {
  const paths = worldPaths(dir);
  mkdirSync(paths.home, { recursive: true });
  const up = execa(process.execPath, [WORLD_BIN, "--home", paths.home, "up", "--port", "0", ...args], { reject: false, stdin: "ignore", env: { ANTHROPIC_API_KEY: "" } });
  try {
    await waitForText(paths, "[event:spirit][spirit] awake", 0);
    await waitForText(paths, "[event:system][keeper] scheduler: ", 0);
    const started = Date.now();
    await sleep(SETTLE_MS);
    const indexed = await until(() => indexCaughtUp(paths), Math.max(0, INDEXED_MAX_MS - SETTLE_MS));
    const indexedAfterS = indexed ? (Date.now() - started) / 1000 : undefined;
    return { ...(await quietWindow(up.pid!, paths)), indexedAfterS };
  } finally {
    up.kill("SIGTERM");
    await up;
  }
}

/** The writes of a window in words: syscalls, bytes, each process, and each file changed. */
function describeWrites(x: Window): string {
  const writes = x.procs.reduce((s, p) => s + p.writes, 0);
  const written = x.procs.reduce((s, p) => s + p.writtenBytes, 0);
  // An eventfd wake-up between V8's threads is a write of 8 bytes; a page of the index is 4096.
  const what = writes === 0 ? "" : written === 8 * writes ? ", 8 bytes each: eventfd wake-ups between threads, not the disk" : "";
  const files = x.changes.length === 0 ? "none" : x.changes.map(describeChange).join("; ");
  return `${writes} write syscalls, ${written.toLocaleString("en-US")} bytes${what} (${x.procs.map((p) => `${p.name} ${p.writes}`).join(", ")}); files changed: ${files}${x.index ? ` (${x.index})` : ""}`;
}

/** When the window opened: after the settle, and whether the start-up's lines were indexed by then. */
function opened(x: Window): string {
  return x.indexedAfterS === undefined
    ? `opened ${(INDEXED_MAX_MS / 1000).toFixed(0)} s after the Keeper's scheduler line, the start-up's lines NOT yet indexed`
    : `opened ${x.indexedAfterS.toFixed(0)} s after the Keeper's scheduler line, once settled (${SETTLE_MS / 1000} s) and the start-up's lines indexed`;
}

export async function run(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), "world-bench-idle-"));
  const rows: Row[] = [];
  try {
    progress("the floor: one idle node…");
    const floorProc = execa(process.execPath, ["-e", "setInterval(() => {}, 1 << 30)"], { reject: false });
    await sleep(1000);
    const floor = await quietWindow(floorProc.pid!, worldPaths(join(root, "floor")));
    floorProc.kill("SIGTERM");
    await floorProc;
    const floorNode = floor.procs[0]!;

    progress(`world up (every level, as threads of up), settled, then a quiet window of ${WINDOW_MS / 1000} s…`);
    const w = await idleUp(join(root, "threads"), []);
    progress(`world up --processes (every level a process), settled, then a quiet window of ${WINDOW_MS / 1000} s…`);
    const pw = await idleUp(join(root, "processes"), ["--processes"]);
    const total = (x: Window) => x.procs.reduce((s, q) => s + q.rssMb, 0);
    const pss = (x: Window) => x.procs.reduce((s, q) => s + q.pssMb, 0);
    const each = (x: Window, mb: (q: Window["procs"][number]) => number) => x.procs.map((q) => `${q.name} ${mb(q).toFixed(0)}`).join(", ");
    rows.push({
      name: `world up idle: resident memory of all its processes (${w.procs.length}: the levels are threads of up)`,
      value: `${total(w).toFixed(0)} MB (${each(w, (q) => q.rssMb)})`,
      floor: `one idle node ${floorNode.rssMb.toFixed(0)} MB`,
      ratio: fmt.x(total(w) / floorNode.rssMb),
      note: "target ≤ 200 MB in all; was 356 MB, then ~300 MB as five processes (the row below)",
    });
    rows.push({
      name: "world up idle: proportional memory (PSS) of all its processes: shared pages counted once",
      value: `${pss(w).toFixed(0)} MB (${each(w, (q) => q.pssMb)})`,
      floor: `one idle node ${floorNode.pssMb.toFixed(0)} MB`,
      ratio: fmt.x(pss(w) / floorNode.pssMb),
      note: "what the machine pays; target ≤ 200 MB; was 157 MB, then ~91 MB as five processes",
    });
    rows.push({
      name: `world up --processes idle: resident memory of all its processes (${pw.procs.length})`,
      value: `${total(pw).toFixed(0)} MB (${each(pw, (q) => q.rssMb)}); PSS ${pss(pw).toFixed(0)} MB`,
      floor: `one idle node ${floorNode.rssMb.toFixed(0)} MB`,
      ratio: fmt.x(total(pw) / floorNode.rssMb),
      note: "each level a process of its own (a native crash spares the others); each RSS counts the shared node binary (~34 MB) again",
    });
    const worst = w.procs.reduce((a, b) => (b.wakePerS > a.wakePerS ? b : a));
    rows.push({
      name: "world up idle: wake-ups per second, each process (context switches of its main thread; of all its threads: the levels' threads and V8's GC helpers too)",
      value: w.procs.map((p) => `${p.name} ${p.wakePerS.toFixed(1)} (${p.allThreadsPerS.toFixed(1)})`).join(", "),
      floor: `one idle node ${floorNode.wakePerS.toFixed(1)}/s`,
      ratio: `worst ${worst.name} ${worst.wakePerS.toFixed(1)}/s`,
      note: "target ≤ 1/s per process; was 10/s for up (a 100 ms poll)",
    });
    rows.push({
      name: `world up idle: writes in ${WINDOW_MS / 1000} s of quiet (${opened(w)})`,
      value: describeWrites(w),
      floor: `one idle node ${floorNode.writes}`,
      ratio: `${w.changes.length} files`,
      note: "target: no periodic disk write; was the Spirit's cursor written, fsynced and renamed every second",
    });
    rows.push({
      name: `world up --processes idle: writes in ${WINDOW_MS / 1000} s of quiet (${opened(pw)})`,
      value: describeWrites(pw),
      floor: `one idle node ${floorNode.writes}`,
      ratio: `${pw.changes.length} files`,
      note: "target: no periodic disk write",
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  printTable("world up while nothing happens (counts hold under load)", rows);
}
