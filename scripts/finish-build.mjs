// After tsc: makes the CLI executable, and bundles the fast paths (`world event` /
// `agent` / `check`, `world query`, an agent's exit note) into one module each, replacing
// tsc's output for those files. Measured: a dozen small ES modules
// cost ~10 ms to load, which is a third of a bare `node -e ''` start (see bench/ and
// README "Performance"). One bundle each, not one for all: a write must not load SQLite.
import { chmodSync, copyFileSync, existsSync } from "node:fs";
import { build } from "esbuild";

// The CLI is the package's bin: `npx world …` runs the file itself, so it must be
// executable. npm sets the bit only on bins it links at install time, and the root
// package's dist/ does not exist yet then (prepare builds it after): a fresh clone
// got "world: Permission denied".
chmodSync("dist/bin/world.js", 0o755);

// The Spirit's trained intent model is data, not code: tsc does not copy it. (Missing
// only before the first `npm run train:intents`, which writes both copies.)
for (const f of ["model.json", "model.bin"]) if (existsSync(`spirit/intents/${f}`)) copyFileSync(`spirit/intents/${f}`, `dist/spirit/intents/${f}`);

// The exit note too: it runs once per agent, when the agent ends (agents/note-exit.ts).
for (const path of ["ui/cli/fast-log", "ui/cli/fast-query", "agents/note-exit"]) {
  await build({
    entryPoints: [`${path}.ts`],
    outfile: `dist/${path}.js`,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    allowOverwrite: true,
    logLevel: "warning",
  });
}
