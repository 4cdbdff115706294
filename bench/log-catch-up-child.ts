/**
 * Child process: bring a world's index up to date (or rebuild it) and report the time,
 * the lines read and the peak memory of the process. Run in its own process so that
 * maxRSS is the index's alone.
 *
 * `workMs` and `cpuMs` span the same work: open, catch-up and close, timed together from
 * after this script's imports (runScript's `ms` is the parent's, spawn to exit: it adds
 * Node's start, module loading and exit). `phases` splits each of the three into the main
 * thread's time on a CPU, waiting for one and asleep (main-thread.ts; Linux only).
 *
 *   node dist/bench/log-catch-up-child.js HOME [--rebuild]
 */
import { statSync } from "node:fs";
import { WorldIndex } from "../tools/world/index-db.js";
import { worldPaths } from "../tools/world/paths.js";
import { mainThreadClock } from "./main-thread.js";

const [home, mode] = process.argv.slice(2);
if (!home) throw new Error("usage: log-catch-up-child.js HOME [--rebuild]");
const paths = worldPaths(home);
const t = process.hrtime.bigint();
const cpu = process.cpuUsage();
/** CPU time of this process since the start (user + system): steadier than wall time on a shared machine. */
const cpuMs = () => {
  const c = process.cpuUsage(cpu);
  return (c.user + c.system) / 1000;
};
const clock = mainThreadClock();
const index = new WorldIndex(paths);
const open = clock.split();
const lines = mode === "--rebuild" ? index.rebuild() : index.catchUp();
const catchUp = clock.split();
index.close();
const close = clock.split();
const workMs = Number(process.hrtime.bigint() - t) / 1e6;
const size = (f: string) => {
  try {
    return statSync(f).size;
  } catch {
    return 0;
  }
};
const phases = open && catchUp && close ? { open, catchUp, close } : undefined;
process.stdout.write(
  JSON.stringify({ cpuMs: cpuMs(), lines, workMs, phases, maxRssMb: process.resourceUsage().maxRSS / 1024, indexMb: (size(paths.index) + size(`${paths.index}-wal`)) / 2 ** 20 }) + "\n",
);
