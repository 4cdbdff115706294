/**
 * The timer agent: "set a timer for 10 minutes" → after 10 minutes,
 * `[event:notify][id] Timer done: 10 minutes`, then `finish delivered at …`.
 * The same machinery as the reminder (agents/reminder/alarm.ts).
 */
import { runAgent } from "../harness.js";
import { compileRegexpsQuickly } from "../reminder/quick-regexps.js";
import { runAlarm } from "../reminder/alarm.js";
import { planTimer } from "../reminder/plan.js";

compileRegexpsQuickly(); // it reads one time, at once: compiled simply, matched the same
// Not awaited: the same file is built as CommonJS (main.cjs), which has no top-level await;
// runAgent reports its own errors and sets the exit code.
void runAgent((run) => runAlarm(run, "timer", planTimer, "how long the timer should run"));
