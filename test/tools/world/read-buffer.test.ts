/**
 * scanLines sizes its buffer to what is there (a follower reading one new line does not
 * allocate 1 MiB): lines longer than that first buffer, from any starting point, are still
 * handed over whole, and a last line without its newline is still left as the tail.
 */
import { writeFileSync } from "node:fs";
import { afterEach, expect, it } from "vitest";
import { scanLines } from "../../../tools/world/read.js";
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
