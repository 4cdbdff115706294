/**
 * An index damaged inside its pages, again and again: random bytes over a random stretch
 * of .world/index.db (the header left alone, as a failing disk leaves it), then a command
 * that reads it. Two indexes: a small one (found at open, by quick_check) and one past the
 * open-time check (found at use, by SQLite's own SQLITE_CORRUPT). Every command must
 * succeed without "internal error" or a stack trace, give the answer the log gives (the
 * same `query active --json` as before the damage), and `index rebuild` must always work.
 */
import { closeSync, openSync, statSync, writeSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { generateLog } from "../bench/generate-log.js";
import { seeded } from "../tools/random.js";
import { worldPaths } from "../tools/world/paths.js";
import { world } from "./support.js";
import type { ChaosAttack, ChaosContext } from "./types.js";

const ROUNDS = 10;
const READERS = [["query", "active", "--json"], ["status", "--json"], ["query", "search", "deploy"], ["query", "recent", "200"], ["index", "rebuild"]];

/** Random bytes over pages `from`..`to` of the file (shares of it), never page 0. */
function damage(file: string, from: number, to: number): void {
  const pages = Math.floor(statSync(file).size / 4096);
  const fd = openSync(file, "r+");
  try {
    for (let p = Math.max(1, Math.floor(pages * from)); p < Math.max(2, Math.ceil(pages * to)); p++) writeSync(fd, randomBytes(4096), 0, 4096, p * 4096);
  } finally {
    closeSync(fd);
  }
}

async function rounds(ctx: ChaosContext, lines: number, seed: number): Promise<{ tried: number; wrong: number; failed: number; notes: string }> {
  const home = ctx.tmp();
  const paths = worldPaths(home);
  generateLog(paths.log, { lines, sessions: Math.max(20, lines / 50), seed });
  const truth = await world(ctx, home, ["query", "active", "--json"]);
  if (truth.exitCode !== 0) return { tried: 1, wrong: 0, failed: 1, notes: `a fresh index failed: ${String(truth.stderr).slice(0, 200)}` };
  const size = statSync(paths.index).size;
  const random = seeded(seed);
  let wrong = 0;
  let failed = 0;
  let healed = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const from = 0.05 + random() * 0.6;
    damage(paths.index, from, from + 0.05 + random() * 0.3);
    const args = READERS[round % READERS.length]!;
    const r = await world(ctx, home, args);
    if (r.exitCode !== 0 || /internal error|\n\s+at /.test(String(r.stderr))) failed++;
    if (/the index was corrupt/.test(String(r.stderr))) healed++;
    const after = await world(ctx, home, ["query", "active", "--json"]);
    if (after.exitCode !== 0 || after.stdout !== truth.stdout) wrong++;
  }
  // The daemons' one-shot forms over a damaged index too (they write; only their success is checked).
  for (const args of [["verify", "--once"], ["keep", "--once"]]) {
    damage(paths.index, 0.1, 0.9);
    const r = await world(ctx, home, args);
    if (r.exitCode !== 0 || /internal error|\n\s+at /.test(String(r.stderr))) failed++;
  }
  return { tried: ROUNDS + 2, wrong, failed, notes: `${lines} lines (${(size / 2 ** 20).toFixed(1)} MiB): ${healed} healings` };
}

const attack: ChaosAttack = {
  name: "index damaged inside its pages (small and big index, 24 damagings)",
  async run(ctx) {
    const small = await rounds(ctx, 1_000, 19);
    const big = await rounds(ctx, 15_000, 20);
    return {
      attacks: small.tried + big.tried,
      linesLost: small.wrong + big.wrong,
      linesForged: small.failed + big.failed,
      verdictsDoubled: 0,
      verdictsMissing: 0,
      unapprovedCommands: 0,
      notes: `small ${small.notes}; big ${big.notes}; a wrong answer counts as lost, a failed command as forged`,
    };
  },
};
export default attack;
