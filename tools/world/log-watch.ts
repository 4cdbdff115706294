/**
 * A wake-up call for every change to world.log: fs.watch of the home directory (it also
 * sees the log being created) plus a slow poll, because any watcher can miss an event.
 * Callers read to the end of the file on each call, so a missed or merged event only delays.
 */
import { watch, type FSWatcher } from "node:fs";
import { basename, dirname } from "node:path";
import type { WorldPaths } from "./paths.js";

export function watchLog(paths: WorldPaths, onChange: () => void, pollMs = 1000): () => void {
  const name = basename(paths.log);
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dirname(paths.log), { persistent: true }, (_event, file) => {
      if (file === null || file === name) onChange();
    });
    watcher.on("error", onChange);
  } catch {
    // The home may not exist yet: the poll finds the log once it appears.
  }
  const poll = setInterval(onChange, pollMs);
  return () => {
    clearInterval(poll);
    watcher?.close();
  };
}
