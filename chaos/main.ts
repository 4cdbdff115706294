/**
 * `npm run chaos`: every attack in this folder against real processes, and a table of
 * the damage. Every damage column must read 0; the run exits 1 when one does not.
 * Attacks are the other files of this folder (each exports a ChaosAttack), found at run
 * time so that adding one is adding a file. `npm run chaos -- verifier` runs only the
 * attacks whose name contains "verifier".
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { outlastUsers } from "../tools/process/outlast-users.js";
import type { ChaosAttack, ChaosContext, ChaosRow } from "./types.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const BIN = join(HERE, "../bin/world.js");
const NOT_ATTACKS = new Set(["main.js", "types.js", "support.js", "table.js"]);
const DAMAGE = ["linesLost", "linesForged", "verdictsDoubled", "verdictsMissing", "unapprovedCommands", "checksOutlived"] as const;

async function attacks(filter: string | undefined): Promise<ChaosAttack[]> {
  const files = readdirSync(HERE).filter((f) => f.endsWith(".js") && !NOT_ATTACKS.has(f)).sort();
  const all: ChaosAttack[] = [];
  for (const file of files) all.push((await import(pathToFileURL(join(HERE, file)).href)).default as ChaosAttack);
  return all.filter((a) => !filter || a.name.includes(filter));
}

/** Runs one attack in temp dirs of its own, removed afterwards whatever happened (once no process uses them). */
async function runOne(attack: ChaosAttack): Promise<ChaosRow> {
  const dirs: string[] = [];
  const ctx: ChaosContext = { bin: BIN, tmp: () => (dirs.push(mkdtempSync(join(tmpdir(), "world-chaos-"))), dirs.at(-1)!) };
  try {
    return await attack.run(ctx);
  } catch (error) {
    // An attack that crashes has not shown the system safe: a row that cannot read 0.
    return { attacks: 0, linesLost: 0, linesForged: 0, verdictsDoubled: 0, verdictsMissing: 0, unapprovedCommands: 0, notes: `attack crashed: ${(error as Error).message}` };
  } finally {
    // Its processes first: one that ends after the removal would make a folder again.
    await outlastUsers(dirs);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

function cells(name: string, row: ChaosRow): string[] {
  if (row.skipped) return [name, "-", ...DAMAGE.map(() => "-"), `skipped: ${row.skipped}`];
  return [name, String(row.attacks), ...DAMAGE.map((k) => String(row[k] ?? 0)), row.notes ?? ""];
}

const HEAD = ["attack", "tried", "lost", "forged", "doubled", "missing", "unapproved", "outlived", "notes"];

function print(rows: string[][]): void {
  const widths = HEAD.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  for (const r of rows) console.log(r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join("  ").trimEnd());
}

const selected = await attacks(process.argv[2]);
const rows: string[][] = [HEAD];
const total: Required<Omit<ChaosRow, "notes" | "skipped">> = { attacks: 0, linesLost: 0, linesForged: 0, verdictsDoubled: 0, verdictsMissing: 0, unapprovedCommands: 0, checksOutlived: 0 };
let failed = 0;
for (const attack of selected) {
  process.stderr.write(`chaos: ${attack.name}…\n`);
  const row = await runOne(attack);
  rows.push(cells(attack.name, row));
  if (row.skipped) continue;
  total.attacks += row.attacks;
  for (const k of DAMAGE) total[k] += row[k] ?? 0;
  if (DAMAGE.some((k) => (row[k] ?? 0) !== 0) || row.attacks === 0) failed++;
}
rows.push(cells("total", total));
print(rows);
if (failed > 0) {
  console.log(`chaos: ${failed} of ${selected.length} attacks did damage or did not run`);
  process.exitCode = 1;
} else console.log(`chaos: ${selected.length} attacks, ${total.attacks} tries, no damage`);
