/**
 * Managing reminders and timers for a person: list what is pending, cancel, move ("push
 * it to 8"), snooze. A pending reminder is a session whose latest line is its armed line
 * (agents/reminder/armed.ts): parked for the Keeper's scheduler, or held by its own
 * process when it is due within a minute. Shared by `world reminder`, the monitor and the
 * Spirit (which decides from speech and cites the voice line: tools/world/actor.ts).
 *
 *   cancel  = close the session (agents/close.ts); a repeating one stops repeating
 *   move    = stop its process if it holds the alarm, then a new parked armed line with
 *             the new due time, saying who moved it and from when; the scheduler follows
 *             the log, so the newer line replaces the older wake-up (a repeating one: its
 *             next time only, the rule goes on from there)
 *   snooze  = a pending one: move it later by the duration; one already delivered (a
 *             repeating one delivered at least once): a new one-off reminder session with
 *             the same message, due that long from now (the repetition goes on untouched)
 */
import { ulid } from "ulid";
import { NotFoundError, RefusedError, UsageError } from "../tools/errors.js";
import { checkActor, actorNote, type Actor } from "../tools/world/actor.js";
import { appendStatus } from "../tools/world/append-status.js";
import type { Entry } from "../tools/world/entry.js";
import { openIndex, type WorldIndex } from "../tools/world/index-db.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { history, sessionsIn, session, type SessionJson } from "../tools/world/query.js";
import { NOTIFY_SOURCE } from "../tools/notify.js";
import { showDuration } from "../tools/duration.js";
import { closeSession, type Closed } from "./close.js";
import { armedLine, parseArmed, type Alarm, type AlarmKind } from "./reminder/armed.js";
import { everyText } from "./reminder/every.js";
import { stopSessionGroup } from "./stop-session.js";

export interface Reminder {
  id: string;
  kind: AlarmKind;
  /** ISO UTC. */
  due: string;
  /** What is delivered: "Reminder: call mom". */
  message: string;
  /** The words it was started with. */
  task: string;
  /** true: the Keeper's scheduler delivers it; false: its own process holds it (due soon). */
  parked: boolean;
  /** A repeating reminder's rule, "every day at 8am" (its due time is the next one); absent for one that goes off once. */
  repeats?: string;
}

function reminderOf(s: SessionJson): Reminder | undefined {
  if (s.status !== "active") return undefined;
  const alarm = parseArmed(s.output);
  if (alarm === undefined) return undefined;
  return {
    id: s.id, kind: alarm.kind, due: alarm.due.toISOString(), message: alarm.message, task: s.task, parked: s.parkedUntil !== null,
    ...(alarm.every !== undefined && { repeats: everyText(alarm.every) }),
  };
}

/** Every pending reminder and timer, soonest first. */
export function listReminders(index: WorldIndex): Reminder[] {
  index.catchUp();
  return sessionsIn(index, "active", 100_000)
    .map(reminderOf)
    .filter((r): r is Reminder => r !== undefined)
    .sort((a, b) => a.due.localeCompare(b.due) || a.id.localeCompare(b.id));
}

/** Cancelling a reminder is closing its session. */
export function cancelReminder(paths: WorldPaths, id: string, actor: Actor, options: { sync?: boolean } = {}): Promise<Closed> {
  return closeSession(paths, id, "reminder cancelled", actor, options);
}

export interface Moved {
  entry: Entry;
  /** The session that will deliver it: the same one, or a new one for a snooze after delivery. */
  id: string;
  from: string;
  due: string;
}

function pendingReminder(index: WorldIndex, id: string): { s: SessionJson; alarm: Alarm } {
  const s = session(index, id);
  if (s === undefined) throw new NotFoundError(`unknown session: expected the id of a reminder or timer in world.log, received ${JSON.stringify(id)}`);
  const alarm = s.status === "active" ? parseArmed(s.output) : undefined;
  if (alarm === undefined) {
    const hint = s.status === "failed" ? `; answer it with a time instead: world respond ${id} "at 8pm"` : "";
    throw new RefusedError(`refused: session ${id} is not a pending reminder or timer: expected one whose latest line is its armed line, received a session that is ${s.status}${hint}`);
  }
  return { s, alarm };
}

/** Moves a pending reminder or timer to `due` (in the future). */
export function moveReminder(paths: WorldPaths, id: string, due: Date, actor: Actor, options: { sync?: boolean; now?: Date } = {}): Promise<Moved> {
  return rearm(paths, id, due, actor, "moved", options);
}

/** A new armed line for a pending alarm; `how` says what the person did ("moved", "snoozed 10 min"). */
async function rearm(paths: WorldPaths, id: string, due: Date, actor: Actor, how: string, options: { sync?: boolean; now?: Date }): Promise<Moved> {
  const now = options.now ?? new Date();
  if (Number.isNaN(due.getTime()) || due.getTime() <= now.getTime()) {
    throw new UsageError(`invalid time: expected a time in the future, received ${Number.isNaN(due.getTime()) ? "no time" : due.toISOString()}`);
  }
  const index = openIndex(paths);
  let alarm: Alarm;
  try {
    checkActor(index, actor, `move reminder ${id}`);
    alarm = pendingReminder(index, id).alarm;
  } finally {
    index.close();
  }
  // A reminder due within a minute is held by its process: stopped first, so its own last
  // line (it parks on SIGTERM with the old time) comes before the new one.
  await stopSessionGroup(paths, id, "its reminder was moved", options);
  const from = alarm.due.toISOString();
  const note = `parked: ${how} ${actorNote(actor)} from ${from}`;
  const entry = appendStatus(paths, { status: "active", id, output: armedLine({ ...alarm, due }, note) }, options.sync === undefined ? {} : { sync: options.sync });
  return { entry, id, from, due: due.toISOString() };
}

/**
 * The latest delivery of a reminder or timer session, with the alarm it delivered (without
 * its repetition: what a snooze brings back once). A repeating one counts as delivered once
 * it has gone off: "snooze it" means the one that just went off, not the next.
 */
function delivered(index: WorldIndex, id: string): { alarm: Alarm; need: string | null } | undefined {
  const s = session(index, id);
  if (s === undefined) return undefined;
  const repeating = s.status === "active" && parseArmed(s.output)?.every !== undefined;
  if (s.status !== "finish" && s.status !== "verified" && !repeating) return undefined;
  const lines = history(index, id);
  const notified = lines.some((e) => e.kind === "event" && e.source === NOTIFY_SOURCE);
  const armed = [...lines].reverse().find((e) => e.kind === "agent" && e.status === "active" && parseArmed(e.output) !== undefined);
  if (!notified || armed === undefined) return undefined;
  const { every: _repeats, ...once } = parseArmed(armed.output)!;
  return { alarm: once, need: s.need };
}

/**
 * Snoozes a reminder or timer by `ms`: a pending one goes off that much later; one already
 * delivered comes again that long from now, as a new session (the delivered one is over).
 */
export async function snoozeReminder(paths: WorldPaths, id: string, ms: number, actor: Actor, options: { sync?: boolean; now?: Date } = {}): Promise<Moved> {
  if (!Number.isFinite(ms) || ms <= 0) throw new UsageError(`invalid snooze: expected a positive duration, received ${ms} ms`);
  const now = options.now ?? new Date();
  const index = openIndex(paths);
  let done: ReturnType<typeof delivered>;
  let pending: Alarm | undefined;
  try {
    checkActor(index, actor, `snooze reminder ${id}`);
    done = delivered(index, id);
    if (done === undefined) pending = pendingReminder(index, id).alarm;
  } finally {
    index.close();
  }
  if (pending !== undefined) return rearm(paths, id, new Date(Math.max(pending.due.getTime(), now.getTime()) + ms), actor, `snoozed ${showDuration(ms)}`, options);
  const again = ulid();
  const due = new Date(now.getTime() + ms);
  const sync = options.sync === undefined ? {} : { sync: options.sync };
  appendStatus(paths, { status: "start", id: again, output: `snoozed ${showDuration(ms)} (from ${id}): ${done!.alarm.message}`, ...(done!.need !== null && { need: done!.need }) }, sync);
  const entry = appendStatus(paths, { status: "active", id: again, output: armedLine({ ...done!.alarm, due }, `parked: snoozed ${actorNote(actor)} after ${id} was delivered`) }, sync);
  return { entry, id: again, from: done!.alarm.due.toISOString(), due: due.toISOString() };
}
