/**
 * Child process: append COUNT fixed-size lines (LINE_BYTES each, one write() per line on
 * an O_APPEND descriptor, like the Appender) INTERVAL ms apart, then exit. A watcher in
 * another process can then tell from the file size how many appends it had seen.
 *
 *   node dist/bench/log-burst-writer-child.js FILE COUNT INTERVAL_MS
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { pathToFileURL } from "node:url";

export const LINE_BYTES = 120;

/** A valid log line of exactly LINE_BYTES bytes, newline included. */
export function burstLine(n: number): Buffer {
  const head = `[${new Date().toISOString()}][event:bench][burst-${String(n).padStart(6, "0")}] append ${n} `;
  return Buffer.from(head.padEnd(LINE_BYTES - 1, "x") + "\n");
}

const [file, count, interval] = process.argv.slice(2);
const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain && file && count && interval !== undefined) {
  const fd = openSync(file, "a");
  const n = Number(count);
  const gap = Number(interval);
  const sleep = new Int32Array(new SharedArrayBuffer(4));
  for (let i = 1; i <= n; i++) {
    writeSync(fd, burstLine(i));
    if (gap > 0 && i < n) Atomics.wait(sleep, 0, 0, gap);
  }
  closeSync(fd);
}
