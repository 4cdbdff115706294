/**
 * Property tests of the line format: whatever text an entry holds, formatEntry writes one
 * line and parseLine gives back the same entry. Also through a real file and the Appender.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { Appender } from "../../../tools/world/append.js";
import type { Entry } from "../../../tools/world/entry.js";
import { escapeField, unescapeField } from "../../../tools/world/escape.js";
import { formatEntry, labelOf, sourceOrStatus } from "../../../tools/world/format.js";
import { entryFromJson, entryJson } from "../../../tools/world/json.js";
import { parseLine } from "../../../tools/world/parse.js";
import { collectEntries } from "../../../tools/world/read.js";
import { tempWorld, type TempWorld } from "../../support/world.js";
import { anyEntry, anyText, ownEntry } from "./arbitraries.js";

describe("formatEntry / parseLine", () => {
  it("round-trips any entry, and the line has no line break", () => {
    fc.assert(
      fc.property(ownEntry, (entry) => {
        const line = formatEntry(entry);
        expect(line).not.toMatch(/[\n\r\u2028\u2029]/);
        const parsed = parseLine(line);
        expect(parsed).toEqual({ ok: true, entry });
      }),
      { numRuns: 3000 },
    );
  });

  it("a line whose timestamp is not in milliseconds is not ours: read raw, decoding or not", () => {
    fc.assert(
      fc.property(anyEntry, (entry) => {
        const line = formatEntry(entry);
        if (entry.ts.length === 24) return;
        const raw = parseLine(line, false);
        expect(raw.ok).toBe(true);
        expect(parseLine(line, true)).toEqual(raw);
      }),
      { numRuns: 1000 },
    );
  });

  it("round-trips outputs built from separators only, including overlapping and cut ones", () => {
    const seps = fc.string({ unit: fc.constantFrom(" | need:", " | need: ", "|", " ", "need:", " need: ", "\\"), maxLength: 8 });
    fc.assert(
      fc.property(seps, fc.option(seps, { nil: undefined }), (output, need) => {
        const entry: Entry = { kind: "agent", ts: "2026-11-21T22:50:43.123Z", status: "finish", id: "s1", output, ...(need !== undefined && { need }) };
        expect(parseLine(formatEntry(entry))).toEqual({ ok: true, entry });
      }),
      { numRuns: 3000 },
    );
  });

  it("known hard cases", () => {
    const cases: [string, string | undefined][] = [
      ["a | need:", "b"], // the output's tail and the separator together spell " | need: "
      [" | need: | need: ", " | need: | need: "],
      ["x | need: y", undefined],
      ["", ""],
      ["", undefined],
      ["\\n is not a newline", "\\"],
      ["ends with a backslash\\", "\\[full: attachments/nope.txt]"],
      ["\ud800 lone \udc00", "\u2028"],
    ];
    for (const [output, need] of cases) {
      const entry: Entry = { kind: "agent", ts: "2026-11-21T22:50:43.123Z", status: "failed", id: "s-1", output, ...(need !== undefined && { need }) };
      expect(parseLine(formatEntry(entry)), JSON.stringify([output, need])).toEqual({ ok: true, entry });
    }
  });

  it("tells an absent need from an empty one", () => {
    const base = { kind: "agent" as const, ts: "2026-11-21T22:50:43.123Z", status: "start" as const, id: "s1", output: "task" };
    const without = formatEntry(base);
    const empty = formatEntry({ ...base, need: "" });
    expect(without).not.toBe(empty);
    expect(parseLine(without)).toEqual({ ok: true, entry: base });
    expect(parseLine(empty)).toEqual({ ok: true, entry: { ...base, need: "" } });
  });

  it("an event's output never splits at ' | need: '", () => {
    const e: Entry = { kind: "event", ts: "2026-11-21T22:50:43.123Z", source: "bash", id: "x", output: "a | need: b" };
    expect(parseLine(formatEntry(e))).toEqual({ ok: true, entry: e });
  });

  it("round-trips references to attachments", () => {
    fc.assert(
      fc.property(anyText, anyText, (output, need) => {
        const entry: Entry = { kind: "agent", ts: "2026-11-21T22:50:43.123Z", status: "finish", id: "s1", output, outputRef: "attachments/a-1.txt", need, needRef: "attachments/b-2.txt" };
        expect(parseLine(formatEntry(entry))).toEqual({ ok: true, entry });
      }),
      { numRuns: 500 },
    );
  });

  it("escapeField / unescapeField are inverse, and escaped text is printable ASCII or well-formed text without breaks", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const escaped = escapeField(text);
        expect(escaped).not.toMatch(/[\x00-\x1f\x7f-\x9f\u2028\u2029]|\p{Cs}/u);
        expect(unescapeField(escaped)).toEqual({ text });
      }),
      { numRuns: 3000 },
    );
  });
});

describe("labelOf / sourceOrStatus", () => {
  it("are the line's middle field and the label without its kind, for any entry, and survive the JSON shape", () => {
    fc.assert(
      fc.property(anyEntry, (entry) => {
        const middle = formatEntry(entry).split("][")[1]!;
        expect(labelOf(entry)).toBe(middle);
        expect(`${entry.kind}:${sourceOrStatus(entry)}`).toBe(middle);
        expect(labelOf(entryFromJson(entryJson(entry)))).toBe(middle);
      }),
      { numRuns: 500 },
    );
  });
});

describe("through a real file", () => {
  let w: TempWorld;
  afterEach(() => w?.cleanup());

  it("what the Appender writes, the reader reads back exactly, line by line", () => {
    w = tempWorld();
    const appender = new Appender(w.paths);
    const written: Entry[] = [];
    try {
      fc.assert(
        fc.property(anyEntry, (entry) => {
          const { kind } = entry;
          const draft = kind === "event" ? { ...entry } : { ...entry };
          written.push(appender.append(draft as never));
        }),
        { numRuns: 1000 },
      );
    } finally {
      appender.close();
    }
    const read = collectEntries(w.paths.log);
    expect(read.problems).toEqual([]);
    expect(read.tail).toBeUndefined();
    // The first line is the format line, then ours (the appender writes milliseconds, whatever it was given).
    expect(read.entries[0]).toMatchObject({ kind: "event", source: "system", id: "world", output: "format 2" });
    expect(read.entries.slice(1).map(({ line: _l, offset: _o, ...e }) => e)).toEqual(written);
    expect(read.entries.slice(1).map((e) => e.line)).toEqual(written.map((_, i) => i + 2));
  });
});
