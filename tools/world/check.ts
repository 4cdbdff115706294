/** Cursor reads: the entries a reader has not seen, handed over before the cursor moves. */
import { statSync } from "node:fs";
import type { Located } from "./entry.js";
import { readCursor, writeCursor } from "./cursor.js";
import type { WorldPaths } from "./paths.js";
import { readEntries, type Position, type Problem } from "./read.js";

export interface CheckResult {
  entries: Located[];
  problems: Problem[];
  from: Position;
  to: Position;
  /** Why the cursor started over, if it did. */
  reset?: string;
}

function logSize(paths: WorldPaths): number {
  try {
    return statSync(paths.log).size;
  } catch {
    return 0;
  }
}

/**
 * Reads what `reader` has not seen, calls `handOver` with it, and only then advances the
 * cursor (unless `peek`). If handOver throws, the cursor stays: the entries come again.
 */
export function check(
  paths: WorldPaths,
  reader: string,
  handOver: (result: CheckResult) => void,
  options: { peek?: boolean } = {},
): CheckResult {
  const { position, reset } = readCursor(paths, reader, logSize(paths));
  const entries: Located[] = [];
  const read = readEntries(paths.log, position, (entry) => {
    entries.push(entry);
  });
  const result: CheckResult = { entries, problems: read.problems, from: position, to: read.end, ...(reset && { reset }) };
  handOver(result);
  if (!options.peek && (read.end.offset !== position.offset || reset)) writeCursor(paths, reader, read.end);
  return result;
}
