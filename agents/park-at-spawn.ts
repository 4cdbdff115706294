/**
 * A new reminder or timer due later than the park threshold (WORLD_PARK_AFTER_MS, a minute)
 * is parked by its spawner, in the spawner's process: its agent's first run would only read
 * the time, write one parked armed line and end (agents/reminder/alarm.ts), and the Keeper's
 * scheduler delivers it at the due time (agents/parked.ts, agents/wake.ts). Starting a second
 * Node for that cost about as much again as the spawn itself (issue 23: `world spawn --kind
 * reminder` → armed).
 *
 * The same decision as the agent's (agents/reminder/arming.ts, the same planner), from the
 * same words and environment, and the same line written the same way (the agent's own
 * `AgentRun.park`, agents/harness.ts): start line, then the parked armed line. No
 * process runs, so there is no `spawned pid` line and no exit line; the process record is
 * written as for any launch (command, need, who wrote it), with no pid: the Verifier reads
 * who wrote the need from it and a retry starts the agent with its command. Written after
 * the parked line, so the Keeper's sweep never sees a record of no process for a session
 * that is not parked.
 *
 * Anything else — a time near, in the past, or not found; a retry; an environment given with
 * `--env` that could change how the time is read (TZ, a locale, NODE_OPTIONS) — starts the
 * agent as before, which then says what it says.
 */
import type { WorldPaths } from "../tools/world/paths.js";
import { AgentRun } from "./harness.js";
import type { NeedLine } from "./need-author.js";
import { writeProcRecord, type NeedFrom } from "./procs.js";
import { isAlarmKind, type Alarm, type AlarmKind } from "./reminder/armed.js";
import { inThePast, parkedArmedLine, parksAtOnce, saidAtFrom } from "./reminder/arming.js";

/** Of a spawn's `--env`, what this process reads as the agent would; any other variable leaves the reading to the agent. */
const READ_THE_SAME_HERE: ReadonlySet<string> = new Set(["WORLD_SAID_AT", "WORLD_PARK_AFTER_MS"]);

export interface NewAlarmSession {
  id: string;
  task: string;
  need: string;
  kind: string | undefined;
  /** What the agent would have run: kept in the record for a retry. */
  command: string[];
  needFrom: NeedFrom;
  needLine?: NeedLine;
  /** The spawn's `--env` (the agent's environment is this process's with it on top). */
  env: Record<string, string>;
}

/** The alarm of a new session that parks at once, as its agent would read it; undefined for anything else. */
async function alarmParkingAtOnce(kind: AlarmKind, task: string, spawnEnv: Record<string, string>): Promise<Alarm | undefined> {
  if (Object.keys(spawnEnv).some((name) => !READ_THE_SAME_HERE.has(name))) return undefined;
  const env = { ...process.env, ...spawnEnv };
  const saidAt = saidAtFrom(env, new Date());
  // chrono-node's English parser is loaded here, for alarm spawns only (tools/calendar/chrono-en.ts).
  const { PLANNERS } = await import("./reminder/plan.js");
  let alarm: Alarm | undefined;
  try {
    alarm = PLANNERS[kind](task, saidAt);
  } catch {
    return undefined; // the agent reads it again and reports what went wrong, as ever
  }
  return alarm !== undefined && !inThePast(alarm, saidAt) && parksAtOnce(alarm, env) ? alarm : undefined;
}

/** Parks a just-started alarm session whose time is far enough off; false when its agent must be started. */
export async function parkAtSpawn(paths: WorldPaths, session: NewAlarmSession): Promise<boolean> {
  if (!isAlarmKind(session.kind)) return false;
  const alarm = await alarmParkingAtOnce(session.kind, session.task, session.env);
  if (alarm === undefined) return false;
  // Through the agent's own run (agents/harness.ts): its park, its lifecycle check and its writer.
  const run = new AgentRun({ home: paths.home, sessionId: session.id, task: session.task, need: session.need, attempt: 1 });
  try {
    // Refused only if the session was closed in the instant since its start line: nothing is left to park.
    if (!run.park(parkedArmedLine(alarm))) return true;
  } finally {
    run.close();
  }
  writeProcRecord(paths, {
    id: session.id, pid: null, pgid: null, startedAt: new Date().toISOString(), startTicks: null,
    command: session.command, kind: session.kind, attempt: 1, task: session.task, need: session.need,
    needFrom: session.needFrom,
    ...(session.needLine !== undefined && { needLine: session.needLine }),
  });
  return true;
}
