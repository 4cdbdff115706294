/**
 * The first module of a level run as a thread of `world up` (daemons/level-thread.ts): the
 * thread's stdout and stderr become synchronous writes to the level's `.world/logs/<name>.out`
 * (the descriptor `up` opened for it), `up`'s stop message becomes its SIGTERM, then the
 * `world` CLI runs with the level's arguments, as the level's own process would.
 */
import { writeSync } from "node:fs";
import { workerData } from "node:worker_threads";
import { listenForLevelStop } from "../tools/process/daemon.js";

export interface LevelData {
  /** Where the level's output goes: a descriptor `up` holds open and closes once the thread is gone. */
  outFd: number;
  /** The CLI entry to run (bin/world.js), with the thread's argv. */
  script: string;
}

const { outFd, script } = workerData as LevelData;

/**
 * Synchronous, like a process's stdout on a file: the last words of a level that dies are in
 * its .out file before `up` reads them, and no chunk waits in a stream for a thread that is
 * gone. A write that fails (a full disk) is dropped: a level's output must not be what ends it.
 */
function toOut(chunk: string | Uint8Array, encoding?: BufferEncoding | ((error?: Error | null) => void), done?: (error?: Error | null) => void): boolean {
  try {
    if (typeof chunk === "string") writeSync(outFd, chunk, null, typeof encoding === "string" ? encoding : "utf8");
    else writeSync(outFd, chunk);
  } catch {
    // dropped
  }
  (typeof encoding === "function" ? encoding : done)?.();
  return true;
}
process.stdout.write = toOut as typeof process.stdout.write;
process.stderr.write = toOut as typeof process.stderr.write;

listenForLevelStop();
await import(script);
