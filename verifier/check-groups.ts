/**
 * No check outlives its judge. Every `command exits 0:` check runs in a process group of
 * its own (bounded-command.ts); while it runs, `.world/checks/<pid>.json` names it by pid
 * AND start time (pids are reused), with the Verifier that started it. A Verifier that
 * stops — gracefully or by its own error — SIGKILLs the groups of its running checks; one
 * that was SIGKILLed cannot, so the next Verifier, and a starting `world up`, end the
 * groups whose Verifier is gone (endLeftChecks), never a pid alone. A Verifier run as a
 * thread of `world up` shares up's pid: its records name its thread too, and a Verifier
 * thread that finds another thread's records left in its own process knows that one gone
 * (a Verifier holds the world's one verifier lock while it runs).
 */
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import { z } from "zod";
import { writeJsonAtomic } from "../tools/fs/atomic-write.js";
import { readJsonStateOrNone } from "../tools/fs/json-file.js";
import { isSameProcess, ownGroupAlive, procStat, signalGroup } from "../tools/process/identity.js";
import { PRIVATE_DIR, type WorldPaths } from "../tools/world/paths.js";

export interface CheckRecord {
  /** The check's process, leader of its own group (pgid === pid). */
  pid: number;
  startTicks: number | null;
  argv: string[];
  startedAt: string;
  verifierPid: number;
  verifierStartTicks: number | null;
  /** The Verifier's thread, when it runs as a thread of `world up` (not the main one). */
  verifierThread?: number;
}

function checksDir(paths: WorldPaths): string {
  return join(paths.dir, "checks");
}

const RECORD = /^(\d+)\.json$/;

/** The checks this Verifier runs now. */
export class RunningChecks {
  private readonly pids = new Set<number>();
  private readonly self = { pid: process.pid, startTicks: procStat(process.pid)?.startTicks ?? null };

  constructor(private readonly paths: WorldPaths) {}

  /** Called right after a check's process started: its record goes to disk before it can outlive us. */
  started(pid: number, argv: readonly string[]): void {
    this.pids.add(pid);
    mkdirSync(checksDir(this.paths), { recursive: true, mode: PRIVATE_DIR });
    const record: CheckRecord = {
      pid, startTicks: procStat(pid)?.startTicks ?? null, argv: [...argv], startedAt: new Date().toISOString(),
      verifierPid: this.self.pid, verifierStartTicks: this.self.startTicks,
      ...(threadId !== 0 && { verifierThread: threadId }),
    };
    writeJsonAtomic(join(checksDir(this.paths), `${pid}.json`), record);
  }

  /** Called when the check's process ended (its group was killed with it, or emptied). */
  ended(pid: number): void {
    this.pids.delete(pid);
    rmSync(join(checksDir(this.paths), `${pid}.json`), { force: true });
  }

  get size(): number {
    return this.pids.size;
  }

  /** SIGKILL every running check's group (the check's result is then no verdict: handle.ts). */
  endAll(): void {
    for (const pid of this.pids) signalGroup(pid, "SIGKILL");
  }
}

const CheckRecordSchema: z.ZodType<CheckRecord> = z.object({
  pid: z.number(),
  startTicks: z.number().nullable(),
  argv: z.array(z.string()),
  startedAt: z.string(),
  verifierPid: z.number(),
  verifierStartTicks: z.number().nullable(),
  verifierThread: z.number().optional(),
});

function readRecord(file: string): CheckRecord | undefined {
  return readJsonStateOrNone(file, CheckRecordSchema, "check record");
}

/**
 * Ends the checks a Verifier that is gone left running (its pid and start time no longer
 * a live process); returns "pid N (argv)" of each ended. A record whose group is gone, or
 * whose pid now names another process, is only removed.
 */
export function endLeftChecks(paths: WorldPaths): string[] {
  let names: string[];
  try {
    names = readdirSync(checksDir(paths));
  } catch {
    return [];
  }
  const ended: string[] = [];
  for (const name of names) {
    if (!RECORD.test(name)) continue;
    const file = join(checksDir(paths), name);
    const r = readRecord(file);
    if (r === undefined) {
      rmSync(file, { force: true }); // a torn record: nothing it names could be ended safely
      continue;
    }
    if (r.verifierPid !== process.pid && isSameProcess(r.verifierPid, r.verifierStartTicks)) continue; // its judge still runs
    if (r.verifierPid === process.pid && (r.verifierThread ?? 0) === threadId) continue; // ours
    // Same process, another thread: a Verifier thread of this `world up` that ended (we hold the lock now).
    if (r.startTicks !== null && ownGroupAlive(r.pid, r.startTicks)) {
      signalGroup(r.pid, "SIGKILL");
      ended.push(`pid ${r.pid} (${r.argv.join(" ").slice(0, 80)})`);
    }
    rmSync(file, { force: true });
  }
  return ended;
}
