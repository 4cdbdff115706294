/**
 * `npm run bench -- soak` (run only when named: it lasts SOAK_MINUTES, 120 by default): is
 * `world up` flat over hours (issue 23: "memory over hours: flat (± 5 %) over a 2-hour
 * soak")? `world up` (its levels as threads, offline, no key) in a new world under a temporary
 * folder, removed at the end; every SOAK_EVERY_S (60) one row of what /proc says of up and
 * its children: resident and proportional memory, wake-ups and write syscalls since the last
 * row, the log's size and the files under the home that changed. Each thread's V8 heap comes
 * from a probe loaded into them (bench/soak-heap-probe.cts) into `<out>-heap.csv`.
 *   SOAK_OUT           the samples' CSV (default: soak-<time>.csv in the current folder)
 *   SOAK_ACTIVITY_MIN  0 (default): a true idle soak; N: a voice line asking for a reminder
 *                      in a minute every N minutes (the Spirit, an agent, the Verifier, the
 *                      Keeper's sweep all work a little)
 *   SOAK_ARGS          more arguments for `world up` (e.g. `--processes`)
 * Any MALLOC_ARENA_MAX or other environment is passed to `world up` as is. To keep a soak
 * apart from later builds, copy `dist/`, `package.json` and `ui/monitor/static/` (the
 * monitor's page, read from the source tree) into a folder and run its dist/bench/main.js.
 * The rows are appended as they are taken: a soak stopped early still has its file.
 */
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { worldPaths } from "../tools/world/paths.js";
import { printTable, type Row } from "./measure.js";
import { mtimes, processTree, readProc, sampleProc, type ProcSample } from "./proc-sample.js";
import { waitForText } from "./reaction.js";
import { outlastUsers } from "../tools/process/outlast-users.js";

const progress = (text: string) => process.stderr.write(`[bench soak] ${new Date().toISOString()} ${text}\n`);
const WORLD_BIN = fileURLToPath(new URL("../bin/world.js", import.meta.url));
const PROBE = fileURLToPath(new URL("./soak-heap-probe.cjs", import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MINUTES = Number(process.env.SOAK_MINUTES ?? 120);
const EVERY_MS = Number(process.env.SOAK_EVERY_S ?? 60) * 1000;
const ACTIVITY_MIN = Number(process.env.SOAK_ACTIVITY_MIN ?? 0);
const UP_ARGS = (process.env.SOAK_ARGS ?? "").split(/\s+/).filter(Boolean);


const size = (file: string) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};

const HEADER = "time,minute,rss_mb,pss_mb,processes,threads,main_wakeups_per_s,all_wakeups_per_s,write_syscalls,log_bytes,level_restarts,files_changed,each_rss_mb,changed\n";

/** How often `up` restarted a level so far (its `[up] <level> exited …` lines): a soak of a level that keeps crashing measures its restarts, not its idle. */
function restarts(log: string): number {
  try {
    return (readFileSync(log, "utf8").match(/\]\[event:system\]\[up\] \S+ exited /g) ?? []).length;
  } catch {
    return 0;
  }
}

export async function run(): Promise<void> {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const out = resolve(process.env.SOAK_OUT ?? `soak-${stamp}.csv`);
  const heapOut = out.replace(/\.csv$/, "") + "-heap.csv";
  writeFileSync(out, HEADER);
  writeFileSync(heapOut, "time,pid,thread,name,heap_used_mb,heap_total_mb,malloced_mb,external_mb\n");
  const root = mkdtempSync(join(tmpdir(), "world-bench-soak-"));
  const paths = worldPaths(join(root, "w"));
  mkdirSync(paths.home, { recursive: true });
  progress(`world up ${UP_ARGS.join(" ")} for ${MINUTES} min, a row every ${EVERY_MS / 1000} s into ${out} (heaps: ${heapOut}); activity: ${ACTIVITY_MIN ? `every ${ACTIVITY_MIN} min` : "none"}`);
  const env = { ...process.env, ANTHROPIC_API_KEY: "", NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${PROBE}`.trim(), WORLD_SOAK_HEAP_FILE: heapOut, WORLD_SOAK_EVERY_MS: String(EVERY_MS) };
  const up = execa(process.execPath, [WORLD_BIN, "--home", paths.home, "up", "--port", "0", ...UP_ARGS], { reject: false, stdin: "ignore", env, extendEnv: false });
  const rows: { minute: number; rssMb: number; pssMb: number }[] = [];
  try {
    await waitForText(paths, "[event:spirit][spirit] awake", 0);
    const t0 = Date.now();
    let before = new Map<number, ProcSample>();
    let files = mtimes(paths.home);
    let last = t0;
    let nextActivity = ACTIVITY_MIN ? t0 + ACTIVITY_MIN * 60_000 : Infinity;
    let asked = 0;
    while (Date.now() - t0 < MINUTES * 60_000) {
      await sleep(Math.max(0, last + EVERY_MS - Date.now()));
      if (up.exitCode !== null || readProc(`/proc/${up.pid}/status`) === "") throw new Error(`world up ended (exit ${up.exitCode}) at minute ${((Date.now() - t0) / 60_000).toFixed(1)}`);
      const now = Date.now();
      const seconds = (now - last) / 1000;
      last = now;
      const pids = processTree(up.pid!);
      const samples = new Map(pids.map((p) => [p, sampleProc(p)]));
      const per = (f: (s: ProcSample, b: ProcSample | undefined) => number) => [...samples].reduce((sum, [p, s]) => sum + f(s, before.get(p)), 0);
      const rssMb = per((s) => s.rssKb) / 1024;
      const pssMb = per((s) => s.pssKb) / 1024;
      const mainWake = before.size ? per((s, b) => (b ? s.mainSwitches - b.mainSwitches : 0)) / seconds : 0;
      const allWake = before.size ? per((s, b) => (b ? s.switches - b.switches : 0)) / seconds : 0;
      const writes = before.size ? per((s, b) => (b ? s.writes - b.writes : 0)) : 0;
      const after = mtimes(paths.home);
      const changed = [...after].filter(([p, m]) => files.get(p) !== m).map(([p]) => p.slice(paths.home.length + 1));
      files = after;
      before = samples;
      const minute = (now - t0) / 60_000;
      const each = [...samples.values()].map((s) => `${s.name}:${(s.rssKb / 1024).toFixed(1)}`).join(" ");
      appendFileSync(out, `${new Date(now).toISOString()},${minute.toFixed(2)},${rssMb.toFixed(1)},${pssMb.toFixed(1)},${samples.size},${per((s) => s.threads)},${mainWake.toFixed(2)},${allWake.toFixed(2)},${writes},${size(paths.log)},${restarts(paths.log)},${changed.length},${each},${changed.join(" ")}\n`);
      rows.push({ minute, rssMb, pssMb });
      if (now >= nextActivity) {
        nextActivity += ACTIVITY_MIN * 60_000;
        asked++;
        await execa(process.execPath, [WORLD_BIN, "--home", paths.home, "event", "voice", "user", `remind me to stretch number ${asked} in 1 minute`], { reject: false, env: { ...process.env, ANTHROPIC_API_KEY: "" } });
      }
    }
  } finally {
    up.kill("SIGTERM");
    await up;
    await outlastUsers([root]); // a reminder's exit note after the removal would make the folder again
    rmSync(root, { recursive: true, force: true });
  }
  const first = rows.find((r) => r.minute >= 5) ?? rows[0];
  const lastRow = rows[rows.length - 1];
  const result: Row[] = [];
  if (first && lastRow) {
    const max = Math.max(...rows.filter((r) => r.minute >= first.minute).map((r) => r.rssMb));
    result.push({
      name: `world up ${UP_ARGS.join(" ")} over ${MINUTES} min (${ACTIVITY_MIN ? `a reminder asked every ${ACTIVITY_MIN} min` : "idle"}): resident memory of all its processes, from minute 5`,
      value: `${first.rssMb.toFixed(0)} → ${lastRow.rssMb.toFixed(0)} MB (max ${max.toFixed(0)}); PSS ${first.pssMb.toFixed(0)} → ${lastRow.pssMb.toFixed(0)} MB`,
      floor: "—",
      ratio: `${(((lastRow.rssMb - first.rssMb) / first.rssMb) * 100).toFixed(1)} %`,
      note: `target flat ± 5 %; every row in ${out}, each thread's heap in ${heapOut}`,
    });
  }
  printTable("world up over hours", result);
}
