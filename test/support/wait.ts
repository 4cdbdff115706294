/**
 * Waiting for a condition a real process brings about: polled, with a limit generous
 * enough for a busy two-core machine, and an error that says what never happened. The one
 * hand-written wait of the tests (expect.poll's default limit is set in vitest.config.ts);
 * never a fixed sleep.
 */
import { setTimeout as sleep } from "node:timers/promises";

export interface WaitOptions {
  /** What is awaited, for the error. */
  what: string;
  /** Default 20 s: a condition that takes longer on a loaded machine is a hang. */
  timeoutMs?: number;
  /** Default 50 ms. */
  intervalMs?: number;
}

/** Resolves once `check` answers true (it may be async); rejects after the limit. */
export async function waitUntil(check: () => boolean | Promise<boolean>, { what, timeoutMs = 20_000, intervalMs = 50 }: WaitOptions): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}
