/**
 * The reminder agent: "remind me to call mom at 5pm" → at 5pm, `[event:notify][id]
 * Reminder: call mom` (and a desktop notification where there is one), then
 * `finish delivered at <ISO> (due <ISO>)`. No time in the task → `failed … | need: when
 * to remind you`. See alarm.ts for arming, waiting and delivering once.
 */
import { runAgent } from "../harness.js";
import { runAlarm } from "./alarm.js";
import { planReminder } from "./plan.js";

await runAgent((run) => runAlarm(run, "reminder", planReminder, "when to remind you"));
