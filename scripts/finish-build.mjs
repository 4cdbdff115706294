// After tsc: makes the CLI executable, and bundles the fast paths (`world event` /
// `agent` / `check`, `world query`, `world spawn`, `world spirit`, an agent's exit note) into one module each (the exit
// note's replaces tsc's output; the CLI's are `.cjs` files beside it). Measured: a dozen small ES modules
// cost ~10 ms to load, which is a third of a bare `node -e ''` start (see bench/ and
// README "Performance"). One bundle each, not one for all: a write must not load SQLite.
import { chmodSync, copyFileSync, existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { build } from "esbuild";

// The CLI is the package's bin: `npx world …` runs the file itself, so it must be
// executable. npm sets the bit only on bins it links at install time, and the root
// package's dist/ does not exist yet then (prepare builds it after): a fresh clone
// got "world: Permission denied".

// The Spirit's trained intent model is data, not code: tsc does not copy it. (Missing
// only before the first `npm run train:intents`, which writes both copies.)
for (const f of ["model.json", "model.bin"]) if (existsSync(`spirit/intents/${f}`)) copyFileSync(`spirit/intents/${f}`, `dist/spirit/intents/${f}`);

// The exit note too: it runs once per agent, when the agent ends (agents/note-exit.ts).
const bundle = { bundle: true, platform: "node", target: "node20", packages: "external", allowOverwrite: true, logLevel: "warning" };
await build({ ...bundle, entryPoints: ["agents/note-exit.ts"], outfile: "dist/agents/note-exit.js", format: "esm" });
// The alarm agents too: a reminder must say "armed" soon after `world spawn` (issue 23), and
// ~30 small ES modules cost ~10 ms to find and load. (Their other modules stay in dist/ for the rest.)
// As CommonJS, main.cjs, which the spawner runs (agents/registry.ts): an ES entry loads Node's ES
// loader and node:fs's ES facade (~30 internal modules more); main.js, an ES bundle, stays for
// what runs it by name (a process record written before, the tests' direct runs).
const commonJs = {
  format: "cjs",
  // import.meta is empty in CommonJS: the modules that resolve packages from their own place get the bundle's.
  // (And no import.meta.resolve: tools/lazy-zod.ts then requires zod's CommonJS build.)
  define: { "import.meta.url": "__bundleUrl", "import.meta.resolve": "undefined" },
  banner: { js: 'const __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
};
for (const kind of ["reminder", "timer"]) {
  await build({ ...bundle, entryPoints: [`agents/${kind}/main.ts`], outfile: `dist/agents/${kind}/main.js`, format: "esm" });
  await build({ ...bundle, ...commonJs, entryPoints: [`agents/${kind}/main.ts`], outfile: `dist/agents/${kind}/main.cjs` });
}
// chrono-node's English parser as one file (tools/calendar/chrono-en.ts loads it): ~50
// CommonJS modules, ~20 ms to find and load, ~7 ms as one. The package itself, bundled whole.
await build({
  ...bundle,
  packages: undefined,
  entryPoints: [createRequire(import.meta.url).resolve("chrono-node/en")],
  outfile: "dist/tools/calendar/chrono-node-en.cjs",
  format: "cjs",
});
// better-sqlite3's JavaScript as one file (tools/world/sqlite.ts loads it and hands it the
// native addon): 14 CommonJS modules and the `bindings` package's search for the addon cost
// 20–60 ms of a `world query` on a busy machine, the bundle 2–15 ms.
// Where the addon is, relative to the bundle, is found here once: at run time a
// require.resolve of the package reads and parses this package's package.json (~2 ms).
const sqliteAddon = relative(
  "dist/tools/world",
  join(dirname(createRequire(import.meta.url).resolve("better-sqlite3/package.json")), "build", "Release", "better_sqlite3.node"),
);
await build({
  ...bundle,
  packages: undefined,
  stdin: {
    contents: `module.exports = { Database: require("better-sqlite3"), addon: require("node:path").join(__dirname, ${JSON.stringify(sqliteAddon)}) };`,
    resolveDir: ".",
    sourcefile: "better-sqlite3-bundle.js",
  },
  outfile: "dist/tools/world/better-sqlite3.cjs",
  format: "cjs",
});
// The CLI's fast paths as CommonJS (`.cjs`, loaded by bin/world.ts with require): an ES
// module's `import … from "node:fs"` builds node:fs's ES facade, which loads the fs
// streams, fs/promises and the stream modules (19 modules, ~3 ms of a ~25 ms node start).
for (const path of ["ui/cli/fast-log", "ui/cli/fast-query", "ui/cli/fast-spawn"]) {
  await build({
    ...bundle,
    entryPoints: [`${path}.ts`],
    ...commonJs,
    outfile: `dist/${path}.cjs`,
  });
}
// `world spirit` too (issue 23: the Spirit awake soon after its start), the whole daemon in one
// CommonJS file: its modules as ES modules cost most of its ~140 ms of CPU to awake. What it
// imports lazily (its language at the first words, the spawner at the first spawn) is bundled
// too, but evaluated only when first imported, as before. Here each module keeps its own
// import.meta.url (where tsc put it in dist/), not the bundle's: the intent model is read from
// beside its module (spirit/intents/model.ts), the drivers' bundles from their places.
// pino (its operational log) is bundled in with its packages: 29 CommonJS modules, ~20 ms to
// find and load on a busy machine, ~10 ms as part of one file. Its transports are left out:
// they need pino's files where they are, tools/process/daemon.ts writes to a file itself, and
// their module loads node:module (and with it Node's ES loader) and worker_threads.
await build({
  ...bundle,
  packages: undefined,
  entryPoints: ["ui/cli/fast-spirit.ts"],
  ...commonJs,
  outfile: "dist/ui/cli/fast-spirit.cjs",
  plugins: [ownImportMetaUrl("dist/ui/cli"), packagesExternalBut(["pino"]), pinoWithoutTransports()],
});

/** An esbuild plugin: pino's transport module, as a function that says it is not there. */
function pinoWithoutTransports() {
  return {
    name: "pino-without-transports",
    setup(b) {
      // pino.js's `./lib/transport` and lib/tools.js's `./transport`.
      b.onResolve({ filter: /^\.\/(lib\/)?transport$/ }, (args) =>
        /[\\/]pino[\\/]lib[\\/]transport$/.test(join(args.resolveDir, args.path)) ? { path: "pino-transport", namespace: "pino-without-transports" } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: "pino-without-transports" }, () => ({
        contents: 'module.exports = () => { throw new Error("pino transports are not in this bundle (scripts/finish-build.mjs)"); };',
        loader: "js",
      }));
    },
  };
}

/** An esbuild plugin: every package the project imports stays external but these, which are bundled with what they import. */
function packagesExternalBut(bundled) {
  return {
    name: "packages-external-but",
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        args.importer.includes(`${sep}node_modules${sep}`) || bundled.includes(args.path) ? undefined : { path: args.path, external: true },
      );
    },
  };
}

/**
 * An esbuild plugin: `import.meta.url` in each bundled source file becomes the URL of its
 * compiled module in dist/ (found from the bundle's own URL, so the install may move).
 */
function ownImportMetaUrl(bundleDir) {
  return {
    name: "own-import-meta-url",
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        const source = readFileSync(args.path, "utf8");
        if (!source.includes("import.meta.url")) return undefined;
        const compiled = relative(bundleDir, join("dist", relative(process.cwd(), args.path))).replace(/\.ts$/, ".js");
        const url = `new URL(${JSON.stringify(compiled.split(sep).join("/"))}, __bundleUrl).href`;
        return { contents: source.replaceAll("import.meta.url", url), loader: "ts" };
      });
    },
  };
}

// The CLI's entry itself as CommonJS, in place of tsc's ES module (same path, same code): an
// ES module as the main script starts Node's ES module loader (21 internal modules, ~4 ms
// of CPU, a sixth of a bare `node -e ''`), which the fast paths never use. dist/bin/ is made
// a CommonJS folder for it; commander's program (every command but the fast paths) stays an
// ES module, renamed .mjs, and the modules the entry imports lazily are imported as they are.
renameSync("dist/bin/program.js", "dist/bin/program.mjs");
writeFileSync("dist/bin/package.json", `${JSON.stringify({ type: "commonjs" })}\n`);
await build({
  ...bundle,
  entryPoints: ["bin/world.ts"],
  outfile: "dist/bin/world.js",
  ...commonJs,
  plugins: [
    {
      name: "imports-stay-apart",
      setup(b) {
        b.onResolve({ filter: /^\./ }, (args) =>
          args.kind === "entry-point" ? undefined : { path: args.path === "./program.js" ? "./program.mjs" : args.path, external: true },
        );
      },
    },
  ],
});
chmodSync("dist/bin/world.js", 0o755);
