/**
 * How a new alarm is armed, decided from its words and its environment alone: one
 * definition for the two places that decide it — the alarm agent's run (alarm.ts) and the
 * spawner, which parks a reminder due beyond the park threshold itself instead of starting a
 * process that would only do this and end (agents/park-at-spawn.ts). No notifier, no
 * chrono-node here: the spawner loads this on every alarm spawn.
 */
import { msFromEnv } from "../../tools/duration.js";
import { armedLine, type Alarm } from "./armed.js";

/** What a session parked at once says on its one armed line (its parking line). */
const PARKED = "parked: the Keeper's scheduler delivers it";

/** WORLD_SAID_AT as a date no later than `now`; `now` when it is absent or not a time. */
export function saidAtFrom(env: NodeJS.ProcessEnv, now: Date): Date {
  const said = Date.parse(env.WORLD_SAID_AT ?? "");
  return Number.isNaN(said) || said > now.getTime() ? now : new Date(said);
}

/**
 * A long wait is not worth a process: due more than WORLD_PARK_AFTER_MS (default a minute)
 * from now, the session parks and the Keeper's scheduler delivers it at the due time.
 */
export function parksAtOnce(alarm: Alarm, env: NodeJS.ProcessEnv = process.env): boolean {
  return alarm.due.getTime() - Date.now() > msFromEnv("WORLD_PARK_AFTER_MS", 60_000, env);
}

/** Named in the past when it was said (one that came due while the words were on their way is not). */
export function inThePast(alarm: Alarm, saidAt: Date): boolean {
  return alarm.due.getTime() <= saidAt.getTime() - 1000;
}

/** The parked armed line of a session that parks as it arms; `again` says why it armed again (a re-arm, a retry). */
export function parkedArmedLine(alarm: Alarm, again?: string): string {
  return armedLine(alarm, `${PARKED}${again ? `; ${again}` : ""}`);
}
