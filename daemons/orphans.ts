/**
 * What a `world up` that died without stopping its children (SIGKILL, a crash) left
 * running: its last up-status.json names each child by pid and start time. A new `up`
 * ends those very processes (never a pid alone: pids are reused) before starting its own.
 */
import { isSameProcess } from "../tools/process/identity.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { terminate } from "../tools/process/terminate.js";
import { readUpStatusFile } from "./up-status.js";

interface Recorded {
  name: string;
  pid: number;
  startTicks: number;
}

function recorded(paths: WorldPaths): { upPid: number; children: Recorded[] } | undefined {
  // None yet, or malformed: nothing we could safely end.
  const file = readUpStatusFile(paths);
  if (file === undefined) return undefined;
  const children = file.children.flatMap((c) => (c.pid !== null && typeof c.startTicks === "number" ? [{ name: c.name, pid: c.pid, startTicks: c.startTicks }] : []));
  return { upPid: file.pid, children };
}
/** SIGTERM to each orphan still running, SIGKILL after `graceMs`; returns "name pid N" of each ended. */
export async function endOrphans(paths: WorldPaths, graceMs: number): Promise<{ upPid: number; ended: string[] } | undefined> {
  const found = recorded(paths);
  if (found === undefined || found.upPid === process.pid) return undefined;
  const alive = found.children.filter((c) => c.pid !== process.pid && isSameProcess(c.pid, c.startTicks));
  if (alive.length === 0) return undefined;
  await terminate(alive, {
    graceMs,
    alive: (c) => isSameProcess(c.pid, c.startTicks),
    signal: (c, s) => {
      try {
        if (!isSameProcess(c.pid, c.startTicks)) return false;
        process.kill(c.pid, s);
        return true;
      } catch {
        return false; // gone in between
      }
    },
  });
  return { upPid: found.upPid, ended: alive.map((c) => `${c.name} pid ${c.pid}`) };
}
