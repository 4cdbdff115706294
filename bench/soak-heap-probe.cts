/**
 * Loaded with `--require` (NODE_OPTIONS) by bench/soak.ts into `world up` and, since Node
 * runs `--require` preloads in worker threads too, into each level's thread: every
 * WORLD_SOAK_EVERY_MS it appends one CSV row of this thread's V8 heap to WORLD_SOAK_HEAP_FILE.
 * A thread's heap cannot be read from outside the process on Node 20 (Worker#getHeapStatistics
 * came in 22); this costs one timer a minute, unref'd so it keeps nothing alive.
 */
import { appendFileSync } from "node:fs";
import { getHeapStatistics } from "node:v8";
import { threadId } from "node:worker_threads";

const file = process.env.WORLD_SOAK_HEAP_FILE;
const every = Number(process.env.WORLD_SOAK_EVERY_MS ?? 60_000);
if (file) {
  // A level thread's argv is the `world` command it runs (`keeper --home …`): its first word names it.
  const args = process.argv.slice(2).filter((a) => !a.startsWith("-") && !a.includes("/"));
  const name = threadId === 0 ? `${args[0] ?? "main"}` : `${args[0] ?? "thread"}`;
  const mb = (n: number) => (n / 1048576).toFixed(2);
  setInterval(() => {
    const h = getHeapStatistics();
    try {
      appendFileSync(file, `${new Date().toISOString()},${process.pid},${threadId},${name},${mb(h.used_heap_size)},${mb(h.total_heap_size)},${mb(h.malloced_memory)},${mb(h.external_memory)}\n`);
    } catch {
      // the soak's file gone: nothing to report to
    }
  }, every).unref();
}
