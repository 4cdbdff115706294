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
  /** True when a limit stopped the read before the end of the log: check again for the rest. */
  more: boolean;
}

export interface CheckOptions {
  /** Show without moving the cursor. */
  peek?: boolean;
  /** Hand over at most this many entries; the cursor moves past those only. */
  limit?: number;
}

/** What `reader` has not seen yet, without moving its cursor. */
function unseen(paths: WorldPaths, reader: string, limit = Infinity): CheckResult {
  const size = logSize(paths.log);
  const { position, reset } = readCursor(paths, reader, size);
  const entries: Located[] = [];
  // Returning false stops the scan just after this entry, so the cursor lands there.
  const read = readEntries(paths.log, position, (entry) => entries.push(entry) < limit);
  const more = entries.length >= limit && read.end.offset < logSize(paths.log);
  return { entries, problems: read.problems, from: position, to: read.end, more, ...(reset && { reset }) };
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
  options: CheckOptions = {},
): CheckResult {
  const result = unseen(paths, reader, options.limit);
  handOver(result);
  if (!options.peek) advance(paths, reader, result);
  return result;
}

/** check() for a hand-over that completes later (e.g. once stdout has taken every line). */
export async function checkAsync(
  paths: WorldPaths,
  reader: string,
  handOver: (result: CheckResult) => Promise<void>,
  options: CheckOptions = {},
): Promise<CheckResult> {
  const result = unseen(paths, reader, options.limit);
  await handOver(result);
  if (!options.peek) advance(paths, reader, result);
  return result;
}
