/**
 * `world spawn` without commander: a reminder must say "armed" soon after it is spawned
 * (issue 23; see bench/startup.ts), and commander with every command's wiring costs about
 * a third of a bare node start. Anything unusual (help, an unknown option, no task words,
 * an agent's command after `--`) returns undefined and the full CLI handles it, with the
 * same messages. Bundled into one CommonJS file like fast-log (scripts/finish-build.mjs).
 * A reminder due later than the park threshold is parked by this process itself, with no
 * agent started (agents/park-at-spawn.ts): its time read with the bundle's chrono-node.
 */
import { report } from "../../tools/report.js";
import { makeContext } from "./context.js";
import { parseFastArgs } from "./fast-args.js";
import { spawn } from "./spawn.js";

const BOOLEANS = new Set(["--sync", "--as-human", "--plain"]);
const VALUED = new Set(["--home", "--kind", "--need", "--id", "--env"]);

/** Returns the exit code, or undefined when the full CLI should handle the call. */
export async function fastSpawn(argv: readonly string[]): Promise<number | undefined> {
  // An agent's command line after `--` is the full CLI's (bin/program.ts finds where it starts).
  if (argv.includes("--")) return undefined;
  try {
    const parsed = parseFastArgs(argv, BOOLEANS, VALUED);
    if (parsed?.command !== "spawn" || parsed.words.length === 0) return undefined;
    const o = parsed.options;
    const ctx = makeContext({ home: o.home as string | undefined, sync: o.sync === true, asHuman: o["as-human"] === true });
    await spawn(ctx, parsed.words, {
      env: parsed.lists.env ?? [],
      ...(o.kind !== undefined && { kind: o.kind as string }),
      ...(o.need !== undefined && { need: o.need as string }),
      ...(o.id !== undefined && { id: o.id as string }),
      ...(o.plain === true && { plain: true }),
    }, []);
    return 0;
  } catch (error) {
    // Reported here: this module is bundled, so its error classes are its own copies.
    return report(error);
  }
}
