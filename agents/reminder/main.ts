/**
 * The reminder agent: "remind me to call mom at 5pm" → at 5pm, `[event:notify][id]
 * Reminder: call mom` (and a desktop notification where there is one), then
 * `finish delivered at <ISO> (due <ISO>)`. No time in the task → `failed … | need: when
 * to remind you` (`what to remind you of, and when` when it names nothing either). See alarm.ts for arming, waiting and delivering once.
 */
import { runAgent } from "../harness.js";
import { compileRegexpsQuickly } from "./quick-regexps.js";
import { runAlarm } from "./alarm.js";
import { planReminder } from "./plan.js";
import { reminderSubject } from "./when.js";
import { withoutRepeat } from "./repeat.js";

// Nothing said to be reminded of either ("remind me", "set a reminder"): the one question asks for both.
compileRegexpsQuickly(); // it reads one time, at once: compiled simply, matched the same
// Not awaited: the same file is built as CommonJS (main.cjs), which has no top-level await;
// runAgent reports its own errors and sets the exit code.
// ("remind me every week": a repetition is no subject either.)
void runAgent((run) => runAlarm(run, "reminder", planReminder, reminderSubject(withoutRepeat(run.env.task)) === "" ? "what to remind you of, and when" : "when to remind you"));
