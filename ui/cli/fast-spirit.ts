/**
 * `world spirit` without commander: the Spirit should be awake soon after it is started
 * (issue 23; see bench/startup.ts), and commander with every command's wiring, as ES modules,
 * is much of what it loaded before it followed the log. Anything unusual (help, an unknown
 * option, a missing value, extra words) returns undefined and the full CLI handles it, with
 * the same messages. Bundled into one CommonJS file with the Spirit's daemon
 * (scripts/finish-build.mjs); what the Spirit loads later (its language, the spawner) is in
 * the bundle too, evaluated only when first used.
 */
import { report } from "../../tools/report.js";
import { makeContext } from "./context.js";
import { parseFastArgs } from "./fast-args.js";
import { optionOf, spirit, spiritFlags, SPIRIT_FLAGS } from "./spirit.js";

const BOOLEANS = new Set(["--sync", "--as-human"]);
const VALUED = new Set(["--home", ...SPIRIT_FLAGS.map(optionOf)]);

/** Returns the exit code, or undefined when the full CLI should handle the call. */
export async function fastSpirit(argv: readonly string[]): Promise<number | undefined> {
  try {
    const parsed = parseFastArgs(argv, BOOLEANS, VALUED);
    if (parsed?.command !== "spirit" || parsed.words.length > 0) return undefined;
    const o = parsed.options;
    const ctx = makeContext({ home: o.home as string | undefined, sync: o.sync === true, asHuman: o["as-human"] === true });
    // As commander would name them: --nudge-expiry as nudgeExpiry.
    await spirit(ctx, spiritFlags(Object.fromEntries(SPIRIT_FLAGS.map((flag) => [flag, o[optionOf(flag).slice(2)]]))));
    return 0;
  } catch (error) {
    // Reported here: this module is bundled, so its error classes are its own copies.
    return report(error);
  }
}
