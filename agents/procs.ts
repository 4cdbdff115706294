/**
 * Process records: what the world started, so the Keeper can find it again.
 *
 * One JSON file per session, `.world/procs/<id>.json`, replaced atomically (temporary
 * file, then rename), holding the process of the session's latest attempt. When the
 * supervisor that started a process sees it end, it adds `exit`. Records of sessions
 * that are over move to `.world/procs/done/` (the command is kept there for a human's
 * retry later).
 */
import { mkdirSync, readdirSync, renameSync } from "node:fs";
import { join } from "node:path";
import { PRIVATE_DIR, type WorldPaths } from "../tools/world/paths.js";
import type { z } from "zod";
import { lazyZod } from "../tools/lazy-zod.js";
import { writeJsonAtomic } from "../tools/fs/atomic-write.js";
import { readJsonStateOrNone } from "../tools/fs/json-file.js";
import type { NeedLine } from "./need-author.js";
import { ownGroupAlive } from "../tools/process/identity.js";

export interface ProcExit {
  code: number | null;
  signal: string | null;
  at: string;
}

export interface ProcRecord {
  id: string;
  /**
   * The agent's `sh` parent. null: no process was started for this attempt — a reminder or
   * timer that its spawner parked at once (agents/park-at-spawn.ts); its record keeps the
   * command, need and provenance for the Verifier and a retry, as a started one's does.
   */
  pid: number | null;
  /** The process group: the agent leads its own (detached), so pgid === pid (null with pid). */
  pgid: number | null;
  startedAt: string;
  /** Field 22 of /proc/<pid>/stat when it was started: tells a reused pid from ours. */
  startTicks: number | null;
  command: string[];
  kind: string | null;
  attempt: number;
  task: string;
  need: string;
  /**
   * Who wrote the need: "human" (`world spawn` by a person at a terminal, docs/trust.md)
   * or "program" (the Spirit, an agent, a model, a script). A program's `command exits 0:`
   * checks run only if the shell policy allows them (verifier/evidence.ts). Absent, or
   * no record at all (a start line written with `world agent start` or MCP): program.
   * "human" counts only for the start line in `needLine` (agents/need-author.ts).
   */
  needFrom?: NeedFrom;
  /**
   * A plain command (`world spawn --plain`), one that never speaks to the log: its exit is its
   * finish, exit 0 a `finish` with its stdout as the output, anything else `failed` (agents/ended.ts).
   */
  plain?: boolean;
  /** For a plain command: where this attempt's stdout begins in .world/logs/agents/<id>.out (earlier attempts wrote before it). */
  stdoutFrom?: number;
  /** The start line the need was written on, when a person wrote it: authority never passes to another. */
  needLine?: NeedLine;
  exit?: ProcExit;
}

export type NeedFrom = "human" | "program";

/** A record of an attempt that started a process (every one but a session parked at its spawn). */
export type StartedProcRecord = ProcRecord & { pid: number; pgid: number };

export function startedProcess(record: ProcRecord): record is StartedProcRecord {
  return record.pid !== null && record.pgid !== null;
}

/** Is the record's process group still the one started? Never for a record of no process. */
export function recordedGroupAlive(record: ProcRecord): record is StartedProcRecord {
  return startedProcess(record) && ownGroupAlive(record.pgid, record.startTicks);
}

const ID_FILE = /^(.+)\.json$/;

function recordFile(dir: string, id: string): string {
  return join(dir, `${id}.json`);
}

function doneDir(paths: WorldPaths): string {
  return join(paths.procs, "done");
}

export function writeProcRecord(paths: WorldPaths, record: ProcRecord): void {
  mkdirSync(paths.procs, { recursive: true, mode: PRIVATE_DIR });
  writeJsonAtomic(recordFile(paths.procs, record.id), record);
}

let procRecordSchema: z.ZodType<ProcRecord> | undefined;

/** Built at the first record read: a new session's spawn reads none and loads no zod (issue 23). */
function ProcRecordSchema(): z.ZodType<ProcRecord> {
  const { z } = lazyZod();
  return (procRecordSchema ??= z.object({
  id: z.string(),
  pid: z.number().nullable(),
  pgid: z.number().nullable(),
  startedAt: z.string(),
  startTicks: z.number().nullable(),
  command: z.array(z.string()),
  kind: z.string().nullable(),
  attempt: z.number(),
  task: z.string(),
  need: z.string(),
  needFrom: z.enum(["human", "program"]).optional(),
  plain: z.boolean().optional(),
  stdoutFrom: z.number().optional(),
  needLine: z.object({ ts: z.string(), sha256: z.string() }).optional(),
  exit: z.object({ code: z.number().nullable(), signal: z.string().nullable(), at: z.string() }).optional(),
  }));
}

/** Missing, being replaced, or malformed: no record (the Keeper looks again next sweep). */
function readJson(file: string): ProcRecord | undefined {
  return readJsonStateOrNone(file, ProcRecordSchema, "process record");
}

/** The live record of a session, else its archived one. */
export function readProcRecord(paths: WorldPaths, id: string): ProcRecord | undefined {
  return readJson(recordFile(paths.procs, id)) ?? readJson(recordFile(doneDir(paths), id));
}

/** Records of sessions not yet archived. */
export function listProcRecords(paths: WorldPaths): ProcRecord[] {
  let names: string[];
  try {
    names = readdirSync(paths.procs);
  } catch {
    return [];
  }
  const records: ProcRecord[] = [];
  for (const name of names) {
    const m = ID_FILE.exec(name);
    if (!m) continue;
    const record = readJson(join(paths.procs, name));
    if (record !== undefined) records.push(record);
  }
  return records;
}

/** Every agent process the world recorded, live records and archived ones (the demo's shutdown). */
export function allProcRecords(paths: WorldPaths): ProcRecord[] {
  const records: ProcRecord[] = [];
  for (const dir of [paths.procs, doneDir(paths)]) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      // A record being replaced right now is missed: the next look finds it.
      const record = ID_FILE.test(name) ? readJson(join(dir, name)) : undefined;
      if (record !== undefined) records.push(record);
    }
  }
  return records;
}

/** Note how the process of `attempt` ended; ignored if a later attempt replaced the record. */
export function recordExit(paths: WorldPaths, id: string, attempt: number, exit: ProcExit): void {
  // The Keeper may have archived the record already (it stopped the process itself).
  for (const dir of [paths.procs, doneDir(paths)]) {
    const record = readJson(recordFile(dir, id));
    if (record === undefined) continue;
    if (record.attempt === attempt && record.exit === undefined) writeJsonAtomic(recordFile(dir, id), { ...record, exit });
    return;
  }
}

/** Move a finished session's record out of the Keeper's way (kept for a later retry). */
export function archiveProcRecord(paths: WorldPaths, id: string): void {
  mkdirSync(doneDir(paths), { recursive: true, mode: PRIVATE_DIR });
  try {
    renameSync(recordFile(paths.procs, id), recordFile(doneDir(paths), id));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
