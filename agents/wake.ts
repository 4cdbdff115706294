/**
 * Keeping a parked session's promise at its due time (agents/parked.ts): a reminder or
 * timer is delivered directly — `[event:notify]` and `finish` in one write, so a crash
 * leaves both or neither; a repeating reminder's notify goes with its next parked armed
 * line instead (its next occurrence after now: one missed for days goes off once, late),
 * in the same one write, and the session goes on — and any other agent is relaunched with the same session,
 * attempt and command (and its `state {…}` in WORLD_STATE), after an `active` line that says it woke (written first: a
 * crash between the two leaves a session the Keeper's sweep fails, never a second run).
 *
 * Exactly once: only the holder of the scheduler lock delivers (keeper/scheduler.ts),
 * and each wake-up is checked against the session's state in the index just before:
 * still active, still parked until that same time. Delivered or relaunched, the session
 * is no longer parked, so a restart that rebuilds the list from the log skips it.
 */
import { desktopNotify, NOTIFY_SOURCE } from "../tools/notify.js";
import type { Draft, LineAppender } from "../tools/world/append.js";
import type { WorldIndex } from "../tools/world/index-db.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { parkedSessions as parkedRows, session, type SessionJson } from "../tools/world/query.js";
import { parseParked, type Parked } from "./parked.js";
import { readProcRecord, recordedGroupAlive } from "./procs.js";
import { lateness } from "./reminder/armed.js";
import { parkedArmedLine } from "./reminder/arming.js";
import { nextAfterRinging } from "./reminder/every.js";
import { launchAgent } from "./spawn.js";

/** What a session waits for, if its latest status line parks it. */
function parkedOf(s: SessionJson): Parked | undefined {
  return s.status === "active" ? parseParked(s.output) : undefined;
}

/** Every parked session in the index, with its wake-up. */
export function parkedSessions(index: WorldIndex): { id: string; parked: Parked }[] {
  const out: { id: string; parked: Parked }[] = [];
  for (const s of parkedRows(index)) {
    const parked = parkedOf(s);
    if (parked !== undefined) out.push({ id: s.id, parked });
  }
  return out;
}

export interface Woken {
  id: string;
  due: string;
  lateMs: number;
  how: "delivered" | "relaunched" | "not yet exited" | "cannot relaunch";
}

function late(ms: number): string {
  return ms > 1000 ? `, late by ${lateness(ms)}` : "";
}

/**
 * Delivers or relaunches what is due; skips a wake-up whose session moved on since it was
 * scheduled. Reminders go out in one write for the whole batch.
 */
export async function wakeUp(paths: WorldPaths, index: WorldIndex, writer: LineAppender, due: { id: string; parked: Parked }[]): Promise<Woken[]> {
  index.catchUp();
  const now = Date.now();
  const at = new Date(now).toISOString();
  const drafts: Draft[] = [];
  const desktop: { title: string; message: string }[] = [];
  const woken: Woken[] = [];
  const relaunch: { s: SessionJson; lateMs: number; due: string; state: string | undefined }[] = [];
  for (const { id, parked } of due) {
    const s = session(index, id);
    const still = s && parkedOf(s);
    if (s === undefined || still === undefined || still.due.getTime() !== parked.due.getTime()) continue;
    const dueIso = parked.due.toISOString();
    const lateMs = Math.max(0, now - parked.due.getTime());
    if (parked.alarm !== undefined) {
      const { every } = parked.alarm;
      drafts.push(
        { kind: "event", source: NOTIFY_SOURCE, id, output: parked.alarm.message },
        every === undefined
          ? { kind: "agent", status: "finish", id, output: `delivered at ${at} (due ${dueIso}${late(lateMs)}) by the Keeper's scheduler` }
          : { kind: "agent", status: "active", id, output: parkedArmedLine({ ...parked.alarm, due: nextAfterRinging(every, parked.due, now) }, `delivered at ${at} for due ${dueIso}${late(lateMs)}`) },
      );
      desktop.push({ title: parked.alarm.kind === "timer" ? "Timer" : "Reminder", message: parked.alarm.message });
      woken.push({ id, due: dueIso, lateMs, how: "delivered" });
    } else relaunch.push({ s, lateMs, due: dueIso, state: still.state });
  }
  if (drafts.length > 0) writer.appendMany(drafts);
  for (const r of relaunch) woken.push(await relaunchParked(paths, writer, r.s, r.due, r.lateMs, at, r.state));
  // The log line is the delivery; a desktop notification is a courtesy on top, after it.
  void (async () => {
    for (const d of desktop) await desktopNotify(d.title, d.message);
  })();
  return woken;
}

async function relaunchParked(paths: WorldPaths, writer: LineAppender, s: SessionJson, due: string, lateMs: number, at: string, state: string | undefined): Promise<Woken> {
  const record = readProcRecord(paths, s.id);
  if (record === undefined) {
    writer.append({ kind: "agent", status: "failed", id: s.id, output: `woke at ${at} (due ${due}${late(lateMs)}) but cannot relaunch: no process record of its command`, need: "someone to start it again with world spawn" });
    return { id: s.id, due, lateMs, how: "cannot relaunch" };
  }
  // The agent said "sleep until" but has not ended yet: the caller tries again shortly.
  if (record.exit === undefined && recordedGroupAlive(record)) return { id: s.id, due, lateMs, how: "not yet exited" };
  writer.append({ kind: "agent", status: "active", id: s.id, output: `woke at ${at} (due ${due}${late(lateMs)}): relaunching attempt ${record.attempt}` });
  await launchAgent(paths, {
    id: s.id, task: s.task, need: s.need ?? "", command: record.command, kind: record.kind, attempt: record.attempt,
    // Its context: what it was spawned with (launchAgent adds the stored spawn env), the
    // due time, and the state it parked with; the rest is its own history in the log.
    env: { WORLD_WOKEN: due, ...(state !== undefined && { WORLD_STATE: state }) },
  });
  return { id: s.id, due, lateMs, how: "relaunched" };
}
