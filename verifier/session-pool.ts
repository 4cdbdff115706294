/**
 * The Verifier's judgements, run concurrently but bounded: at most `limit` at once (a
 * check may take its whole time limit: one `tail -c 1 /dev/zero` held every other
 * session's verdict for 30 s when they ran one at a time), and the lines of one session
 * strictly in order, one at a time (a finish, its retry, the answer after its failure).
 * Exactly-once is unchanged: each handler re-reads the session's latest line before it
 * writes (handle.ts), whichever task gets there first.
 */
export class SessionPool {
  private running = 0;
  /** Sessions with a task running or queued, each with its tasks in order. */
  private readonly queues = new Map<string, (() => Promise<void>)[]>();
  /** Sessions whose queue waits for a free slot, in arrival order. */
  private readonly ready: string[] = [];
  private readonly waiters: (() => void)[] = [];
  private stopped = false;

  constructor(
    readonly limit: number,
    private readonly onError: (error: unknown) => void,
    /** After each task (the Verifier prints its tally when it changed). */
    private readonly afterTask: () => void = () => undefined,
  ) {}

  /** Tasks accepted and not yet done. */
  get pending(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.length;
    return n;
  }

  /** Queue `task` behind the session's earlier ones; it starts when a slot is free. */
  submit(session: string, task: () => Promise<void>): void {
    if (this.stopped) return;
    const queue = this.queues.get(session);
    if (queue !== undefined) {
      queue.push(task);
      return;
    }
    this.queues.set(session, [task]);
    this.ready.push(session);
    this.pump();
  }

  /** Resolves when at most `n` tasks are pending (backpressure for the reader). */
  async below(n: number): Promise<void> {
    while (this.pending > n) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** Resolves when every accepted task is done. */
  idle(): Promise<void> {
    return this.below(0);
  }

  /** The error that stopped the pool (a full disk), for its reader to throw. */
  failure: unknown;

  /** Stop for an error the whole Verifier must handle: its reader throws it at the next look. */
  fail(error: unknown): void {
    this.failure ??= error;
    this.stop();
  }

  /** Start nothing new; what runs finishes (its checks are ended by their owner). */
  stop(): void {
    this.stopped = true;
    for (const session of this.ready.splice(0)) this.queues.delete(session);
    for (const queue of this.queues.values()) queue.splice(1); // keep only the running task
    this.wake();
  }

  private pump(): void {
    while (!this.stopped && this.running < this.limit && this.ready.length > 0) {
      const session = this.ready.shift()!;
      void this.runSession(session);
    }
  }

  private async runSession(session: string): Promise<void> {
    this.running++;
    const queue = this.queues.get(session)!;
    try {
      // One session at a time, its tasks in order; the slot is given back between tasks
      // only when another session waits, so one busy session cannot starve the rest.
      for (;;) {
        const task = queue[0]!;
        try {
          await task();
        } catch (error) {
          this.onError(error);
        }
        queue.shift();
        this.afterTask();
        this.wake();
        if (queue.length === 0 || this.stopped) break;
        if (this.ready.length > 0) {
          this.ready.push(session);
          return;
        }
      }
      this.queues.delete(session);
    } finally {
      this.running--;
      this.wake();
      this.pump();
    }
  }

  private wake(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}
