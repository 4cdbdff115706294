/**
 * Following the log: fs.watch of the home directory (what tools/world/follow.ts is built
 * on), follow() itself, and chokidar 5 with default options. Measured: latency from an
 * append to the callback, and for bursts of appends written by another process, how
 * many appends a follower that reads to the end on every callback had seen once the
 * writer stopped plus a grace period (i.e. whether the last append was reported).
 */
import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, rmSync, statSync, watch as fsWatch, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { watch as chokidarWatch } from "chokidar";
import { follow } from "../tools/world/follow.js";
import { worldPaths } from "../tools/world/paths.js";
import { fmt, median, percentile, type Row } from "./measure.js";
import { burstLine, LINE_BYTES } from "./log-burst-writer-child.js";

const WRITER = fileURLToPath(new URL("./log-burst-writer-child.js", import.meta.url));

type Kind = "fs.watch" | "follow()" | "chokidar";
const KINDS: readonly Kind[] = ["fs.watch", "follow()", "chokidar"];

/** A watcher calls `onWake` on every notification; `stop` releases it. */
interface Watching {
  /** How many lines the follower had seen, as of its latest notification. */
  seen: () => number;
  callbacks: () => number;
  stop: () => Promise<void>;
}

async function startWatching(kind: Kind, home: string, onWake: () => void): Promise<Watching> {
  const log = worldPaths(home).log;
  let callbacks = 0;
  let seenBytes = statSync(log).size;
  const wake = () => {
    callbacks += 1;
    seenBytes = Math.max(seenBytes, statSync(log).size); // a follower reads to the end here
    onWake();
  };
  if (kind === "fs.watch") {
    const w = fsWatch(home, (_event, file) => {
      if (file === "world.log") wake();
    });
    return { seen: () => seenBytes / LINE_BYTES, callbacks: () => callbacks, stop: async () => w.close() };
  }
  if (kind === "chokidar") {
    const w = chokidarWatch(log);
    w.on("change", wake);
    await new Promise<void>((resolve) => w.once("ready", () => resolve()));
    return { seen: () => seenBytes / LINE_BYTES, callbacks: () => callbacks, stop: () => w.close() };
  }
  const stop = new AbortController();
  let entries = statSync(log).size / LINE_BYTES;
  const loop = (async () => {
    for await (const _entry of follow(worldPaths(home), { signal: stop.signal })) {
      entries += 1;
      callbacks += 1;
      onWake();
    }
  })();
  await sleep(50); // let follow() set up its watch before the first append
  return {
    seen: () => entries,
    callbacks: () => callbacks,
    stop: async () => {
      stop.abort();
      await loop;
    },
  };
}

function freshHome(dir: string, kind: Kind): string {
  const home = join(dir, `follow-${kind.replace(/\W/g, "")}`);
  rmSync(home, { recursive: true, force: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(worldPaths(home).log, burstLine(0));
  return home;
}

/** Latency from a write (in this process) to the notification, `samples` times `gapMs` apart. */
async function latency(kind: Kind, dir: string, samples: number, gapMs: number): Promise<{ ms: number[]; missed: number }> {
  const home = freshHome(dir, kind);
  let arrived: ((t: bigint) => void) | undefined;
  const w = await startWatching(kind, home, () => arrived?.(process.hrtime.bigint()));
  const fd = openSync(worldPaths(home).log, "a");
  const ms: number[] = [];
  let missed = 0;
  try {
    for (let i = 1; i <= samples; i++) {
      const got = new Promise<bigint | undefined>((resolve) => {
        arrived = resolve;
        setTimeout(() => resolve(undefined), 1000).unref();
      });
      const t = process.hrtime.bigint();
      writeSync(fd, burstLine(i));
      const at = await got;
      arrived = undefined;
      if (at === undefined) missed += 1;
      else ms.push(Number(at - t) / 1e6);
      await sleep(gapMs);
    }
  } finally {
    closeSync(fd);
    await w.stop();
  }
  return { ms, missed };
}

/** A burst from another process; returns appends seen after the writer stopped + grace. */
async function burst(kind: Kind, dir: string, count: number, intervalMs: number, graceMs: number) {
  const home = freshHome(dir, kind);
  const w = await startWatching(kind, home, () => {});
  const before = w.seen();
  const writer = spawn(process.execPath, [WRITER, worldPaths(home).log, String(count), String(intervalMs)], { stdio: "ignore" });
  await new Promise<void>((resolve, reject) => writer.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`writer exited ${code}`)))));
  await sleep(graceMs);
  const seen = Math.round(w.seen() - before);
  const callbacks = w.callbacks();
  await w.stop();
  return { seen, callbacks };
}

export interface FollowPlan {
  samples: number;
  gapMs: number;
  graceMs: number;
  /** [appends per burst, ms apart, how many bursts] */
  bursts: [number, number, number][];
}

const DEFAULT_PLAN: FollowPlan = { samples: 40, gapMs: 60, graceMs: 300, bursts: [[100, 20, 3], [200, 0, 5]] };

export async function following(dir: string, plan: FollowPlan = DEFAULT_PLAN): Promise<{ rows: Row[]; summary: string }> {
  const rows: Row[] = [];
  const lat = new Map<Kind, { ms: number[]; missed: number }>();
  for (const kind of KINDS) lat.set(kind, await latency(kind, dir, plan.samples, plan.gapMs));
  const base = median(lat.get("fs.watch")!.ms);
  for (const kind of KINDS) {
    const { ms, missed } = lat.get(kind)!;
    rows.push({
      name: `${kind}: append → notification, ${plan.samples} appends ${plan.gapMs} ms apart`,
      value: ms.length ? `median ${fmt.ms(median(ms))}, p95 ${fmt.ms(percentile(ms, 95))}` : "none",
      floor: `fs.watch median ${fmt.ms(base)}`,
      ratio: ms.length ? fmt.x(median(ms) / base) : "-",
      ...(missed > 0 && { note: `${missed} appends not reported within 1 s` }),
    });
  }
  // How many bursts ended with their last append unreported, per watcher.
  const lostLast = new Map<Kind, number>(KINDS.map((k) => [k, 0]));
  let burstCount = 0;
  for (const [count, intervalMs, times] of plan.bursts) {
    burstCount += times;
    for (const kind of KINDS) {
      const seen: number[] = [];
      const calls: number[] = [];
      for (let i = 0; i < times; i++) {
        const r = await burst(kind, dir, count, intervalMs, plan.graceMs);
        seen.push(r.seen);
        calls.push(r.callbacks);
      }
      const lost = seen.filter((n) => n < count).length;
      lostLast.set(kind, lostLast.get(kind)! + lost);
      const total = seen.reduce((a, b) => a + b, 0);
      rows.push({
        name: `${kind}: ${times} bursts of ${count} appends ${intervalMs} ms apart`,
        value:
          `seen per burst ${seen.join(", ")}; ${kind === "follow()" ? "entries yielded" : "callbacks"} ${calls.join(", ")}; ` +
          `last append ${lost === 0 ? "reported every time" : `NOT reported in ${lost} of ${times}`}`,
        floor: `${count} written per burst`,
        ratio: `${((100 * total) / (count * times)).toFixed(1)}% seen`,
      });
    }
  }
  const medianOf = (k: Kind) => (lat.get(k)!.ms.length ? median(lat.get(k)!.ms) : Infinity);
  const verdict = (k: Kind) =>
    `${k}: median ${fmt.ms(medianOf(k))}, ${lat.get(k)!.missed} of ${plan.samples} single appends unreported, ` +
    `last append unreported in ${lostLast.get(k)} of ${burstCount} bursts`;
  const [fast, slow]: [Kind, Kind] = medianOf("chokidar") > medianOf("fs.watch") ? ["fs.watch", "chokidar"] : ["chokidar", "fs.watch"];
  const c = lostLast.get("chokidar")!;
  const w = lostLast.get("fs.watch")!;
  const summary =
    `${KINDS.map(verdict).join("; ")}. Faster: ${fast} (${fmt.x(medianOf(slow) / medianOf(fast))} lower median latency). ` +
    `More reliable: ${c > w ? "fs.watch" : c < w ? "chokidar" : "neither lost a last append in this run"}` +
    `${lostLast.get("follow()") === 0 ? "; follow() delivered every append" : ""}.`;
  return { rows, summary };
}
