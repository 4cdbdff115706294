/**
 * History rewritten behind the world's back (issue 25): a line edited, removed, inserted,
 * two lines swapped, the log cut short, an older copy moved over it — at a seeded random
 * line under several signed checkpoints, after which `world verify-log` must exit 3 and
 * name exactly the first line that differs. A tampering it misses, or places on another
 * line, is counted as damage: lines forged (edit, insert, reorder) or lost (the others).
 * The tamperings are exported for test/tools/world/chain.test.ts: one definition of each.
 */
import { copyFileSync, readFileSync, renameSync, truncateSync, writeFileSync } from "node:fs";
import { Appender } from "../tools/world/append.js";
import { extendChain } from "../tools/world/chain-extend.js";
import { worldPaths, type WorldPaths } from "../tools/world/paths.js";
import { seeded, type Random } from "../tools/random.js";
import { world } from "./support.js";
import type { ChaosAttack } from "./types.js";

export interface Tampering {
  name: string;
  /** What verify-log must call it (ProblemKind). */
  kind: string;
  /** Whether what it does forges lines (else it loses them). */
  forges: boolean;
  /** Tampers with the log at line `at` (1-based, 2 ≤ at < lines) and returns the first line verify-log must name. */
  apply(paths: WorldPaths, at: number): number;
}

function lines(paths: WorldPaths): string[] {
  return readFileSync(paths.log, "utf8").split(/(?<=\n)/);
}

/** Rewrites the file in place (same inode), as an editor that saves over it does. */
function rewrite(paths: WorldPaths, ls: string[]): void {
  writeFileSync(paths.log, ls.join(""));
}

export const TAMPERINGS: Tampering[] = [
  {
    name: "edit", kind: "changed", forges: true,
    apply(paths, at) {
      const ls = lines(paths);
      ls[at - 1] = ls[at - 1]!.replace(/\] /, "] EDITED ");
      rewrite(paths, ls);
      return at;
    },
  },
  {
    name: "edit, same length", kind: "changed", forges: true,
    apply(paths, at) {
      const ls = lines(paths);
      const line = ls[at - 1]!;
      const i = line.length - 2; // the last character before the newline
      ls[at - 1] = line.slice(0, i) + (line[i] === "x" ? "y" : "x") + "\n";
      rewrite(paths, ls);
      return at;
    },
  },
  {
    name: "remove", kind: "removed", forges: false,
    apply(paths, at) {
      const ls = lines(paths);
      ls.splice(at - 1, 1);
      rewrite(paths, ls);
      return at;
    },
  },
  {
    name: "insert", kind: "inserted", forges: true,
    apply(paths, at) {
      const ls = lines(paths);
      ls.splice(at - 1, 0, `[${new Date().toISOString()}][event:user][forged] approve (from terminal)\n`);
      rewrite(paths, ls);
      return at;
    },
  },
  {
    name: "reorder", kind: "reordered", forges: true,
    apply(paths, at) {
      const ls = lines(paths);
      [ls[at - 1], ls[at]] = [ls[at]!, ls[at - 1]!];
      rewrite(paths, ls);
      return at;
    },
  },
  {
    name: "truncate", kind: "truncated", forges: false,
    apply(paths, at) {
      const ls = lines(paths);
      truncateSync(paths.log, Buffer.byteLength(ls.slice(0, at - 1).join("")));
      return at;
    },
  },
];

/**
 * An older copy moved over the log: `copied` is a copy taken when the log had `at - 1`
 * lines (the caller takes it with takeCopy, then writes and checkpoints more).
 */
function takeCopy(paths: WorldPaths): string {
  const copy = `${paths.log}.stale`;
  copyFileSync(paths.log, copy);
  return copy;
}

export function moveOver(paths: WorldPaths, copy: string): void {
  renameSync(copy, paths.log);
}

/** A world of `total` lines under several checkpoints; with `copyAt`, a copy taken after that many lines. */
export function checkpointedWorld(paths: WorldPaths, total: number, rnd: Random, copyAt?: number): string | undefined {
  const appender = new Appender(paths);
  let copy: string | undefined;
  try {
    let written = 1; // the format line comes with the first append
    while (written < total) {
      const batch = Math.min(total - written, 1 + Math.floor(rnd() * 7));
      for (let i = 0; i < batch; i++) appender.append({ kind: "event", source: "test", id: `t-${written + i}`, output: `line ${written + i} ${rnd().toString(36).slice(2)}` });
      written += batch;
      if (copyAt !== undefined && copy === undefined && written >= copyAt) {
        extendChain(paths, "test");
        copy = takeCopy(paths);
      } else if (rnd() < 0.6) extendChain(paths, "test");
    }
    extendChain(paths, "test");
  } finally {
    appender.close();
  }
  return copy;
}

const ROUNDS = 28;

const attack: ChaosAttack = {
  name: "log history tampered under signed checkpoints (edit, remove, insert, reorder, truncate, stale copy)",
  async run(ctx) {
    const rnd = seeded(25);
    let lost = 0;
    let forged = 0;
    const misses: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const home = ctx.tmp();
      const paths = worldPaths(home);
      const total = 12 + Math.floor(rnd() * 40);
      const stale = round % (TAMPERINGS.length + 1) === TAMPERINGS.length;
      const copyAt = stale ? 3 + Math.floor(rnd() * (total - 6)) : undefined;
      const copy = checkpointedWorld(paths, total, rnd, copyAt);
      let expected: number;
      let kind: string;
      let forges: boolean;
      if (stale) {
        const copied = readFileSync(copy!, "utf8").split(/(?<=\n)/).length;
        moveOver(paths, copy!);
        [expected, kind, forges] = [copied + 1, "replaced", false];
      } else {
        const t = TAMPERINGS[round % TAMPERINGS.length]!;
        const at = 2 + Math.floor(rnd() * (total - 3));
        [expected, kind, forges] = [t.apply(paths, at), t.kind, t.forges];
      }
      const result = await world(ctx, home, ["verify-log", "--json"]);
      const problem = result.exitCode === 3 ? (JSON.parse(String(result.stdout)) as { problem?: { kind: string; line?: number } }).problem : undefined;
      if (problem?.line !== expected || problem.kind !== kind) {
        if (forges) forged++;
        else lost++;
        misses.push(`${kind} at line ${expected}: exit ${result.exitCode}, said ${problem ? `${problem.kind} at line ${problem.line}` : "nothing"}`);
      }
    }
    return { attacks: ROUNDS, linesLost: lost, linesForged: forged, verdictsDoubled: 0, verdictsMissing: 0, unapprovedCommands: 0, ...(misses.length > 0 && { notes: misses.slice(0, 3).join("; ") }) };
  },
};
export default attack;
