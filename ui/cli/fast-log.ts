/**
 * The commands that touch only the log (`world event`, `world agent`, `world check`),
 * without commander: agents call them at every step, so their start-up is measured
 * against a bare `node -e ''` (see bench/). Commander alone costs about half that
 * budget, so their few options are parsed here. Anything unusual (help, an unknown
 * option) returns undefined and the full CLI handles it, with the same messages. The
 * build bundles this module into one file (scripts/finish-build.mjs): loading a
 * dozen small ES modules cost ~10 ms. It must never import SQLite.
 */
import { check } from "./check.js";
import { makeContext, type Context } from "./context.js";
import { parseFastArgs, type FastArgs } from "./fast-args.js";
import { report } from "../../tools/report.js";
import { agent, event } from "./write.js";

interface FastCommand {
  booleans: string[];
  valued: string[];
  /** Runs the command, or returns false when the words do not fit it (commander then says why). */
  run(ctx: Context, words: string[], options: FastArgs["options"]): boolean | Promise<boolean>;
}

const COMMANDS: Record<string, FastCommand> = {
  event: {
    booleans: ["-q", "--quiet"],
    valued: [],
    run(ctx, words, o) {
      if (words.length < 3) return false;
      event(ctx, words[0]!, words[1]!, words.slice(2), { quiet: o.q === true || o.quiet === true });
      return true;
    },
  },
  agent: {
    booleans: ["-q", "--quiet", "--force"],
    valued: ["--need"],
    run(ctx, words, o) {
      if (words.length < 2) return false;
      const need = o.need as string | undefined;
      agent(ctx, words[0]!, words[1]!, words.slice(2), { force: o.force === true, quiet: o.q === true || o.quiet === true, ...(need !== undefined && { need }) });
      return true;
    },
  },
  check: {
    booleans: ["--peek", "--json"],
    valued: ["--limit"],
    async run(ctx, words, o) {
      if (words.length !== 1) return false;
      const limit = o.limit as string | undefined;
      await check(ctx, words[0]!, { peek: o.peek === true, json: o.json === true, ...(limit !== undefined && { limit }) });
      return true;
    },
  },
};

/** Returns the exit code, or undefined when the full CLI should handle the call. */
export async function fastLog(argv: readonly string[], command: string): Promise<number | undefined> {
  if (!Object.hasOwn(COMMANDS, command)) return undefined;
  const spec = COMMANDS[command]!;
  try {
    const parsed = parseFastArgs(argv, new Set(["--sync", "--as-human", ...spec.booleans]), new Set(["--home", ...spec.valued]));
    if (parsed?.command !== command) return undefined;
    const ctx = makeContext({ home: parsed.options.home as string | undefined, sync: parsed.options.sync === true, asHuman: parsed.options["as-human"] === true });
    return (await spec.run(ctx, parsed.words, parsed.options)) ? 0 : undefined;
  } catch (error) {
    // Reported here: this module is bundled, so its error classes are its own copies and
    // must not cross into the unbundled report module.
    return report(error);
  }
}
