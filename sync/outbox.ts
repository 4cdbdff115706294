/**
 * The outgoing side of world sync, without the network: the next chunk of this machine's
 * own lines, read from world.log after the sent cursor. Lines received from other machines
 * are passed over (never sent back), and so is what is not an entry (a torn line, an old
 * READ-MARKER): the log's readers report those where they are.
 *
 * A line this log reads raw (the older shell tool's, before the format line or with its
 * whole-second timestamp: tools/world/log-format.ts) would be decoded on a machine whose log
 * has its format line long before: `C:\temp\new` would arrive as a tab and a newline. Such a
 * line is sent as the entry it reads as, written the way our appender writes it (escaped,
 * timestamp in milliseconds), so it keeps its meaning everywhere (docs/sync.md). The format
 * line itself is not sent: it is about this file, and every machine's log has its own.
 */
import type { WorldPaths } from "../tools/world/paths.js";
import { formatEntry } from "../tools/world/format.js";
import { isFormatLine, type FormatState } from "../tools/world/log-format.js";
import { isOwnTimestamp, parseLine } from "../tools/world/parse.js";
import { formatStateAt, OpenLog, type Position } from "../tools/world/read.js";
import type { SkipLines } from "./skip-lines.js";
import { lineHash } from "./state.js";

/** A chunk stays well under NATS's default 1 MiB message limit. */
const CHUNK_BYTES = 256 * 1024;
const CHUNK_LINES = 2000;

export interface Chunk {
  /** Where the chunk starts in the local log: with the machine name, the message id. */
  from: Position;
  /** Where the next chunk starts. */
  end: Position;
  /** This machine's own lines in it (may be none: then only the cursor moves). */
  lines: string[];
  /** Cut by CHUNK_LINES or CHUNK_BYTES: more lines follow it (else it reached the end of the log). */
  full: boolean;
}

/**
 * Reads this machine's log chunk after chunk, from a log kept open (tools/world/read.ts
 * OpenLog). It remembers whether the format line lies before where the last chunk ended,
 * so the next chunk from there does not ask the log's head again. Both were most of the
 * work per line sent, on world sync's latency path.
 */
export class Outbox {
  private readonly log: OpenLog;
  private last: { offset: number; format: FormatState } | undefined;

  constructor(
    paths: WorldPaths,
    private readonly skip: SkipLines,
  ) {
    this.log = new OpenLog(paths.log);
  }

  /** The next chunk after `from`, or undefined when no complete line follows it. */
  next(from: Position): Chunk | undefined {
    const format = this.last?.offset === from.offset ? this.last.format : formatStateAt(this.log.path, from);
    // Received lines this process just appended are passed over unread (sync/skip-lines.ts),
    // once the format line lies behind: a format line among them would then change nothing.
    const start = format.decoding ? this.skip.passLanded(from) : from;
    const chunk = chunkFrom(this.log, from, start, this.skip, format);
    this.last = { offset: chunk?.end.offset ?? from.offset, format };
    return chunk;
  }

  close(): void {
    this.log.close();
  }
}

/** The chunk from `from`, read from `start` (past received lines passed over unread, or `from` itself). */
function chunkFrom(log: OpenLog, from: Position, start: Position, skip: SkipLines, format: FormatState): Chunk | undefined {
  const lines: string[] = [];
  let bytes = 0;
  let full = false;
  // Returning false still counts the line as read: so a chunk stops right after the line that fills it.
  const { end } = log.scan(start, (text) => {
    const decoded = format.decodes(text);
    if (isFormatLine(text)) return true; // about this file, not the world: every machine's log has its own
    if (skip.size > 0 && skip.take(lineHash(text))) return true;
    const parsed = parseLine(text, decoded);
    if (!parsed.ok) return true;
    const line = decoded && isOwnTimestamp(parsed.entry.ts) ? text : formatEntry({ ...parsed.entry, ts: new Date(parsed.entry.ts).toISOString() });
    lines.push(line);
    bytes += line.length + 1;
    full = lines.length >= CHUNK_LINES || bytes >= CHUNK_BYTES;
    return !full;
  });
  return end.offset === from.offset ? undefined : { from, end, lines, full };
}
