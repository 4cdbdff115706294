/**
 * `world query` without commander: a native monitor polls `world query active --json`
 * and friends, so their start-up is measured against a bare `node -e ''` like the write
 * path (see bench/). The build bundles this module into one file (scripts/finish-build.mjs).
 * Anything unusual returns undefined and the full CLI handles it, with the same messages.
 */
import { makeContext } from "./context.js";
import { parseFastArgs } from "./fast-args.js";
import { query } from "./query.js";
import { report } from "../../tools/report.js";

const BOOLEAN = new Set(["--sync", "--json", "--all"]);
const VALUED = new Set(["--home", "--limit"]);

/** Returns the exit code, or undefined when the full CLI should handle the call. */
export function fastQuery(argv: readonly string[]): number | undefined {
  try {
    const parsed = parseFastArgs(argv, BOOLEAN, VALUED);
    if (parsed?.command !== "query" || parsed.words.length < 1 || parsed.words.length > 2) return undefined;
    const { words, options } = parsed;
    const ctx = makeContext({ home: options.home as string | undefined, sync: options.sync === true });
    const limit = options.limit as string | undefined;
    query(ctx, words[0]!, words[1], { json: options.json === true, all: options.all === true, ...(limit !== undefined && { limit }) });
    return 0;
  } catch (error) {
    // Reported here: the bundle's error classes are its own copies (see fast-log.ts).
    return report(error);
  }
}
