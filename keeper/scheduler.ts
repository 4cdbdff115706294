/**
 * The scheduler of parked sessions (agents/parked.ts), run inside the Keeper daemon: the
 * Keeper is already the world's cron level, always runs under `world up`, and holds the
 * index. One process holds every pending wake-up in one timer structure
 * (agents/wake-timer.ts) and keeps each promise at its due time (agents/wake.ts).
 *
 * At start it takes the scheduler lock (a second Keeper, e.g. an orphan of a `world up`
 * killed with -9, waits until the first is gone: one deliverer at a time), rebuilds the
 * list from the index — overdue wake-ups fire at once, with how late they are — and then
 * follows the log, so a park line written later is picked up without a restart and any
 * other status line of a session (finish, failed, a new active) cancels its wake-up.
 */
import { Appender } from "../tools/world/append.js";
import { endOf, follow } from "../tools/world/follow.js";
import { openIndex } from "../tools/world/index-db.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { pause, type Logger } from "../tools/process/daemon.js";
import { parseParked, type Parked } from "../agents/parked.js";
import { WakeTimer, type Wake } from "../agents/wake-timer.js";
import { parkedSessions, wakeUp } from "../agents/wake.js";
import { KEEPER_ID } from "./context.js";
import { tryLock } from "../tools/process/lock.js";

/** How soon to look again at a relaunch whose agent has not ended yet. */
const NOT_EXITED_RETRY_MS = 1000;
/** How often a waiting scheduler tries the lock. */
const LOCK_RETRY_MS = 1000;

export async function runScheduler(paths: WorldPaths, options: { signal: AbortSignal; log?: Logger }): Promise<void> {
  const { signal, log } = options;
  let lock = tryLock(paths, "scheduler");
  while ("heldBy" in lock) {
    log?.info({ heldBy: lock.heldBy }, "another scheduler holds the lock; waiting");
    await pause(LOCK_RETRY_MS, signal);
    if (signal.aborted) return;
    lock = tryLock(paths, "scheduler");
  }
  const held = lock;
  const from = endOf(paths.log); // follow from here: what the index adds after is seen twice, harmlessly
  const index = openIndex(paths);
  const appender = new Appender(paths);
  let deliveries: Promise<void> = Promise.resolve();
  const timer = new WakeTimer<Parked>((due) => {
    deliveries = deliveries.then(() => deliver(due)).catch((error: unknown) => log?.error({ err: error }, "wake-up failed"));
  });
  const deliver = async (due: Wake<Parked>[]) => {
    const woken = await wakeUp(paths, index, appender, due.map((w) => ({ id: w.id, parked: w.value })));
    for (const w of woken) {
      if (w.how !== "not yet exited") continue;
      const parked = due.find((d) => d.id === w.id)!.value;
      timer.set(w.id, Date.now() + NOT_EXITED_RETRY_MS, parked);
    }
    if (woken.length > 0) log?.info({ woken: woken.length, maxLateMs: Math.max(...woken.map((w) => w.lateMs)) }, "woke parked sessions");
  };
  try {
    index.catchUp();
    const pending = parkedSessions(index);
    const now = Date.now();
    const overdue = pending.filter((p) => p.parked.due.getTime() <= now).length;
    appender.append({ kind: "event", source: "system", id: KEEPER_ID, output: `scheduler: ${pending.length} parked wake-up${pending.length === 1 ? "" : "s"} pending${overdue ? `, ${overdue} overdue (delivered now)` : ""}` });
    for (const p of pending) timer.set(p.id, p.parked.due.getTime(), p.parked);
    for await (const e of follow(paths, { from, signal })) {
      if (e.kind !== "agent") continue;
      const parked = e.status === "active" ? parseParked(e.output) : undefined;
      if (parked !== undefined) timer.set(e.id, parked.due.getTime(), parked);
      else timer.remove(e.id);
    }
  } finally {
    timer.stop();
    await deliveries;
    appender.close();
    index.close();
    held.release();
  }
}
