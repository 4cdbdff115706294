/**
 * Wall time of whole commands, interleaved: run 1 of every command, then run 2 of every
 * command, and so on, so that a slow patch of the shared machine hits the subject and
 * its floor alike and their ratio holds.
 */
import { spawnSync } from "node:child_process";
import { median, percentile } from "./measure.js";

export interface Cmd {
  name: string;
  cmd: string;
  /** Arguments, or a function of the run number (e.g. a fresh session id per run). */
  args: readonly string[] | ((run: number) => readonly string[]);
  env?: NodeJS.ProcessEnv;
}

export interface Timing {
  median: number;
  /** The least disturbed run: on a shared machine its ratio is the steadiest. */
  min: number;
  p95: number;
  runs: number;
}

/** `runs` timed runs of each command after one untimed warm-up run of each. */
export function timeInterleaved(cmds: readonly Cmd[], runs: number): Map<string, Timing> {
  const times = new Map<string, number[]>(cmds.map((c) => [c.name, []]));
  for (let run = -1; run < runs; run++) {
    for (const c of cmds) {
      const args = typeof c.args === "function" ? c.args(run + 1) : c.args;
      const t = process.hrtime.bigint();
      // stdout is a pipe, not /dev/null: GNU grep stops at the first match when its output
      // is /dev/null, which would make the grep floor meaninglessly fast.
      const r = spawnSync(c.cmd, args, { stdio: ["ignore", "pipe", "pipe"], env: c.env ?? process.env, encoding: "utf8", maxBuffer: 1 << 26 });
      const ms = Number(process.hrtime.bigint() - t) / 1e6;
      // grep -c exits 1 when it counts 0: that is an answer, not a failure.
      if (r.status !== 0 && !(c.cmd === "grep" && r.status === 1)) {
        throw new Error(`${c.name}: ${c.cmd} ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
      }
      if (run >= 0) times.get(c.name)!.push(ms);
    }
  }
  return new Map([...times].map(([name, xs]) => [name, { median: median(xs), min: Math.min(...xs), p95: percentile(xs, 95), runs: xs.length }]));
}

/** The environment without NODE_EXTRA_CA_CERTS (which costs every node start a certificate load). */
export function withoutExtraCerts(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_EXTRA_CA_CERTS;
  return env;
}
