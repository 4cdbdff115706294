/**
 * In-process appends through the Appender (one append() per line, as a daemon does)
 * against the raw floor: a writeSync loop on one O_APPEND descriptor writing lines of
 * the same size to the same kind of file. With `sync: true` the floor is a writeSync +
 * fdatasync per line: the difference is the cost of the durability option itself.
 *
 * Subject and floor alternate in small slices and their times are summed, so a slow
 * patch of the shared machine (or of its disk, for fdatasync) hits both alike. A third
 * writer makes only the Appender's three syscalls per line, with no JavaScript of its
 * own: the 2-byte read at its last end (torn-line check), the write, and a stat of the
 * path (replaced-log check). It is the ceiling for Appender.append while every line is
 * checked, and the gap between the two is the Appender's JavaScript.
 */
import { closeSync, constants, fdatasyncSync, openSync, readSync, rmSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";
import { Appender } from "../tools/world/append.js";
import { worldPaths } from "../tools/world/paths.js";
import { fmt, type Row } from "./measure.js";

const OUTPUT = "step: reading calendar meeting notes for the quarterly review and the budget draft";

/** Lines per second of each writer, alternating `slice` lines at a time up to `lines` each. */
function interleaved(dir: string, lines: number, slice: number, sync: boolean): { appender: number; raw: number; syscalls: number } {
  const paths = worldPaths(dir);
  const rawFile = join(dir, "raw.log");
  const checkedFile = join(dir, "checked.log");
  for (const file of [paths.log, rawFile, checkedFile]) rmSync(file, { force: true });
  const appender = new Appender(paths, { sync });
  const fd = openSync(rawFile, "a");
  const checkedFd = openSync(checkedFile, constants.O_APPEND | constants.O_CREAT | constants.O_RDWR);
  const probe = Buffer.alloc(2);
  let checkedEnd = 0;
  const line = Buffer.from(`[${new Date().toISOString()}][agent:active][ag-bench01] ${OUTPUT}\n`);
  let appenderNs = 0n;
  let rawNs = 0n;
  let syscallsNs = 0n;
  try {
    for (let done = 0; done < lines; done += slice) {
      let t = process.hrtime.bigint();
      for (let i = 0; i < slice; i++) {
        writeSync(fd, line);
        if (sync) fdatasyncSync(fd);
      }
      rawNs += process.hrtime.bigint() - t;
      t = process.hrtime.bigint();
      for (let i = 0; i < slice; i++) appender.append({ kind: "agent", status: "active", id: "ag-bench01", output: OUTPUT });
      appenderNs += process.hrtime.bigint() - t;
      t = process.hrtime.bigint();
      for (let i = 0; i < slice; i++) {
        if (checkedEnd > 0) readSync(checkedFd, probe, 0, 2, checkedEnd - 1);
        checkedEnd += writeSync(checkedFd, line);
        statSync(checkedFile, { throwIfNoEntry: false });
        if (sync) fdatasyncSync(checkedFd);
      }
      syscallsNs += process.hrtime.bigint() - t;
    }
  } finally {
    closeSync(fd);
    closeSync(checkedFd);
    appender.close();
  }
  const rate = (ns: bigint) => lines / (Number(ns) / 1e9);
  return { appender: rate(appenderNs), raw: rate(rawNs), syscalls: rate(syscallsNs) };
}

export function appends(dir: string, lines: number, syncLines: number): Row[] {
  const saved = process.env.WORLD_FSYNC;
  delete process.env.WORLD_FSYNC; // `sync` is passed explicitly below
  try {
    const plain = interleaved(dir, lines, 10_000, false);
    const synced = interleaved(dir, syncLines, 50, true);
    const us = (rate: number) => 1e6 / rate;
    return [
      {
        name: `Appender.append, one line each (${lines.toLocaleString("en-US")} lines)`,
        value: `${fmt.rate(plain.appender)} (${us(plain.appender).toFixed(2)} µs/line)`,
        floor: `raw writeSync ${fmt.rate(plain.raw)} (${us(plain.raw).toFixed(2)} µs/line)`,
        ratio: fmt.x(plain.raw / plain.appender),
        note: "slowdown",
      },
      {
        name: "the Appender's three syscalls alone (2-byte read, write, stat of the path), no JavaScript",
        value: `${fmt.rate(plain.syscalls)} (${us(plain.syscalls).toFixed(2)} µs/line; Appender.append takes ${fmt.x(plain.syscalls / plain.appender)} this)`,
        floor: `raw writeSync ${fmt.rate(plain.raw)}`,
        ratio: fmt.x(plain.raw / plain.syscalls),
        note: "slowdown: the Appender's ceiling while every line is checked",
      },
      {
        name: `Appender.append with sync: true (${syncLines.toLocaleString("en-US")} lines)`,
        value: `${fmt.rate(synced.appender)} (${us(synced.appender).toFixed(0)} µs/line)`,
        floor: `raw writeSync+fdatasync ${fmt.rate(synced.raw)} (${us(synced.raw).toFixed(0)} µs/line)`,
        ratio: fmt.x(synced.raw / synced.appender),
        note: "slowdown",
      },
      {
        name: "cost of the durability option (sync: true vs sync: false)",
        value: `${(us(synced.appender) - us(plain.appender)).toFixed(0)} µs/line more`,
        floor: `raw: ${(us(synced.raw) - us(plain.raw)).toFixed(0)} µs/line more`,
        ratio: fmt.x((us(synced.appender) - us(plain.appender)) / (us(synced.raw) - us(plain.raw))),
        note: "of the raw fdatasync cost",
      },
    ];
  } finally {
    if (saved !== undefined) process.env.WORLD_FSYNC = saved;
  }
}
