/**
 * `npm run bench -- idle`: what a `world up` costs while nothing happens (issue 23), against
 * floors measured in the same run.
 *   1. Resident memory of `world up` and every process under it, once settled, against one
 *      idle `node` (a process that only waits on a timer): the total and each process.
 *   2. Wake-ups per second of each process over a quiet window: context switches of all its
 *      threads (/proc/<pid>/task/<tid>/status), against the idle node's.
 *   3. Writes while nothing happens: write syscalls (/proc/<pid>/io syscw) of each process
 *      and the files under the home whose modification time moved during the window.
 * Counts, not timings: they hold on a busy machine.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { worldPaths } from "../tools/world/paths.js";
import { fmt, printTable, type Row } from "./measure.js";
import { mtimes, processTree as tree, sampleProc as sample } from "./proc-sample.js";
import { waitForText } from "./reaction.js";

const progress = (text: string) => process.stderr.write(`[bench idle] ${text}\n`);
const WORLD_BIN = fileURLToPath(new URL("../bin/world.js", import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const WINDOW_MS = Number(process.env.BENCH_IDLE_WINDOW_MS ?? 20_000);
/**
 * From the Spirit awake to the quiet window: the first sweep, the catch-ups, the warm-ups and
 * V8's memory reducer settle. Its GCs come in bursts for ~45 s after a start (measured: with
 * the levels as threads, thousands of eventfd writes between V8's threads at 20, 30 and 45 s,
 * then none); a window before that measures the start, not the idle.
 */
const SETTLE_MS = Number(process.env.BENCH_IDLE_SETTLE_MS ?? 45_000);


interface Window {
  procs: { pid: number; name: string; rssMb: number; pssMb: number; wakePerS: number; allThreadsPerS: number; writes: number }[];
  touched: string[];
}

async function quietWindow(root: number, home: string): Promise<Window> {
  const pids = tree(root);
  const before = new Map(pids.map((p) => [p, sample(p)]));
  const files = mtimes(home);
  const t0 = Date.now();
  await sleep(WINDOW_MS);
  const seconds = (Date.now() - t0) / 1000;
  const after = mtimes(home);
  const touched = [...after].filter(([p, m]) => files.get(p) !== m).map(([p]) => p.slice(home.length + 1));
  const procs = pids.map((pid) => {
    const a = before.get(pid)!;
    const b = sample(pid);
    return { pid, name: b.name, rssMb: b.rssKb / 1024, pssMb: b.pssKb / 1024, wakePerS: (b.mainSwitches - a.mainSwitches) / seconds, allThreadsPerS: (b.switches - a.switches) / seconds, writes: b.writes - a.writes };
  });
  return { procs, touched };
}

/** `world up` with `args` in a new world under `dir`, settled, then a quiet window. */
async function idleUp(dir: string, args: string[]): Promise<Window> {
  const paths = worldPaths(dir);
  mkdirSync(paths.home, { recursive: true });
  const up = execa(process.execPath, [WORLD_BIN, "--home", paths.home, "up", "--port", "0", ...args], { reject: false, stdin: "ignore", env: { ANTHROPIC_API_KEY: "" } });
  try {
    await waitForText(paths, "[event:spirit][spirit] awake", 0);
    await waitForText(paths, "[event:system][keeper] scheduler: ", 0);
    await sleep(SETTLE_MS);
    return await quietWindow(up.pid!, paths.home);
  } finally {
    up.kill("SIGTERM");
    await up;
  }
}

export async function run(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), "world-bench-idle-"));
  const rows: Row[] = [];
  try {
    progress("the floor: one idle node…");
    const floorProc = execa(process.execPath, ["-e", "setInterval(() => {}, 1 << 30)"], { reject: false });
    await sleep(1000);
    const floor = await quietWindow(floorProc.pid!, root);
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
    const writes = w.procs.reduce((s, p) => s + p.writes, 0);
    rows.push({
      name: `world up idle: writes in ${WINDOW_MS / 1000} s of quiet`,
      value: `${writes} write syscalls, most of them eventfd wake-ups between V8's threads, not the disk (${w.procs.map((p) => `${p.name} ${p.writes}`).join(", ")}); files changed: ${w.touched.length === 0 ? "none" : w.touched.join(", ")}`,
      floor: `one idle node ${floorNode.writes}`,
      ratio: `${w.touched.length} files`,
      note: "target: no periodic disk write; was the Spirit's cursor written, fsynced and renamed every second",
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  printTable("world up while nothing happens (counts hold under load)", rows);
}
