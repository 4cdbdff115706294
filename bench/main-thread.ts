/**
 * Where a child's main thread spent a stretch of wall time: on a CPU, waiting for one (the
 * run queue: other processes, or this process's own helper threads, on a 2-core machine),
 * or asleep (fsync, a page read from disk, a lock, a GC pause waiting for its helpers).
 * Linux's /proc/thread-self/schedstat (on-CPU ns, run-queue ns, time slices) and
 * voluntary_ctxt_switches; elsewhere the split is not known and `split` gives undefined.
 * The kernel updates a running thread's on-CPU time at scheduler events and ticks, not when
 * it is read: each figure is good to about one tick (1–4 ms), which the sleep, the remainder,
 * absorbs.
 *
 * The process's CPU time (process.cpuUsage) counts every thread; wall time minus it says
 * little on its own: V8's helper threads (TurboFan, GC) add CPU beside the main thread.
 */
import { readFileSync } from "node:fs";

export interface MainThreadSplit {
  /** Wall time of the stretch. */
  wallMs: number;
  /** The main thread on a CPU. */
  runMs: number;
  /** Runnable, waiting for a CPU. */
  queueMs: number;
  /** Neither: asleep (wall − run − queue). */
  sleepMs: number;
  /** How many times it went to sleep. */
  sleeps: number;
}

interface Mark {
  at: bigint;
  runNs: number;
  queueNs: number;
  sleeps: number;
}

function mark(): Mark | undefined {
  try {
    const [run, queue] = readFileSync("/proc/thread-self/schedstat", "latin1").split(" ").map(Number);
    const sleeps = Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(readFileSync("/proc/thread-self/status", "latin1"))?.[1]);
    if (!Number.isFinite(run) || !Number.isFinite(queue) || !Number.isFinite(sleeps)) return undefined;
    return { at: process.hrtime.bigint(), runNs: run!, queueNs: queue!, sleeps };
  } catch {
    return undefined;
  }
}

/** Starts a stretch; `split()` ends it, `split()` again measures from the previous end. */
export function mainThreadClock(): { split: () => MainThreadSplit | undefined } {
  let from = mark();
  return {
    split() {
      const to = mark();
      if (from === undefined || to === undefined) return undefined;
      const wallMs = Number(to.at - from.at) / 1e6;
      const runMs = (to.runNs - from.runNs) / 1e6;
      const queueMs = (to.queueNs - from.queueNs) / 1e6;
      const result = { wallMs, runMs, queueMs, sleepMs: Math.max(0, wallMs - runMs - queueMs), sleeps: to.sleeps - from.sleeps };
      from = to;
      return result;
    },
  };
}
