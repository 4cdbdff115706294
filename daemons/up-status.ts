/**
 * Which daemons `world up` runs, read back from `.world/up-status.json` (written by the
 * Supervisor on every change) for `world status` and the monitor. The file outlives a
 * `world up` that was killed, so a child counts as running only while both `up` and the
 * child's own process are still alive.
 */
import { sinceText } from "../tools/time-text.js";
import { join } from "node:path";
import { isSameProcess } from "../tools/process/identity.js";
import { PRIVATE_DIR, type WorldPaths } from "../tools/world/paths.js";
import { z } from "zod";
import { writeJsonAtomic } from "../tools/fs/atomic-write.js";
import { readJsonStateOrNone } from "../tools/fs/json-file.js";
import type { ChildStatus } from "./supervisor.js";

export interface DaemonStatus {
  name: string;
  /** The supervisor's word for it (running, backoff, given-up, stopped, …). */
  state: string;
  running: boolean;
  pid: number | null;
  /** A level run as a thread of `world up` (then `pid` is up's). */
  thread?: number;
  /** ISO time of the latest change of state: "running since …". */
  since: string;
  restarts: number;
  last?: string;
}

export interface UpStatus {
  /** Whether the `world up` that wrote the file is still alive. */
  upRunning: boolean;
  /** null when `world up` never ran in this world (or its file is unreadable). */
  upPid: number | null;
  daemons: DaemonStatus[];
}

const UP_STATUS_FILE = "up-status.json";

function alive(pid: number | null): boolean {
  return pid !== null && Number.isInteger(pid) && pid > 0 && isSameProcess(pid, undefined);
}

/** Written whole, atomically, on every change: by world up's Supervisor, and by world demo for its own daemons. */
export function writeUpStatus(paths: WorldPaths, pid: number, children: readonly ChildStatus[]): void {
  writeJsonAtomic(join(paths.dir, UP_STATUS_FILE), { pid, children }, { dirMode: PRIVATE_DIR });
}

const NEVER: UpStatus = { upRunning: false, upPid: null, daemons: [] };

/** One child as up-status.json records it; a child entry that is not one is passed over, not the whole file. */
const RecordedChild = z.object({
  name: z.string(),
  state: z.string(),
  pid: z.number().nullable().catch(null),
  startTicks: z.number().nullable().optional().catch(undefined),
  restarts: z.number().catch(0),
  /** A level run as a thread of `world up` (then `pid` is up's). */
  thread: z.number().optional().catch(undefined),
  since: z.string().catch(""),
  last: z.string().optional().catch(undefined),
});
export type RecordedChild = z.infer<typeof RecordedChild>;

const UpStatusFile = z.object({ pid: z.number(), children: z.array(z.unknown()) });

/** What the last `world up` wrote: its pid and its children; undefined when none ran (or the file is malformed). */
export function readUpStatusFile(paths: WorldPaths): { pid: number; children: RecordedChild[] } | undefined {
  const file = readJsonStateOrNone(join(paths.dir, UP_STATUS_FILE), UpStatusFile, "world up's status");
  if (file === undefined) return undefined;
  const children = file.children.flatMap((c) => {
    const parsed = RecordedChild.safeParse(c);
    return parsed.success ? [parsed.data] : [];
  });
  return { pid: file.pid, children };
}

export function readUpStatus(paths: WorldPaths): UpStatus {
  const raw = readUpStatusFile(paths);
  if (raw === undefined) return NEVER;
  const upRunning = alive(raw.pid);
  const daemons = raw.children.map((c): DaemonStatus => {
    const running = upRunning && c.state === "running" && alive(c.pid);
    return {
      name: c.name,
      state: upRunning ? c.state : "stopped",
      running,
      pid: running ? c.pid : null,
      ...(running && c.thread !== undefined && { thread: c.thread }),
      since: c.since,
      restarts: c.restarts,
      ...(c.last !== undefined && { last: c.last }),
    };
  });
  return { upRunning, upPid: raw.pid, daemons };
}

/** One line per daemon for people: `keeper    running since 10:02:11 (3m ago) (pid 4242)`. */
export function describeDaemon(d: DaemonStatus, now = new Date()): string {
  const restarts = d.restarts > 0 ? `, ${d.restarts} restart${d.restarts === 1 ? "" : "s"}` : "";
  const last = d.last !== undefined && !d.running ? ` (last: ${d.last})` : "";
  const since = Number.isNaN(Date.parse(d.since)) ? d.since : sinceText(new Date(d.since), now);
  const state = d.running ? `running since ${since}` : `${d.state === "running" ? "not running" : d.state}`;
  const where = d.pid === null ? "" : d.thread === undefined ? ` (pid ${d.pid})` : ` (thread ${d.thread} of world up, pid ${d.pid})`;
  return `${d.name.padEnd(9)} ${state}${where}${restarts}${last}`;
}
