/**
 * `npm run bench -- parked`: what waiting costs (issue 10), against floors measured in
 * the same run.
 *   1. Resident memory of a world under `world up` (the Keeper and the Verifier, and every
 *      process they started) holding N parked reminders, against the same world idle:
 *      the difference per reminder. N = 1,000; add 10,000 with `npm run bench -- parked --full`.
 *   2. Wake-up lateness (median, p99, max) of 1,000 reminders due within the same few
 *      seconds, delivered by the Keeper's scheduler, against 1,000 setTimeouts in this
 *      process for the same due times.
 *   3. An agent's sh parent (bench/agent-launch.ts): launch → exit line, and its memory.
 * The reminders are written as parking agents leave them (a start line and a parked armed
 * line each): starting 10,000 reminder processes first would measure Node start-ups.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { armedLine } from "../agents/reminder/armed.js";
import { Appender, type Draft } from "../tools/world/append.js";
import { collectEntries } from "../tools/world/read.js";
import { worldPaths, type WorldPaths } from "../tools/world/paths.js";
import { agentLaunch } from "./agent-launch.js";
import { fmt, median, percentile, printTable, type Row } from "./measure.js";
import { waitForText } from "./reaction.js";

const progress = (text: string) => process.stderr.write(`[bench parked] ${text}\n`);
const WORLD_BIN = fileURLToPath(new URL("../bin/world.js", import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssKb(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Resident memory of a process and all its descendants, in MB. */
function treeRssMb(pid: number): number {
  let kb = rssKb(pid);
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // gone
  }
  for (const c of children) kb += treeRssMb(c) * 1024;
  return kb / 1024;
}

function parkReminders(paths: WorldPaths, n: number, dueAt: (i: number) => number): void {
  const appender = new Appender(paths);
  try {
    for (let from = 0; from < n; from += 500) {
      const drafts: Draft[] = [];
      for (let i = from; i < Math.min(n, from + 500); i++) {
        const id = `rem-${i}`;
        drafts.push(
          { kind: "agent", status: "start", id, output: `remind me to stretch (${i})`, need: "event notify logged" },
          { kind: "agent", status: "active", id, output: armedLine({ kind: "reminder", due: new Date(dueAt(i)), message: `Reminder: stretch (${i})` }, "parked: the Keeper's scheduler delivers it") },
        );
      }
      appender.appendMany(drafts);
    }
  } finally {
    appender.close();
  }
}

/** `world up` over this world until `measure` resolves; the tree's RSS once the scheduler has read the log. */
async function underUp<T>(paths: WorldPaths, measure: (pid: number) => Promise<T>): Promise<T> {
  const up = execa(process.execPath, [WORLD_BIN, "--home", paths.home, "up", "--only", "keeper,verifier"], { reject: false, stdin: "ignore", env: { ANTHROPIC_API_KEY: "" } });
  try {
    await waitForText(paths, "[event:system][keeper] scheduler: ", 0);
    await sleep(1500); // the first sweep and the Verifier's catch-up settle
    return await measure(up.pid!);
  } finally {
    up.kill("SIGTERM");
    await up;
  }
}

async function memory(root: string, n: number): Promise<Row> {
  const idle = worldPaths(join(root, `idle-${n}`));
  const busy = worldPaths(join(root, `busy-${n}`));
  const far = Date.now() + 24 * 3600_000;
  parkReminders(busy, n, (i) => far + i * 1000);
  parkReminders(idle, 1, () => far); // the same files exist, one reminder: the floor
  progress(`RSS under world up: idle, then ${n.toLocaleString("en-US")} parked reminders…`);
  const idleMb = await underUp(idle, async (pid) => treeRssMb(pid));
  const busyMb = await underUp(busy, async (pid) => treeRssMb(pid));
  const per = ((busyMb - idleMb) * 1024) / (n - 1);
  return {
    name: `RSS of world up (Keeper + Verifier + children) with ${n.toLocaleString("en-US")} parked reminders`,
    value: `${busyMb.toFixed(0)} MB: ${per.toFixed(1)} kB per reminder, ${(busyMb - idleMb).toFixed(1)} MB in all`,
    floor: `the same world idle ${idleMb.toFixed(0)} MB`,
    ratio: fmt.x(busyMb / idleMb),
    note: "target ≤ 2 MB per reminder, ≤ 100 MB for 10,000; was 112 MB each (a Node reminder + a Node reaper)",
  };
}

async function lateness(root: string, n: number): Promise<Row> {
  const paths = worldPaths(join(root, "late"));
  mkdirSync(paths.home, { recursive: true });
  progress(`lateness of ${n} reminders due within the same seconds…`);
  return underUp(paths, async () => {
    const t0 = Date.now() + 3000;
    const dueAt = (i: number) => t0 + (i % 50) * 100; // 1,000 due within 5 s
    parkReminders(paths, n, dueAt); // while the Keeper runs: it follows the log
    // The floor: the same due times as timers in this process.
    const floor = await Promise.all(Array.from({ length: n }, (_, i) => new Promise<number>((resolve) => setTimeout(() => resolve(Date.now() - dueAt(i)), dueAt(i) - Date.now()))));
    let delivered: { id: string; ts: string }[] = [];
    for (let tries = 0; tries < 600 && delivered.length < n; tries++) {
      delivered = collectEntries(paths.log).entries.filter((e) => e.kind === "event" && e.source === "notify");
      if (delivered.length < n) await sleep(100);
    }
    const late = delivered.map((e) => Date.parse(e.ts) - dueAt(Number(e.id.slice(4))));
    const show = (xs: number[]) => `median ${fmt.ms(median(xs))}, p99 ${fmt.ms(percentile(xs, 99))}, max ${fmt.ms(Math.max(...xs))}`;
    return {
      name: `wake-up lateness, ${n.toLocaleString("en-US")} reminders due within 5 s (${delivered.length} delivered)`,
      value: show(late),
      floor: `setTimeout in one process ${show(floor)}`,
      ratio: fmt.x(percentile(late, 99) / Math.max(1, percentile(floor, 99))),
      note: "target p99 ≤ 1 s, max ≤ 2 s; ratio of p99s",
    };
  });
}

export async function run(): Promise<void> {
  const full = process.argv.includes("--full");
  const root = mkdtempSync(join(tmpdir(), "world-bench-parked-"));
  // Lateness and launch times depend on what else the machine runs: say how loaded it was.
  const loadAtStart = loadavg()[0]!;
  try {
    const rows: Row[] = [];
    for (const n of full ? [1000, 10_000] : [1000]) rows.push(await memory(root, n));
    rows.push(await lateness(root, 1000));
    progress("agents under their sh parent…");
    const launch = worldPaths(join(root, "launch"));
    mkdirSync(launch.home, { recursive: true });
    rows.push(...(await agentLaunch(launch, 10)));
    rows.push({
      name: "machine load while measuring (1-minute load average)",
      value: `${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`,
      floor: `${cpus().length} cores`,
      ratio: fmt.x(Math.max(loadAtStart, loadavg()[0]!) / cpus().length),
      note: "above 1× the processes measured waited for a core",
    });
    printTable("Parked agents: waiting is data (issue 10)", rows);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
