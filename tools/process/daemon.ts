/**
 * What every world daemon shares: an operational log (pino, to .world/logs/<name>.log;
 * facts about the world go to world.log instead) and the shutdown rule (the first
 * SIGINT/SIGTERM stops gracefully, a second one forces).
 */
import { mkdirSync } from "node:fs";
import { Socket } from "node:net";
import { join } from "node:path";
import pino, { type Logger } from "pino";
import { PRIVATE_DIR, type WorldPaths } from "../world/paths.js";

export type { Logger };

export function daemonLogger(paths: WorldPaths, name: string): Logger {
  mkdirSync(paths.logs, { recursive: true, mode: PRIVATE_DIR });
  // Synchronous writes: a daemon killed right after a line must not lose it.
  const destination = pino.destination({ dest: join(paths.logs, `${name}.log`), sync: true, mkdir: true });
  return pino({ name, level: process.env.WORLD_LOG_LEVEL ?? "info", base: { pid: process.pid } }, destination);
}

/**
 * Calls `stop` on the first SIGINT/SIGTERM; on the second one exits at once with 130
 * (SIGINT) or 143 (SIGTERM). Returns a function that removes the handlers.
 */
export function onShutdown(stop: (signal: NodeJS.Signals) => void, log?: Logger): () => void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) {
      log?.warn({ signal }, "second signal: exiting now");
      process.exit(signal === "SIGINT" ? 130 : 143);
    }
    stopping = true;
    log?.info({ signal }, "stopping (send the signal again to force)");
    stop(signal);
  };
  process.on("SIGINT", handler);
  process.on("SIGTERM", handler);
  const unwatch = watchSupervisor(() => {
    log?.warn("the supervisor is gone (its pipe closed): stopping");
    if (!stopping) handler("SIGTERM");
  });
  return () => {
    process.off("SIGINT", handler);
    process.off("SIGTERM", handler);
    unwatch();
  };
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
  const pipe = new Socket({ fd, readable: true, writable: false });
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
