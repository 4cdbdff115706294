/**
 * The armed line of a reminder or timer, `armed: due <ISO> by <kind>[ (<note>)] — <message>`:
 * written and read back by the agent (alarm.ts), the re-arming (rearm.ts) and the
 * scheduler (parked.ts). Kept apart from alarm.ts so readers load no notifier.
 *
 * A repeating reminder says its rule last in the note, `(…; repeats every day at 8am)` or
 * `(repeats every day at 8am)` alone (repeat.ts): the due time is always the next one, so a
 * reader that knows nothing of repetition still reads the line, and a parked one still
 * starts its note with "parked" (tools/world/parked.ts).
 */
import { everyText, parseEvery, type Every } from "./every.js";

export type AlarmKind = "reminder" | "timer";
/** The alarm agents' kinds (agents/reminder, agents/timer). */
export const ALARM_KINDS: readonly AlarmKind[] = ["reminder", "timer"];

export function isAlarmKind(kind: string | null | undefined): kind is AlarmKind {
  return (ALARM_KINDS as readonly (string | null | undefined)[]).includes(kind);
}

export interface Alarm {
  kind: AlarmKind;
  due: Date;
  /** What is delivered: "Reminder: call mom", "Timer done: 10 minutes". */
  message: string;
  /** A repeating reminder's rule; absent for one that goes off once. */
  every?: Every;
}

const ARMED = /^armed: due (\S+) by (reminder|timer)(?: \(([^)]*)\))? — (.*)$/s;

const REPEATS = /(?:^|; )repeats (every [^;]*)$/;

export function armedLine(alarm: Alarm, note?: string): string {
  const said = [note?.replace(/[()]/g, ""), alarm.every && `repeats ${everyText(alarm.every)}`].filter((s) => s).join("; ");
  return `armed: due ${alarm.due.toISOString()} by ${alarm.kind}${said ? ` (${said})` : ""} — ${alarm.message}`;
}

export function parseArmed(output: string): Alarm | undefined {
  const m = ARMED.exec(output);
  if (m === null) return undefined;
  const due = new Date(m[1]!);
  if (Number.isNaN(due.getTime())) return undefined;
  const repeats = m[3] === undefined ? undefined : REPEATS.exec(m[3]);
  const every = repeats ? parseEvery(repeats[1]!) : undefined;
  return { kind: m[2] as AlarmKind, due, message: m[4]!, ...(every !== undefined && { every }) };
}


/** How late a delivery was, for people: "42s", "7m", "3h 5m". */
export function lateness(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.round(s / 60);
  return m < 120 ? `${m}m` : `${Math.floor(m / 60)}h ${m % 60}m`;
}
