/**
 * scanLines sizes its buffer to what is there (a follower reading one new line does not
 * allocate 1 MiB): lines longer than that first buffer, from any starting point, are still
 * handed over whole, and a last line without its newline is still left as the tail.
 * OpenLog keeps the file and one buffer between scans: what an earlier, longer read left
 * in that buffer never comes out again, and a log replaced under it is read anew.
 */
import { appendFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { afterEach, expect, it } from "vitest";
import { OpenLog, scanLines, type Position } from "../../../tools/world/read.js";
import { tempWorld, type TempWorld } from "../../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

it("lines of every length, read from every line start, come out whole and in order", () => {
  w = tempWorld("read-buffer-");
  const lines = [10, 4095, 4096, 4097, 9000, 1, 70_000, 300].map((n, i) => String.fromCharCode(97 + i).repeat(n));
  writeFileSync(w.paths.log, lines.join("\n") + "\n" + "torn-without-newline");
  let offset = 0;
  for (const [start] of lines.entries()) {
    const seen: string[] = [];
    const result = scanLines(w.paths.log, { offset, line: start }, (text) => {
      seen.push(text);
    });
    expect(seen).toEqual(lines.slice(start));
    expect(result.end.line).toBe(lines.length);
    expect(result.tail?.bytes).toBe("torn-without-newline".length);
    offset += lines[start]!.length + 1;
  }
});

it("a kept-open log reads only what is new, and a replaced one from the new file", () => {
  w = tempWorld("read-open-");
  const log = new OpenLog(w.paths.log);
  const read = (from: Position) => {
    const seen: string[] = [];
    const result = log.scan(from, (text) => {
      seen.push(text);
    });
    return { seen, ...result };
  };
  try {
    expect(read({ offset: 0, line: 0 })).toEqual({ seen: [], end: { offset: 0, line: 0 } }); // no log yet
    writeFileSync(w.paths.log, "x".repeat(70_000) + "\n" + "y\n".repeat(3000)); // the buffer grows, full of newlines
    const first = read({ offset: 0, line: 0 });
    expect(first.seen).toHaveLength(3001);
    appendFileSync(w.paths.log, "short\nhalf");
    const second = read(first.end);
    expect(second.seen).toEqual(["short"]); // not the y lines still in the kept buffer
    expect(second.tail?.bytes).toBe(4);
    appendFileSync(w.paths.log, "-done\n");
    expect(read(second.end).seen).toEqual(["half-done"]);
    writeFileSync(`${w.paths.log}.new`, "new one\nnew two\n");
    renameSync(`${w.paths.log}.new`, w.paths.log); // a restore: another file at the path
    expect(read({ offset: 8, line: 1 }).seen).toEqual(["new two"]);
    rmSync(w.paths.log);
    expect(read({ offset: 8, line: 1 }).seen).toEqual([]);
  } finally {
    log.close();
  }
});
