/**
 * Every pending wake-up of a world in one structure with one timer: a Map by session
 * (a newer park line replaces the older one) and a single setTimeout for the earliest
 * due time. When it fires, everything due is handed over in one batch (1,000 reminders
 * due in the same second are one write), and the timer is set for the next one. Finding
 * the next is a scan — 10,000 entries take well under a millisecond, and it happens once
 * per batch, not once per wake-up.
 */
export interface Wake<T> {
  id: string;
  due: number;
  value: T;
}

/** setTimeout's longest delay (about 24.8 days): beyond it Node fires at once. */
const MAX_DELAY = 2 ** 31 - 1;

export class WakeTimer<T> {
  private readonly wakes = new Map<string, Wake<T>>();
  private timer: NodeJS.Timeout | undefined;
  private armedFor = Number.POSITIVE_INFINITY;

  constructor(
    private readonly onDue: (due: Wake<T>[]) => void,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.wakes.size;
  }

  set(id: string, due: number, value: T): void {
    this.wakes.set(id, { id, due, value });
    if (due < this.armedFor) this.arm();
  }

  remove(id: string): void {
    // The timer may stay set for it: firing finds nothing due and re-arms for the next.
    this.wakes.delete(id);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.armedFor = Number.POSITIVE_INFINITY;
  }

  private arm(): void {
    clearTimeout(this.timer);
    let next = Number.POSITIVE_INFINITY;
    for (const w of this.wakes.values()) if (w.due < next) next = w.due;
    this.armedFor = next;
    if (next === Number.POSITIVE_INFINITY) return;
    this.timer = setTimeout(() => this.fire(), Math.min(MAX_DELAY, Math.max(0, next - this.now())));
  }

  private fire(): void {
    const now = this.now();
    const due = [...this.wakes.values()].filter((w) => w.due <= now).sort((a, b) => a.due - b.due);
    for (const w of due) this.wakes.delete(w.id);
    this.arm();
    if (due.length > 0) this.onDue(due);
  }
}
