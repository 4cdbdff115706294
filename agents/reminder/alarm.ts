/**
 * The machinery shared by the reminder and timer agents: arm, wait, deliver once.
 *
 * The log holds everything needed to survive a restart:
 *   [agent:active][id] armed: due <ISO> by <kind> — <message>
 *       written when armed, and again as the heartbeat while waiting (with a note in
 *       parentheses after the kind); `parseArmed` reads it back, and so does rearm.ts.
 *   [event:notify][id] <message>
 *       the delivery (tools/notify), written once.
 *   [agent:finish][id] delivered at <ISO> (due <ISO>)
 *       or, for a repeating reminder, its next armed line in the same write as the notify
 *       line: the session goes on until it is cancelled (deliverRepeating).
 *
 * A run of the same session (re-armed after a restart, or retried) takes the due time
 * from its own latest armed line instead of reading "in 10 minutes" again, and before
 * delivering it looks for a delivery after that line: a reminder never fires
 * twice. A retry whose guidance names a new time arms that time instead.
 */
import { desktopNotify, notify } from "../../tools/notify.js";
import { answerWords } from "../../tools/world/asks/human-answer.js";
import type { Entry } from "../../tools/world/entry.js";
import { findLastEntry } from "../../tools/world/last-status.js";
import { NOTIFY_SOURCE } from "../../tools/notify.js";
import { sleep, type AgentRun } from "../harness.js";
import { armedLine, lateness, parseArmed, type Alarm, type AlarmKind } from "./armed.js";
import { inThePast, parkedArmedLine, parksAtOnce, saidAtFrom } from "./arming.js";
import { NO_SUBJECT } from "./plan.js";
import { nextAfterRinging, type Every } from "./every.js";
import { msFromEnv } from "../../tools/duration.js";

export { armedLine, parseArmed, type Alarm, type AlarmKind } from "./armed.js";

/** How the agent turns words into an alarm; undefined when the words name no time. */
export type Planner = (text: string, now: Date) => Alarm | undefined;

/**
 * An answer to "when to remind you?" names the time, not the subject ("at 7am"): the
 * alarm is the answer's time with the task's own words ("Reminder: call mom"), read from
 * the task and the answer together; an answer that says both keeps its own.
 */
function withTaskSubject(fromAnswer: Alarm | undefined, fromBoth: Alarm | undefined): Alarm | undefined {
  // "take out the trash every week" answered "at 7pm on tuesday": the repetition is the task's.
  if (fromAnswer !== undefined && fromAnswer.every === undefined && fromBoth?.every !== undefined) return fromBoth;
  if (fromAnswer === undefined || fromBoth === undefined || !fromAnswer.message.endsWith(NO_SUBJECT)) return fromAnswer;
  return { ...fromAnswer, message: fromBoth.message };
}

/** The latest armed line of a session (the one a new run of it must honour). */
function lastArmed(log: string, id: string): { alarm: Alarm; entry: Entry } | undefined {
  const entry = findLastEntry(log, id, (e) => e.kind === "agent" && e.status === "active" && parseArmed(e.output) !== undefined);
  return entry && { alarm: parseArmed(entry.output)!, entry };
}

/**
 * The delivery of the latest arming, if there was one: walking the session backwards,
 * a notify line met before any armed line. (Log order, not timestamps, which can tie.)
 */
function deliveredSinceArmed(log: string, id: string): Entry | undefined {
  let delivery: Entry | undefined;
  findLastEntry(log, id, (e) => {
    if (e.kind === "event" && e.source === NOTIFY_SOURCE) delivery = e;
    return delivery !== undefined || (e.kind === "agent" && e.status === "active" && parseArmed(e.output) !== undefined);
  });
  return delivery;
}

function evidence(deliveredAt: string, due: Date): string {
  const late = Date.parse(deliveredAt) - due.getTime();
  const note = late > 5000 ? `; late by ${lateness(late)}: the agent was not running at the due time` : "";
  return `delivered at ${deliveredAt} (due ${due.toISOString()}${note})`;
}

/**
 * Runs an alarm session to its end. `heartbeatMs` (default 30 min, WORLD_HEARTBEAT_MS)
 * keeps the Keeper from taking a long wait for a dead agent.
 */
export async function runAlarm(run: AgentRun, kind: AlarmKind, plan: Planner, whatIsMissing: string): Promise<void> {
  const { log } = run.paths;
  const now = new Date();
  // "in 10 minutes" counts from when it was said (WORLD_SAID_AT, set by the Spirit from the
  // voice line), not from when this process got to it; a retry's guidance is new words.
  const saidAt = saidAtFrom(process.env, now);
  const previous = lastArmed(log, run.id);
  // A person's answer is read as its words alone ("at 7am"), not as the Verifier's sentence around it.
  const guidance = run.env.attempt > 1 && run.env.guidance ? (answerWords(run.env.guidance) ?? run.env.guidance) : undefined;
  const fromGuidance = guidance ? withTaskSubject(plan(guidance, now), plan(`${run.env.task} ${guidance}`, now)) : undefined;

  // A long wait is not worth a process: park (agents/parked.ts) and let the Keeper's
  // scheduler deliver at the due time (arming.ts). Short waits stay here, to the millisecond.
  // A session that parks at once says "armed" once: its parking line is the armed line. (A new
  // session due that far off is parked by its spawner already: agents/park-at-spawn.ts.)
  let alarm: Alarm;
  let parkNow: boolean;
  /** Why this run armed again (a re-arm, a retry): said on its one armed line, parked or not. */
  let again: string | undefined;
  if (fromGuidance === undefined && previous !== undefined) {
    alarm = previous.alarm;
    const done = deliveredSinceArmed(log, run.id);
    if (done !== undefined && alarm.every === undefined) {
      run.finish(evidence(done.ts, alarm.due)); // delivered by an earlier run: never twice
      return;
    }
    // (A repeating one's delivery is always followed by its next armed line, in the same write.)
    parkNow = parksAtOnce(alarm);
    again = run.env.attempt > 1 ? `attempt ${run.env.attempt}` : "re-armed after a restart";
    if (!parkNow) run.active(armedLine(alarm, again));
  } else {
    const fresh = fromGuidance ?? plan(run.env.task, saidAt);
    if (fresh === undefined) {
      run.fail(`no time found in ${JSON.stringify(run.env.task)}`, whatIsMissing);
      return;
    }
    // In the past when it was said; one that came due while the words were on their way is delivered at once.
    if (inThePast(fresh, fromGuidance ? now : saidAt)) {
      run.fail(`the time named is in the past: ${fresh.due.toISOString()}`, `${whatIsMissing} (a time in the future)`);
      return;
    }
    alarm = fresh;
    parkNow = parksAtOnce(alarm);
    if (!parkNow) run.active(armedLine(alarm));
  }
  // Arming was refused: the session is already over (the Keeper failed it, a human closed
  // it). Stop here, whatever the clock says: on a slow start the due time may have passed
  // already, and the loop below would skip its wait and deliver for a closed session.
  if (run.closed !== undefined) return;

  if (parkNow) {
    run.park(parkedArmedLine(alarm, again));
    return;
  }

  const heartbeatMs = msFromEnv("WORLD_HEARTBEAT_MS", 30 * 60_000);
  for (;;) {
    for (;;) {
      const left = alarm.due.getTime() - Date.now();
      if (left <= 0) break;
      await sleep(Math.min(left, heartbeatMs), run.signal);
      if (run.signal.aborted) {
        // Parked: the Keeper's scheduler delivers it at the due time (agents/parked.ts).
        run.park(armedLine(alarm, `parked: stopped by a signal before due ${alarm.due.toISOString()}, still armed`));
        return;
      }
      if (alarm.due.getTime() - Date.now() > 0) {
        run.active(armedLine(alarm, `waiting, next check-in by ${new Date(Date.now() + heartbeatMs).toISOString()}`));
      }
    }

    // Another run of this session (a re-arm racing a slow original) may have delivered.
    const done = deliveredSinceArmed(log, run.id);
    if (done !== undefined) {
      if (alarm.every === undefined) run.finish(evidence(done.ts, alarm.due));
      return; // a repeating one: that run wrote its next armed line too, and keeps it
    }
    if (alarm.every === undefined) {
      const { entry, desktop } = await notify(run.writer, {
        id: run.id,
        message: alarm.message,
        title: kind === "timer" ? "Timer" : "Reminder",
        urgency: "normal",
      });
      if (!desktop.shown) process.stderr.write(`agent ${run.id}: desktop notification not shown: ${desktop.why}\n`);
      run.finish(evidence(entry.ts, alarm.due));
      return;
    }
    const next = deliverRepeating(run, alarm, alarm.every);
    if (next === undefined || parksAtOnce(next)) return;
    alarm = next; // the next one is near too: this process keeps it
  }
}

/**
 * A repeating reminder's delivery: the notify line and the next armed line (its next
 * occurrence after now) in one write, so a crash leaves both or neither; the session goes
 * on. The next one is parked for the Keeper's scheduler unless it is near. Returns it, or
 * undefined when the session turned out to be over (closed: nothing is delivered).
 */
function deliverRepeating(run: AgentRun, alarm: Alarm, every: Every): Alarm | undefined {
  const at = new Date();
  const next: Alarm = { ...alarm, due: nextAfterRinging(every, alarm.due, at.getTime()) };
  const delivered = `delivered at ${at.toISOString()} for due ${alarm.due.toISOString()}`;
  const park = parksAtOnce(next);
  const entry = run.eventThenActive({ source: NOTIFY_SOURCE, output: alarm.message }, park ? parkedArmedLine(next, delivered) : armedLine(next, delivered), { park });
  if (entry === undefined) return undefined;
  // The log line is the delivery; a desktop notification is a courtesy on top, after it.
  void desktopNotify("Reminder", alarm.message).then((desktop) => {
    if (!desktop.shown) process.stderr.write(`agent ${run.id}: desktop notification not shown: ${desktop.why}\n`);
  });
  return next;
}
