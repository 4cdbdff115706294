/**
 * A level of `world up` run as a worker thread of `up` instead of a process of its own (the
 * default; `world up --processes` keeps processes). One Node binary and one process for all
 * the levels: each thread has its own V8 heap and event loop and runs the same `world
 * <level>` command a process would (daemons/level-entry.ts), but the node binary, libuv and
 * the C++ runtime are paid once. Measured idle (README, bench/idle.ts): ~125 MB resident for
 * `up` and its four levels, against ~300 MB as five processes.
 *
 * What a process gave and a thread keeps: an uncaught exception, a process.exit or running
 * out of heap ends that thread only, and `up` restarts it as it restarts a process. What
 * it does not keep: a native crash (a segfault in better-sqlite3, an abort) ends the whole
 * process, every level with it (docs/daemons.md).
 */
import { closeSync, writeSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { PACKAGE_ROOT } from "../tools/package-root.js";
import { LEVEL_STOP } from "../tools/process/daemon.js";
import { releaseThreadLocks } from "../tools/process/lock.js";
import type { WorldPaths } from "../tools/world/paths.js";
import type { LevelData } from "./level-entry.js";
import type { ChildRun, ChildSpec } from "./supervisor.js";

const LEVEL_ENTRY = join(PACKAGE_ROOT, "dist", "daemons", "level-entry.js");

/**
 * Starts `spec` (`[node, bin/world.js, …args]`) as a thread; `out` is the descriptor of its
 * .out file, which this run owns from now on (closed once the thread is gone).
 */
export function runThread(spec: ChildSpec, paths: WorldPaths, out: number): ChildRun {
  const [, script, ...args] = spec.command;
  const data: LevelData = { outFd: out, script: script! };
  const worker = new Worker(LEVEL_ENTRY, {
    argv: args,
    workerData: data,
    // Its own copy: what a level changes in its environment stays its own, as in a process.
    env: { ...process.env, ...spec.env, WORLD_HOME: paths.home },
    // Never into up's terminal: a level's output is its .out file (level-entry.ts writes it).
    stdout: true,
    stderr: true,
  });
  const threadId = worker.threadId; // -1 once the thread is gone
  let forced = false;
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null; how?: string }>((resolve) => {
    // A process's uncaught exception is printed on its stderr by Node; a thread's comes here.
    worker.on("error", (error: unknown) => {
      const text = error instanceof Error ? `${error.stack ?? error.message}\nuncaught ${error.name}: ${error.message}` : `uncaught: ${String(error)}`;
      try {
        writeSync(out, `${text}\n`);
      } catch {
        // a full disk: the exit is still handled
      }
    });
    worker.once("exit", (code) => {
      try {
        // What a process's death frees by itself: its locks. (Its descriptors are this run's.)
        releaseThreadLocks(paths, threadId);
      } finally {
        closeSync(out);
        resolve(forced ? { code: null, signal: null, how: "ended by force (its thread terminated)" } : { code, signal: null });
      }
    });
  });
  return {
    pid: process.pid,
    thread: threadId,
    ended,
    stop: () => worker.postMessage(LEVEL_STOP),
    kill: () => {
      forced = true;
      void worker.terminate();
    },
  };
}
