/**
 * Ending processes the polite way, the one definition of it in world: SIGTERM to each, wait up
 * to a grace period for them to end by themselves, then SIGKILL to those still running. Used
 * for agents' process groups (the Keeper's orphans, the demo's shutdown, the Verifier's
 * previous attempt), for the children a dead `world up` left behind, and (`terminateChild`)
 * for a child we hold, whose end is a promise rather than something to poll: `world up`'s
 * daemons and the demo's. Whether a target is still running, and how it is signalled, is the
 * caller's: never by a pid alone (see tools/process/identity.ts).
 */
import { ownGroupAlive, signalGroup } from "./identity.js";

export interface TerminateOptions<T> {
  /** SIGKILL to those still running this long after SIGTERM. */
  graceMs: number;
  /** Still running (and still the process that was meant)? */
  alive: (target: T) => boolean;
  /** Deliver a signal; false when the target was already gone. */
  signal: (target: T, signal: "SIGTERM" | "SIGKILL") => boolean;
  /** Told of each signal delivered (to say so in world.log). */
  onSignal?: (target: T, signal: "SIGTERM" | "SIGKILL") => void;
  /** How often to look while waiting (default 50 ms). */
  pollMs?: number;
}

/** Returns those that needed SIGKILL; resolves as soon as every target has ended. */
export async function terminate<T>(targets: readonly T[], options: TerminateOptions<T>): Promise<{ killed: T[] }> {
  const { graceMs, alive, signal, onSignal, pollMs = 50 } = options;
  for (const t of targets) if (signal(t, "SIGTERM")) onSignal?.(t, "SIGTERM");
  const deadline = Date.now() + graceMs;
  let left = targets.filter(alive);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, Math.max(1, deadline - Date.now()))));
    left = left.filter(alive);
  }
  const killed = left.filter((t) => signal(t, "SIGKILL"));
  for (const t of killed) onSignal?.(t, "SIGKILL");
  return { killed };
}

/** A process group we started: its leader's pid (= pgid) and start time. */
export interface OwnGroup {
  pgid: number;
  startTicks: number | null | undefined;
}

/** terminate() for process groups: alive while the group is still ours, signalled as a whole. */
export function terminateGroups<T extends OwnGroup>(groups: readonly T[], options: Omit<TerminateOptions<T>, "alive" | "signal">): Promise<{ killed: T[] }> {
  return terminate(groups, {
    ...options,
    alive: (g) => ownGroupAlive(g.pgid, g.startTicks),
    // Only a group that is still ours is signalled: its pgid may have been handed out again since.
    signal: (g, s) => ownGroupAlive(g.pgid, g.startTicks) && signalGroup(g.pgid, s),
  });
}

/**
 * terminate() for one child we started and still hold: SIGTERM now, SIGKILL if `exited` has
 * not settled `graceMs` later. Resolves once it has ended; true when it needed SIGKILL.
 */
export async function terminateChild(exited: Promise<unknown>, signal: (signal: "SIGTERM" | "SIGKILL") => void, graceMs: number): Promise<boolean> {
  let killed = false;
  signal("SIGTERM");
  const timer = setTimeout(() => {
    killed = true;
    signal("SIGKILL");
  }, graceMs);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
  }
  return killed;
}
