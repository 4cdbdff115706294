// Bundles the fast paths (`world event` / `agent` / `check`, and `world query`) into one
// module each, replacing tsc's output for those files. Measured: a dozen small ES modules
// cost ~10 ms to load, which is a third of a bare `node -e ''` start (see bench/ and
// README "Performance"). Two bundles, not one: a write must not load SQLite.
import { build } from "esbuild";

for (const name of ["fast-log", "fast-query"]) {
  await build({
    entryPoints: [`ui/cli/${name}.ts`],
    outfile: `dist/ui/cli/${name}.js`,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    allowOverwrite: true,
    logLevel: "warning",
  });
}
