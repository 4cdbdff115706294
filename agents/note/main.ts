/**
 * The note agent: keeps a note for the person — usually a plan heard in a conversation
 * that names no time, so no reminder could ring for it ("Want me to note that you'll pay
 * Sam back?"). The note is the log itself: one line that says it, and the finish.
 *
 *   [event:note][id] <the note>          what is kept
 *   [agent:finish][id] noted: <the note>
 *
 * The task reads `note: <words>` (the Spirit's offers) or is the words themselves. Its need
 * (`output contains "noted: "`, spirit/decide/plan.ts) is checked exactly by the offline Verifier.
 * `world query events note` lists what was kept.
 */
import { runAgent } from "../harness.js";
import { noteOf } from "./note.js";

await runAgent((run) => {
  const note = noteOf(run.env.task);
  if (note === undefined) {
    run.fail("nothing to note: the task is empty", 'the words to keep, as "note: <words>"');
    return Promise.resolve();
  }
  run.event("note", note);
  run.finish(`noted: ${note}`);
  return Promise.resolve();
});
