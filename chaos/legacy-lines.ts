/**
 * Mixed use with the older shell tool (issue 8.12): a log it wrote, with backslashes in its
 * text (`C:\temp\new`), keeps growing from the older tool (lines over 4 KiB in pieces) while
 * our `world event` processes and an appender append to it. Every line must be read with the
 * meaning it was written with: the older tool's raw (before our format line, and after it
 * by their whole-second timestamps), ours decoded; the format line written once; the index
 * (incremental, then rebuilt) reading the same. An older-tool line that one of ours landed
 * inside is reported (never read as something else); a line neither read nor reported is lost.
 */
import { indexedTexts } from "../tools/world/event-queries.js";
import { execa } from "execa";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { WorldIndex } from "../tools/world/index-db.js";
import { isFormatLine } from "../tools/world/log-format.js";
import { worldPaths } from "../tools/world/paths.js";
import { collectEntries } from "../tools/world/read.js";
import { olderToolText, ourText } from "./children/legacy-text.js";
import { world } from "./support.js";
import type { ChaosAttack } from "./types.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const HISTORY = 50; // older-tool lines before any of ours
const OLDER = 400; // older-tool lines written while ours append
const CLI_LANES = 4;
const CLI_CALLS = 10;
const APPENDED = 2000;

const attack: ChaosAttack = {
  name: "legacy-lines",
  async run(ctx) {
    const home = ctx.tmp();
    const paths = worldPaths(home);
    await execa(process.execPath, [join(HERE, "children/older-tool.js"), home, String(HISTORY)]);
    // The history is renumbered: old-0… of the second run would repeat the first's ids.
    writeFileSync(paths.log, readFileSync(paths.log, "utf8").replace(/\]\[old-(\d+)\]/g, (_m, n) => `][hist-${n}]`));
    const expected = new Map<string, string>();
    for (let n = 0; n < HISTORY; n++) expected.set(`hist-${n}`, olderToolText(n));
    for (let n = 0; n < OLDER; n++) expected.set(`old-${n}`, olderToolText(n));
    const ours = new Set<string>();
    for (let k = 0; k < CLI_LANES; k++) for (let i = 0; i < CLI_CALLS; i++) { expected.set(`cli${k}-${i}`, ourText(`cli${k}`, i)); ours.add(`cli${k}-${i}`); }
    for (let i = 0; i < APPENDED; i++) { expected.set(`app-${i}`, ourText("app", i)); ours.add(`app-${i}`); }

    const index = new WorldIndex(paths);
    index.catchUp(); // an index that knew the log before our first line
    const lane = async (k: number) => {
      for (let i = 0; i < CLI_CALLS; i++) await world(ctx, home, ["event", "bash", `cli${k}-${i}`, ourText(`cli${k}`, i), "-q"]);
    };
    await Promise.all([
      execa(process.execPath, [join(HERE, "children/older-tool.js"), home, String(OLDER), "10"]),
      execa(process.execPath, [join(HERE, "children/legacy-append.js"), home, String(APPENDED)]),
      ...Array.from({ length: CLI_LANES }, (_, k) => lane(k)),
    ]);

    const read = collectEntries(paths.log);
    const got = new Map<string, string[]>();
    for (const e of read.entries) got.set(e.id, [...(got.get(e.id) ?? []), e.output]);
    let lost = 0;
    let misread = 0;
    let reported = 0;
    for (const [id, text] of expected) {
      const outputs = got.get(id) ?? [];
      if (outputs.length > 1) misread++;
      else if (outputs.length === 1 && outputs[0] !== text) misread++;
      else if (outputs.length === 0) {
        // Only an older-tool line that one of ours landed inside may be unreadable, and then it is reported.
        if (!ours.has(id) && read.problems.some((p) => p.error.includes(`[${id}] `))) reported++;
        else lost++;
      }
    }
    const formatLines = readFileSync(paths.log, "utf8").split("\n").filter(isFormatLine).length;
    const formatAt = read.entries.find((e) => e.id === "world")?.line ?? Infinity;
    const olderAfter = read.entries.filter((e) => e.id.startsWith("old-") && e.line > formatAt).length;
    const strangers = read.entries.filter((e) => !expected.has(e.id) && !(e.id === "world" && e.output === "format 2")).length;
    // The index: caught up across the format line, and rebuilt from scratch, reads the same.
    index.catchUp();
    const rows = () => indexedTexts(index);
    const incremental = rows();
    index.rebuild();
    const rebuilt = rows();
    index.close();
    const fromLog = read.entries.map((e) => ({ id: e.id, output: e.output }));
    const indexWrong = [incremental, rebuilt].filter((r) => JSON.stringify(r) !== JSON.stringify(fromLog)).length;
    return {
      attacks: expected.size,
      linesLost: lost,
      linesForged: misread + strangers + Math.abs(formatLines - 1) + indexWrong,
      verdictsDoubled: 0,
      verdictsMissing: 0,
      unapprovedCommands: 0,
      notes: `${HISTORY + OLDER} older-tool lines (every 7th over 4 KiB, in pieces; ${olderAfter} after the format line), ${ours.size} of ours; ${formatLines} format line; ${misread} misread; ${reported} older-tool lines cut by one of ours, reported; index incremental and rebuilt ${indexWrong === 0 ? "agree" : "DISAGREE"}`,
    };
  },
};
export default attack;
