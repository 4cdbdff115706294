/**
 * `npm run bench -- supervise`: the Verifier's trigger latency, agent launch, the Keeper's sweep.
 *
 *   1. From a `finish` line appended to its verdict line (an exact evidence check, the
 *      real `world verifier` daemon), median and p95 over BENCH_AGENTS (default 40)
 *      agents, with the default debounce (5 ms) and with none — against the raw fs.watch
 *      latency (append → callback) measured in the same run.
 *   2. What an agent's sh parent costs (bench/agent-launch.ts): launch → exit line, and memory.
 *   3. A Keeper sweep over a log of BENCH_SWEEP_LINES (default 1,000,000) lines and
 *      1/100 as many sessions (bench/generate-log.ts): the index build, the first sweep
 *      (its health check reads every line), a sweep after 1000 new lines, and a sweep
 *      after "downtime" (the clock far past the log: everything open times out) — wall
 *      time and peak memory, each in its own process, against reading + parsing every
 *      line in the same way.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { appendOnce } from "../tools/world/append.js";
import { worldPaths, type WorldPaths } from "../tools/world/paths.js";
import { agentLaunch } from "./agent-launch.js";
import { generateLog } from "./generate-log.js";
import { fmt, median, percentile, printTable, runScript, type Row } from "./measure.js";
import { waitForText, watchFloor } from "./reaction.js";

const progress = (text: string) => process.stderr.write(`[bench supervise] ${text}\n`);
const WORLD_BIN = fileURLToPath(new URL("../bin/world.js", import.meta.url));
const CHILD = fileURLToPath(new URL("./supervise-sweep-child.js", import.meta.url));
const now = () => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function triggerLatency(paths: WorldPaths, agents: number, debounce: string): Promise<number[]> {
  const daemon = execa(process.execPath, [WORLD_BIN, "--home", paths.home, "verifier", "--debounce", debounce], { reject: false, env: { ANTHROPIC_API_KEY: "" } });
  try {
    // Warm up: the daemon is ready once it has judged a first agent.
    const xs: number[] = [];
    for (let i = -3; i < agents; i++) {
      const id = `lat-${debounce}-${i + 3}`;
      appendOnce(paths, { kind: "agent", status: "start", id, output: "bench", need: "output matches /done/" });
      await sleep(i < 0 ? 300 : 40); // let the Verifier settle after the start line
      const from = statSync(paths.log).size;
      const t0 = now();
      appendOnce(paths, { kind: "agent", status: "finish", id, output: "done" });
      const t1 = await waitForText(paths, `[agent:verified][${id}]`, from);
      if (i >= 0) xs.push(t1 - t0);
    }
    return xs;
  } finally {
    daemon.kill("SIGTERM");
    await daemon;
  }
}

interface ChildRun {
  /** Wall time of the work inside the child (without node's start-up). */
  workMs: number;
  /** Wall time of the whole child process. */
  ms: number;
  maxRssMb: number;
  detail: Record<string, number> | null;
}

export async function run(): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), "world-bench-supervise-"));
  try {
    const agents = Number(process.env.BENCH_AGENTS ?? 40);
    const lat = worldPaths(join(tmp, "latency"));
    mkdirSync(lat.home, { recursive: true });
    progress(`trigger latency over ${agents} agents…`);
    const floor = await watchFloor(tmp, agents);
    const debounced = await triggerLatency(lat, agents, "5ms");
    const immediate = await triggerLatency(lat, agents, "0ms");
    const rows: Row[] = [];
    const line = (name: string, xs: number[]) =>
      rows.push({
        name,
        value: `median ${fmt.ms(median(xs))}, p95 ${fmt.ms(percentile(xs, 95))}`,
        floor: `fs.watch median ${fmt.ms(median(floor))}, p95 ${fmt.ms(percentile(floor, 95))}`,
        ratio: fmt.x(median(xs) / median(floor)),
        note: `median over median, n=${xs.length}`,
      });
    line("finish → verdict, evidence judge, debounce 5 ms (default)", debounced);
    line("finish → verdict, evidence judge, no debounce", immediate);
    progress("agents under their sh parent…");
    const launch = worldPaths(join(tmp, "launch"));
    mkdirSync(launch.home, { recursive: true });
    rows.push(...(await agentLaunch(launch, 20)));

    const lines = Number(process.env.BENCH_SWEEP_LINES ?? 1_000_000);
    const sessions = Math.max(1, Math.round(lines / 100));
    const big = worldPaths(join(tmp, "big"));
    mkdirSync(big.home, { recursive: true });
    progress(`generating ${lines.toLocaleString("en-US")} lines, ${sessions.toLocaleString("en-US")} sessions…`);
    const stats = generateLog(big.log, { lines, sessions });
    const logEnd = new Date(Date.parse(stats.lastTs) + 60_000).toISOString();
    const child = (...args: string[]) => runScript<ChildRun>(CHILD, [big.home, ...args]);
    progress("parse floor, index build, sweeps…");
    const parse = child("parse");
    const index = child("index");
    const first = child("sweep", logEnd);
    generateLog(big.log, { lines: 1000, sessions: 10, seed: 9, prefix: "more", start: new Date(Date.parse(stats.lastTs) + 1000) });
    const warm = child("sweep", new Date(Date.parse(stats.lastTs) + 120_000).toISOString());
    const downtime = child("sweep");
    const vs = `read+parse ${lines.toLocaleString("en-US")} lines ${fmt.ms(parse.workMs)}, ${parse.maxRssMb.toFixed(0)} MB`;
    const d = (r: ChildRun) => r.detail ?? {};
    rows.push(
      { name: `index build, cold (${lines.toLocaleString("en-US")} lines, ${sessions.toLocaleString("en-US")} sessions)`, value: `${fmt.ms(index.workMs)}, peak ${index.maxRssMb.toFixed(0)} MB`, floor: vs, ratio: fmt.x(index.workMs / parse.workMs) },
      { name: `first sweep, warm index (health reads all lines; ${d(first).timedOut} timed out, ${d(first).escalated} escalated)`, value: `${fmt.ms(first.workMs)}, peak ${first.maxRssMb.toFixed(0)} MB`, floor: vs, ratio: fmt.x(first.workMs / parse.workMs) },
      { name: "sweep after 1,000 new lines", value: `${fmt.ms(warm.workMs)}, peak ${warm.maxRssMb.toFixed(0)} MB`, floor: vs, ratio: fmt.x(warm.workMs / parse.workMs) },
      { name: `sweep after downtime (clock = now: ${d(downtime).timedOut} timed out, ${d(downtime).escalated} escalated)`, value: `${fmt.ms(downtime.workMs)}, peak ${downtime.maxRssMb.toFixed(0)} MB`, floor: vs, ratio: fmt.x(downtime.workMs / parse.workMs) },
    );
    printTable("supervise: Verifier trigger latency, Keeper sweep", rows);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
