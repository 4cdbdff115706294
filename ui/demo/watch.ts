/**
 * The demo follows world.log from its first line, like `world tail -f`: every entry is
 * printed as it appears and kept, and each step waits for the entries it expects
 * (never for a fixed time; the deadline and Ctrl-C are the caller's, see guard.ts).
 */
import type { Located } from "../../tools/world/entry.js";
import { endOf, follow } from "../../tools/world/follow.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import { describeProblem, START, type Position } from "../../tools/world/read.js";

export type Match = (entry: Located) => boolean;

interface Waiter {
  match: Match;
  /** How many matching entries to wait for. */
  count: number;
  found: Located[];
  resolve: (entries: Located[]) => void;
}

export class LogWatch {
  readonly seen: Located[] = [];
  private readonly waiters = new Set<Waiter>();
  private readonly stopper = new AbortController();
  private running: Promise<void> | undefined;
  private position: Position = START;
  private readonly readers = new Set<() => void>();

  constructor(
    private readonly paths: WorldPaths,
    private readonly print: (entry: Located) => void,
    private readonly warn: (message: string) => void,
  ) {}

  /** Follows until stop(); `onError` hears if following itself fails. */
  start(onError: (error: Error) => void): void {
    this.running = (async () => {
      const entries = follow(this.paths, {
        from: START,
        signal: this.stopper.signal,
        pollMs: 250,
        onProblem: (p) => this.warn(describeProblem(p)),
        onPosition: (p) => {
          this.position = p;
          for (const r of [...this.readers]) r();
        },
      });
      for await (const entry of entries) this.take(entry);
    })().catch((error: unknown) => onError(error instanceof Error ? error : new Error(String(error))));
  }

  /** Resolves once everything in the log now has been read and printed. */
  caughtUp(): Promise<void> {
    const target = endOf(this.paths.log).offset;
    return new Promise((resolve) => {
      const check = () => {
        if (this.position.offset < target) return;
        this.readers.delete(check);
        resolve();
      };
      this.readers.add(check);
      check();
    });
  }

  async stop(): Promise<void> {
    this.stopper.abort();
    await this.running;
  }

  /** The first `count` entries matching `match`, from the top of the log: a step may start after its line appeared. */
  until(match: Match, count = 1): Promise<Located[]> {
    const found = this.seen.filter(match).slice(0, count);
    if (found.length >= count) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.add({ match, count, found, resolve }));
  }

  private take(entry: Located): void {
    this.seen.push(entry);
    this.print(entry);
    for (const w of [...this.waiters]) {
      if (!w.match(entry)) continue;
      w.found.push(entry);
      if (w.found.length >= w.count) {
        this.waiters.delete(w);
        w.resolve(w.found);
      }
    }
  }
}
