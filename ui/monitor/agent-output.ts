/**
 * The tail of an agent's stdout and stderr (`.world/logs/agents/<id>.out|.err`, written by
 * agents/spawn.ts), so that the page can show why an agent failed instead of telling people
 * to go and read the file. Only the last `maxBytes` are read: an agent may have written
 * gigabytes.
 */
import { closeSync, fstatSync, readSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { WorldPaths } from "../../tools/world/paths.js";
import { openToRead } from "../../tools/fs/open-to-read.js";

export type OutputStream = "out" | "err";

export interface OutputTail {
  stream: OutputStream;
  /** Whether the agent has such a file at all. */
  exists: boolean;
  /** The file's whole size. */
  bytes: number;
  /** Its last bytes, as text (a cut multi-byte character at the start is dropped). */
  text: string;
  /** True when `text` is only the end of the file. */
  truncated: boolean;
}

export function agentOutputTail(paths: WorldPaths, id: string, stream: OutputStream, maxBytes = 64 * 1024): OutputTail {
  const dir = resolve(paths.logs, "agents");
  const file = resolve(join(dir, `${id}.${stream}`));
  const none: OutputTail = { stream, exists: false, bytes: 0, text: "", truncated: false };
  // Ids may hold '/' and '.' (`airbnb.com/s/Paris`): never read outside the agents' folder.
  if (dirname(file) !== dir) return none;
  const fd = openToRead(file);
  if (fd === undefined) return none;
  try {
    const size = fstatSync(fd).size;
    const length = Math.min(size, maxBytes);
    const buf = Buffer.alloc(length);
    const read = readSync(fd, buf, 0, length, size - length);
    let start = 0;
    // A cut UTF-8 sequence at the front: skip its continuation bytes.
    if (length < size) while (start < read && ((buf[start] ?? 0) & 0xc0) === 0x80) start += 1;
    return { stream, exists: true, bytes: size, text: buf.subarray(start, read).toString("utf8"), truncated: length < size };
  } finally {
    closeSync(fd);
  }
}
