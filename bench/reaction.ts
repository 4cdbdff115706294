/**
 * Latency helpers shared by the suites that time a daemon's reaction to the log:
 * the raw fs.watch floor, and waiting for a text to appear in the log.
 */
import { closeSync, openSync, readSync, watch, writeSync } from "node:fs";
import { join } from "node:path";
import type { WorldPaths } from "../tools/world/paths.js";
import { openToRead } from "../tools/fs/open-to-read.js";

const now = () => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Raw fs.watch: append a line, time until the watcher's callback. */
export async function watchFloor(dir: string, n: number): Promise<number[]> {
  const file = join(dir, "floor.log");
  const fd = openSync(file, "a");
  const xs: number[] = [];
  let sent = 0;
  let resolveOne: (() => void) | undefined;
  const watcher = watch(dir, (_e, name) => {
    if (name === "floor.log" && resolveOne) {
      xs.push(now() - sent);
      const r = resolveOne;
      resolveOne = undefined;
      r();
    }
  });
  for (let i = 0; i < n; i++) {
    await sleep(5);
    const got = new Promise<void>((r) => (resolveOne = r));
    sent = now();
    writeSync(fd, `[${new Date().toISOString()}][event:bench][floor] line ${i}\n`);
    await got;
  }
  watcher.close();
  closeSync(fd);
  return xs;
}

/** Waits until `needle` appears in the log after `from`, waking on fs.watch; returns when seen. */
export function waitForText(paths: WorldPaths, needle: string, from: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const buf = Buffer.alloc(1 << 16);
    let offset = from;
    let carry = "";
    const look = () => {
      const fd = openToRead(paths.log);
      if (fd === undefined) return; // not written yet: the watcher calls again
      try {
        for (let n = readSync(fd, buf, 0, buf.length, offset); n > 0; n = readSync(fd, buf, 0, buf.length, offset)) {
          offset += n;
          carry += buf.toString("utf8", 0, n);
        }
      } finally {
        closeSync(fd);
      }
      if (carry.includes(needle)) {
        const t = now();
        watcher.close();
        clearTimeout(timer);
        resolve(t);
      }
    };
    const watcher = watch(paths.home, () => look());
    const timer = setTimeout(() => {
      watcher.close();
      reject(new Error(`no ${needle} within 30 s`));
    }, 30_000);
    look();
  });
}
