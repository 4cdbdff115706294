/**
 * The web monitor, measured against floors from the same run:
 *   - live: an append → its `event: entry` on an open /events stream of a real
 *     `world monitor` child process, against an fs.watch callback in this process on the
 *     same appends (the fastest anything can learn about an append);
 *   - snapshots: the JSON endpoints the page loads, on a generated 200k-line log, against
 *     a GET of a static file from the same server (the HTTP round trip itself).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, watch } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { appendOnce } from "../tools/world/append.js";
import { openIndex } from "../tools/world/index-db.js";
import { worldPaths } from "../tools/world/paths.js";
import { generateLog } from "./generate-log.js";
import { fmt, median, percentile, printTable, type Row } from "./measure.js";

const WORLD = fileURLToPath(new URL("../bin/world.js", import.meta.url));

async function startMonitor(home: string): Promise<{ child: ChildProcess; origin: string; token: string }> {
  const child = spawn(process.execPath, [WORLD, "--home", home, "monitor", "--port", "0"], { stdio: ["ignore", "pipe", "ignore"] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const line = out.split("\n").find((l) => l.startsWith("http://"));
      if (line) resolve(line.trim());
    });
    child.once("exit", (code) => reject(new Error(`world monitor exited ${code}`)));
  });
  const u = new URL(url);
  return { child, origin: u.origin, token: u.hash.slice("#token=".length) };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function live(home: string, appends: number): Promise<Row> {
  const paths = worldPaths(home);
  appendOnce(paths, { kind: "event", source: "system", id: "bench", output: "start" });
  const m = await startMonitor(home);
  const sent = new Map<string, bigint>();
  const sse: number[] = [];
  const fsw: number[] = [];
  let waiting: (() => void) | undefined;
  const fswSeen = new Set<string>();
  const watcher = watch(home, (_e, file) => {
    if (file !== "world.log") return;
    for (const [id, t] of sent) {
      if (fswSeen.has(id)) continue;
      fswSeen.add(id);
      fsw.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  });
  const res = await fetch(`${m.origin}/events?token=${m.token}`);
  const reader = res.body!.getReader();
  let buffer = "";
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += Buffer.from(value).toString("utf8");
      for (let cut = buffer.indexOf("\n\n"); cut !== -1; cut = buffer.indexOf("\n\n")) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const id = /"id":"(m-\d+)"/.exec(block)?.[1];
        const t = id === undefined ? undefined : sent.get(id);
        if (id !== undefined && t !== undefined) {
          sse.push(Number(process.hrtime.bigint() - t) / 1e6);
          sent.delete(id);
          waiting?.();
        }
      }
    }
  })();
  await sleep(300); // the stream is open; let the monitor's follower settle
  for (let i = 0; i < appends; i++) {
    const id = `m-${i}`;
    const done = new Promise<void>((resolve) => (waiting = resolve));
    sent.set(id, process.hrtime.bigint());
    appendOnce(paths, { kind: "event", source: "bench", id, output: `append ${i}` });
    await done;
    await sleep(5);
  }
  watcher.close();
  await stop(m.child);
  await reading.catch(() => {});
  const [s, f] = [median(sse), median(fsw)];
  return { name: `append → /events entry (median of ${appends}; p95 ${fmt.ms(percentile(sse, 95))})`, value: fmt.ms(s), floor: `${fmt.ms(f)} fs.watch`, ratio: fmt.x(s / f) };
}

async function snapshots(home: string, lines: number): Promise<Row[]> {
  const paths = worldPaths(home);
  mkdirSync(home, { recursive: true });
  generateLog(paths.log, { lines, sessions: Math.round(lines / 20) });
  openIndex(paths).close(); // the index is built once; the monitor then only catches up
  const m = await startMonitor(home);
  const time = async (path: string, runs = 15): Promise<number> => {
    const xs: number[] = [];
    for (let i = -3; i < runs; i++) {
      const t = process.hrtime.bigint();
      const r = await fetch(m.origin + path, { headers: { Authorization: `Bearer ${m.token}` } });
      await r.arrayBuffer();
      if (!r.ok) throw new Error(`${path}: ${r.status}`);
      if (i >= 0) xs.push(Number(process.hrtime.bigint() - t) / 1e6); // the first three warm up
    }
    return median(xs);
  };
  const floor = await time("/style.css");
  const rows: Row[] = [];
  for (const path of ["/api/counts", "/api/active", "/api/attention", "/api/recent?n=100", "/api/pending"]) {
    const ms = await time(path);
    rows.push({ name: `GET ${path} (${lines.toLocaleString("en-US")}-line log)`, value: fmt.ms(ms), floor: `${fmt.ms(floor)} GET /style.css`, ratio: fmt.x(ms / floor) });
  }
  await stop(m.child);
  return rows;
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "world-bench-monitor-"));
  try {
    const rows = [await live(join(dir, "live"), 200), ...(await snapshots(join(dir, "big"), 200_000))];
    printTable("web monitor", rows);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
