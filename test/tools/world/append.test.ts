/** The single writer: long fields go to attachments, torn tails are stepped over, the log only grows. */
import fc from "fast-check";
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { UsageError } from "../../../tools/errors.js";
import { Appender, appendOnce, NEED_LIMIT, OUTPUT_LIMIT, syncFromEnv } from "../../../tools/world/append.js";
import { escapeField, NEED_SEPARATOR, TORN_MARK } from "../../../tools/world/escape.js";
import { findLastStatus } from "../../../tools/world/last-status.js";
import { parseLine } from "../../../tools/world/parse.js";
import { collectEntries, readAttachment } from "../../../tools/world/read.js";
import { ownEntries, ownLines, tempWorld, type TempWorld } from "../../support/world.js";
import { anyText } from "./arbitraries.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

const lines = (file: string) => ownLines(readFileSync(file, "utf8"));
const bytes = (s: string) => Buffer.byteLength(s);

describe("long fields", () => {
  it("an output over the limit goes whole to an attachment; the line keeps a prefix and the reference", () => {
    w = tempWorld();
    const long = "line one\n" + "é".repeat(3000) + "\n\u{1f600} the end";
    const entry = appendOnce(w.paths, { kind: "event", source: "bash", id: "cmd-1", output: long });
    expect(entry.outputRef).toMatch(/^attachments\/[\w.-]+\.txt$/);
    expect(readAttachment(w.paths, entry.outputRef!)).toBe(long);
    expect(readFileSync(`${w.paths.dir}/${entry.outputRef}`, "utf8")).toBe(long); // plain text, cat-able

    const [line] = lines(w.paths.log);
    expect(line).toContain(`\\[full: ${entry.outputRef}]`);
    const parsed = parseLine(line!);
    if (!parsed.ok) throw new Error("did not parse");
    expect(parsed.entry.outputRef).toBe(entry.outputRef);
    expect(parsed.entry.output.endsWith("…")).toBe(true);
    expect(long.startsWith(parsed.entry.output.slice(0, -1))).toBe(true);
    expect(bytes(escapeField(parsed.entry.output))).toBeLessThanOrEqual(OUTPUT_LIMIT);
  });

  it("a need over its limit goes to its own attachment", () => {
    w = tempWorld();
    const need = "criterion | need: ".repeat(200);
    const e = appendOnce(w.paths, { kind: "agent", status: "start", id: "s1", output: "short task", need });
    expect(e.outputRef).toBeUndefined();
    if (e.kind !== "agent") throw new Error("expected an agent entry");
    expect(readAttachment(w.paths, e.needRef!)).toBe(need);
    const [line] = lines(w.paths.log);
    expect(bytes(line!.slice(line!.indexOf(NEED_SEPARATOR)))).toBeLessThanOrEqual(NEED_LIMIT + NEED_SEPARATOR.length);
    const entries = ownEntries(collectEntries(w.paths.log).entries);
    expect(entries[0]).toMatchObject({ output: "short task", needRef: e.needRef });
  });

  it("text at the limit stays on the line; one byte more spills", () => {
    w = tempWorld();
    const a = appendOnce(w.paths, { kind: "event", source: "bash", id: "x", output: "a".repeat(OUTPUT_LIMIT) });
    const b = appendOnce(w.paths, { kind: "event", source: "bash", id: "x", output: "a".repeat(OUTPUT_LIMIT + 1) });
    // 400 control characters escape to 2400 bytes: spilled although the raw text is short.
    const c = appendOnce(w.paths, { kind: "event", source: "bash", id: "x", output: "\x01".repeat(400) });
    expect(a.outputRef).toBeUndefined();
    expect(b.outputRef).toBeDefined();
    expect(c.outputRef).toBeDefined();
    expect(readAttachment(w.paths, c.outputRef!)).toBe("\x01".repeat(400));
  });

  it("any long text comes back exactly from its attachment, lone surrogates included, and lines stay short", () => {
    w = tempWorld();
    const appender = new Appender(w.paths);
    const texts: string[] = [];
    const whole = (ref: string | undefined, short: string) => (ref ? readAttachment(w.paths, ref) : short);
    try {
      fc.assert(
        fc.property(fc.array(anyText, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 3 }), (parts, times) => {
          const unit = parts.join("") || "x";
          const text = unit.repeat(Math.ceil((3000 * times) / unit.length));
          const e = appender.append({ kind: "agent", status: "finish", id: "s1", output: text, need: text });
          texts.push(text);
          expect(e.outputRef).toBeDefined();
          expect(whole(e.outputRef, e.output)).toBe(text);
          expect(e.kind === "agent" && whole(e.needRef, e.need!)).toBe(text);
          // The prefix is the text's start and never ends between the two halves of a pair.
          const prefix = e.output.slice(0, -1);
          expect(text.startsWith(prefix)).toBe(true);
          expect(/[\ud800-\udbff]$/.test(prefix) && /^[\udc00-\udfff]/.test(text.slice(prefix.length))).toBe(false);
        }),
        { numRuns: 150 },
      );
    } finally {
      appender.close();
    }
    const read = collectEntries(w.paths.log);
    expect(read.problems).toEqual([]);
    for (const line of lines(w.paths.log)) expect(bytes(line)).toBeLessThan(4096);
    const entries = ownEntries(read.entries);
    expect(entries.map((e) => whole(e.outputRef, e.output))).toEqual(texts);
    expect(entries.map((e) => e.kind === "agent" && whole(e.needRef, e.need!))).toEqual(texts);
  });

  it("a refused draft leaves no attachment behind and writes nothing", () => {
    w = tempWorld();
    const a = new Appender(w.paths);
    try {
      expect(() => a.append({ kind: "event", source: "Bad Source", id: "x", output: "z".repeat(10_000) })).toThrow(UsageError);
      expect(() =>
        a.appendMany([
          { kind: "event", source: "bash", id: "x", output: "z".repeat(10_000) },
          { kind: "agent", status: "done" as never, id: "s1", output: "z".repeat(10_000) },
        ]),
      ).toThrow(UsageError);
    } finally {
      a.close();
    }
    expect(existsSync(w.paths.log)).toBe(false);
    expect(existsSync(w.paths.attachments) ? readdirSync(w.paths.attachments) : []).toEqual([]);
  });

  it("a line that cannot be written takes its attachments with it (no attachment without its line)", () => {
    w = tempWorld();
    mkdirSync(w.paths.log, { recursive: true }); // world.log that cannot be opened for writing: the write fails after the spill
    expect(() => appendOnce(w.paths, { kind: "event", source: "bash", id: "x", output: "y".repeat(OUTPUT_LIMIT * 2) })).toThrow(/EISDIR/);
    expect(readdirSync(w.paths.attachments)).toEqual([]);
  });

  it("readAttachment refuses references outside .world/attachments and reports missing files", () => {
    w = tempWorld();
    expect(() => readAttachment(w.paths, "../world.log")).toThrow(/invalid attachment reference/);
    expect(() => readAttachment(w.paths, "attachments/../../etc/passwd")).toThrow(/invalid attachment reference/);
    expect(() => readAttachment(w.paths, "attachments/nope.txt")).toThrow(/attachment not found/);
  });
});

describe("the log only grows", () => {
  it("a torn last line is left as it is and the new entry starts on a line of its own", () => {
    w = tempWorld();
    appendOnce(w.paths, { kind: "event", source: "bash", id: "a", output: "before" });
    const fragment = "[2026-11-21T22:50:43.123Z][agent:fin";
    appendFileSync(w.paths.log, fragment);
    const before = readFileSync(w.paths.log);
    appendOnce(w.paths, { kind: "event", source: "bash", id: "b", output: "after" });
    const after = readFileSync(w.paths.log);
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    // The fragment is closed with TORN_MARK, so it is reported even though it would parse as an entry.
    expect(lines(w.paths.log)).toEqual([expect.stringContaining("before"), fragment + TORN_MARK, expect.stringContaining("[b] after")]);
    const read = collectEntries(w.paths.log);
    expect(read.entries.map((e) => [e.line, e.id])).toEqual([[1, "world"], [2, "a"], [4, "b"]]); // the format line first
    expect(read.problems).toEqual([expect.objectContaining({ line: 3, error: expect.stringContaining("torn") })]);
  });

  it("a torn line that would parse is still reported once closed (its text is cut short)", () => {
    w = tempWorld();
    const fragment = "[2026-11-21T22:50:43.123Z][agent:finish][s1] booked, confirmation 47";
    writeFileSync(w.paths.log, fragment);
    appendOnce(w.paths, { kind: "event", source: "bash", id: "b", output: "after" });
    const read = collectEntries(w.paths.log);
    expect(read.entries.map((e) => e.id)).toEqual(["world", "b"]); // a log without a format line gets one
    expect(read.problems).toEqual([expect.objectContaining({ line: 1, error: expect.stringMatching(/^expected a whole line, received a torn one/) })]);
    expect(findLastStatus(w.paths.log, "s1")).toBeUndefined();
    expect(parseLine(TORN_MARK)).toEqual({ ok: false, skip: true }); // what a false alarm leaves: skipped
  });

  it("an Appender kept open (a daemon's) notices a fragment another writer left after its own line", () => {
    w = tempWorld();
    const daemon = new Appender(w.paths);
    try {
      daemon.append({ kind: "event", source: "system", id: "d1", output: "first" });
      appendOnce(w.paths, { kind: "event", source: "bash", id: "other", output: "another process" });
      appendFileSync(w.paths.log, "[2026-11-21T22:50:43.123Z][event:bash][x] died mid-"); // and then crashed
      daemon.append({ kind: "event", source: "system", id: "d2", output: "second" });
      daemon.append({ kind: "event", source: "system", id: "d3", output: "third" });
    } finally {
      daemon.close();
    }
    const read = collectEntries(w.paths.log);
    expect(read.entries.map((e) => [e.line, e.id])).toEqual([[1, "world"], [2, "d1"], [3, "other"], [5, "d2"], [6, "d3"]]);
    expect(read.problems.map((p) => p.line)).toEqual([4]);
  });

  it("appendMany writes several lines at once, each one line", () => {
    w = tempWorld();
    const a = new Appender(w.paths);
    try {
      a.appendMany([
        { kind: "agent", status: "start", id: "s1", output: "one\ntwo", need: "three" },
        { kind: "event", source: "voice", id: "u1", output: "hello | need: there" },
      ]);
    } finally {
      a.close();
    }
    expect(lines(w.paths.log)).toHaveLength(2);
    expect(ownEntries(collectEntries(w.paths.log).entries).map((e) => e.output)).toEqual(["one\ntwo", "hello | need: there"]);
  });

  it("creates the home on first write, and writes milliseconds, after the format line", () => {
    w = tempWorld();
    const paths = { ...w.paths, home: `${w.home}/new/dir`, log: `${w.home}/new/dir/world.log`, dir: `${w.home}/new/dir/.world` };
    const e = appendOnce(paths, { kind: "event", source: "bash", id: "x", output: "hi" });
    expect(e.ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(readFileSync(paths.log, "utf8")).toMatch(new RegExp(`^\\[[^\\]]+\\]\\[event:system\\]\\[world\\] format 2\n\\[${e.ts.replace(/\./g, "\\.")}\\]\\[event:bash\\]\\[x\\] hi\n$`));
    // Given a timestamp in another form, the appender still writes milliseconds (a line without them reads raw).
    expect(appendOnce(paths, { kind: "event", source: "bash", id: "x", output: "again", ts: "2026-11-21T22:50:43Z" }).ts).toBe("2026-11-21T22:50:43.000Z");
  });
});

describe("durability options", () => {
  it("sync: true and WORLD_FSYNC=1 write the same entries (fdatasync on the way)", () => {
    w = tempWorld();
    const old = process.env.WORLD_FSYNC;
    try {
      process.env.WORLD_FSYNC = "1";
      expect(syncFromEnv()).toBe(true);
      appendOnce(w.paths, { kind: "event", source: "bash", id: "env", output: "x".repeat(5000) });
      delete process.env.WORLD_FSYNC;
      expect(syncFromEnv()).toBe(false);
      appendOnce(w.paths, { kind: "agent", status: "start", id: "s1", output: "task", need: "n".repeat(5000) }, { sync: true });
    } finally {
      if (old === undefined) delete process.env.WORLD_FSYNC;
      else process.env.WORLD_FSYNC = old;
    }
    const { problems, ...read } = collectEntries(w.paths.log);
    const entries = ownEntries(read.entries);
    expect(problems).toEqual([]);
    expect(entries.map((e) => e.id)).toEqual(["env", "s1"]);
    expect(readAttachment(w.paths, entries[0]!.outputRef!)).toBe("x".repeat(5000));
    expect(entries[1]!.kind === "agent" && readAttachment(w.paths, entries[1]!.needRef!)).toBe("n".repeat(5000));
  });
});

it("writeFileSync of a fresh log by hand is read like one written by the appender", () => {
  w = tempWorld();
  writeFileSync(w.paths.log, "[2026-11-21T22:50:43Z][event:bash][x] whole seconds\r\n");
  expect(collectEntries(w.paths.log).entries[0]).toMatchObject({ ts: "2026-11-21T22:50:43Z", output: "whole seconds" });
});
