/**
 * Locks between processes, from plain files: one Keeper sweep at a time, one Verifier and
 * one Spirit per world, one lifecycle check-and-append at a time.
 *
 * Why not "create name.lock with O_EXCL, delete it when its owner is dead": taking over a
 * dead owner's lock means deleting a file someone else may have just re-created, and an
 * owner that has created the file but not yet written its pid looks dead. Both let two
 * processes hold the lock at once (measured: 21 of 30 rounds with 6 contenders).
 *
 * Here a lock is a folder of numbered generations (.world/locks/<name>/<n>), each file made
 * whole before it appears (written under a unique name, then link(2), which fails if the
 * name exists) and never re-created: a generation number is taken by exactly one process.
 * The highest generation is the lock's state: held while its owner (pid + start time, never
 * a pid alone) runs and has not released it. To acquire, a process takes generation n + 1
 * after seeing generation n free; a taken-over lock is never deleted, so no race can remove
 * a lock somebody holds. Older generations are deleted once a newer one exists; a process
 * that slept through that and re-created an old number sees the newer one and backs off.
 *
 * A level run as a thread of `world up` (daemons/level-thread.ts) shares `up`'s pid: its
 * generations also name its thread, and when the thread ends, however it ended, `up`
 * releases what it still held (releaseThreadLocks), as a process's death would.
 */
import { appendFileSync, closeSync, existsSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";
import { diskFullMessage, isDiskFull } from "../disk.js";
import { InternalError } from "../errors.js";
import { PRIVATE_DIR, type WorldPaths } from "../world/paths.js";
import { isSameProcess, procStat } from "./identity.js";

export interface Lock {
  release: () => void;
}

interface Owner {
  pid: number;
  startTicks: number | null;
  /** A thread of that process (not the main one): a level run inside `world up`. */
  thread?: number;
  released?: true;
}

const RELEASED = "released";

const PAUSE = new Int32Array(new SharedArrayBuffer(4)); // for Atomics.wait: a synchronous sleep
let tmpCount = 0;
let ownStart: number | null | undefined;

/** The folder that holds one lock's generations. */
export function lockDir(paths: WorldPaths, name: string): string {
  return join(paths.dir, "locks", name);
}

/** Take the lock if nobody holds it; otherwise say who does (-1: could not tell). */
export function tryLock(paths: WorldPaths, name: string): Lock | { heldBy: number } {
  const dir = lockDir(paths, name);
  ownStart ??= procStat(process.pid)?.startTicks ?? null;
  // node:worker_threads loads the stream modules: only when a lock is taken, not with this file (issue 23).
  const { threadId } = process.getBuiltinModule("node:worker_threads");
  const me: Owner = { pid: process.pid, startTicks: ownStart, ...(threadId !== 0 && { thread: threadId }) };
  const tmp = writeTemp(dir, me);
  try {
    for (let attempt = 0; attempt < 20; attempt++) {
      const top = highest(dir);
      if (top !== undefined) {
        const owner = readOwner(join(dir, String(top)));
        if (owner === "gone") continue; // deleted as we looked: a newer one exists
        if (holds(owner)) return { heldBy: owner.pid };
      }
      const mine = (top ?? 0) + 1;
      const file = join(dir, String(mine));
      try {
        linkSync(tmp, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") continue; // somebody took it first
        throw error;
      }
      // A number deleted as old can be re-created by a process that slept since it looked:
      // then a newer generation exists, and that one is the lock.
      if (!collectOlder(dir, mine)) {
        removeQuietly(file);
        continue;
      }
      return { release: () => release(file) };
    }
    return { heldBy: -1 };
  } finally {
    removeQuietly(tmp);
  }
}

/** Who holds the lock now, without taking it (`world status`: is `world sync` running?). */
export function lockHolder(paths: WorldPaths, name: string): number | undefined {
  const dir = lockDir(paths, name);
  if (!existsSync(dir)) return undefined; // never taken in this world
  for (let attempt = 0; attempt < 20; attempt++) {
    const top = highest(dir);
    if (top === undefined) return undefined;
    const owner = readOwner(join(dir, String(top)));
    if (owner === "gone") continue; // deleted as we looked: a newer generation exists
    return holds(owner) ? owner.pid : undefined;
  }
  return undefined;
}

/**
 * Run `fn` holding the lock, waiting for it up to `waitMs` (a short critical section: the
 * wait is synchronous, polling with a growing pause of 1 to 16 ms).
 */
export function withLock<T>(paths: WorldPaths, name: string, fn: () => T, waitMs = 10_000): T {
  const deadline = Date.now() + waitMs;
  for (let pause = 1; ; pause = Math.min(pause * 2, 16)) {
    const lock = tryLock(paths, name);
    if ("release" in lock) {
      try {
        return fn();
      } finally {
        lock.release();
      }
    }
    if (Date.now() > deadline) {
      throw new InternalError(`lock ${name} busy: expected it free within ${waitMs} ms, received still held by pid ${lock.heldBy} (${lockDir(paths, name)})`);
    }
    Atomics.wait(PAUSE, 0, 0, pause);
  }
}

/**
 * Releases every lock that a thread of this process, now ended, still held (a level that
 * crashed or was terminated inside `world up`): returns their names. Only the current
 * generation can be held; nobody else can take it while it is, so nobody races this.
 */
export function releaseThreadLocks(paths: WorldPaths, thread: number): string[] {
  let names: string[];
  try {
    names = readdirSync(join(paths.dir, "locks"));
  } catch {
    return []; // no lock ever taken in this world
  }
  const released: string[] = [];
  for (const name of names) {
    const dir = lockDir(paths, name);
    let top: number | undefined;
    try {
      top = highest(dir);
    } catch {
      continue; // not a lock's folder
    }
    if (top === undefined) continue;
    const owner = readOwner(join(dir, String(top)));
    if (owner === "gone" || owner === undefined || owner.released === true) continue;
    if (owner.pid !== process.pid || owner.thread !== thread) continue;
    release(join(dir, String(top)));
    released.push(name);
  }
  return released;
}

/** Held: a running owner (the same process, by start time) that has not released it. */
function holds(owner: Owner | undefined): owner is Owner {
  return owner !== undefined && owner.released !== true && isSameProcess(owner.pid, owner.startTicks);
}

/**
 * Released by appending a line to our generation: a reader sees the whole word or less
 * of it, and less reads as still held (it looks again). Not a rename over the file:
 * ext4 flushes on a rename that replaces a file, which cost 5 ms per lock.
 */
function release(file: string): void {
  try {
    appendFileSync(file, `\n${RELEASED}\n`);
  } catch {
    // the folder is gone (the world was deleted): nothing left to release
  }
}

function writeTemp(dir: string, owner: Owner): string {
  const tmp = join(dir, `t.${process.pid}.${(tmpCount++).toString(36)}${Math.random().toString(36).slice(2, 8)}`);
  let fd: number;
  try {
    fd = openSync(tmp, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR }); // the first use in this world (mkdir each time costs)
    fd = openSync(tmp, "wx");
  }
  try {
    writeSync(fd, JSON.stringify(owner));
  } catch (error) {
    // Created but not written (a full disk): an empty file nobody would remove until we die.
    closeSync(fd);
    removeQuietly(tmp);
    throw isDiskFull(error) ? new InternalError(diskFullMessage(error, dir), { cause: error }) : error;
  }
  closeSync(fd);
  return tmp;
}

/** The generations present, by number; temporary files are left to collectOlder. */
function generations(dir: string): number[] {
  return readdirSync(dir)
    .filter((n) => /^\d+$/.test(n))
    .map(Number);
}

function highest(dir: string): number | undefined {
  const all = generations(dir);
  return all.length === 0 ? undefined : Math.max(...all);
}

/** "gone": deleted between listing and reading. An unreadable file is no owner at all. */
function readOwner(file: string): Owner | undefined | "gone" {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "gone";
    throw error;
  }
  try {
    const [first, ...rest] = text.split("\n");
    const o = JSON.parse(first!) as Partial<Owner>;
    if (typeof o.pid !== "number") return undefined;
    return {
      pid: o.pid,
      startTicks: typeof o.startTicks === "number" ? o.startTicks : null,
      ...(typeof o.thread === "number" && { thread: o.thread }),
      ...(rest.includes(RELEASED) && { released: true }),
    };
  } catch {
    return undefined; // never written by us (files appear whole): not an owner
  }
}

/**
 * False if a newer generation than ours exists (then ours is a re-created old number);
 * otherwise deletes older generations, and temporary files of processes that died
 * before removing theirs.
 */
function collectOlder(dir: string, mine: number): boolean {
  const names = readdirSync(dir);
  if (names.some((n) => /^\d+$/.test(n) && Number(n) > mine)) return false;
  for (const name of names) {
    if (/^\d+$/.test(name)) {
      if (Number(name) < mine) removeQuietly(join(dir, name));
    } else if (name.startsWith("t.")) {
      const pid = Number(name.split(".")[1]);
      if (pid !== process.pid && procStat(pid) === undefined) removeQuietly(join(dir, name));
    }
  }
  return true;
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}
