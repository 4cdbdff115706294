/**
 * Per-reader cursors: where each reader (verifier, spirit, a person) has read up to.
 * They live in .world/cursors/<reader>.json, never in world.log, and are replaced
 * atomically (write a temporary file, fsync, rename), so a crash leaves the old or the
 * new cursor, never a broken one. A cursor remembers the log's first line: if the log
 * was replaced under it, or is now shorter, it starts again from the top.
 */
import { closeSync, readSync } from "node:fs";
import { join } from "node:path";
import { UsageError, shown } from "../errors.js";
import { PRIVATE_DIR, type WorldPaths } from "./paths.js";
import { START, type Position } from "./read.js";
import { writeJsonAtomic } from "../fs/atomic-write.js";
import { openToRead } from "../fs/open-to-read.js";
import { readJsonState } from "../fs/json-file.js";
import type { z } from "zod";
import { lazyZod } from "../lazy-zod.js";

const READER_RULE = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export interface CursorFile extends Position {
  /** sha1 of the log's first line when the cursor was written ("" for an empty log). */
  head: string;
}

let cursorSchema: z.ZodType<CursorFile> | undefined;
/** Built when there is a cursor file to check: the modules that only import this one (an agent, `world event`) load no zod (issue 23). */
function CursorSchema(): z.ZodType<CursorFile> {
  const { z } = lazyZod();
  return (cursorSchema ??= z.object({ offset: z.number().int().nonnegative(), line: z.number().int().nonnegative(), head: z.string() }));
}

/**
 * A well-formed cursor taken without zod (what the schema gives: its three fields, nothing
 * else): every reader reads its cursor at each start, and zod is ~95 modules, longer to load
 * than the Spirit's whole start (issue 23). Anything else is left to the schema to describe.
 */
function quickCursor(raw: unknown): CursorFile | undefined {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
  const { offset, line, head } = raw as Record<string, unknown>;
  const count = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
  return count(offset) && count(line) && typeof head === "string" ? { offset, line, head } : undefined;
}

export function checkReader(reader: string): string {
  if (!READER_RULE.test(reader)) {
    throw new UsageError(
      `invalid reader name: expected lower-case letters, digits, '.', '_' or '-' (at most 64), received ${shown(reader)}`,
    );
  }
  return reader;
}

function cursorFile(paths: WorldPaths, reader: string): string {
  return join(paths.cursors, `${checkReader(reader)}.json`);
}

/**
 * A fingerprint of the log: the hash of its first line (at most its first 4 KiB), which
 * never changes once written. "" while there is no complete line and less than 4 KiB.
 */
export function logHead(logPath: string): string {
  const head = logFirstLine(logPath);
  if (head === undefined) return "";
  // Loaded here, not at the top: `world event` shares a bundle with `world check` and
  // should not pay the ~3 ms node:crypto costs to load (see ui/cli/fast-log.ts).
  const { createHash } = process.getBuiltinModule("node:crypto");
  return createHash("sha1").update(head).digest("hex");
}

/**
 * The log's first line, at most its first 4 KiB (a longer first line's first 4 KiB are
 * just as fixed: they used to give nothing, so any two such logs looked alike and a
 * replacement went unnoticed); undefined while there is no complete line and less than
 * 4 KiB. The index keeps it as it is (base64), no hash: a `world query` then never loads
 * node:crypto.
 */
function logFirstLine(logPath: string): Buffer | undefined {
  const fd = openToRead(logPath);
  if (fd === undefined) return undefined;
  try {
    const buf = Buffer.alloc(4096);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const nl = buf.subarray(0, n).indexOf(10);
    const end = nl !== -1 ? nl : n === buf.length ? n : -1;
    return end === -1 ? undefined : buf.subarray(0, end);
  } finally {
    closeSync(fd);
  }
}

/** logFirstLine as the index keeps it in meta "head" (index-db.ts, index-locate.ts): "" for none. */
export function indexedHead(logPath: string): string {
  return logFirstLine(logPath)?.toString("base64") ?? "";
}

export interface LoadedCursor {
  position: Position;
  /** Set when the stored cursor no longer fits the log and was reset to the start. */
  reset?: string;
}

export function readCursor(paths: WorldPaths, reader: string, logSize: number): LoadedCursor {
  const read = readJsonState(cursorFile(paths, reader), CursorSchema, `cursor of ${reader}`, quickCursor);
  if (!read.found) return { position: START };
  if ("problem" in read) return { position: START, reset: `${read.problem}; starting from the top` };
  const stored = read.value;
  if (stored.offset > logSize) {
    return { position: START, reset: `world.log is shorter than ${reader}'s cursor (replaced?); starting from the top` };
  }
  if (stored.offset > 0 && stored.head !== logHead(paths.log)) {
    return { position: START, reset: `world.log was replaced since ${reader} last read; starting from the top` };
  }
  return { position: { offset: stored.offset, line: stored.line } };
}

export function writeCursor(paths: WorldPaths, reader: string, position: Position): void {
  const file = cursorFile(paths, reader);
  const data: CursorFile = { offset: position.offset, line: position.line, head: logHead(paths.log) };
  writeJsonAtomic(file, data, { dirMode: PRIVATE_DIR });
}
