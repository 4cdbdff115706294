/**
 * BENCH_LOAD=N: N busy processes beside the run, so that "none more than 1.3× off at load 4"
 * (issue 23) is measured on purpose rather than waited for. Each spins in a loop at normal
 * priority until the run ends; on two cores, N=4 holds the load average near 4 plus the
 * run's own. The floors of each suite run under the same load, so ratios stay comparable.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { loadavg } from "node:os";

export function startBackgroundLoad(n: number): () => void {
  if (n === 0) return () => {};
  const burners: ChildProcess[] = [];
  for (let i = 0; i < n; i++) {
    // A bare loop: no output, nothing to read, killed at the end (and by the parent's death: stdio is a pipe it will lose).
    burners.push(spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: ["pipe", "ignore", "ignore"] }));
  }
  process.stderr.write(`[bench] BENCH_LOAD=${n}: ${n} busy processes started; load average now ${loadavg().map((l) => l.toFixed(1)).join(" ")}\n`);
  return () => {
    process.stderr.write(`[bench] BENCH_LOAD=${n}: load average at the end ${loadavg().map((l) => l.toFixed(1)).join(" ")}\n`);
    for (const b of burners) b.kill("SIGKILL");
  };
}

/** BENCH_LOAD as a count (0 or absent: none); anything else is one line and exit 2. */
export function backgroundLoadFromEnv(): number {
  const raw = process.env.BENCH_LOAD;
  if (raw === undefined || raw === "") return 0;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 64) {
    process.stderr.write(`bench: bad BENCH_LOAD: expected a whole number of busy processes from 0 to 64, received ${JSON.stringify(raw)}\n`);
    process.exit(2);
  }
  return n;
}
