/**
 * `npm run bench -- startup`: how long the daemons and an agent take to start, against
 * `node -e 0` in the same run (the machines are shared: ratios hold, absolute times wobble).
 *   - `world spirit`: spawn → its `awake:` line in world.log;
 *   - `world verifier`: spawn → "verifier: following …" on stderr (its modules are loaded);
 *   - a reminder: `world spawn … --kind reminder` → its `armed:` line. Due in an hour, it is
 *     parked by the CLI itself (agents/park-at-spawn.ts): the CLI's start-up and chrono-node
 *     reading the time; no agent process (before, the sh parent and the agent's start-up too).
 * Offline (no ANTHROPIC_API_KEY), as most runs are: what is loaded there is what start-up costs.
 * BENCH_STARTUP_RUNS (default 7) runs of each; the median is shown, and min/min in the note.
 * When NODE_EXTRA_CA_CERTS is set (every node start then loads a certificate file, ~40 ms),
 * the reminder and its floor are measured again without it: the alarm agents never load it
 * (agents/ca-certs.ts), so with it set the reminder pays it once, as the floor does.
 */
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WORLD_BIN } from "../tools/package-root.js";
import { signalGroup } from "../tools/process/identity.js";
import { worldPaths, type WorldPaths } from "../tools/world/paths.js";
import { withoutExtraCerts } from "./log-timing.js";
import { fmt, median, printTable, type Row } from "./measure.js";
import { waitForText } from "./reaction.js";

const now = () => Number(process.hrtime.bigint()) / 1e6;
const progress = (text: string) => process.stderr.write(`[bench startup] ${text}\n`);
const ENV = { ...process.env, ANTHROPIC_API_KEY: "" };

function sizeOf(paths: WorldPaths): number {
  return statSync(paths.log, { throwIfNoEntry: false })?.size ?? 0;
}

function nodeFloor(env: NodeJS.ProcessEnv = ENV): number {
  const t = now();
  const r = spawnSync(process.execPath, ["-e", "0"], { env, stdio: "ignore" });
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

async function reminderStart(paths: WorldPaths, id: string, env: NodeJS.ProcessEnv = ENV): Promise<number> {
  const from = sizeOf(paths);
  const t = now();
  const r = spawnSync(process.execPath, [WORLD_BIN, "--home", paths.home, "spawn", "remind me in 1 hour to stretch | need: event notify logged", "--kind", "reminder", "--id", id], { env, stdio: ["ignore", "ignore", "inherit"] });
  if (r.status !== 0) throw new Error(`world spawn exited ${r.status}`);
  const ready = await waitForText(paths, `[agent:active][${id}] armed:`, from);
  // Due in an hour, it is parked by `world spawn` itself (agents/park-at-spawn.ts): no process, pgid null.
  const record = JSON.parse(readFileSync(join(paths.procs, `${id}.json`), "utf8")) as { pgid: number | null };
  if (record.pgid !== null) signalGroup(record.pgid, "SIGKILL"); // the bench only wanted it started
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
    const certsSet = process.env.NODE_EXTRA_CA_CERTS !== undefined;
    const noCerts = { ...withoutExtraCerts(), ANTHROPIC_API_KEY: "" };
    const floorNoCerts: number[] = [];
    const reminderNoCerts: number[] = [];
    // Interleaved, so that a busy moment of the machine weighs on all of them alike.
    for (let i = 0; i < runs; i++) {
      progress(`run ${i + 1} of ${runs}…`);
      floor.push(nodeFloor());
      spirit.push(await spiritStart(paths));
      verifier.push(await verifierStart(paths));
      reminder.push(await reminderStart(paths, `startup-${i}`));
      if (certsSet) {
        floorNoCerts.push(nodeFloor(noCerts));
        reminderNoCerts.push(await reminderStart(paths, `startup-nocerts-${i}`, noCerts));
      }
    }
    const TARGET = "; target ≤ 2.50x (issue 23)";
    const row = (name: string, xs: number[], target = "", floors = floor, what = "node -e 0"): Row => ({
      name,
      value: fmt.ms(median(xs)),
      floor: `${what}: ${fmt.ms(median(floors))}`,
      ratio: fmt.x(median(xs) / median(floors)),
      note: `min/min ${fmt.x(Math.min(...xs) / Math.min(...floors))}${target}`,
    });
    printTable(`Start-up, offline (median of ${runs})`, [
      row("world spirit → awake line", spirit, TARGET),
      row("world verifier → following", verifier),
      row(`world spawn --kind reminder → armed line${certsSet ? " (NODE_EXTRA_CA_CERTS set)" : ""}`, reminder, TARGET),
      ...(certsSet ? [row("the same, NODE_EXTRA_CA_CERTS removed", reminderNoCerts, TARGET, floorNoCerts, "node -e 0 without it")] : []),
    ]);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
