/** 8 processes append 10,000 lines each at once: every line lands once, whole. */
import { execa } from "execa";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { worldPaths } from "../tools/world/paths.js";
import { isFormatEntry } from "../tools/world/log-format.js";
import { collectEntries } from "../tools/world/read.js";
import type { ChaosAttack } from "./types.js";

const CHILD = join(dirname(fileURLToPath(import.meta.url)), "children/append.js");
const WRITERS = 8;
const LINES = 10_000;

const attack: ChaosAttack = {
  name: "concurrent appends (8 processes x 10,000 lines)",
  async run(ctx) {
    const home = ctx.tmp();
    await Promise.all(Array.from({ length: WRITERS }, (_, k) => execa(process.execPath, [CHILD, home, `w${k}`, String(LINES)])));
    const read = collectEntries(worldPaths(home).log);
    const seen = new Map<string, number>();
    // A new log begins with its format line (docs/format.md): exactly one, whatever the concurrency.
    const formatLines = read.entries.filter(isFormatEntry).length;
    let forged = Math.abs(formatLines - 1);
    for (const e of read.entries) {
      if (isFormatEntry(e)) continue;
      const m = /^(w\d+:\d+) x*$/.exec(e.output);
      if (e.kind !== "event" || !m || !m[1]!.startsWith(e.id + ":")) forged++;
      else seen.set(m[1]!, (seen.get(m[1]!) ?? 0) + 1);
    }
    const doubled = [...seen.values()].filter((n) => n > 1).length;
    const lost = WRITERS * LINES - seen.size;
    return {
      attacks: WRITERS * LINES,
      linesLost: lost,
      linesForged: forged + doubled + read.problems.length,
      verdictsDoubled: 0,
      verdictsMissing: 0,
      unapprovedCommands: 0,
      notes: `${read.entries.length - formatLines} entries and ${formatLines} format line read, ${read.problems.length} unreadable`,
    };
  },
};
export default attack;
