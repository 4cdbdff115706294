/**
 * Waiting for a condition a real process brings about: polled, with a limit generous
 * enough for a busy two-core machine, and an error that says what never happened. The one
 * hand-written wait of the tests (expect.poll's default limit is set in vitest.config.ts);
 * never a fixed sleep.
 */
import { setTimeout as sleep } from "node:timers/promises";

/**
 * The default limit of every wait in the tests (this one, waitForEntry, the Spirit's
 * cursor, expect.poll through vitest.config.ts). Free when the condition comes: a wait
 * returns as soon as it holds. At a load of 20 on two cores a daemon's start and a few
 * steps took over 20 s of wall time, so the limit is a minute.
 */
export const WAIT_MS = 60_000;

export interface WaitOptions {
  /** What is awaited, for the error. */
  what: string;
  /** Default WAIT_MS: a condition that takes longer on a loaded machine is a hang. */
  timeoutMs?: number;
  /** Default 50 ms. */
  intervalMs?: number;
}

/** Resolves once `check` answers true (it may be async); rejects after the limit. */
export async function waitUntil(check: () => boolean | Promise<boolean>, { what, timeoutMs = WAIT_MS, intervalMs = 50 }: WaitOptions): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}
