/**
 * What every world daemon shares: an operational log (pino, to .world/logs/<name>.log;
 * facts about the world go to world.log instead) and the shutdown rule (the first
 * SIGINT/SIGTERM stops gracefully, a second one forces).
 */
import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import pino, { type Logger } from "pino";
import { isDiskFull, waitForSpace } from "../disk.js";
import { PRIVATE_DIR, type WorldPaths } from "../world/paths.js";

export type { Logger };

export function daemonLogger(paths: WorldPaths, name: string): Logger {
  try {
    mkdirSync(paths.logs, { recursive: true, mode: PRIVATE_DIR });
  } catch {
    // a full disk: the destination tries again at each line
  }
  keepStdioWritable();
  return pino({ name, level: process.env.WORLD_LOG_LEVEL ?? "info", base: { pid: process.pid } }, new DroppingFile(join(paths.logs, `${name}.log`)));
}

/**
 * The operational log's file. Synchronous writes (a daemon killed right after a line must
 * not lose it); a line that cannot be written (a full disk) is dropped and counted, never
 * thrown — a daemon's own log must not be what kills it — and the first line written
 * again says how many were dropped.
 */
class DroppingFile {
  dropped = 0;
  private fd: number | undefined;

  constructor(private readonly file: string) {}

  write(line: string): void {
    try {
      this.fd ??= openSync(this.file, "a", 0o600);
      if (this.dropped > 0) {
        // A line cut short by the full disk ends here; then the count, as a line of its own.
        writeSync(this.fd, `\n${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, msg: `${this.dropped} log lines dropped: the disk was full` })}\n`);
        this.dropped = 0;
      }
      writeSync(this.fd, line);
    } catch {
      this.dropped += 1;
    }
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

let stdioKept = false;

/**
 * A daemon's stdout and stderr are files under world up (.world/logs/<name>.out): on a full
 * disk a write to them fails, and an 'error' nobody listens to would end the process.
 */
function keepStdioWritable(): void {
  if (stdioKept) return;
  stdioKept = true;
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => undefined);
}

/**
 * Runs a daemon's loop until it returns; when it fails because the disk is full, waits for
 * space (looked at every second, backing off from 1 s to 30 s between tries) and runs it
 * again, instead of exiting: a full disk is a state the world survives. Anything else is
 * thrown as before. `what` names the daemon in the operational log.
 */
export async function surviveFullDisk<T>(paths: WorldPaths, log: Logger, run: () => Promise<T>, signal?: AbortSignal, what = "daemon"): Promise<T> {
  let delay = 1000;
  for (;;) {
    const started = Date.now();
    try {
      return await run();
    } catch (error) {
      if (!isDiskFull(error) || signal?.aborted) throw error;
      if (Date.now() - started > 60_000) delay = 1000; // it ran a good while: a new episode
      log.warn({ err: error, retryInMs: delay }, `${what}: the disk is full; waiting for space, then resuming`);
      await waitForSpace(paths.home, delay, signal);
      delay = Math.min(delay * 2, 30_000);
      if (signal?.aborted) throw error;
      log.info(`${what}: resuming after a full disk`);
    }
  }
}

/**
 * Why a daemon was asked to stop, in words that finish "stopped …" (the Spirit's `asleep:`
 * line says it): a signal names itself; a level run as a thread of `world up` gets no signal
 * but `up`'s stop message; a child whose `world up` died is told by its pipe closing.
 */
export type StopCause = `by ${NodeJS.Signals}` | "by world up (its stop message)" | "because world up is gone (its pipe closed)";

/**
 * Calls `stop` on the first SIGINT/SIGTERM; on the second one exits at once with 130
 * (SIGINT) or 143 (SIGTERM). Returns a function that removes the handlers. A level run as
 * a thread of `world up` gets no signals: `up` sends LEVEL_STOP instead, which counts as a
 * SIGTERM here (listenForLevelStop). `cause` says which of them it was.
 */
export function onShutdown(stop: (signal: NodeJS.Signals, cause: StopCause) => void, log?: Logger): () => void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals, cause: StopCause = `by ${signal}`) => {
    if (stopping) {
      log?.warn({ signal, cause }, "second signal: exiting now");
      process.exit(signal === "SIGINT" ? 130 : 143);
    }
    stopping = true;
    log?.info({ signal, cause }, "stopping (send the signal again to force)");
    stop(signal, cause);
  };
  const onSignal = (signal: NodeJS.Signals) => handler(signal);
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  levelStopHandlers.add(handler);
  const unwatch = watchSupervisor(() => {
    log?.warn("the supervisor is gone (its pipe closed): stopping");
    if (!stopping) handler("SIGTERM", "because world up is gone (its pipe closed)");
  });
  return () => {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    levelStopHandlers.delete(handler);
    unwatch();
  };
}

/** What `world up` posts to a level running as its thread where a process would get SIGTERM. */
export const LEVEL_STOP = "world:stop";

type StopHandler = (signal: NodeJS.Signals, cause: StopCause) => void;

/**
 * The shutdown handlers of this thread, kept on its global object, not in this module: a
 * level's thread loads this module twice, once as daemons/level-entry.ts's ES module and once
 * inside the daemon's CommonJS bundle (`world spirit`, scripts/finish-build.mjs). Kept here,
 * `up`'s stop message found no handler in the entry's copy and ended the Spirit at once.
 */
const LEVEL_STOP_HANDLERS = Symbol.for("world.levelStopHandlers");
const levelStopHandlers = ((globalThis as { [LEVEL_STOP_HANDLERS]?: Set<StopHandler> })[LEVEL_STOP_HANDLERS] ??= new Set<StopHandler>());

/**
 * In a level's thread (daemons/level-entry.ts): `up`'s stop message is this thread's
 * SIGTERM. With a shutdown handler installed it is that handler's signal (graceful, then
 * forced at the second); before the daemon has installed one, it ends the thread at once,
 * as SIGTERM ends a process that has no handler yet.
 */
export function listenForLevelStop(): void {
  // node:worker_threads only here: a daemon that is not a thread of `up` never needs it.
  const { isMainThread, parentPort } = process.getBuiltinModule("node:worker_threads");
  if (isMainThread || parentPort === null) return;
  const port = parentPort;
  port.on("message", (message: unknown) => {
    if (message !== LEVEL_STOP) return;
    if (levelStopHandlers.size === 0) process.exit(143);
    for (const handler of [...levelStopHandlers]) handler("SIGTERM", "by world up (its stop message)");
  });
  port.unref(); // the daemon's own work keeps the thread alive, not this listener
}

/**
 * A child of `world up` gets the read end of a pipe as descriptor WORLD_SUPERVISOR_FD; only
 * `up` holds the write end, so the pipe closes when `up` dies, even by SIGKILL, and the
 * child stops instead of living on as an orphan that holds its lock.
 */
function watchSupervisor(gone: () => void): () => void {
  const fd = Number(process.env.WORLD_SUPERVISOR_FD);
  if (!Number.isInteger(fd) || fd < 3) return () => undefined;
  delete process.env.WORLD_SUPERVISOR_FD; // not for the agents this daemon starts
  // node:net only here, where there is a pipe to watch: a daemon run alone does not load it.
  const pipe = new (process.getBuiltinModule("node:net").Socket)({ fd, readable: true, writable: false });
  pipe.on("error", () => undefined); // a closed pipe is the signal itself
  pipe.once("close", gone);
  pipe.resume();
  pipe.unref(); // the daemon's own work keeps it alive, not this watch
  return () => {
    pipe.off("close", gone);
    pipe.destroy();
  };
}

/** Sleep that an AbortSignal cuts short (resolves, never rejects). */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
