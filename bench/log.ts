/**
 * `npm run bench -- log`: the world log's costs against floors measured in the same run.
 *
 *   1. CLI calls (`world event`, `world agent`) vs `node -e ''` (with and without
 *      NODE_EXTRA_CA_CERTS) and vs `grep -c` over the same 1M-line log
 *   2. in-process appends vs raw writeSync (and fdatasync) loops
 *   3. index catch-up of 1M lines vs a raw parse+insert loop; peak memory; incremental
 *   4. `world query` with a warm index vs `node -e ''` and `grep -c`
 *   5. following the log: fs.watch / follow() vs chokidar
 *
 * BENCH_LOG_LINES (default 1,000,000) shrinks the log for a quick look. See docs/bench.md.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { appendOnce } from "../tools/world/append.js";
import { worldPaths } from "../tools/world/paths.js";
import { generateLog } from "./generate-log.js";
import { agentCalls, eventCall, queries } from "./log-cli.js";
import { appends } from "./log-append.js";
import { following } from "./log-follow.js";
import { indexCatchUp } from "./log-index.js";
import { printTable, type Row } from "./measure.js";

const progress = (text: string) => process.stderr.write(`[bench log] ${text}\n`);

export async function run(): Promise<void> {
  const lines = Number(process.env.BENCH_LOG_LINES ?? 1_000_000);
  const sessions = Math.max(1, Math.round(lines / 100));
  const tmp = mkdtempSync(join(tmpdir(), "world-bench-log-"));
  const began = Date.now();
  try {
    const big = worldPaths(join(tmp, "big"));
    mkdirSync(big.home, { recursive: true });
    progress(`generating ${lines.toLocaleString("en-US")} lines, ${sessions.toLocaleString("en-US")} sessions…`);
    const t = Date.now();
    const stats = generateLog(big.log, { lines, sessions });
    const genMs = Date.now() - t;

    const small = worldPaths(join(tmp, "small"));
    appendOnce(small, { kind: "event", source: "system", id: "boot", output: "a small world for CLI start-up" });

    progress("1/5 world event: start-up vs node -e ''…");
    const cli: Row[] = eventCall(small.home, 21);
    progress("3/5 index catch-up (child processes)…");
    const index = indexCatchUp(big.home, big.log, stats, tmp, 10_000);
    progress("4/5 queries with a warm index…");
    const query = queries(big.home, big.log, { rare: stats.rareWord, common: stats.commonWord }, 11);
    progress("1/5 world agent on the big log…");
    cli.push(...agentCalls(big.home, big.log, { recent: stats.recentActiveId, oldest: stats.oldestActiveId }, 21));
    progress("2/5 in-process appends…");
    const append = appends(tmp, 200_000, 1_000);
    progress("5/5 following the log…");
    const follow = await following(tmp);

    const mib = statSync(big.log).size / 2 ** 20;
    process.stdout.write(
      `\n# world log (${lines.toLocaleString("en-US")} lines, ${mib.toFixed(0)} MiB, ${stats.sessions.toLocaleString("en-US")} sessions, ` +
        `${stats.agentLines.toLocaleString("en-US")} agent lines; generated in ${(genMs / 1000).toFixed(1)} s) — ` +
        `${cpus().length} × ${cpus()[0]?.model.trim() ?? "cpu"}, Node ${process.versions.node}\n`,
    );
    printTable("1. CLI calls (wall time, median; ratio vs node -e '' and vs grep -c)", cli);
    printTable("2. In-process appends (subject and floor alternating in slices)", append);
    printTable("3. Index catch-up", index);
    printTable(`4. Queries, warm index (${stats.rareWord}: ${stats.rareLines} lines; ${stats.commonWord}: ${stats.commonLines.toLocaleString("en-US")} lines)`, query);
    printTable("5. Following the log (bursts counted 300 ms after the writer stopped)", follow.rows);
    process.stdout.write(`\n${follow.summary}\n\nlog suite: ${((Date.now() - began) / 1000).toFixed(0)} s\n`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
