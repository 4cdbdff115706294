/**
 * Index catch-up of the big log from empty, and of new lines on top, each in a child
 * process (its peak memory is the index's alone), against the raw insert floor run in
 * the same way in the same run.
 *
 * Rates use each child's own work time (from after its imports to after its close), the
 * span its CPU time covers too. The parent's spawn-to-exit time adds a Node start (a whole
 * `node -e ''`), loading the index's modules and the exit: ~1% of the floor's 1M lines, but a
 * large share of a 10,000-line catch-up (issue 23, docs/bench.md): shown beside it, not hidden.
 */
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { fmt, runScript, type Row } from "./measure.js";
import { generateLog, type LogStats } from "./generate-log.js";
import type { MainThreadSplit } from "./main-thread.js";

const child = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));

interface Run {
  lines: number;
  /** Spawn to exit, measured by the parent (runScript). */
  ms: number;
  /** The child's own: from after its imports to after its close. */
  workMs: number;
  cpuMs: number;
  phases?: { open: MainThreadSplit; catchUp: MainThreadSplit; close: MainThreadSplit };
  maxRssMb: number;
  indexMb?: number;
}

export function indexCatchUp(home: string, log: string, stats: LogStats, tmp: string, newLines: number): Row[] {
  const floor = runScript<Run>(child("log-insert-floor-child.js"), [log, join(tmp, "floor.db")]);
  const full = runScript<Run>(child("log-catch-up-child.js"), [home]);
  // New lines on top: new sessions (another id prefix), timestamps after the last line.
  generateLog(log, { lines: newLines, sessions: Math.max(1, newLines / 100), seed: 7, prefix: "inc", start: new Date(Date.parse(stats.lastTs) + 1000) });
  const more = runScript<Run>(child("log-catch-up-child.js"), [home]);
  const rate = (r: Run) => (r.lines / r.workMs) * 1000;
  const secs = (r: Run) => `${(r.workMs / 1000).toFixed(1)} s wall, ${(r.cpuMs / 1000).toFixed(1)} s CPU`;
  return [
    {
      name: `index catch-up from empty (${full.lines.toLocaleString("en-US")} lines)`,
      value: `${fmt.rate(rate(full))} (${secs(full)}; index ${full.indexMb!.toFixed(0)} MiB)`,
      floor: `raw parse+insert ${fmt.rate(rate(floor))} (${secs(floor)})`,
      ratio: fmt.x(full.ms / floor.ms),
      note: `slowdown; CPU ${fmt.x(full.cpuMs / floor.cpuMs)}`,
    },
    {
      name: "peak memory of that catch-up (maxRSS of the child)",
      value: `${full.maxRssMb.toFixed(0)} MB`,
      floor: `raw parse+insert ${floor.maxRssMb.toFixed(0)} MB`,
      ratio: fmt.x(full.maxRssMb / floor.maxRssMb),
      note: "must stay < 200 MB",
    },
    {
      name: `incremental catch-up (${more.lines.toLocaleString("en-US")} new lines on top: entries, sessions, ids and FTS kept up to date)`,
      value: `${fmt.rate(rate(more))} (${fmt.ms(more.workMs)} wall, ${fmt.ms(more.cpuMs)} CPU, peak ${more.maxRssMb.toFixed(0)} MB; spawn to exit ${fmt.ms(more.ms)})`,
      floor: `raw parse+insert ${fmt.rate(rate(floor))}`,
      ratio: fmt.x(rate(floor) / rate(more)),
      // Per line, against the floor's CPU per line (steadier than wall time on a busy machine).
      note:
        `slowdown; CPU ${fmt.x(more.cpuMs / more.lines / (floor.cpuMs / floor.lines))}; target ≤ 5x (≥ 0.2x the floor's rate); ` +
        `spawn to exit ${fmt.x((more.ms / more.lines) * (floor.lines / floor.workMs))}${more.phases ? `; main thread ${split(more.phases)}` : ""}`,
    },
  ];
}

/**
 * "open and catch-up 80.1 ms on CPU + 0.3 waiting for one + 5.2 asleep (10 sleeps), close …".
 * The open (~2 ms) is told with the catch-up: alone it is below the split's resolution (a tick).
 */
function split(phases: NonNullable<Run["phases"]>): string {
  const one = (name: string, p: Omit<MainThreadSplit, "wallMs">) =>
    `${name} ${p.runMs.toFixed(1)} ms on CPU + ${p.queueMs.toFixed(1)} waiting for one + ${p.sleepMs.toFixed(1)} asleep (${p.sleeps} sleeps)`;
  const { open, catchUp } = phases;
  const work = { runMs: open.runMs + catchUp.runMs, queueMs: open.queueMs + catchUp.queueMs, sleepMs: open.sleepMs + catchUp.sleepMs, sleeps: open.sleeps + catchUp.sleeps };
  return [one("open and catch-up", work), one("close", phases.close)].join(", ");
}
