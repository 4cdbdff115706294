/** What the attacks share: the real CLI, reading the log back, waiting on it. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa, type Options } from "execa";
import type { Entry, Located } from "../tools/world/entry.js";
import { follow } from "../tools/world/follow.js";
import { worldPaths } from "../tools/world/paths.js";
import { collectEntries, START } from "../tools/world/read.js";
import type { ChaosContext } from "./types.js";

/** An environment with nothing of the caller's world or keys in it. */
export const CLEAN_ENV = { WORLD_HOME: undefined, ANTHROPIC_API_KEY: undefined, WORLD_SESSION_ID: undefined } as const;

/** The real `world` binary; never rejects, so an attack can count refusals. */
export function world(ctx: ChaosContext, home: string, args: readonly string[], options: Options = {}) {
  return execa(process.execPath, [ctx.bin, "--home", home, ...args], { reject: false, ...options, env: { ...CLEAN_ENV, ...options.env } });
}

/** A daemon of the real binary (`verifier`, `keeper`, …), killed by the caller. */
export function daemon(ctx: ChaosContext, home: string, args: readonly string[], env: Record<string, string> = {}) {
  return execa(process.execPath, [ctx.bin, "--home", home, ...args], { reject: false, env: { ...CLEAN_ENV, ...env }, stdin: "ignore" });
}

export function entries(home: string): Located<Entry>[] {
  return collectEntries(worldPaths(home).log).entries;
}

/** Resolves true once an entry matches (following the log), false after `timeoutMs`. */
export async function waitFor(home: string, match: (e: Located) => boolean, timeoutMs = 30_000): Promise<boolean> {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), timeoutMs);
  try {
    for await (const e of follow(worldPaths(home), { from: START, signal: stop.signal, pollMs: 200 })) if (match(e)) return true;
    return false;
  } catch (error) {
    if (stop.signal.aborted) return false;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

const VERDICTS = new Set(["verified", "retry", "failed"]);

/** Per session: how many verdicts it got after its last finish; doubled = more than one. */
export function verdictTally(home: string, sessions: readonly string[]): { doubled: number; missing: number } {
  const after = new Map(sessions.map((s) => [s, -1]));
  for (const e of entries(home)) {
    if (e.kind !== "agent" || !after.has(e.id)) continue;
    if (e.status === "finish") after.set(e.id, 0);
    else if (VERDICTS.has(e.status) && after.get(e.id)! >= 0) after.set(e.id, after.get(e.id)! + 1);
  }
  let doubled = 0;
  let missing = 0;
  for (const n of after.values()) {
    if (n > 1) doubled++;
    if (n < 1) missing++;
  }
  return { doubled, missing };
}

export interface SmallDisk {
  dir: string;
  /** Fills every free byte with a file of its own (removed by `free`), or all but `leave` bytes. */
  fill(leave?: number): void;
  free(): void;
  unmount(): void;
}

/**
 * A real, small file system (tmpfs of `size`, e.g. "64k") mounted on a fresh directory
 * under `parent`, for full-disk tests; or why it cannot be had (mounting needs root).
 */
export function smallDisk(parent: string, size: string): SmallDisk | { skipped: string } {
  if (process.getuid?.() !== 0) return { skipped: "a full disk needs root to mount a small tmpfs" };
  const dir = mkdtempSync(join(parent, "small-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size},mode=0755`, "tmpfs", dir], { stdio: "pipe" });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { skipped: `cannot mount a tmpfs: ${String((error as Error).message).split("\n")[0]}` };
  }
  const filler = join(dir, "filler");
  return {
    dir,
    fill(leave = 0) {
      const reserve = join(dir, "reserve");
      if (leave > 0) writeFileSync(reserve, Buffer.alloc(leave));
      try {
        writeFileSync(filler, Buffer.alloc(64 << 20)); // more than any small disk: stops at ENOSPC
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      } finally {
        rmSync(reserve, { force: true });
      }
    },
    free: () => rmSync(filler, { force: true }),
    unmount() {
      // Busy while a process that used it is still ending: wait a little, then detach it
      // lazily (freed when the last one lets go) rather than leave a mount behind.
      for (let attempt = 0; ; attempt++) {
        try {
          execFileSync("umount", [dir], { stdio: "pipe" });
          break;
        } catch (error) {
          if (attempt < 50) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
          else {
            execFileSync("umount", ["-l", dir], { stdio: "pipe" });
            break;
          }
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
