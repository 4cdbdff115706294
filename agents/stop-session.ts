/**
 * Stopping the process group of a session's current attempt, when a person ends it
 * (agents/close.ts) or moves its reminder (agents/reminders.ts): SIGTERM, SIGKILL after a
 * grace period (tools/process/terminate.ts), each signal said in the log. Only a group
 * that is still ours is signalled (a reused pid belongs to someone else).
 */
import { Appender } from "../tools/world/append.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { terminateGroups } from "../tools/process/terminate.js";
import { listProcRecords, recordedGroupAlive } from "./procs.js";

/** SIGKILL this long after SIGTERM. */
const DEFAULT_GRACE_MS = 5_000;

export type Stopped = "none" | "stopped" | "killed";

export async function stopSessionGroup(paths: WorldPaths, id: string, why: string, options: { graceMs?: number; sync?: boolean } = {}): Promise<Stopped> {
  const record = listProcRecords(paths).find((r) => r.id === id);
  if (record === undefined || !recordedGroupAlive(record)) return "none"; // (of no process: parked at its spawn)
  const appender = new Appender(paths, options.sync === undefined ? {} : { sync: options.sync });
  try {
    const { killed } = await terminateGroups([record], {
      graceMs: options.graceMs ?? DEFAULT_GRACE_MS,
      onSignal: (r, signal) => appender.append({ kind: "event", source: "system", id, output: `${signal} to process group ${r.pgid} (${why})` }),
    });
    return killed.length > 0 ? "killed" : "stopped";
  } finally {
    appender.close();
  }
}
