/**
 * A wake-up call for every change to world.log: fs.watch of the home directory (it also
 * sees the log being created) plus a slow poll, because any watcher can miss an event.
 * Callers read to the end of the file on each call, so a missed or merged event only delays.
 * A home that does not exist yet is watched from the first poll that finds it: until then
 * only the poll wakes the caller (a bench or a test that waits on a world about to be made
 * would otherwise measure the poll interval, not the change).
 */
import { watch, type FSWatcher } from "node:fs";
import { basename, dirname } from "node:path";
import type { WorldPaths } from "./paths.js";

export function watchLog(paths: WorldPaths, onChange: () => void, pollMs = 1000): () => void {
  const name = basename(paths.log);
  let watcher: FSWatcher | undefined;
  let closed = false;
  const arm = () => {
    try {
      watcher = watch(dirname(paths.log), { persistent: true }, (_event, file) => {
        if (file === null || file === name) onChange();
      });
      watcher.on("error", () => {
        // The directory went away (or the watch broke): poll, and watch again once it is back.
        watcher?.close();
        watcher = undefined;
        if (!closed) onChange();
      });
    } catch {
      watcher = undefined; // the home may not exist yet: the poll arms the watch once it does
    }
  };
  arm();
  const poll = setInterval(() => {
    if (watcher === undefined) arm();
    onChange();
  }, pollMs);
  return () => {
    closed = true;
    clearInterval(poll);
    watcher?.close();
  };
}
