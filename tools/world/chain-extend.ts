/**
 * Extending the chain (tools/world/chain.ts) over the lines written since its last
 * checkpoint: what the Keeper's sweep and `world verify-log` do, never the writer (the
 * append path stays as cheap as it was: docs/trust.md#cost). Only the new bytes are read
 * and hashed; the old ones are trusted to the last checkpoint after a cheap check that the
 * log still ends that checkpoint where it said (same size or more, the same last line).
 * A full proof (chain-prove.ts) is what checks every old line.
 */
import { closeSync, fstatSync, mkdirSync, openSync, readSync, renameSync } from "node:fs";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { tryLock } from "../process/lock.js";
import { chainDir, checkpointNumbers, FP_BYTES, lineFingerprint, readCheckpoint, readFingerprints, readPublicKey, signatureHolds, sha256, signCheckpoint, signingKey, writeCheckpoint, ZERO_HASH, type Checkpoint } from "./chain.js";
import { linesFrom, type ChainProblem } from "./chain-prove.js";
import { PRIVATE_DIR, type WorldPaths } from "./paths.js";

export type Extension =
  | { extended: true; checkpoint: Checkpoint; lines: number }
  | { extended: false; reason: "nothing new" | "busy" | "no log" }
  | { extended: false; reason: "mismatch"; problem: ChainProblem };

/** The most bytes one checkpoint reads: a larger backlog is covered by several, one per call. */
const MAX_SEGMENT = 256 << 20;
/** How far back the cheap check reads for the last line. */
const TAIL_BYTES = 1 << 16;

export function extendChain(paths: WorldPaths, by: string, now: Date = new Date()): Extension {
  // Read-only first: with nothing new since the last checkpoint (an idle world) the lock is not
  // even taken, so a quiet sweep writes nothing (issue 23). Anything else is looked at again
  // under the lock, as before: a checkpoint being retired meanwhile is never taken for a mismatch.
  const peek = examine(paths, by, now, false);
  if (peek !== "new lines" && peek.extended === false && (peek.reason === "nothing new" || peek.reason === "no log")) return peek;
  const lock = tryLock(paths, "chain");
  if ("heldBy" in lock) return { extended: false, reason: "busy" };
  try {
    const done = examine(paths, by, now, true);
    return done === "new lines" ? { extended: false, reason: "nothing new" } : done; // signing never stops at "new lines"
  } finally {
    lock.release();
  }
}

/** The lines after the last checkpoint, checked (its signature, the log's end): signed as a new checkpoint when `sign`, else only found. */
function examine(paths: WorldPaths, by: string, now: Date, sign: boolean): Extension | "new lines" {
  // Only the last checkpoint is read (and its signature checked): the others are a full proof's work.
  const n = checkpointNumbers(paths).at(-1);
  const last = n === undefined ? undefined : readCheckpoint(paths, n);
  if (n !== undefined) {
    const key = readPublicKey(paths);
    if (!last || !key || !signatureHolds(last, key)) return { extended: false, reason: "mismatch", problem: { kind: "checkpoints", checkpoint: n, message: `checkpoint ${n}, the last one, cannot be read or is not signed by this world's key` } };
  }
  let fd: number;
  try {
    fd = openSync(paths.log, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    return last ? { extended: false, reason: "mismatch", problem: { kind: "truncated", line: 1, checkpoint: last.n, message: `world.log is gone: checkpoint ${last.n} covered ${last.lines} lines` } } : { extended: false, reason: "no log" };
  }
  try {
    const stat = fstatSync(fd);
    if (last) {
      const problem = stillEnds(paths, fd, stat.size, stat.ino, last);
      if (problem) return { extended: false, reason: "mismatch", problem };
    }
    const from = last ? { line: last.lines, offset: last.offset } : { line: 0, offset: 0 };
    // Looking only: bytes past the checkpoint may be new lines (the lock's turn reads them), none are not.
    if (!sign) return stat.size > from.offset ? "new lines" : { extended: false, reason: "nothing new" };
    const lines = linesFrom(fd, from.offset, stat.size, MAX_SEGMENT).filter((l) => l[l.length - 1] === 10);
    if (lines.length === 0) return { extended: false, reason: "nothing new" };
    const prev = last?.hash ?? ZERO_HASH;
    const hash = createHash("sha256").update(Buffer.from(prev, "hex"));
    const fingerprints = Buffer.allocUnsafe(lines.length * FP_BYTES);
    let offset = from.offset;
    lines.forEach((line, i) => {
      hash.update(line);
      lineFingerprint(line).copy(fingerprints, i * FP_BYTES);
      offset += line.length;
    });
    const key = signingKey(paths);
    const checkpoint = signCheckpoint(
      {
        v: 1, n: (last?.n ?? 0) + 1, from, lines: from.line + lines.length, offset, prev, hash: hash.digest("hex"), fingerprints: sha256(fingerprints),
        // The first checkpoint over lines already there: they were not seen as they were written.
        rebuilt: last === undefined, at: now.toISOString(), by, ino: stat.ino, key: key.id,
      },
      key,
    );
    writeCheckpoint(paths, checkpoint, fingerprints);
    return { extended: true, checkpoint, lines: lines.length };
  } finally {
    closeSync(fd);
  }
}

/** Cheap: is the log still at least as long as `last` said, ending it with the same line? (A full proof checks the rest.) */
function stillEnds(paths: WorldPaths, fd: number, size: number, ino: number, last: Checkpoint): ChainProblem | undefined {
  const replaced = ino !== last.ino;
  const kind = replaced ? "replaced" : "truncated";
  const said = replaced ? `world.log is another file than at checkpoint ${last.n} (a copy moved over it?) and ` : "";
  if (size < last.offset) return { kind, checkpoint: last.n, message: `${said}world.log is ${size} bytes, shorter than the ${last.offset} bytes (${last.lines} lines) checkpoint ${last.n} covered` };
  const stored = readFingerprints(paths, last.n);
  const count = last.lines - last.from.line;
  const segment = last.offset - last.from.offset;
  const tail = Buffer.allocUnsafe(Math.min(segment, TAIL_BYTES));
  readSync(fd, tail, 0, tail.length, last.offset - tail.length);
  const start = tail.lastIndexOf(10, tail.length - 2) + 1;
  // A last line longer than what was read cannot be fingerprinted here: its newline is still checked.
  const whole = start > 0 || tail.length === segment;
  const same = tail[tail.length - 1] === 10 && stored?.length === count * FP_BYTES && (!whole || lineFingerprint(tail.subarray(start)).equals(stored.subarray((count - 1) * FP_BYTES)));
  if (!same) return { kind: replaced ? "replaced" : "changed", checkpoint: last.n, message: `${said}line ${last.lines}, the last one checkpoint ${last.n} covered, is not what it was` };
  return undefined;
}

/**
 * A person accepts the log as it is now (`world verify-log --restart`): the checkpoints are
 * moved aside (kept, as evidence) to `.world/chain/retired-<time>/`, and the next extension
 * begins a new chain whose first checkpoint is marked rebuilt. Returns how many were retired.
 */
export function restartChain(paths: WorldPaths, now: Date = new Date()): number {
  const lock = tryLock(paths, "chain");
  if ("heldBy" in lock) return -1;
  try {
    const numbers = checkpointNumbers(paths);
    const aside = join(chainDir(paths), `retired-${now.toISOString().replace(/[:.]/g, "-")}`);
    mkdirSync(aside, { recursive: true, mode: PRIVATE_DIR });
    // The last first: a crash part way leaves a shorter chain that still proves, never a gap.
    for (const n of [...numbers].reverse()) {
      const name = String(n).padStart(9, "0");
      renameSync(join(chainDir(paths), `${name}.json`), join(aside, `${name}.json`));
    }
    for (const n of numbers) {
      const name = String(n).padStart(9, "0");
      try {
        renameSync(join(chainDir(paths), `${name}.fp`), join(aside, `${name}.fp`));
      } catch {
        // missing already: nothing to keep
      }
    }
    return numbers.length;
  } finally {
    lock.release();
  }
}
