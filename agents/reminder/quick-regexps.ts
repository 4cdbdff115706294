/**
 * The alarm agents read one time with chrono-node as they start, and most of that reading
 * is V8 compiling chrono's large regular expressions, optimised for matching many texts:
 * ~30–70 ms of a reminder's start-up (issue 23), for one short text. Without V8's regexp
 * optimisations they compile in about a quarter of the time and match the same (the same
 * expressions, compiled more simply; test/agents/quick-regexps.test.ts compares). And
 * compiled once: by default V8 first compiles an expression for its interpreter and again to
 * machine code at its second use, which in one reading is nearly all of them
 * (`--no-regexp-tier-up`: ~3–5 ms of the agent's CPU less, measured in issue 23's round 3). Only in
 * these short-lived agents: a daemon that reads many texts (the Spirit) keeps the defaults.
 *
 * The spawner gives the flag on the agent's node command line (agents/registry.ts): set from
 * the code, it needs node:v8, whose heap utilities load the stream modules, ~3 ms of a start
 * that must say "armed" soon (issue 23). Run by name without it (a process record written
 * before, a test), the agent sets it itself.
 */
export const QUICK_REGEXPS: readonly string[] = ["--no-regexp-optimization", "--no-regexp-tier-up"];

/** Call before the first time is read: expressions compiled from then on are compiled quickly. */
export function compileRegexpsQuickly(): void {
  if (QUICK_REGEXPS.every((flag) => process.execArgv.includes(flag))) return;
  process.getBuiltinModule("node:v8").setFlagsFromString(QUICK_REGEXPS.join(" "));
}
