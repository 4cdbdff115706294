/** Cursor reads through the library: exactly once, peek, independence, replaced logs, crash safety. */
import { appendFileSync, existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { UsageError } from "../../../tools/errors.js";
import { Appender } from "../../../tools/world/append.js";
import { check, type CheckResult } from "../../../tools/world/check.js";
import { checkReader, readCursor } from "../../../tools/world/cursor.js";
import { worldPaths } from "../../../tools/world/paths.js";
import { ownEntries, tempWorld, type TempWorld } from "../../support/world.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

function appendEvents(ids: string[]): void {
  const a = new Appender(w.paths);
  try {
    for (const id of ids) a.append({ kind: "event", source: "bash", id, output: `output of ${id}` });
  } finally {
    a.close();
  }
}

function take(reader: string, options: { peek?: boolean } = {}): CheckResult {
  return check(w.paths, reader, () => {}, options);
}
const ids = (r: CheckResult) => ownEntries(r.entries).map((e) => e.id);

describe("check", () => {
  it("hands over each entry exactly once across calls", () => {
    w = tempWorld();
    expect(ids(take("verifier"))).toEqual([]); // no log yet
    appendEvents(["a", "b"]);
    expect(ids(take("verifier"))).toEqual(["a", "b"]);
    expect(ids(take("verifier"))).toEqual([]);
    appendEvents(["c"]);
    appendEvents(["d", "e"]);
    const r = take("verifier");
    expect(ids(r)).toEqual(["c", "d", "e"]);
    expect(r.entries.map((e) => e.line)).toEqual([4, 5, 6]); // after the format line and a, b
    expect(ids(take("verifier"))).toEqual([]);
  });

  it("--peek shows without advancing", () => {
    w = tempWorld();
    appendEvents(["a", "b"]);
    expect(ids(take("spirit", { peek: true }))).toEqual(["a", "b"]);
    expect(ids(take("spirit", { peek: true }))).toEqual(["a", "b"]);
    expect(ids(take("spirit"))).toEqual(["a", "b"]);
    expect(ids(take("spirit", { peek: true }))).toEqual([]);
  });

  it("readers are independent", () => {
    w = tempWorld();
    appendEvents(["a"]);
    expect(ids(take("one"))).toEqual(["a"]);
    appendEvents(["b"]);
    expect(ids(take("two"))).toEqual(["a", "b"]);
    expect(ids(take("one"))).toEqual(["b"]);
    expect(ids(take("two"))).toEqual([]);
  });

  it("a handOver that throws leaves the cursor where it was: the entries come again", () => {
    w = tempWorld();
    appendEvents(["a"]);
    take("keeper");
    appendEvents(["b", "c"]);
    const cursorFile = join(w.paths.cursors, "keeper.json");
    const before = readFileSync(cursorFile);
    expect(() =>
      check(w.paths, "keeper", (r) => {
        expect(ids(r)).toEqual(["b", "c"]);
        throw new Error("crashed while handing over");
      }),
    ).toThrow("crashed while handing over");
    expect(readFileSync(cursorFile).equals(before)).toBe(true);
    expect(ids(take("keeper"))).toEqual(["b", "c"]);
    expect(readdirSync(w.paths.cursors)).toEqual(["keeper.json"]); // no temporary file left behind
  });

  it("the cursor file is whole JSON, written by rename", () => {
    w = tempWorld();
    appendEvents(["a", "b"]);
    take("r1");
    const stored = JSON.parse(readFileSync(join(w.paths.cursors, "r1.json"), "utf8"));
    expect(stored).toEqual({ offset: readFileSync(w.paths.log).length, line: 3, head: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect(readdirSync(w.paths.cursors).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("a replaced log resets the cursor with a reason, and reads the new log from the top", () => {
    w = tempWorld();
    appendEvents(["a", "b", "c"]);
    take("r");
    // A longer file with another first line, moved into place (as a restore from backup would).
    const staging = worldPaths(join(w.home, "staging"));
    const a = new Appender(staging);
    for (const id of ["x", "y", "z", "zz"]) a.append({ kind: "event", source: "bash", id, output: "new log" });
    a.close();
    renameSync(staging.log, w.paths.log);
    const r = take("r");
    expect(r.reset).toMatch(/replaced/);
    expect(ids(r)).toEqual(["x", "y", "z", "zz"]);
    expect(take("r").reset).toBeUndefined();

    // A shorter file: the cursor is past its end.
    writeFileSync(w.paths.log, "");
    appendEvents(["only"]);
    const s = take("r");
    expect(s.reset).toMatch(/shorter/);
    expect(ids(s)).toEqual(["only"]);
  });

  it("an unreadable cursor file starts over with a reason instead of failing", () => {
    w = tempWorld();
    appendEvents(["a"]);
    take("r");
    writeFileSync(join(w.paths.cursors, "r.json"), "{not json");
    const r = take("r");
    expect(r.reset).toMatch(/malformed cursor of r .*r\.json: expected JSON, received a parse error/);
    expect(ids(r)).toEqual(["a"]);
  });

  it("a cursor of the wrong shape starts over, said in the schema's words; a well-formed one is taken as the schema takes it (extra keys dropped)", () => {
    w = tempWorld();
    appendEvents(["a", "b"]);
    take("r");
    const file = join(w.paths.cursors, "r.json");
    const good = JSON.parse(readFileSync(file, "utf8")) as { offset: number; line: number; head: string };
    for (const [bad, said] of [
      [{ ...good, offset: -1 }, /malformed cursor of r .*r\.json: offset: too small: expected number to be >=0, received -1; starting from the top/],
      [{ ...good, line: 1.5 }, /malformed cursor of r .*r\.json: line: .*, received 1\.5; starting from the top/],
      [{ offset: good.offset, line: good.line }, /malformed cursor of r .*r\.json: head: .*, received nothing; starting from the top/],
      [[good], /malformed cursor of r .*r\.json: .*, received \[/],
    ] as const) {
      writeFileSync(file, JSON.stringify(bad));
      expect(readCursor(w.paths, "r", 1 << 20).reset).toMatch(said);
    }
    writeFileSync(file, JSON.stringify({ ...good, extra: true }));
    expect(readCursor(w.paths, "r", 1 << 20)).toEqual({ position: { offset: good.offset, line: good.line } });
  });

  it("a torn last line is not handed over until it is complete, then once", () => {
    w = tempWorld();
    appendEvents(["a"]);
    appendFileSync(w.paths.log, "[2026-11-21T22:50:43.123Z][event:bash][b] hal");
    expect(ids(take("r"))).toEqual(["a"]);
    expect(ids(take("r"))).toEqual([]);
    appendFileSync(w.paths.log, "f\n");
    expect(take("r").entries).toEqual([expect.objectContaining({ id: "b", output: "half", line: 3 })]);
  });

  it("malformed lines are reported to the reader that passes them, once", () => {
    w = tempWorld();
    appendEvents(["a"]);
    appendFileSync(w.paths.log, "junk\n");
    appendEvents(["b"]);
    const r = take("r");
    expect(ids(r)).toEqual(["a", "b"]);
    expect(r.problems.map((p) => p.line)).toEqual([3]);
    expect(take("r").problems).toEqual([]);
  });

  it("reader names are checked", () => {
    w = tempWorld();
    for (const bad of ["", "Upper", "../x", "a b", "x".repeat(65)]) expect(() => checkReader(bad)).toThrow(UsageError);
    expect(() => take("../escape")).toThrow(UsageError);
    expect(existsSync(w.paths.cursors)).toBe(false);
    expect(readCursor(w.paths, "nobody", 0)).toEqual({ position: { offset: 0, line: 0 } });
  });
});

describe("log identity", () => {
  it("a replaced log is noticed even when its first line is longer than 4 KiB", () => {
    w = tempWorld();
    const long = (c: string) => `[2026-11-21T22:50:43.123Z][event:file][big] ${c.repeat(6000)}\n`;
    writeFileSync(w.paths.log, long("a"));
    appendEvents(["b"]);
    expect(ids(take("r"))).toEqual(["big", "b"]);
    const staging = join(w.home, "staging.log");
    writeFileSync(staging, long("z"));
    appendFileSync(staging, readFileSync(w.paths.log).subarray(long("a").length)); // same size, other first line
    appendFileSync(staging, "[2026-11-21T22:50:44.123Z][event:bash][c] more\n");
    renameSync(staging, w.paths.log);
    const r = take("r");
    expect(r.reset).toMatch(/replaced/);
    expect(ids(r)).toEqual(["big", "b", "c"]);
  });
});
