/** fast-check arbitraries for log entries, shared by the world tests. */
import fc from "fast-check";
import { AGENT_STATUSES, checkId, checkSessionId, SOURCE_RULE, type Entry } from "../../../tools/world/entry.js";
import { NEED_SEPARATOR } from "../../../tools/world/escape.js";

// Pieces that are hard for an escaper: the separator (also overlapping and cut short),
// escapes written as literal text, line breaks of every kind, lone surrogates.
const TRICKY = [
  NEED_SEPARATOR, " | need: | need: ", " | need:", " | need", " |", "| need: ", " need: ", "|", " ", "need:",
  "\\", "\\\\", "\\n", "\\|", "\\u0041", "\\u", "\\[full: attachments/x.txt]", "[full: x]", "…",
  "\n", "\r", "\r\n", "\t", "\0", "\x1b[31m", "\x7f", "\x85", "\u2028", "\u2029", "\ufeff",
  "\ud800", "\udfff", "\udc00\ud800", "\u{1f600}", "é", "e\u0301",
];

const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)); // lone surrogates too
const codePoint = fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c));
export const anyText = fc.string({
  unit: fc.oneof({ arbitrary: fc.constantFrom(...TRICKY), weight: 3 }, { arbitrary: codeUnit, weight: 2 }, codePoint, fc.string({ unit: "grapheme-ascii", maxLength: 3 })),
  maxLength: 40,
});

const idChar = fc.oneof(fc.constantFrom("[", "|", ":", "\\", "é", "\u{1f600}", "-", "_", "."), fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }));
export const anyId = fc
  .string({ unit: idChar, minLength: 1, maxLength: 30 })
  .filter((id) => {
    try {
      checkId(id);
      return true;
    } catch {
      return false;
    }
  });

/** A session id also names files: no '/', '\\', "." or ".." (checkSessionId). */
export const anySessionId = anyId.filter((id) => {
  try {
    checkSessionId(id);
    return true;
  } catch {
    return false;
  }
});

export const anySource = fc.stringMatching(SOURCE_RULE);
export const anyStatus = fc.constantFrom(...AGENT_STATUSES);

// Milliseconds (what the appender writes), and whole seconds and nanoseconds (what older or other writers wrote).
export const anyTs = fc
  .tuple(fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true }), fc.constantFrom("ms", "s", "ns"))
  .map(([d, form]) => {
    const iso = d.toISOString();
    return form === "ms" ? iso : form === "s" ? iso.slice(0, 19) + "Z" : iso.slice(0, 23) + "456789Z";
  });

const anyEvent = fc.record({ kind: fc.constant("event" as const), ts: anyTs, source: anySource, id: anyId, output: anyText });
const anyAgent = fc
  .record({ kind: fc.constant("agent" as const), ts: anyTs, status: anyStatus, id: anySessionId, output: anyText, need: fc.option(anyText, { nil: undefined }) })
  .map((e) => {
    if (e.need === undefined) delete (e as { need?: string }).need;
    return e as Entry;
  });
export const anyEntry: fc.Arbitrary<Entry> = fc.oneof(anyEvent, anyAgent);


/** An entry as our appender writes it: the timestamp in milliseconds (format 2, tools/world/log-format.ts). */
export const ownEntry = anyEntry.map((e) => ({ ...e, ts: new Date(e.ts).toISOString() }));
