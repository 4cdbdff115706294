import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { readJsonLines, readJsonState, readJsonStateOrNone, readJsonStateOrThrow } from "../../../tools/fs/json-file.js";
import { UsageError } from "../../../tools/errors.js";

const Cursor = z.object({ offset: z.number(), line: z.number() });

describe("readJsonState: a state file checked by its schema", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "world-test-json-file-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("missing is not an error; a good file is its value", () => {
    const file = join(dir, "sent.json");
    expect(readJsonState(file, Cursor, "sync state")).toEqual({ found: false });
    expect(readJsonStateOrThrow(file, Cursor, "sync state")).toBeUndefined();
    writeFileSync(file, '{"offset":10,"line":2}\n');
    expect(readJsonState(file, Cursor, "sync state")).toEqual({ found: true, value: { offset: 10, line: 2 } });
  });

  it("a malformed file is said in one line: what, expected, received", () => {
    const file = join(dir, "sent.json");
    writeFileSync(file, '{"offset":"ten","line":2}\n');
    const read = readJsonState(file, Cursor, "sync state");
    expect(read).toEqual({ found: true, problem: `malformed sync state ${file}: offset: invalid input: expected number, received "ten"` });
    expect(readJsonStateOrNone(file, Cursor, "sync state")).toBeUndefined();
    expect(() => readJsonStateOrThrow(file, Cursor, "sync state")).toThrow(UsageError);
    writeFileSync(file, "{not json");
    const problem = (readJsonState(file, Cursor, "sync state") as { problem: string }).problem;
    expect(problem).toMatch(/^malformed sync state .*: expected JSON, received a parse error: /);
    expect(problem).not.toContain("\n");
  });
});

describe("readJsonLines: records appended one per line", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "world-test-json-lines-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const take = (v: unknown) => (typeof v === "object" && v !== null && typeof (v as { seq?: unknown }).seq === "number" ? (v as { seq: number }) : undefined);

  it("a missing file holds none", () => {
    expect(readJsonLines(join(dir, "none.jsonl"), take)).toEqual({ records: [], malformed: 0 });
  });

  it("keeps the records in order; a torn line and one of the wrong shape are counted, never guessed at", () => {
    const file = join(dir, "kept.jsonl");
    writeFileSync(file, '{"seq":1}\n{"seq":"two"}\n\n{"seq":3}\n{"seq":4');
    expect(readJsonLines(file, take)).toEqual({ records: [{ seq: 1 }, { seq: 3 }], malformed: 2 });
  });
});
