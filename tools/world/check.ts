/** Cursor reads: the entries a reader has not seen, handed over before the cursor moves. */
import type { Located } from "./entry.js";
import { readCursor, writeCursor } from "./cursor.js";
import type { WorldPaths } from "./paths.js";
import { logSize, readEntries, type Position, type Problem } from "./read.js";

export interface CheckResult {
  entries: Located[];
  problems: Problem[];
  from: Position;
  to: Position;
  /** Why the cursor started over, if it did. */
  reset?: string;
}


/** What `reader` has not seen yet, without moving its cursor. */
function unseen(paths: WorldPaths, reader: string): CheckResult {
  const { position, reset } = readCursor(paths, reader, logSize(paths.log));
  const entries: Located[] = [];
  const read = readEntries(paths.log, position, (entry) => {
    entries.push(entry);
  });
  return { entries, problems: read.problems, from: position, to: read.end, ...(reset && { reset }) };
}

function advance(paths: WorldPaths, reader: string, result: CheckResult): void {
  if (result.to.offset !== result.from.offset || result.reset) writeCursor(paths, reader, result.to);
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
  const result = unseen(paths, reader);
  handOver(result);
  if (!options.peek) advance(paths, reader, result);
  return result;
}

/** check() for a hand-over that completes later (e.g. once stdout has taken every line). */
export async function checkAsync(
  paths: WorldPaths,
  reader: string,
  handOver: (result: CheckResult) => Promise<void>,
  options: { peek?: boolean } = {},
): Promise<CheckResult> {
  const result = unseen(paths, reader);
  await handOver(result);
  if (!options.peek) advance(paths, reader, result);
  return result;
}
