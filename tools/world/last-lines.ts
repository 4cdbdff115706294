/** The position of the last N complete lines, found by reading backwards from the end. */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { endOf } from "./follow.js";
import { START, type Position } from "./read.js";
import { openToRead } from "../fs/open-to-read.js";

export function lastLinesStart(logPath: string, n: number): Position {
  const end = endOf(logPath);
  if (n <= 0) return end;
  if (end.line <= n) return START;
  const fd = openSync(logPath, "r");
  try {
    const buf = Buffer.alloc(1 << 16);
    let pos = Math.min(end.offset, fstatSync(fd).size); // newlines before `pos` are counted
    let seen = 0; // newlines passed; the (n+1)-th from the end closes the line before ours
    while (pos > 0) {
      const start = Math.max(0, pos - buf.length);
      const len = readSync(fd, buf, 0, pos - start, start);
      for (let i = buf.lastIndexOf(10, len - 1); i !== -1; i = i === 0 ? -1 : buf.lastIndexOf(10, i - 1)) {
        seen += 1;
        if (seen === n + 1) return { offset: start + i + 1, line: end.line - n };
      }
      pos = start;
    }
    return START;
  } finally {
    closeSync(fd);
  }
}

/** The last non-empty line of a small text file (a daemon's output), from its last 4 KiB; undefined if none. */
export function lastLine(path: string): string | undefined {
  const fd = openToRead(path);
  if (fd === undefined) return undefined;
  try {
    const size = fstatSync(fd).size;
    const buf = Buffer.alloc(Math.min(size, 4096));
    const n = readSync(fd, buf, 0, buf.length, size - buf.length);
    const lines = buf.toString("utf8", 0, n).split("\n").map((l) => l.trim()).filter((l) => l !== "");
    return lines.at(-1);
  } finally {
    closeSync(fd);
  }
}
