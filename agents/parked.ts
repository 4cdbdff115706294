/**
 * Parked agents: a session whose agent has nothing to do until a time says so in its
 * latest `active` line and ends its process; the scheduler in the Keeper keeps the
 * promise (agents/scheduler.ts). Two forms of that line:
 *
 *   sleep until <ISO time>[ — <note>]            any agent: relaunched at that time
 *   armed: due <ISO> by reminder|timer (parked…) — <message>
 *                                                 delivered by the scheduler itself
 *
 * A parked session is still `active` in the log; its process being gone is expected,
 * so neither the end-of-process note (agents/ended.ts) nor the Keeper's sweep fails it.
 */
import { parseArmed, type Alarm } from "./reminder/armed.js";

export interface Parked {
  due: Date;
  /** A reminder or timer: delivered directly, no process started. Absent: relaunch the agent. */
  alarm?: Alarm;
}

const SLEEP_UNTIL = /^sleep until (\S+)(?:\s+—\s+.*)?$/s;
const PARKED_NOTE = /^armed: due \S+ by \S+ \(parked/;

/** The wake-up an `active` line asks for, or undefined if it does not park the session. */
export function parseParked(output: string): Parked | undefined {
  const sleep = SLEEP_UNTIL.exec(output);
  if (sleep !== null) {
    const due = new Date(sleep[1]!);
    return Number.isNaN(due.getTime()) ? undefined : { due };
  }
  if (!PARKED_NOTE.test(output)) return undefined;
  const alarm = parseArmed(output);
  return alarm && { due: alarm.due, alarm };
}
