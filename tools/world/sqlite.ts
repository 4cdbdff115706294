/**
 * better-sqlite3, the index's driver, loaded the cheap way. Its JavaScript is 14 small
 * CommonJS files, and its native addon is found by the `bindings` package, which tries
 * paths one after another: measured 20–60 ms of a `world query` or `world agent start`
 * on a busy 2-core machine, about as much as a bare `node -e ''`. The build bundles the
 * JavaScript into one file (dist/tools/world/better-sqlite3.cjs, scripts/finish-build.mjs:
 * 2–15 ms), and the addon, whose place the build wrote beside it, is handed to it (its
 * `nativeBinding` option) without a search.
 *
 * Loaded with require, not import: imported as an ES module, a CommonJS entry is first
 * parsed for its export names (cjs-module-lexer). Run from the sources (the tests), or
 * where the addon is not where an install puts it, there is no bundle to use and the
 * package itself is loaded, as before.
 */
import type BetterSqlite3 from "better-sqlite3";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

export type Sqlite = typeof BetterSqlite3;

/**
 * Found from dist/'s root, not from this file: this module is also inside the CLI's fast
 * paths (dist/ui/cli/fast-*.cjs), two folders below dist/ as it is.
 */
const BUNDLE = "../../tools/world/better-sqlite3.cjs";

let loaded: Sqlite | undefined;

/** The driver's Database class. */
export function sqlite(): Sqlite {
  loaded ??= load();
  return loaded;
}

function load(): Sqlite {
  // node:module loads the ES module loader (3 internal modules): only when a driver is first needed (issue 23).
  const require = process.getBuiltinModule("node:module").createRequire(import.meta.url);
  let bundled: { Database: Sqlite; addon: string };
  try {
    bundled = require(BUNDLE) as typeof bundled;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "MODULE_NOT_FOUND") throw error;
    return require("better-sqlite3") as Sqlite;
  }
  // Where the build found the addon (relative to the bundle): the package moved since, it is looked for again.
  const addon = existsSync(bundled.addon) ? bundled.addon : join(dirname(require.resolve("better-sqlite3/package.json")), "build", "Release", "better_sqlite3.node");
  if (!existsSync(addon)) return require("better-sqlite3") as Sqlite;
  const binding = require(addon) as object;
  // The same class, given its addon: every option the caller passes is kept.
  return class Database extends bundled.Database {
    constructor(file?: string | Buffer, options?: BetterSqlite3.Options) {
      super(file, { ...options, nativeBinding: binding as unknown as string });
    }
  } as Sqlite;
}
