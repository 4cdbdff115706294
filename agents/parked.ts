/**
 * Parked agents, as the scheduler needs them: what "parked" means is defined once in
 * tools/world/parked.ts (the forms of the line, and `parkedUntil` for every reader); this
 * adds what a wake-up delivers. A reminder or timer's parked armed line carries its alarm
 * (delivered by the scheduler itself, no process started); a `sleep until` line carries
 * the agent's state, handed back to it in WORLD_STATE when it is relaunched.
 *
 * A parked session is still `active` in the log; its process being gone is expected,
 * so neither the end-of-process note (agents/ended.ts) nor the Keeper's sweep fails it.
 */
import { parseParkLine } from "../tools/world/parked.js";
import { parseArmed, type Alarm } from "./reminder/armed.js";

export interface Parked {
  due: Date;
  /** A reminder or timer: delivered directly, no process started. Absent: relaunch the agent. */
  alarm?: Alarm;
  /** The JSON state of a `sleep until … state {…}` line, for the relaunched agent (WORLD_STATE). */
  state?: string;
}

/** The wake-up an `active` line asks for, or undefined if it does not park the session. */
export function parseParked(output: string): Parked | undefined {
  const line = parseParkLine(output);
  if (line === undefined) return undefined;
  if (line.form === "sleep") return { due: line.until, ...(line.state !== undefined && { state: line.state }) };
  const alarm = parseArmed(output);
  return alarm && { due: alarm.due, alarm };
}
