/**
 * Proving world.log against its checkpoints (tools/world/chain.ts): one streaming pass of
 * SHA-256 over the raw bytes — no parsing, no per-line work — compared at every checkpoint.
 * Only when a checkpoint no longer matches are that segment's lines fingerprinted, to say
 * which line was changed, removed, inserted or reordered, or where the log was cut short.
 */
import { createHash, type Hash } from "node:crypto";
import { closeSync, fstatSync, openSync, readSync, type Stats } from "node:fs";
import {
  checkpointNumbers, FP_BYTES, lineFingerprint, readCheckpoint, readFingerprints, readPublicKey, sha256, signatureHolds, ZERO_HASH,
  type Checkpoint,
} from "./chain.js";
import type { WorldPaths } from "./paths.js";

export type ProblemKind = "changed" | "removed" | "inserted" | "reordered" | "truncated" | "replaced" | "checkpoints";

export interface ChainProblem {
  kind: ProblemKind;
  /** The first line that differs (1-based), when one can be named. */
  line?: number;
  /** The checkpoint that no longer matches. */
  checkpoint?: number;
  message: string;
}

export interface Proof {
  ok: boolean;
  /** Complete lines in the log (counted only when proven; otherwise up to the problem). */
  lines: number;
  /** Lines covered by checkpoints. */
  proven: number;
  checkpoints: number;
  /** The last checkpoint that matched. */
  last?: Checkpoint;
  /** Lines 1..rebuiltUpTo were first seen by the chain when it began: not proven before. */
  rebuiltUpTo: number;
  bytes: number;
  problem?: ChainProblem;
}

const CHUNK = 1 << 20;

/** The checkpoints, checked among themselves: numbered 1..n, linked, signed by the world's key. */
function loadCheckpoints(paths: WorldPaths): { checkpoints: Checkpoint[]; problem?: ChainProblem } {
  const numbers = checkpointNumbers(paths);
  const checkpoints: Checkpoint[] = [];
  if (numbers.length === 0) return { checkpoints };
  const key = readPublicKey(paths);
  if (!key) return { checkpoints, problem: { kind: "checkpoints", message: `the world's public key (.world/chain/world-key.pub.pem) is missing: ${numbers.length} checkpoints cannot be checked` } };
  let before: Checkpoint | undefined;
  for (const [i, n] of numbers.entries()) {
    const fail = (message: string) => ({ checkpoints, problem: { kind: "checkpoints" as const, checkpoint: n, message } });
    if (n !== i + 1) return fail(`checkpoint ${i + 1} is missing (the next one is ${n})`);
    const cp = readCheckpoint(paths, n);
    if (!cp) return fail(`checkpoint ${n} cannot be read`);
    if (!signatureHolds(cp, key)) return fail(`checkpoint ${n} is not signed by this world's key (altered or forged)`);
    const from = before ? { line: before.lines, offset: before.offset } : { line: 0, offset: 0 };
    if (cp.prev !== (before?.hash ?? ZERO_HASH) || cp.from.line !== from.line || cp.from.offset !== from.offset) {
      return fail(`checkpoint ${n} does not follow checkpoint ${n - 1}`);
    }
    checkpoints.push(cp);
    before = cp;
  }
  return { checkpoints };
}

/** Proves the whole log; stops at the first checkpoint that no longer matches and names the line. */
export function proveLog(paths: WorldPaths): Proof {
  const loaded = loadCheckpoints(paths);
  const { checkpoints } = loaded;
  const rebuiltUpTo = checkpoints.filter((c) => c.rebuilt).at(-1)?.lines ?? 0;
  const base = { checkpoints: checkpoints.length, rebuiltUpTo };
  if (loaded.problem) return { ok: false, lines: 0, proven: 0, bytes: 0, ...base, problem: loaded.problem };
  let fd: number;
  try {
    fd = openSync(paths.log, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    if (checkpoints.length === 0) return { ok: true, lines: 0, proven: 0, bytes: 0, ...base };
    const cp = checkpoints[0]!;
    return { ok: false, lines: 0, proven: 0, bytes: 0, ...base, problem: { kind: "truncated", line: 1, checkpoint: cp.n, message: `world.log is gone: checkpoint ${checkpoints.at(-1)!.n} covered ${checkpoints.at(-1)!.lines} lines` } };
  }
  try {
    const stat = fstatSync(fd);
    const buffer = Buffer.allocUnsafe(CHUNK);
    let position = 0;
    let last: Checkpoint | undefined;
    for (const cp of checkpoints) {
      const hash: Hash = createHash("sha256").update(Buffer.from(cp.prev, "hex"));
      while (position < cp.offset) {
        const got = readSync(fd, buffer, 0, Math.min(CHUNK, cp.offset - position), position);
        if (got === 0) break;
        hash.update(got === CHUNK ? buffer : buffer.subarray(0, got));
        position += got;
      }
      if (position < cp.offset || hash.digest("hex") !== cp.hash) {
        const problem = locate(paths, fd, stat, checkpoints.slice(checkpoints.indexOf(cp)));
        return { ok: false, lines: cp.from.line, proven: cp.from.line, bytes: position, ...base, ...(last && { last }), problem };
      }
      last = cp;
    }
    const tail = countLines(fd, buffer, position, stat.size);
    const proven = last?.lines ?? 0;
    return { ok: true, lines: proven + tail, proven, bytes: stat.size, ...base, ...(last && { last }) };
  } finally {
    closeSync(fd);
  }
}

/** Complete lines from `from` to the end. */
function countLines(fd: number, buffer: Buffer, from: number, size: number): number {
  let count = 0;
  for (let position = from; position < size; ) {
    const got = readSync(fd, buffer, 0, Math.min(CHUNK, size - position), position);
    if (got === 0) break;
    for (let i = buffer.indexOf(10, 0); i !== -1 && i < got; i = buffer.indexOf(10, i + 1)) count++;
    position += got;
  }
  return count;
}

/** The lines of the log from `offset` (complete ones, and a last one without its newline), up to `limit` bytes. */
export function linesFrom(fd: number, offset: number, size: number, limit: number): Buffer[] {
  const length = Math.max(0, Math.min(size - offset, limit));
  const bytes = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const n = readSync(fd, bytes, got, length - got, offset + got);
    if (n === 0) break;
    got += n;
  }
  const lines: Buffer[] = [];
  let start = 0;
  for (let i = bytes.indexOf(10); i !== -1 && i < got; i = bytes.indexOf(10, start)) {
    lines.push(bytes.subarray(start, i + 1));
    start = i + 1;
  }
  if (start < got && offset + got === size) lines.push(bytes.subarray(start, got));
  return lines;
}

/** How many lines after the segment's own are looked at, from the next checkpoints: enough to see a line moved or removed at its edge. */
const LOOK_AHEAD = 4096;

/**
 * Which line of the first checkpoint of `from`'s segment differs now, and how (everything
 * before it was proven). The next checkpoints' fingerprints are read too, so that a line
 * removed at the end of a segment is told apart from a log cut short there.
 */
function locate(paths: WorldPaths, fd: number, stat: Stats, from: Checkpoint[]): ChainProblem {
  const cp = from[0]!;
  const within = `between line ${cp.from.line + 1} and line ${cp.lines}`;
  const moved = stat.ino !== cp.ino;
  const replaced = moved ? "world.log is another file than at checkpoint " + cp.n + " (a copy moved over it?): " : "";
  const old: string[] = [];
  let end = cp.offset;
  for (const c of from) {
    const stored = readFingerprints(paths, c.n);
    const count = c.lines - c.from.line;
    if (!stored || stored.length !== count * FP_BYTES || sha256(stored) !== c.fingerprints) {
      if (c === cp) return { kind: moved ? "replaced" : "changed", checkpoint: cp.n, message: `${replaced}the log no longer matches checkpoint ${cp.n} ${within} (its line fingerprints are missing or altered, so the line cannot be named)` };
      break;
    }
    for (let i = 0; i < count; i++) old.push(stored.toString("hex", i * FP_BYTES, (i + 1) * FP_BYTES));
    end = c.offset;
    if (old.length >= cp.lines - cp.from.line + LOOK_AHEAD) break;
  }
  // As many bytes again as those segments had, and a margin: enough to see lines inserted or moved.
  const now = linesFrom(fd, cp.from.offset, stat.size, (end - cp.from.offset) * 2 + (1 << 20)).map((l) => lineFingerprint(l).toString("hex"));
  const oldAt = new Map<string, number>();
  old.forEach((f, i) => oldAt.has(f) || oldAt.set(f, i));
  const nowAt = new Map<string, number>();
  now.forEach((f, i) => nowAt.has(f) || nowAt.set(f, i));
  for (let i = 0; i < old.length; i++) {
    if (now[i] === old[i]) continue;
    const line = cp.from.line + i + 1;
    const at = (fp: string | undefined, map: Map<string, number>) => (fp === undefined ? undefined : map.get(fp));
    const oldOfNow = at(now[i], oldAt); // where the line now here was in the checkpoint
    const nowOfOld = at(old[i], nowAt); // where the checkpoint's line is now
    const said = `checkpoint ${cp.n} had line ${line} with fingerprint ${old[i]}`;
    const laterOld = (oldOfNow ?? -1) > i;
    const laterNow = (nowOfOld ?? -1) > i;
    const restGone = old.slice(i).every((f) => !nowAt.has(f) || nowAt.get(f)! < i);
    if (now[i] === undefined || restGone) {
      const end = now[i] === undefined ? `the log ends after line ${line - 1}` : `lines from ${line} on are gone and other lines are in their place`;
      return { kind: moved ? "replaced" : "truncated", line, checkpoint: cp.n, message: `${replaced}${end}; checkpoint ${cp.n} covered up to line ${cp.lines} (${said})` };
    }
    if (laterOld && laterNow) return { kind: "reordered", line, checkpoint: cp.n, message: `line ${line} is out of order: it was line ${cp.from.line + oldOfNow! + 1} at checkpoint ${cp.n}, and the line that was ${line} is now line ${cp.from.line + nowOfOld! + 1}` };
    if (laterOld) return { kind: "removed", line, checkpoint: cp.n, message: `${replaced}line ${line} was removed (${oldOfNow! - i} line${oldOfNow! - i === 1 ? "" : "s"}; ${said}; the next lines are still there)` };
    if (laterNow) return { kind: "inserted", line, checkpoint: cp.n, message: `${replaced}line ${line} was inserted: it is not in checkpoint ${cp.n}, whose line ${line} is now line ${cp.from.line + nowOfOld! + 1}` };
    return { kind: "changed", line, checkpoint: cp.n, message: `${replaced}line ${line} was changed since checkpoint ${cp.n} (${said}; it now has ${now[i]})` };
  }
  // Every line matches its fingerprint, yet the hash differs: the fingerprints were written for other lines.
  return { kind: moved ? "replaced" : "changed", checkpoint: cp.n, message: `${replaced}the log no longer matches checkpoint ${cp.n} ${within}` };
}
