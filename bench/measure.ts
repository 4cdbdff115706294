/**
 * Small measuring tools for the benchmark: medians of repeated runs, peak memory of a
 * child process, and ratios against a floor measured in the same run (the machines are
 * shared and noisy, so absolute times wobble; ratios hold).
 */
import { spawnSync } from "node:child_process";

export interface Row {
  name: string;
  value: string;
  floor: string;
  ratio: string;
  note?: string;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/**
 * Runs a node script that prints one JSON object on its last stdout line; the script
 * reports its own peak memory as `maxRssMb` (process.resourceUsage().maxRSS / 1024).
 * `ms` is measured here, spawn to exit: a Node start and the script's imports included, so
 * a child that times its own work reports it under another name (`workMs`), not `ms`.
 */
export function runScript<T>(script: string, args: string[], env?: NodeJS.ProcessEnv): T & { ms: number } {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [script, ...args], { encoding: "utf8", env: env ?? process.env, maxBuffer: 1 << 26 });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`${script} failed (${r.status}): ${r.stderr}`);
  return { ...(JSON.parse(r.stdout.trim().split("\n").pop()!) as T), ms };
}

export const fmt = {
  ms: (x: number) => `${x.toFixed(1)} ms`,
  rate: (x: number) => `${Math.round(x).toLocaleString("en-US")}/s`,
  x: (x: number) => `${x.toFixed(2)}x`,
};

export function printTable(title: string, rows: Row[]): void {
  process.stdout.write(`\n## ${title}\n\n| measure | value | floor (same run) | ratio |\n|---|---|---|---|\n`);
  for (const r of rows) process.stdout.write(`| ${r.name} | ${r.value} | ${r.floor} | ${r.ratio}${r.note ? ` (${r.note})` : ""} |\n`);
}
