/**
 * Child process for the supervise benchmark, so each measure's peak memory is its own.
 *
 *   node dist/bench/supervise-sweep-child.js HOME index            build the index (cold)
 *   node dist/bench/supervise-sweep-child.js HOME parse            floor: read + parse every line
 *   node dist/bench/supervise-sweep-child.js HOME sweep [NOW-ISO]  one Keeper sweep
 */
import { KEEPER_DEFAULTS } from "../keeper/config.js";
import { sweep } from "../keeper/sweep.js";
import { openIndex } from "../tools/world/index-db.js";
import { worldPaths } from "../tools/world/paths.js";
import { readEntries, START } from "../tools/world/read.js";

const [home, mode, now] = process.argv.slice(2);
if (!home || !mode) throw new Error("usage: supervise-sweep-child.js HOME index|parse|sweep [NOW]");
const paths = worldPaths(home);
const t = process.hrtime.bigint();
let detail: unknown = null;
if (mode === "index") {
  openIndex(paths).close();
} else if (mode === "parse") {
  let n = 0;
  readEntries(paths.log, START, () => {
    n += 1;
  });
  detail = { entries: n };
} else {
  const outcome = await sweep(paths, { ...KEEPER_DEFAULTS, killGraceMs: 1000 }, now ? { now: new Date(now) } : {});
  if (!outcome.ran) throw new Error(outcome.reason);
  const s = outcome.summary;
  detail = { timedOut: s.timedOut.length, escalated: s.escalated.length, dead: s.dead.length, healthLines: s.healthLines, healthProblems: s.healthProblems };
}
const ms = Number(process.hrtime.bigint() - t) / 1e6;
process.stdout.write(JSON.stringify({ workMs: ms, maxRssMb: process.resourceUsage().maxRSS / 1024, detail }) + "\n");
