/**
 * `npm run bench -- chain`: the costs of proving the log (issue 25), on a generated log of
 * BENCH_CHAIN_LINES (default 1,000,000) ~120-byte lines.
 *
 *   1. Verify: `proveLog` over the whole log under checkpoints of ~10,000 lines, lines/s
 *      (target ≥ 1,000,000), against the floor of reading the same bytes and counting their
 *      newlines (what any pass over the log costs).
 *   2. Sweep extension: `extendChain` over the 1,000 lines a busy world writes between two
 *      sweeps, median ms, against the floor of reading those bytes.
 *   3. First checkpoint over the whole log (a world older than the chain), seconds.
 * The append path is not touched by the chain: its cost is bench/log-append.ts's, unchanged.
 */
import { appendFileSync, closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extendChain } from "../tools/world/chain-extend.js";
import { proveLog } from "../tools/world/chain-prove.js";
import { worldPaths } from "../tools/world/paths.js";
import { generateLog } from "./generate-log.js";
import { median, printTable, type Row } from "./measure.js";

const LINES = Number(process.env.BENCH_CHAIN_LINES ?? 1_000_000);
const SEGMENT = 10_000;
const BETWEEN_SWEEPS = 1_000;

function seconds(f: () => void): number {
  const t = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t) / 1e9;
}

/** Reads the file and counts newlines: the floor of any pass over it. */
function countNewlines(file: string, from = 0): number {
  const fd = openSync(file, "r");
  const buffer = Buffer.allocUnsafe(1 << 20);
  let count = 0;
  try {
    for (let at = from; ; ) {
      const got = readSync(fd, buffer, 0, buffer.length, at);
      if (got === 0) return count;
      for (let i = buffer.indexOf(10); i !== -1 && i < got; i = buffer.indexOf(10, i + 1)) count++;
      at += got;
    }
  } finally {
    closeSync(fd);
  }
}

export async function run(): Promise<void> {
  const home = mkdtempSync(join(tmpdir(), "world-bench-chain-"));
  try {
    const paths = worldPaths(home);
    // The log is made in segments, a checkpoint after each, as sweeps would have made them.
    const full = join(home, "full.log");
    generateLog(full, { lines: LINES });
    const text = readFileSync(full);
    let first = 0;
    let rebuild = 0;
    for (let start = 0, line = 0; start < text.length; line += SEGMENT) {
      let end = start;
      for (let i = 0; i < SEGMENT && end < text.length; i++) end = text.indexOf(10, end) + 1 || text.length;
      appendFileSync(paths.log, text.subarray(start, end));
      const s = seconds(() => extendChain(paths, "bench"));
      if (start === 0) first = s;
      rebuild += s;
      start = end;
    }
    const lines = countNewlines(paths.log);
    const verifyS = median([0, 1, 2].map(() => seconds(() => {
      if (!proveLog(paths).ok) throw new Error("the bench's own log did not prove");
    })));
    const floorS = median([0, 1, 2].map(() => seconds(() => countNewlines(paths.log))));
    const extendMs: number[] = [];
    const floorMs: number[] = [];
    for (let round = 0; round < 20; round++) {
      const from = statSync(paths.log).size;
      appendFileSync(paths.log, text.subarray(0, nthNewline(text, BETWEEN_SWEEPS)));
      floorMs.push(seconds(() => countNewlines(paths.log, from)) * 1000);
      extendMs.push(seconds(() => extendChain(paths, "bench")) * 1000);
    }
    const rows: Row[] = [
      { name: `verify ${lines.toLocaleString("en-US")} lines (${Math.round(lines / SEGMENT)} checkpoints)`, value: `${Math.round(lines / verifyS).toLocaleString("en-US")} lines/s`, floor: `${Math.round(lines / floorS).toLocaleString("en-US")} lines/s`, ratio: `${(verifyS / floorS).toFixed(2)}×`, note: "target ≥ 1,000,000 lines/s" },
      { name: `sweep: extend over ${BETWEEN_SWEEPS} new lines`, value: `${median(extendMs).toFixed(2)} ms`, floor: `${median(floorMs).toFixed(2)} ms`, ratio: `${(median(extendMs) / median(floorMs)).toFixed(1)}×`, note: "median of 20; includes the cheap check, the lock, signing and two atomic writes" },
      { name: `first checkpoint over ${SEGMENT.toLocaleString("en-US")} lines`, value: `${(first * 1000).toFixed(1)} ms`, floor: "-", ratio: "-", note: `all ${Math.round(LINES / SEGMENT)} checkpoints: ${rebuild.toFixed(2)} s` },
    ];
    printTable("Chain: proving the log (docs/trust.md#cost)", rows);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

function nthNewline(text: Buffer, n: number): number {
  let at = 0;
  for (let i = 0; i < n; i++) at = text.indexOf(10, at) + 1;
  return at;
}
