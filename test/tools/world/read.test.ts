/** Readers: malformed lines are reported with their line numbers and survived; old logs read as they are. */
import { appendFileSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { appendOnce } from "../../../tools/world/append.js";
import { parseLine } from "../../../tools/world/parse.js";
import { collectEntries, describeProblem, scanLines, START } from "../../../tools/world/read.js";
import { tempWorld, type TempWorld } from "../../support/world.js";
import { MIXED_LOG } from "../../fixtures/old-log.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

describe("readers", () => {
  it("hand over every entry and report each malformed line by number, skipping markers and blanks", () => {
    w = tempWorld();
    writeFileSync(w.paths.log, MIXED_LOG.join("\n") + "\n");
    const { entries, problems, tail, end } = collectEntries(w.paths.log);
    expect(entries.map((e) => e.line)).toEqual([1, 3, 6, 14, 16]);
    expect(entries.map((e) => e.ts)).toEqual(["2025-03-01T09:00:00Z", "2025-03-01T09:00:05Z", "2025-03-01T09:00:06.5Z", "2025-03-01T09:00:12Z", "2025-03-01T09:00:13.123Z"]);
    expect(entries[1]).toMatchObject({ kind: "agent", status: "start", id: "s1", output: "find a flight", need: "a booked seat" });
    expect(entries[3]).toMatchObject({ output: "found one" });
    expect(problems.map((p) => p.line)).toEqual([4, 7, 8, 9, 10, 11, 12, 15]);
    for (const p of problems) {
      expect(describeProblem(p)).toMatch(new RegExp(`^world.log line ${p.line}: malformed, skipped: expected `));
      expect(describeProblem(p)).not.toContain("\n");
    }
    expect(problems.find((p) => p.line === 8)?.error).toContain("paused");
    expect(tail).toBeUndefined();
    expect(end.line).toBe(MIXED_LOG.length);
  });

  it("reading on from a position numbers lines as from the top", () => {
    w = tempWorld();
    writeFileSync(w.paths.log, MIXED_LOG.join("\n") + "\n");
    let at = START;
    scanLines(w.paths.log, START, (_text, pos) => {
      if (pos.line === 8) at = { offset: pos.offset, line: 7 };
      return pos.line < 8;
    });
    const rest = collectEntries(w.paths.log, at);
    expect(rest.entries.map((e) => e.line)).toEqual([14, 16]);
    expect(rest.problems.map((p) => p.line)).toEqual([8, 9, 10, 11, 12, 15]);
  });

  it("a torn last line is reported as a tail, not as an entry, until it is completed", () => {
    w = tempWorld();
    appendOnce(w.paths, { kind: "event", source: "bash", id: "a", output: "one" });
    appendFileSync(w.paths.log, "[2026-11-21T22:50:43.123Z][event:bash][b] tw");
    const first = collectEntries(w.paths.log);
    expect(first.entries.map((e) => e.id)).toEqual(["world", "a"]); // the format line, then ours
    expect(first.problems).toEqual([]);
    expect(first.tail).toMatchObject({ line: 3, bytes: 44 });
    appendFileSync(w.paths.log, "o\n");
    const second = collectEntries(w.paths.log, first.end);
    expect(second.entries).toEqual([expect.objectContaining({ id: "b", output: "two", line: 3 })]);
  });

  it("reads lines longer than its read buffer, and lines with invalid UTF-8, without crashing", () => {
    w = tempWorld();
    const big = `[2026-11-21T22:50:43.123Z][event:file][big] ${"x".repeat(3 * 1024 * 1024)}`;
    writeFileSync(w.paths.log, big + "\n");
    appendFileSync(w.paths.log, Buffer.from([0x5b, 0xff, 0xfe, 0x5d, 0x0a]));
    appendFileSync(w.paths.log, Buffer.concat([Buffer.from("[2026-11-21T22:50:43.123Z][event:file][u] caf"), Buffer.from([0xc3]), Buffer.from("\n")]));
    const { entries, problems } = collectEntries(w.paths.log);
    expect(entries.map((e) => [e.line, e.id, e.output.length])).toEqual([[1, "big", 3 * 1024 * 1024], [3, "u", 4]]);
    expect(problems.map((p) => p.line)).toEqual([2]);
  });

  it("a missing log reads as empty", () => {
    w = tempWorld();
    expect(collectEntries(w.paths.log)).toMatchObject({ entries: [], problems: [], end: START });
  });

  it("parseLine says why, in one line, for each kind of damage", () => {
    for (const line of MIXED_LOG) {
      const r = parseLine(line);
      if (!r.ok && !r.skip) expect(r.error).toMatch(/^expected .*, received /);
    }
    expect(parseLine("=================READ-MARKER=================")).toEqual({ ok: false, skip: true });
    // A hand-edited id with a terminal escape would reach `world query` raw: refused like the writers refuse it.
    const evil = parseLine("[2026-11-21T22:50:43.123Z][agent:start][evil\x1b[31mred] task");
    expect(evil).toMatchObject({ ok: false, skip: false, error: expect.stringContaining("\\u001b") });
    expect(parseLine("   ")).toEqual({ ok: false, skip: true });
  });
});
