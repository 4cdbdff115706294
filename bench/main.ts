/**
 * `npm run bench`: every suite prints a table of measures against a floor measured in
 * the same run. `npm run bench -- log` runs only the suites whose name contains "log".
 * Suites are separate files; add yours to SUITES. A suite marked `named` (the two-hour soak)
 * runs only when asked for by its exact name: `npm run bench -- soak`. BENCH_LOAD=4 runs
 * everything beside 4 busy processes (bench/background-load.ts).
 */
import { backgroundLoadFromEnv, startBackgroundLoad } from "./background-load.js";

const SUITES: { name: string; named?: true; load: () => Promise<{ run: () => Promise<void> }> }[] = [
  { name: "log", load: () => import("./log.js") },
  { name: "monitor", load: () => import("./monitor.js") },
  { name: "supervise", load: () => import("./supervise.js") },
  { name: "spirit", load: () => import("./spirit.js") },
  { name: "lifecycle", load: () => import("./lifecycle.js") },
  { name: "parked", load: () => import("./parked.js") }, // `-- parked --full` adds 10,000 pending
  { name: "sync", load: () => import("./sync.js") },
  { name: "startup", load: () => import("./startup.js") },
  { name: "idle", load: () => import("./idle.js") },
  { name: "chain", load: () => import("./chain.js") },
  { name: "soak", named: true, load: () => import("./soak.js") },

];

const filter = process.argv[2];
const stopLoad = startBackgroundLoad(backgroundLoadFromEnv());
try {
  for (const suite of SUITES) {
    if (suite.named ? filter !== suite.name : filter && !suite.name.includes(filter)) continue;
    await (await suite.load()).run();
  }
} finally {
  stopLoad();
}
