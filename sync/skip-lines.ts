/**
 * Lines the publisher must not send: those this machine received from others (loop
 * prevention). A count per line hash, since two lines may have the same text: passing one
 * received copy uses up one count, and a local line that happens to be identical still goes out.
 */
export class SkipLines {
  private readonly counts = new Map<string, number>();

  add(hash: string): void {
    this.counts.set(hash, (this.counts.get(hash) ?? 0) + 1);
  }

  /** True (and one count used) if this line was received; false if it is ours to send. */
  take(hash: string): boolean {
    const n = this.counts.get(hash);
    if (n === undefined) return false;
    if (n === 1) this.counts.delete(hash);
    else this.counts.set(hash, n - 1);
    return true;
  }

  get size(): number {
    return this.counts.size;
  }
}
