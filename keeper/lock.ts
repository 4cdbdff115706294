/**
 * One sweep at a time: cron and the daemon may overlap. The lock file holds the pid and
 * start time of its owner; a lock whose owner is gone is taken over.
 */
import { openSync, readFileSync, unlinkSync, writeSync, closeSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { isSameProcess, procStat } from "../tools/proc/proc.js";
import { PRIVATE_DIR, type WorldPaths } from "../tools/world/paths.js";

export interface Lock {
  release: () => void;
}

export function tryLock(paths: WorldPaths, name: string): Lock | { heldBy: number } {
  mkdirSync(paths.dir, { recursive: true, mode: PRIVATE_DIR });
  const file = join(paths.dir, `${name}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, JSON.stringify({ pid: process.pid, startTicks: procStat(process.pid)?.startTicks ?? null }));
      closeSync(fd);
      return {
        release: () => {
          try {
            unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let owner: { pid: number; startTicks: number | null } | undefined;
      try {
        owner = JSON.parse(readFileSync(file, "utf8"));
      } catch {
        owner = undefined; // half-written by a process that died: stale
      }
      if (owner && owner.pid !== process.pid && isSameProcess(owner.pid, owner.startTicks)) return { heldBy: owner.pid };
      try {
        unlinkSync(file);
      } catch {
        // someone else removed it first
      }
    }
  }
  return { heldBy: -1 };
}
