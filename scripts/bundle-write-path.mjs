// Bundles the `world event` / `world agent` fast path into a single module, replacing
// tsc's output for that file. Measured: a dozen small ES modules cost ~10 ms to load,
// which is a third of a bare `node -e ''` start (see bench/ and README "Performance").
import { build } from "esbuild";

await build({
  entryPoints: ["ui/cli/fast-write.ts"],
  outfile: "dist/ui/cli/fast-write.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  allowOverwrite: true,
  logLevel: "warning",
});
