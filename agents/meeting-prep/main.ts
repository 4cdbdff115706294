/**
 * The meeting-prep agent: a short brief of what the world knows before a meeting.
 *
 *   WORLD_TASK="prepare for 'Budget review' with Alice and Bob tomorrow at 10"
 *   (or WORLD_MEETING='{"title":…,"time":…,"attendees":[…]}')
 *   → .world/briefs/<id>.md, and
 *   [agent:finish][id] brief at .world/briefs/<id>.md: "Budget review" at …, 3 about Alice, …
 *
 * It reports what the log holds, nothing more: where it knows nothing, the brief says so.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openIndex } from "../../tools/world/index-db.js";
import { PRIVATE_DIR } from "../../tools/world/paths.js";
import { runAgent } from "../harness.js";
import { collect, renderBrief, summary } from "./brief.js";
import { chooseMeeting } from "./meeting.js";
import { briefName, briefsDir } from "./brief-file.js";
import { notify } from "../../tools/notify.js";
import { whenText } from "../../tools/time-text.js";

await runAgent(async (run) => {
  const choice = chooseMeeting(run.env.task, process.env.WORLD_MEETING);
  if (!choice.ok) {
    run.fail(choice.why, "the meeting's title, time and attendees (in the task, or WORLD_MEETING as JSON)");
    return;
  }
  const { meeting } = choice;
  run.active(`collecting what the log knows about "${meeting.title}"${meeting.attendees.length ? ` with ${meeting.attendees.join(", ")}` : ""}`);
  const index = openIndex(run.paths);
  let findings;
  try {
    findings = collect(index, meeting, run.id);
  } finally {
    index.close();
  }
  const name = briefName(run.id);
  const dir = briefsDir(run.paths);
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  const now = new Date();
  writeFileSync(join(dir, name), renderBrief(meeting, findings, run.id, now));
  // Told, not only filed: a notification before the meeting, pointing at the brief (the monitor opens it).
  const when = meeting.time !== undefined && !Number.isNaN(Date.parse(meeting.time)) ? ` at ${whenText(new Date(meeting.time), now)}` : "";
  await notify(run.writer, { id: run.id, title: "Meeting brief", message: `Brief for "${meeting.title}"${when} is ready: .world/briefs/${name}`, urgency: "normal" });
  run.finish(`brief at .world/briefs/${name}: ${summary(meeting, findings)}`);
});
