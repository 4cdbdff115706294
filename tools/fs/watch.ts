/**
 * Waking up when a file changes: the one watch loop of world (following the log, the
 * Verifier, sync's outbox, the transcript tail). fs.watch of the file's directory, so that
 * the file being created or replaced (mv, a restore) is seen too, filtered to its name;
 * plus a slow poll, because any watcher can miss an event (and some file systems send
 * none). Callers read to the end of the file at each wake-up, so a missed or merged event
 * only delays, never loses, anything. chokidar was measured against this and dropped the
 * last append of a burst (npm run bench -- log, docs/bench.md): it is not used.
 */
import { watch, type FSWatcher } from "node:fs";
import { basename, dirname } from "node:path";

/**
 * The safety-net poll's default while the directory is watched: it only catches an event the
 * watcher missed (none seen on a local file system), and every reader reads to the end at
 * each wake-up, so it bounds the delay of such a miss, nothing more. It was 1 s: `world up`'s
 * levels are threads of one process, and three of them following the log woke it three times
 * a second while nothing happened (issue 23: at most one wake-up a second per process).
 */
export const SAFETY_POLL_MS = 10_000;
/** While the directory is not watched (not there yet, or its watcher failed): looked for this often, whatever the poll. */
const UNWATCHED_POLL_MS = 1000;

/**
 * Calls `onChange` on every change to `file` (and every `pollMs`); returns the stop function.
 * A directory that does not exist yet (a world about to be made) or that went away is
 * watched again from the first poll that finds it: until then only the poll (at most every
 * UNWATCHED_POLL_MS) wakes the caller, and a waiter would measure the poll, not the change.
 */
export function watchFile(file: string, onChange: (why: "event" | "poll") => void, pollMs = SAFETY_POLL_MS): () => void {
  const name = basename(file);
  let watcher: FSWatcher | undefined;
  let closed = false;
  const arm = () => {
    try {
      watcher = watch(dirname(file), { persistent: true }, (_event, changed) => {
        if (changed === null || changed === name) onChange("event");
      });
      watcher.on("error", () => {
        watcher?.close();
        watcher = undefined;
        if (!closed) onChange("event");
      });
    } catch {
      watcher = undefined;
    }
  };
  arm();
  let poll: NodeJS.Timeout;
  const schedule = () => {
    poll = setTimeout(
      () => {
        if (watcher === undefined) arm();
        onChange("poll");
        if (!closed) schedule();
      },
      watcher === undefined ? Math.min(pollMs, UNWATCHED_POLL_MS) : pollMs,
    );
  };
  schedule();
  return () => {
    closed = true;
    clearTimeout(poll);
    watcher?.close();
  };
}

export interface ChangesOptions {
  /** Safety-net poll interval (default SAFETY_POLL_MS; at most 1 s while the directory is not watched). */
  pollMs?: number;
  /** After a change event, wait this long before returning, so that a burst is read in one go (default 0). The safety-net poll is not debounced: an idle process wakes once per poll, not twice. */
  debounceMs?: number;
  /** Ends the loop: next() then resolves false. */
  signal?: AbortSignal;
}

/**
 * The loop form: `while (await changes.next()) readToTheEnd();` then `changes.close()`.
 * The first next() returns at once (read what is there before waiting); a change that
 * comes while the caller is busy is remembered, never lost between two waits.
 */
export class FileChanges {
  private pending = true;
  /** A change event (not only the poll) came since the last next(): that one is debounced. */
  private changed = false;
  private wake: (() => void) | undefined;
  private readonly stop: () => void;
  private readonly poke = (why: "event" | "poll" = "event") => {
    this.pending = true;
    if (why === "event") this.changed = true;
    this.wake?.();
  };

  private readonly onAbort = () => this.poke("poll");

  constructor(
    file: string,
    private readonly options: ChangesOptions = {},
  ) {
    this.stop = watchFile(file, this.poke, options.pollMs ?? SAFETY_POLL_MS);
    options.signal?.addEventListener("abort", this.onAbort, { once: true });
  }

  /** True at the next change (at once if one came since the last call); false once aborted. */
  async next(): Promise<boolean> {
    const { signal, debounceMs = 0 } = this.options;
    if (signal?.aborted) return false;
    if (!this.pending) await new Promise<void>((resolve) => (this.wake = resolve));
    this.wake = undefined;
    if (debounceMs > 0 && this.changed && !signal?.aborted) await this.pause(debounceMs);
    this.pending = false;
    this.changed = false;
    return !signal?.aborted;
  }

  /** There is more to do: the next next() returns at once. */
  again(): void {
    this.pending = true;
  }

  close(): void {
    this.stop();
    this.options.signal?.removeEventListener("abort", this.onAbort);
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const signal = this.options.signal;
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      }
      signal?.addEventListener("abort", done, { once: true });
    });
  }
}
