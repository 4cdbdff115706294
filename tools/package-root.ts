/**
 * Where world is installed, and its compiled CLI: what every layer that starts a `world`
 * process needs (agents' WORLD_BIN, world up's children, the Verifier's checks, the demo,
 * the bench), so it lives below them all.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The package root: the nearest folder above this module holding package.json. */
export const PACKAGE_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) return from;
  }
}

/** The compiled CLI, given to agents as WORLD_BIN so they can run `node $WORLD_BIN agent finish …`. */
export const WORLD_BIN = join(PACKAGE_ROOT, "dist", "bin", "world.js");
