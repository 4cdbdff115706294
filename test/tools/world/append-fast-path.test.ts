/**
 * The appender's cheap paths (issue 23) write exactly the bytes the full paths wrote before
 * them: escapeField's plain-ASCII shortcut, the spill check that skips measuring short text,
 * the line handed to writeSync as a string, the remembered ids. Each is compared here with
 * the code it replaced, kept below as the reference, on many generated fields.
 */
import fc from "fast-check";
import { appendFileSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { UsageError } from "../../../tools/errors.js";
import { Appender, NEED_LIMIT, OUTPUT_LIMIT } from "../../../tools/world/append.js";
import { checkId, checkSessionId } from "../../../tools/world/entry.js";
import { escapeField, NEED_SEPARATOR, TORN_MARK } from "../../../tools/world/escape.js";
import { isFormatLine } from "../../../tools/world/log-format.js";
import { tempWorld, type TempWorld } from "../../support/world.js";
import { anyText } from "./arbitraries.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

// escapeField as it was before the shortcut: the one pattern, replaced everywhere.
const NEEDS_ESCAPE_BEFORE =
  /[\\\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\u061c\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|(?<= )\|(?= need:(?: |$))/gu;
const NAMED: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "|": "\\|" };
const escapeBefore = (value: string) => value.replace(NEEDS_ESCAPE_BEFORE, (ch) => NAMED[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);

// Mostly printable ASCII (the shortcut's case), with everything that must leave it.
const asciiChar = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
const fieldText = fc.string({
  unit: fc.oneof(
    { arbitrary: asciiChar, weight: 12 },
    { arbitrary: fc.constantFrom("\\", "|", " | need:", " | need: ", NEED_SEPARATOR, "\t", "\n", "\x00", "\x7f", "\x85", "\u00a0", "é", "\u{1f600}", "\u202e", "\ufeff", "\ud800", "\udc00", "\u2028"), weight: 2 },
    { arbitrary: anyText, weight: 1 },
  ),
  maxLength: 60,
});

const TS = "2026-11-27T08:00:00.123Z";

/** The log's lines as bytes, without the format line. */
function ownLineBytes(file: string): Buffer[] {
  const all = readFileSync(file);
  const out: Buffer[] = [];
  for (let start = 0, end = all.indexOf(10); end !== -1; start = end + 1, end = all.indexOf(10, start)) {
    const line = all.subarray(start, end);
    if (!isFormatLine(line.toString("utf8"))) out.push(line);
  }
  return out;
}

describe("escapeField's plain-ASCII shortcut", () => {
  it("gives what the full pattern gave, on any text", () => {
    fc.assert(
      fc.property(fieldText, (text) => {
        expect(escapeField(text)).toBe(escapeBefore(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it("every printable ASCII character, alone and around the separator", () => {
    for (let c = 0; c < 0x100; c++) {
      const ch = String.fromCharCode(c);
      for (const text of [ch, `a${ch}b`, ` ${ch} need: `, `x |${ch}need:`, ` | need:${ch}`]) expect(escapeField(text), JSON.stringify(text)).toBe(escapeBefore(text));
    }
  });
});

describe("Appender lines, byte for byte as before", () => {
  it("short and long fields, escapes, non-ASCII and lone surrogates: the bytes on disk and the spill decisions are unchanged", () => {
    w = tempWorld();
    const appender = new Appender(w.paths);
    const expected: (string | "spilled")[] = [];
    try {
      fc.assert(
        fc.property(fieldText, fc.integer({ min: 1, max: 60 }), fc.option(fieldText, { nil: undefined }), fc.integer({ min: 1, max: 40 }), (unit, times, needUnit, needTimes) => {
          // Repeated to lengths around the limits: up to ~3,600 characters of output, ~2,400 of need.
          const output = unit.repeat(times);
          const need = needUnit?.repeat(needTimes);
          const entry = appender.append({ kind: "agent", status: "failed", id: "s-fast", output, ...(need !== undefined && { need }), ts: TS });
          // Before: text stayed on the line when its escaped form fit the limit (the byteLength
          // shortcut only ever agreed with that).
          const outputStays = Buffer.byteLength(escapeBefore(output)) <= OUTPUT_LIMIT;
          const needStays = need === undefined || Buffer.byteLength(escapeBefore(need)) <= NEED_LIMIT;
          expect(entry.outputRef === undefined).toBe(outputStays);
          expect(entry.kind === "agent" && entry.needRef === undefined).toBe(needStays);
          expected.push(
            outputStays && needStays ? `[${TS}][agent:failed][s-fast] ${escapeBefore(output)}${need === undefined ? "" : NEED_SEPARATOR + escapeBefore(need)}` : "spilled",
          );
        }),
        { numRuns: 600 },
      );
    } finally {
      appender.close();
    }
    const lines = ownLineBytes(w.paths.log);
    expect(lines.length).toBe(expected.length);
    expected.forEach((line, i) => {
      if (line !== "spilled") expect(lines[i]!.equals(Buffer.from(line, "utf8")), line).toBe(true);
    });
  });

  it("text of exactly limit/6 units that all escape to 6 bytes stays on the line at exactly the limit", () => {
    w = tempWorld();
    const appender = new Appender(w.paths);
    try {
      const text = "\x01".repeat(Math.floor(OUTPUT_LIMIT / 6)); // 341 × "\u0001": 2,046 bytes
      const kept = appender.append({ kind: "event", source: "bash", id: "x", output: text, ts: TS });
      const spilled = appender.append({ kind: "event", source: "bash", id: "x", output: text + "\x01", ts: TS }); // 2,052 bytes
      expect(kept.outputRef).toBeUndefined();
      expect(spilled.outputRef).toBeDefined();
    } finally {
      appender.close();
    }
    expect(ownLineBytes(w.paths.log)[0]!.toString("utf8")).toBe(`[${TS}][event:bash][x] ${escapeBefore("\x01".repeat(341))}`);
  });

  it("appendMany and appendVerbatim write multi-byte text as UTF-8, whole lines in one write", () => {
    w = tempWorld();
    const appender = new Appender(w.paths);
    const verbatim = [`[${TS}][event:sync][ç-1] héllo \u{1f600} wörld`, `[${TS}][event:sync][ç-2] 日本語`];
    try {
      appender.appendMany([
        { kind: "event", source: "bash", id: "é1", output: "naïve café ☕", ts: TS },
        { kind: "agent", status: "start", id: "s\u{1f600}", output: "task", need: "ünïcode | need: x", ts: TS },
      ]);
      appender.appendVerbatim(verbatim);
    } finally {
      appender.close();
    }
    const expected = [`[${TS}][event:bash][é1] naïve café ☕`, `[${TS}][agent:start][s\u{1f600}] task${NEED_SEPARATOR}ünïcode \\| need: x`, ...verbatim];
    expect(ownLineBytes(w.paths.log).map((b) => b.toString("hex"))).toEqual(expected.map((l) => Buffer.from(l, "utf8").toString("hex")));
  });

  it("after a torn tail, the mark and the line still go out as UTF-8 in one write", () => {
    w = tempWorld();
    const first = new Appender(w.paths);
    first.append({ kind: "event", source: "bash", id: "a", output: "first", ts: TS });
    first.close();
    const before = readFileSync(w.paths.log).length;
    // A writer that died mid-line (multi-byte text, no newline).
    appendFileSync(w.paths.log, "[2026-11-27T08:00:00.124Z][event:bash][b] déjà");
    const second = new Appender(w.paths);
    try {
      second.append({ kind: "event", source: "bash", id: "c", output: "après ☕", ts: TS });
    } finally {
      second.close();
    }
    const tail = readFileSync(w.paths.log).subarray(before).toString("utf8");
    expect(tail).toBe(`[2026-11-27T08:00:00.124Z][event:bash][b] déjà${TORN_MARK}\n[${TS}][event:bash][c] après ☕\n`);
  });
});

describe("remembered ids", () => {
  it("an id that passed checkId is still checked as a session id; refused ids are refused every time", () => {
    expect(checkId("a/b")).toBe("a/b");
    expect(() => checkSessionId("a/b")).toThrow(UsageError);
    expect(() => checkSessionId("a/b")).toThrow(/invalid session id/);
    expect(checkSessionId("ok-1")).toBe("ok-1");
    expect(checkSessionId("ok-1")).toBe("ok-1");
    for (let i = 0; i < 2; i++) {
      expect(() => checkId("bad id")).toThrow(/invalid identifier/);
      expect(() => checkSessionId("..")).toThrow(/invalid session id/);
    }
  });

  it("many fresh ids (more than are kept) are each checked, and a bad one among them is still refused", () => {
    for (let i = 0; i < 5000; i++) expect(checkId(`ev-${i}`)).toBe(`ev-${i}`);
    for (let i = 0; i < 5000; i++) expect(checkSessionId(`ag-${i}`)).toBe(`ag-${i}`);
    expect(() => checkId("ev-1\u202e")).toThrow(UsageError);
    expect(() => checkSessionId("ag\\1")).toThrow(UsageError);
  });
});
