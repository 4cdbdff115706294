/**
 * In-process appends through the Appender (one append() per line, as a daemon does)
 * against the raw floor: a writeSync loop on one O_APPEND descriptor writing lines of
 * the same size to the same kind of file. With `sync: true` the floor is a writeSync +
 * fdatasync per line: the difference is the cost of the durability option itself.
 */
import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { Appender } from "../tools/world/append.js";
import { worldPaths } from "../tools/world/paths.js";
import { fmt, type Row } from "./measure.js";

const OUTPUT = "step: reading calendar meeting notes for the quarterly review and the budget draft";

function perSecond(lines: number, run: () => void): number {
  const t = process.hrtime.bigint();
  run();
  return lines / (Number(process.hrtime.bigint() - t) / 1e9);
}

function throughAppender(dir: string, lines: number, sync: boolean): number {
  const paths = worldPaths(dir);
  rmSync(paths.log, { force: true });
  const appender = new Appender(paths, { sync });
  try {
    return perSecond(lines, () => {
      for (let i = 0; i < lines; i++) appender.append({ kind: "agent", status: "active", id: "ag-bench01", output: OUTPUT });
    });
  } finally {
    appender.close();
  }
}

function raw(dir: string, lines: number, sync: boolean): number {
  const file = join(dir, "raw.log");
  rmSync(file, { force: true });
  const line = Buffer.from(`[${new Date().toISOString()}][agent:active][ag-bench01] ${OUTPUT}\n`);
  const fd = openSync(file, "a");
  try {
    return perSecond(lines, () => {
      for (let i = 0; i < lines; i++) {
        writeSync(fd, line);
        if (sync) fdatasyncSync(fd);
      }
    });
  } finally {
    closeSync(fd);
  }
}

/** Best of `rounds`, subject and floor alternating (the machine and its disk are shared: the best round is the least disturbed). */
function bestOfPair(rounds: number, a: () => number, b: () => number): [number, number] {
  let topA = 0;
  let topB = 0;
  for (let i = 0; i < rounds; i++) {
    topA = Math.max(topA, a());
    topB = Math.max(topB, b());
  }
  return [topA, topB];
}

export function appends(dir: string, lines: number, syncLines: number): Row[] {
  const saved = process.env.WORLD_FSYNC;
  delete process.env.WORLD_FSYNC; // `sync` is passed explicitly below
  try {
    const [floor, appender] = bestOfPair(3, () => raw(dir, lines, false), () => throughAppender(dir, lines, false));
    const [syncFloor, syncAppender] = bestOfPair(3, () => raw(dir, syncLines, true), () => throughAppender(dir, syncLines, true));
    return [
      {
        name: `Appender.append, one line each (${lines.toLocaleString("en-US")} lines)`,
        value: `${fmt.rate(appender)} (${(1e6 / appender).toFixed(2)} µs/line)`,
        floor: `raw writeSync ${fmt.rate(floor)}`,
        ratio: fmt.x(floor / appender),
        note: "slowdown",
      },
      {
        name: `Appender.append with sync: true (${syncLines.toLocaleString("en-US")} lines)`,
        value: `${fmt.rate(syncAppender)} (${(1e6 / syncAppender).toFixed(0)} µs/line)`,
        floor: `raw writeSync+fdatasync ${fmt.rate(syncFloor)}`,
        ratio: fmt.x(syncFloor / syncAppender),
        note: "slowdown",
      },
      {
        name: "cost of the durability option (sync: true vs sync: false)",
        value: `${(1e6 / syncAppender - 1e6 / appender).toFixed(0)} µs/line more`,
        floor: `raw: ${(1e6 / syncFloor - 1e6 / floor).toFixed(0)} µs/line more`,
        ratio: fmt.x((1e6 / syncAppender - 1e6 / appender) / (1e6 / syncFloor - 1e6 / floor)),
        note: "of the raw fdatasync cost",
      },
    ];
  } finally {
    if (saved !== undefined) process.env.WORLD_FSYNC = saved;
  }
}
