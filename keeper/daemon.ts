/**
 * `world keeper`: sweeps on a schedule (node-cron, every 5 minutes by default), once at
 * start to catch up after downtime (re-arming reminders and timers whose processes a
 * restart took away), and runs the scheduler of parked sessions (keeper/scheduler.ts). Runs never overlap. Stops on the first signal after
 * the current sweep; a second signal forces.
 */
import cron from "node-cron";
import type { WorldPaths } from "../tools/world/paths.js";
import { daemonLogger, onShutdown, surviveFullDisk } from "../tools/process/daemon.js";
import type { KeeperConfig } from "./config.js";
import { runScheduler } from "./scheduler.js";
import { sweep, takeKeeperLock } from "./sweep.js";
import type { Lock } from "../tools/process/lock.js";

export async function runKeeper(paths: WorldPaths, config: KeeperConfig, options: { signal?: AbortSignal; onSweep?: (line: string) => void } = {}): Promise<void> {
  const log = daemonLogger(paths, "keeper");
  const stop = new AbortController();
  const removeHandlers = onShutdown(() => stop.abort(), log);
  options.signal?.addEventListener("abort", () => stop.abort(), { once: true });
  let running: Promise<void> = Promise.resolve();
  let first = true;
  // Held from the first sweep that gets it until the daemon stops: a quiet sweep then writes nothing at all.
  let lock: Lock | undefined;
  const once = async () => {
    try {
      if (lock === undefined) {
        const taken = takeKeeperLock(paths);
        if ("reason" in taken) return log.warn(taken.reason);
        lock = taken;
      }
      const outcome = await sweep(paths, config, { log, rearm: first, announce: first, locked: true });
      first = false;
      // Printed as logged: under `world up` stdout is a file too (.world/logs/keeper.out), and a quiet sweep writes nothing.
      if (!outcome.ran) log.warn(outcome.reason);
      else if (outcome.summary.logged) options.onSweep?.(outcome.summary.line);
    } catch (error) {
      log.error({ err: error }, "sweep failed");
    }
  };
  log.info({ every: config.every, config }, "keeper started");
  // Parked sessions' wake-ups (keeper/scheduler.ts): the Keeper is the world's cron level.
  // A full disk pauses the scheduler (waiting for space), never ends it; a sweep that fails is tried again at the next tick.
  const scheduler = surviveFullDisk(paths, log, () => runScheduler(paths, { signal: stop.signal, log }), stop.signal, "keeper scheduler").catch((error: unknown) => log.error({ err: error }, "scheduler failed"));
  running = once();
  const task = cron.schedule(
    config.every,
    () => {
      running = running.then(once);
      return running;
    },
    { name: "keeper", noOverlap: true },
  );
  await new Promise<void>((resolve) => {
    if (stop.signal.aborted) resolve();
    stop.signal.addEventListener("abort", () => resolve(), { once: true });
  });
  await task.stop();
  await task.destroy();
  await running;
  lock?.release();
  await scheduler;
  removeHandlers();
  log.info("keeper stopped");
}
