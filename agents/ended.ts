/**
 * What happens when an agent's process ends, written by its parent (agents/parent.ts, agents/note-exit.ts)
 * the moment it sees the exit: the exit in the process record, the exit line in the log,
 * and — when the session was still running and nobody said finish or failed — the
 * session `failed` at once, with the exit and the last lines of its stderr, so the
 * Verifier, the Spirit and the monitor see it within a second instead of at the Keeper's
 * next sweep (which stays as the safety net for ends nobody saw).
 *
 * A parked session (agents/parked.ts) ended its process on purpose: only the exit line.
 * No SQLite here: this runs once per agent, from a small process.
 */
import { closeSync, fstatSync, readSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describeExit } from "../tools/process/identity.js";
import { Appender, type Draft } from "../tools/world/append.js";
import { findLastStatus } from "../tools/world/last-status.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { parkedUntil } from "../tools/world/parked.js";
import { readProcRecord, recordExit } from "./procs.js";
import { openToRead } from "../tools/fs/open-to-read.js";

export interface AgentEnd {
  id: string;
  attempt: number;
  /** The parent's pid: the one in the process record and the spawn line. */
  pid: number;
  code: number | null;
  signal: string | null;
}

const TAIL_BYTES = 4096;
const TAIL_LINES = 3;
const TAIL_CHARS = 600;

/** The last few non-empty lines of a file, joined with " / "; "" if there are none. */
function stderrTail(file: string): string {
  const fd = openToRead(file);
  if (fd === undefined) return "";
  try {
    const size = fstatSync(fd).size;
    const buf = Buffer.alloc(Math.min(size, TAIL_BYTES));
    readSync(fd, buf, 0, buf.length, size - buf.length);
    const lines = buf.toString("utf8").split("\n").map((l) => l.trim()).filter(Boolean);
    // The first line may be cut by the 4 KiB window: only whole lines when there are more.
    const whole = size > buf.length && lines.length > 1 ? lines.slice(1) : lines;
    const tail = whole.slice(-TAIL_LINES).join(" / ");
    return tail.length > TAIL_CHARS ? `…${tail.slice(-TAIL_CHARS)}` : tail;
  } finally {
    closeSync(fd);
  }
}

/** A plain command's stdout for this attempt (from `from`), its last PLAIN_BYTES at most: its finish output. */
const PLAIN_BYTES = 16 * 1024;
function stdoutSince(file: string, from: number): string {
  const fd = openToRead(file);
  if (fd === undefined) return "";
  try {
    const size = fstatSync(fd).size;
    const start = Math.max(from, size - PLAIN_BYTES);
    const buf = Buffer.alloc(Math.max(0, size - start));
    readSync(fd, buf, 0, buf.length, start);
    const text = buf.toString("utf8").trimEnd();
    return start > from ? `…${text}` : text;
  } finally {
    closeSync(fd);
  }
}

/**
 * What a session whose agent stopped needs from a person: a look at its stderr when it
 * wrote something there, else their word on how to go on (never a pointer to an empty
 * file). How to answer is said once, by whoever tells the person (tools/world/asks/plea.ts).
 */
export function stoppedNeed(paths: WorldPaths, id: string, what = "why it stopped"): string {
  const err = join(paths.logs, "agents", `${id}.err`);
  return stderrTail(err) === "" ? `your word on how to go on (it wrote nothing on stderr)` : `a look at ${what} (its stderr: .world/logs/agents/${id}.err)`;
}

/** Waits briefly for the spawner's record of this attempt (an agent that ends at once can beat it). */
export async function awaitRecord(paths: WorldPaths, id: string, attempt: number): Promise<void> {
  for (let i = 0; i < 250 && (readProcRecord(paths, id)?.attempt ?? 0) < attempt; i++) await sleep(20);
}

/**
 * Records the end; returns true when it also ended the session (failed, or a plain command's finish). Exit line and verdict
 * go out in one write, so a reader never sees one without the other.
 */
export function noteAgentEnd(paths: WorldPaths, end: AgentEnd): boolean {
  const { id, attempt, pid } = end;
  recordExit(paths, id, attempt, { code: end.code, signal: end.signal, at: new Date().toISOString() });
  const how = describeExit(end.code, end.signal);
  const drafts: Draft[] = [{ kind: "event", source: "system", id, output: `pid ${pid} (attempt ${attempt}) ${how}` }];
  const running = stillRunning(paths, end);
  if (running !== undefined && running.plain !== undefined && end.code === 0) {
    // A plain command (world spawn --plain) says nothing to the log: exit 0 is its finish, its stdout the evidence.
    const printed = stdoutSince(join(paths.logs, "agents", `${id}.out`), running.plain.stdoutFrom);
    drafts.push({ kind: "agent", status: "finish", id, output: printed === "" ? `${how}, printing nothing` : printed });
  } else if (running !== undefined) {
    const tail = stderrTail(join(paths.logs, "agents", `${id}.err`));
    const said = tail ? `; stderr: ${tail}` : "; nothing on stderr";
    // 126/127: the shell could not run the command at all (not executable, not found).
    const neverRan = running.status !== "active" && (end.code === 126 || end.code === 127);
    drafts.push(
      neverRan
        ? { kind: "agent", status: "failed", id, output: `could not start ${running.command.join(" ")} (${how})${said}`, need: "a command that can be started" }
        : {
            kind: "agent",
            status: "failed",
            id,
            output: `process ${pid} (attempt ${attempt}) ${how} before finishing${said}`,
            need: stoppedNeed(paths, id),
          },
    );
  }
  const appender = new Appender(paths);
  try {
    appender.appendMany(drafts);
  } finally {
    appender.close();
  }
  return running !== undefined;
}

/** This attempt's session status and command if it was still running, neither finished nor parked. */
function stillRunning(paths: WorldPaths, end: AgentEnd): { status: string; command: string[]; plain?: { stdoutFrom: number } } | undefined {
  const last = findLastStatus(paths.log, end.id);
  if (last === undefined) return undefined;
  if (parkedUntil(last) !== undefined) return undefined;
  if (last.status !== "start" && last.status !== "active" && last.status !== "retry") return undefined;
  const record = readProcRecord(paths, end.id);
  if (record === undefined || record.attempt !== end.attempt) return undefined; // a later attempt speaks for it
  // A retry line written after this process started belongs to the next attempt.
  if (last.status === "retry" && Date.parse(record.startedAt) < Date.parse(last.ts)) return undefined;
  return { status: last.status, command: record.command, ...(record.plain === true && { plain: { stdoutFrom: record.stdoutFrom ?? 0 } }) };
}
