/**
 * Many real processes appending at once: every line arrives whole, once, on its own line.
 * The fixture keeps one Appender open per process (as daemons do).
 */
import { execa } from "execa";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import type { Entry } from "../../../tools/world/entry.js";
import { TORN_MARK } from "../../../tools/world/escape.js";
import { collectEntries, readAttachment } from "../../../tools/world/read.js";
import { ROOT, tempWorld, type TempWorld, ownEntries, ownLines } from "../../support/world.js";
// A plain ES module shared with the fixture process (typed by lines.d.mts).
import { draftFor } from "../../fixtures/lines.mjs";

const WRITERS = 8;
const LINES = 2000;
let w: TempWorld;
afterEach(() => w?.cleanup());

it(`${WRITERS} processes × ${LINES} lines: none lost, torn, interleaved or duplicated`, { timeout: 180_000 }, async () => {
  w = tempWorld();
  const fixture = join(ROOT, "test/fixtures/append-many.mjs");
  const runs = Array.from({ length: WRITERS }, (_, i) => execa("node", [fixture, w.home, String(i), String(LINES)], { reject: false }));
  for (const run of await Promise.all(runs)) {
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
  }

  const text = readFileSync(w.paths.log, "utf8");
  expect(text.endsWith("\n")).toBe(true);
  const rawLines = ownLines(text);
  const all = collectEntries(w.paths.log);
  const read = { ...all, entries: ownEntries(all.entries) };
  expect(all.entries.length - read.entries.length, "the format line, written once by the first of the concurrent appenders").toBe(1);
  expect(read.problems).toEqual([]);
  expect(read.tail).toBeUndefined();
  // A writer that took another's line in flight for a torn one leaves a line of just TORN_MARK: skipped, but counted.
  const blanks = rawLines.filter((l) => l === TORN_MARK).length;
  expect(read.entries).toHaveLength(WRITERS * LINES);
  expect(rawLines.length - blanks).toBe(WRITERS * LINES);

  const seen = new Map<string, Entry>();
  const lastSeq = new Array<number>(WRITERS).fill(-1);
  let attachments = 0;
  for (const e of read.entries) {
    expect(seen.has(e.id), `duplicate ${e.id}`).toBe(false);
    seen.set(e.id, e);
    const [, writer, seq] = /^w(\d+)-(\d+)$/.exec(e.id)!.map(Number) as [number, number, number];
    expect(seq, "one writer's lines stay in its order").toBeGreaterThan(lastSeq[writer]!);
    lastSeq[writer] = seq;
    const draft = draftFor(writer, seq);
    const output = e.outputRef ? readAttachment(w.paths, e.outputRef) : e.output;
    if (e.outputRef) attachments += 1;
    expect(output).toBe(draft.output);
    expect(e.kind).toBe(draft.kind);
    if (e.kind === "agent") expect(e.need).toBe(draft.need);
  }
  expect(seen.size).toBe(WRITERS * LINES);
  expect(attachments).toBeGreaterThan(100); // about 2% of the lines
  expect(blanks).toBeLessThan(WRITERS * LINES * 0.01);
});
