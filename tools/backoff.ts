/**
 * Waiting longer after each failure, the one definition of it in world: the first delay,
 * doubled at each failure, never more than the cap. Used by world sync's connect, catch-up
 * and publish loops and by world up's restarts (a crashed child, a child on a full disk).
 */

/** The delay after the `failures`-th failure in a row (1 = the first): first × 2^(failures − 1), capped. */
export function backoffMs(firstMs: number, maxMs: number, failures: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, failures - 1));
}

/** A run of failures: each `next()` is the delay to wait now; `reset()` after a success. */
export class Backoff {
  private failures = 0;

  constructor(
    readonly firstMs: number,
    readonly maxMs: number,
  ) {}

  next(): number {
    this.failures += 1;
    return backoffMs(this.firstMs, this.maxMs, this.failures);
  }

  /** The delay the next failure will wait (for saying so). */
  get upcoming(): number {
    return backoffMs(this.firstMs, this.maxMs, this.failures + 1);
  }

  reset(): void {
    this.failures = 0;
  }
}
