/**
 * Meetings coming up: every poll the calendar is read again, and a meeting that starts
 * within the lead time (default 15 minutes) gets one meeting-prep agent. Once per
 * meeting: the agent's id is derived from the event's UID and start time, and an id
 * already in the log (read back at start-up) is never spawned again.
 */
import { occurrencesBetween, type Occurrence } from "../../tools/calendar/ics.js";
import { loadCalendarText } from "../../tools/calendar/load.js";
import { idOf } from "./ids.js";
import { quote } from "./lines.js";
import type { SpiritMemory } from "./memory.js";
import { needFor } from "../decide/plan.js";

const MEETING_PREP = "meeting-prep";

export interface MeetingSpawn {
  id: string;
  agentKind: string;
  task: string;
  need: string;
  reason: string;
  /** WORLD_MEETING for the meeting-prep agent: the meeting as JSON, so it need not parse words. */
  env: Record<string, string>;
}

/** `next`: the first meeting not started yet within the next day, for the Spirit's situation. */
export type CalendarCheck = { ok: true; due: MeetingSpawn[]; next?: { title: string; start: Date } } | { ok: false; why: string };

/** How far ahead the next meeting is looked for (the brain's context, not prep). */
const LOOK_AHEAD_MS = 24 * 3600_000;

function minutes(ms: number): string {
  const m = Math.max(0, Math.round(ms / 60_000));
  return m === 0 ? "less than a minute" : `${m} min`;
}

function meetingSpawn(o: Occurrence, now: number): MeetingSpawn {
  const start = o.start.toISOString();
  const where = o.location ? ` at ${o.location}` : "";
  const task = `prepare me for the meeting "${o.summary}"${where}, starting ${start}`;
  const id = idOf(MEETING_PREP, o.uid, start);
  const notes = [o.location && `Location: ${o.location}`, o.description].filter(Boolean).join("\n").slice(0, 5000);
  const meeting = { title: o.summary.slice(0, 300), time: start, attendees: o.attendees.slice(0, 50), ...(notes && { notes }) };
  return {
    id,
    agentKind: MEETING_PREP,
    task,
    need: needFor(MEETING_PREP, task, id),
    env: { WORLD_MEETING: JSON.stringify(meeting) },
    reason: `meeting ${quote(o.summary)} (uid ${quote(o.uid)}, starts ${start}) begins in ${minutes(o.start.getTime() - now)}`,
  };
}

/** Read the calendar and say which meetings need a prep agent now. Never throws. */
export async function checkCalendar(source: string, memory: SpiritMemory, leadMs: number, now: number, signal?: AbortSignal): Promise<CalendarCheck> {
  let occurrences: Occurrence[];
  try {
    const text = await loadCalendarText(source, signal ? { signal } : {});
    occurrences = occurrencesBetween(text, new Date(now), new Date(now + Math.max(leadMs, LOOK_AHEAD_MS)), source);
  } catch (error) {
    return { ok: false, why: (error as Error).message };
  }
  const upcoming = occurrences.filter((o) => o.start.getTime() >= now).sort((a, b) => a.start.getTime() - b.start.getTime()); // started already: too late to prepare
  const due = upcoming
    .filter((o) => o.start.getTime() <= now + leadMs)
    .map((o) => meetingSpawn(o, now))
    .filter((s) => !memory.written.has(s.id));
  const first = upcoming[0];
  return { ok: true, due, ...(first && { next: { title: first.summary, start: first.start } }) };
}
