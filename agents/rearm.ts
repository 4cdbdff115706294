/**
 * Re-arming reminders and timers after a restart (of the machine, or of whatever
 * supervises the agents): a reminder for 9 am tomorrow must survive tonight's reboot.
 *
 * A reminder/timer session that is still active in the log (SQLite index: start,
 * active or retry) and whose latest armed line (`armed: due <ISO> by <kind> — …`, see
 * agents/reminder/alarm.ts) says what it waits for, but whose process is gone (process
 * record's group no longer alive, or no record at all), is started again with the same
 * session id and attempt. The agent reads its due time back from the log, delivers at
 * once if it is past due, and never twice: it checks for its own `[event:notify]` line
 * first. Meant to be called once when the world's supervisor starts: by the Keeper's first
 * sweep, with the sweep's index and writer (its clock on every line, as wakeUp), or alone
 * by `world rearm`. A parked session (agents/parked.ts) is left to the Keeper's scheduler.
 */
import { Appender, type LineAppender } from "../tools/world/append.js";
import { openIndex, type WorldIndex } from "../tools/world/index-db.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { history, sessionsIn, type SessionJson } from "../tools/world/query.js";
import { readProcRecord, recordedGroupAlive } from "./procs.js";
import { builtInAgent } from "./registry.js";
import { parseArmed, type Alarm } from "./reminder/alarm.js";
import { launchAgent } from "./spawn.js";
import { parkedUntil } from "../tools/world/parked.js";

export interface Rearmed {
  id: string;
  kind: Alarm["kind"];
  due: string;
  pid: number;
}

export interface RearmOptions {
  /** Is this session's process still running? Default: its process record's group is alive. */
  isRunning?: (paths: WorldPaths, id: string) => boolean;
}

function recordedProcessAlive(paths: WorldPaths, id: string): boolean {
  const record = readProcRecord(paths, id);
  if (record === undefined || record.exit !== undefined) return false;
  return recordedGroupAlive(record);
}

/** The alarm a session waits for, read from its own history; undefined if it has none. */
function armedAlarm(rows: ReturnType<typeof history>): Alarm | undefined {
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!;
    if (row.kind === "agent" && row.status === "active") {
      const alarm = parseArmed(row.output);
      if (alarm !== undefined) return alarm;
    }
  }
  return undefined;
}

/** Finds the orphaned reminder/timer sessions and starts each again; returns what it started. */
export async function rearmReminders(paths: WorldPaths, index: WorldIndex, writer: LineAppender, options: RearmOptions = {}): Promise<Rearmed[]> {
  const isRunning = options.isRunning ?? recordedProcessAlive;
  const orphans: { session: SessionJson; alarm: Alarm }[] = [];
  index.catchUp();
  for (const session of sessionsIn(index, "active", 100_000)) {
    if (parkedUntil(session) !== undefined) continue; // the Keeper's scheduler keeps it (keeper/scheduler.ts)
    const alarm = armedAlarm(history(index, session.id));
    if (alarm === undefined || isRunning(paths, session.id)) continue;
    orphans.push({ session, alarm });
  }

  const started: Rearmed[] = [];
  for (const { session, alarm } of orphans) {
    const command = builtInAgent(alarm.kind);
    if (command === undefined) {
      writer.append({ kind: "event", source: "system", id: session.id, output: `cannot re-arm: no built ${alarm.kind} agent (run npm run build)` });
      continue;
    }
    const record = readProcRecord(paths, session.id);
    writer.append({ kind: "event", source: "system", id: session.id, output: `re-arming ${alarm.kind} after a restart: due ${alarm.due.toISOString()}` });
    const pid = await launchAgent(paths, {
      id: session.id,
      task: session.task,
      need: session.need ?? "",
      command,
      kind: alarm.kind,
      // The same attempt goes on; no guidance, so the agent keeps its armed due time.
      attempt: record?.attempt ?? 1 + session.retries,
    });
    started.push({ id: session.id, kind: alarm.kind, due: alarm.due.toISOString(), pid });
  }
  return started;
}

/** rearmReminders run alone (`world rearm`): its own index and appender, closed after. */
export async function rearmRemindersAlone(paths: WorldPaths, options: RearmOptions = {}): Promise<Rearmed[]> {
  const index = openIndex(paths);
  const appender = new Appender(paths);
  try {
    return await rearmReminders(paths, index, appender, options);
  } finally {
    appender.close();
    index.close();
  }
}
