/**
 * `npm run bench -- startup`: how long the daemons and an agent take to start, against
 * `node -e 0` in the same run (the machines are shared: ratios hold, absolute times wobble).
 *   - `world spirit`: spawn → its `awake:` line in world.log;
 *   - `world verifier`: spawn → "verifier: following …" on stderr (its modules are loaded);
 *   - a reminder agent: `world spawn … --kind reminder` → its `armed:` line (the CLI's spawn
 *     path, the sh parent, the agent's own start-up and chrono-node reading the time).
 * Offline (no ANTHROPIC_API_KEY), as most runs are: what is loaded there is what start-up costs.
 * BENCH_STARTUP_RUNS (default 7) runs of each; the median is shown.
 */
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WORLD_BIN } from "../tools/package-root.js";
import { signalGroup } from "../tools/process/identity.js";
import { worldPaths, type WorldPaths } from "../tools/world/paths.js";
import { fmt, median, printTable, type Row } from "./measure.js";
import { waitForText } from "./reaction.js";

const now = () => Number(process.hrtime.bigint()) / 1e6;
const progress = (text: string) => process.stderr.write(`[bench startup] ${text}\n`);
const ENV = { ...process.env, ANTHROPIC_API_KEY: "" };

function sizeOf(paths: WorldPaths): number {
  return statSync(paths.log, { throwIfNoEntry: false })?.size ?? 0;
}

function nodeFloor(): number {
  const t = now();
  const r = spawnSync(process.execPath, ["-e", "0"], { stdio: "ignore" });
  if (r.status !== 0) throw new Error("node -e 0 failed");
  return now() - t;
}

async function spiritStart(paths: WorldPaths): Promise<number> {
  const from = sizeOf(paths);
  const t = now();
  const child = spawn(process.execPath, [WORLD_BIN, "--home", paths.home, "spirit"], { env: ENV, stdio: "ignore" });
  const ready = await waitForText(paths, "[event:spirit][spirit] awake:", from);
  child.kill("SIGTERM");
  await once(child, "exit");
  return ready - t;
}

async function verifierStart(paths: WorldPaths): Promise<number> {
  const t = now();
  const child = spawn(process.execPath, [WORLD_BIN, "--home", paths.home, "verifier"], { env: ENV, stdio: ["ignore", "ignore", "pipe"] });
  let ready = 0;
  let said = "";
  for await (const chunk of child.stderr!) {
    said += String(chunk);
    if (said.includes("verifier: following")) {
      ready = now();
      break;
    }
  }
  if (ready === 0) throw new Error(`the verifier did not start: ${said.trim()}`);
  child.kill("SIGTERM");
  if (child.exitCode === null) await once(child, "exit");
  return ready - t;
}

async function reminderStart(paths: WorldPaths, i: number): Promise<number> {
  const id = `startup-${i}`;
  const from = sizeOf(paths);
  const t = now();
  const r = spawnSync(process.execPath, [WORLD_BIN, "--home", paths.home, "spawn", "remind me in 1 hour to stretch | need: event notify logged", "--kind", "reminder", "--id", id], { env: ENV, stdio: ["ignore", "ignore", "inherit"] });
  if (r.status !== 0) throw new Error(`world spawn exited ${r.status}`);
  const ready = await waitForText(paths, `[agent:active][${id}] armed:`, from);
  const record = JSON.parse(readFileSync(join(paths.procs, `${id}.json`), "utf8")) as { pgid: number };
  signalGroup(record.pgid, "SIGKILL"); // the bench only wanted it started
  return ready - t;
}

export async function run(): Promise<void> {
  const runs = Number(process.env.BENCH_STARTUP_RUNS ?? 7);
  const home = mkdtempSync(join(tmpdir(), "world-bench-startup-"));
  const paths = worldPaths(home);
  try {
    spawnSync(process.execPath, [WORLD_BIN, "--home", home, "event", "bench", "startup", "a world", "-q"], { env: ENV, stdio: "ignore" });
    const floor: number[] = [];
    const spirit: number[] = [];
    const verifier: number[] = [];
    const reminder: number[] = [];
    // Interleaved, so that a busy moment of the machine weighs on all of them alike.
    for (let i = 0; i < runs; i++) {
      progress(`run ${i + 1} of ${runs}…`);
      floor.push(nodeFloor());
      spirit.push(await spiritStart(paths));
      verifier.push(await verifierStart(paths));
      reminder.push(await reminderStart(paths, i));
    }
    const base = median(floor);
    const row = (name: string, xs: number[]): Row => ({ name, value: fmt.ms(median(xs)), floor: `node -e 0: ${fmt.ms(base)}`, ratio: fmt.x(median(xs) / base) });
    printTable(`Start-up, offline (median of ${runs})`, [
      row("world spirit → awake line", spirit),
      row("world verifier → following", verifier),
      row("world spawn --kind reminder → armed line", reminder),
    ]);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
