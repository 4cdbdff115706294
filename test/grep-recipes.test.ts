/**
 * The grep recipes of README.md ("Auditing with grep") give exactly what `world query` says,
 * on a realistic log (bench/generate-log.ts) salted with outputs that quote whole log lines
 * (a command's output after an escaped \n, an older tool's text): an unanchored pattern
 * counts those too. And every `grep -E` recipe in README.md and docs/ is anchored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { generateLog } from "../bench/generate-log.js";
import { appendOnce } from "../tools/world/append.js";
import type { EntryJson } from "../tools/world/json.js";
import { ROOT, tempWorld, world, type TempWorld } from "./support/world.js";

let w: TempWorld;
let entries: EntryJson[];
let rawLines: string[];
let sessionId: string;

const QUOTED = (status: string, id: string) => `[2026-01-01T00:00:00.000Z][${status}][${id}] quoted in an output | need: nothing`;

beforeAll(async () => {
  w = tempWorld();
  generateLog(w.paths.log, { lines: 20_000, sessions: 200, seed: 7 });
  sessionId = /\]\[agent:start\]\[([^\]]+)\]/.exec(readFileSync(w.paths.log, "utf8"))![1]!;
  const add = (source: string, id: string, output: string) => appendOnce(w.paths, { kind: "event", source, id, output });
  // What a realistic day adds that the generator does not: answers, the Spirit's lines to a person, the Keeper.
  add("user", sessionId, "the plate is LX-4711 (from terminal)");
  add("user", sessionId, "approve (from mcp)");
  add("spirit", sessionId, `needs you: I could not finish "book a table" (answer: world respond ${sessionId} <text>)`);
  add("system", "keeper", "swept: 3 running, 0 awaiting a verdict, 1 failed; nothing else to do");
  appendOnce(w.paths, { kind: "agent", status: "verified", id: sessionId, output: "meets the need [judge: evidence]" });
  // Outputs that quote whole log lines: written escaped (one entry, one line), still matched by an unanchored pattern.
  add("bash", "cmd-quote", `$ tail world.log\n${QUOTED("agent:failed", sessionId)}\n${QUOTED("event:user", sessionId)}`);
  add("bash", "cmd-quote2", `$ grep needs world.log\n[2026-01-01T00:00:00.000Z][event:spirit][x] needs you: an old one\n[2026-01-01T00:00:00.000Z][event:system][keeper] swept: 0`);
  add("chrome", "tab-quote", `older tool said: ${QUOTED("agent:verified", sessionId)} and [event:spirit][sp-1] nudge: should I?`);
  // What `grep -c ''` counts and an entry count does not.
  appendFileSync(w.paths.log, "=================READ-MARKER=================\n\n");
  add("voice", "utt-last", "the last line");
  const r = await world(w.home, ["query", "recent", "1000000", "--json"]);
  expect(r.exitCode, r.stderr).toBe(0);
  entries = String(r.stdout).trim().split("\n").map((l) => JSON.parse(l) as EntryJson);
  rawLines = readFileSync(w.paths.log, "utf8").split("\n");
}, 120_000);
afterAll(() => w.cleanup());

/** The recipes of README.md's "Auditing with grep" block: [command, comment]. */
function readmeRecipes(): [string, string][] {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const block = /## Auditing with grep\s+```sh\n([\s\S]*?)```/.exec(readme)![1]!;
  return block.trim().split("\n").map((line) => {
    const cut = line.indexOf(" # ");
    return [line.slice(0, cut).trim(), line.slice(cut + 3).trim()];
  });
}

/** What `world query` says each recipe finds, keyed by a piece of its pattern. */
const EXPECTED: [string, (e: EntryJson) => boolean][] = [
  ["\\[01JDX4…\\]", (e) => e.id === sessionId],
  ["\\[(agent:failed|event:user)\\]", (e) => (e.kind === "agent" && e.status === "failed") || (e.kind === "event" && e.source === "user")],
  ["\\[agent:failed\\]", (e) => e.kind === "agent" && e.status === "failed"],
  ["needs you:", (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("needs you:")],
  ["\\[agent:verified\\]", (e) => e.kind === "agent" && e.status === "verified"],
  ["nudge:", (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("nudge:")],
  ["\\[keeper\\]", (e) => e.kind === "event" && e.source === "system" && e.id === "keeper"],
  ["(event|agent):", () => true],
];

async function run(command: string): Promise<string> {
  const shellCommand = command.replace("01JDX4…", sessionId).replaceAll("world.log", `'${w.paths.log}'`);
  // Our own documented recipes, run as a reader would paste them.
  const r = await execa("sh", ["-c", shellCommand], { reject: false });
  expect(r.exitCode, `${command}: ${r.stderr}`).toBeLessThanOrEqual(1);
  return String(r.stdout);
}

describe("README's grep recipes", () => {
  it("each one gives exactly world query's answer, though outputs quote log lines", async () => {
    const recipes = readmeRecipes();
    expect(recipes.length).toBeGreaterThanOrEqual(8);
    for (const [command] of recipes) {
      const found = EXPECTED.find(([piece]) => command.includes(piece));
      expect(found, `no expectation for the recipe ${command}: add one here`).toBeDefined();
      const want = entries.filter(found![1]);
      expect(want.length, command).toBeGreaterThan(0);
      const out = await run(command);
      if (command.includes("grep -c")) {
        expect(Number(out.trim()), command).toBe(want.length);
      } else {
        expect(out.trimEnd().split("\n"), command).toEqual(want.map((e) => rawLines[e.line! - 1]));
      }
    }
  });

  it("the same patterns unanchored would have counted the quoted lines (the log holds the traps)", async () => {
    for (const pattern of ["\\]\\[agent:failed\\]", "\\]\\[event:user\\]", "needs you:", "\\]\\[event:system\\]\\[keeper\\]", "\\]\\[agent:verified\\]"]) {
      const anchored = Number((await run(`grep -cE '^\\[[^]]*${pattern}' world.log`)).trim());
      const loose = Number((await run(`grep -cE '${pattern}' world.log`)).trim());
      expect(loose, pattern).toBeGreaterThan(anchored);
    }
    const lines = Number((await run("grep -c '' world.log")).trim());
    expect(lines).toBeGreaterThan(entries.length); // the READ-MARKER and the blank line
  });

  it("every grep -E recipe in README.md and docs/ is anchored at the start of the line", () => {
    const files = ["README.md", ...readdirSync(join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
    const loose: string[] = [];
    for (const file of files) {
      for (const m of readFileSync(join(ROOT, file), "utf8").matchAll(/grep -c?E '([^']*)'/g)) {
        if (!m[1]!.startsWith("^")) loose.push(`${file}: ${m[0]}`);
      }
      for (const m of readFileSync(join(ROOT, file), "utf8").matchAll(/grep -c?F '(\[|\]\[)[^']*'/g)) loose.push(`${file}: ${m[0]}`);
    }
    expect(loose).toEqual([]);
  });
});
