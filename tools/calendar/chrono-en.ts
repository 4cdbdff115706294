/**
 * chrono-node's English parser, the only one world uses: `chrono-node/en` loads in about
 * a quarter of the time of the whole package (every locale), and only when a time is
 * first read, so a daemon that reads none (the Spirit between reminders) never pays.
 * Its CommonJS build: synchronous, and it resolves the same under Node 20's ESM.
 *
 * The build bundles it into one file (dist/tools/calendar/chrono-node-en.cjs,
 * scripts/finish-build.mjs): its ~50 small CommonJS modules cost ~20 ms to find and load,
 * the bundle ~7 ms (a reminder reads its time as it starts: issue 23). Run from the
 * sources (the tests), there is no bundle and the package itself is loaded.
 */

import { countedFromWeekday, dayOfMonth } from "./day-parsers.js";
import { holiday } from "./holidays.js";

export type ChronoEn = typeof import("chrono-node/en");

let chrono: ChronoEn | undefined;

export function chronoEn(): ChronoEn {
  chrono ??= load();
  return chrono;
}

/**
 * Found from dist/'s root, not from this file: this module is also inside the agents'
 * bundles (dist/agents/<kind>/main.js and main.cjs), two folders below dist/ as it is.
 */
const BUNDLE = "../../tools/calendar/chrono-node-en.cjs";

function load(): ChronoEn {
  // node:module loads the ES module loader (3 internal modules): only when a time is first read (issue 23).
  const require = process.getBuiltinModule("node:module").createRequire(import.meta.url);
  let en: ChronoEn;
  try {
    en = require(BUNDLE) as ChronoEn;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "MODULE_NOT_FOUND") throw error;
    en = require("chrono-node/en") as ChronoEn;
  }
  return withWorldDays(en);
}

/**
 * The casual parser with the days it does not read (day-parsers.ts, holidays.ts) tried first: on the same
 * words, chrono-node keeps the first of two results of the same length ("two days after
 * Friday" is then counted forward), and the longer of two that overlap ("a week from Tuesday"
 * over "a week" and "Tuesday").
 */
function withWorldDays(en: ChronoEn): ChronoEn {
  const casual = en.casual.clone();
  casual.parsers.unshift(dayOfMonth, countedFromWeekday, holiday);
  return { ...en, casual, parse: casual.parse.bind(casual), parseDate: casual.parseDate.bind(casual) as ChronoEn["parseDate"] };
}
