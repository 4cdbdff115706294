/**
 * A cursor file written a little later, once for many steps: the last value wins. For the
 * cursors whose staleness after a crash is harmless (docs/sync.md): the sent cursor (the
 * stream itself says how far it has this machine's log, and is asked on every connect)
 * and the received cursor when it only moved over this machine's own messages (nothing
 * was appended; after a crash they come back and are passed over again). Writing those
 * once per line was most of world sync's system time (a temporary file and a rename each).
 */
export class DeferredWrite<T> {
  private value: T | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly write: (value: T) => void,
    private readonly delayMs: number,
  ) {}

  /** Write `value` within delayMs (a later call before then replaces it). */
  later(value: T): void {
    this.value = value;
    this.timer ??= setTimeout(() => this.flush(), this.delayMs);
  }

  /** Write `value` now; a pending older one is dropped. */
  now(value: T): void {
    this.cancel();
    this.write(value);
  }

  /** Write the pending value, if any, now (on stopping). */
  flush(): void {
    const value = this.value;
    this.cancel();
    if (value !== undefined) this.write(value);
  }

  private cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.value = undefined;
  }
}
