/**
 * What changed under a world's home while nothing happened, and when (bench/idle.ts): each
 * file's size and modification time, sampled through a quiet window, so that the row says
 * which file changed, how often and how far into the window, not only that it did. A file
 * written once 15 s in (a catch-up of lines written before the window) and a file written
 * every second (a periodic write) then read differently.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { WorldPaths } from "../tools/world/paths.js";

export interface FileState {
  size: number;
  mtimeMs: number;
}

/** Every file under `dir` (a missing dir is empty) with its size and modification time. */
export function fileStates(dir: string, into = new Map<string, FileState>()): Map<string, FileState> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return into;
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) fileStates(p, into);
    else {
      try {
        const s = statSync(p);
        into.set(p, { size: s.size, mtimeMs: s.mtimeMs });
      } catch {
        // replaced meanwhile
      }
    }
  }
  return into;
}

/** One file's changes in the window: when (seconds into it, at the sample that saw each) and its size before and after. */
export interface FileChange {
  file: string;
  atS: number[];
  sizeBefore: number | undefined;
  sizeAfter: number | undefined;
}

/** Samples `home` from a start (call `sample()` as often as the window allows; the last call closes it). */
export class HomeChanges {
  private readonly t0 = Date.now();
  private readonly first: Map<string, FileState>;
  private last: Map<string, FileState>;
  private readonly seen = new Map<string, number[]>();

  constructor(private readonly home: string) {
    this.first = fileStates(home);
    this.last = this.first;
  }

  sample(): void {
    const now = fileStates(this.home);
    const at = (Date.now() - this.t0) / 1000;
    for (const p of new Set([...this.last.keys(), ...now.keys()])) {
      const a = this.last.get(p);
      const b = now.get(p);
      if (a?.mtimeMs === b?.mtimeMs && a?.size === b?.size) continue;
      this.seen.set(p, [...(this.seen.get(p) ?? []), at]);
    }
    this.last = now;
  }

  changes(): FileChange[] {
    return [...this.seen].map(([p, atS]) => ({ file: p.slice(this.home.length + 1), atS, sizeBefore: this.first.get(p)?.size, sizeAfter: this.last.get(p)?.size }));
  }
}

const bytes = (n: number | undefined) => (n === undefined ? "none" : n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} kB`);

/**
 * One change in words: "index.db-wal once, 14.9 s in (0 B → 28.2 kB)". A sample sees a file
 * once however many writes fell between two samples: "once" is per sample, not per syscall.
 */
export function describeChange(c: FileChange): string {
  const when = c.atS.length === 1 ? `once, ${c.atS[0]!.toFixed(1)} s in` : `${c.atS.length} times, ${c.atS.map((s) => s.toFixed(1)).join(", ")} s in`;
  return `${c.file} ${when} (${bytes(c.sizeBefore)} → ${bytes(c.sizeAfter)})`;
}

/**
 * What the index's changes were, read from the files alone: with world.log unchanged, the
 * write-ahead log growing is a catch-up of lines written before the window (the index is
 * derived from the log and writes nothing of its own), and emptied is a checkpoint (folded
 * into index.db). Undefined when the index did not change or world.log did.
 */
export function explainIndex(paths: WorldPaths, changes: FileChange[]): string | undefined {
  const rel = (p: string) => p.slice(paths.home.length + 1);
  if (changes.some((c) => c.file === rel(paths.log))) return undefined;
  const wal = changes.find((c) => c.file === rel(`${paths.index}-wal`));
  if (wal === undefined) return undefined;
  if ((wal.sizeAfter ?? 0) > (wal.sizeBefore ?? 0)) return "world.log unchanged: the index catching up lines written before the window";
  if (wal.sizeAfter === 0) return "world.log unchanged: the index's write-ahead log checkpointed into index.db";
  return undefined;
}

/**
 * Whether the index has caught up with world.log, read from the files alone (the bench opens
 * no connection of its own): index.db or its write-ahead log written after the log's last
 * change. Each such write is a catch-up that read to the log's end, or the checkpoint the
 * Keeper's sweep makes right after its own catch-up (-shm is left out: a reader's read mark
 * changes it too). A line appended while that catch-up ran can still be unindexed: the
 * window then shows its catch-up, and explainIndex says so.
 */
export function indexCaughtUp(paths: WorldPaths): boolean {
  const log = statSync(paths.log, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return ["", "-wal"].some((suffix) => (statSync(`${paths.index}${suffix}`, { throwIfNoEntry: false })?.mtimeMs ?? -1) > log);
}
