/**
 * Mixed use with the older shell `world` tool on one log: it writes lines over 4 KiB in
 * pieces, and a line of ours can land between two of them. Ours is still read; what
 * cannot be read is reported, never dropped silently.
 */
import { appendFileSync } from "node:fs";
import { afterEach, expect, it } from "vitest";
import { appendOnce } from "../../../tools/world/append.js";
import { formatEntry } from "../../../tools/world/format.js";
import { openIndex } from "../../../tools/world/index-db.js";
import { session } from "../../../tools/world/query.js";
import { collectEntries } from "../../../tools/world/read.js";
import { tempWorld, type TempWorld } from "../../support/world.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

it("our line landing inside another writer's torn >4 KiB line is read, and the pieces around it are reported", () => {
  w = tempWorld();
  appendOnce(w.paths, { kind: "event", source: "system", id: "before", output: "ok" });
  // The shell tool's line of 6,000 bytes, written in two pieces, with ours in between.
  const theirs = `[2026-11-21T22:50:43Z][event:bash][old] ${"o".repeat(6000)}`;
  const ours = formatEntry({ kind: "agent", ts: "2026-11-21T22:50:44.000Z", status: "finish", id: "s1", output: "done" });
  appendFileSync(w.paths.log, theirs.slice(0, 4096) + ours + "\n" + theirs.slice(4096) + "\n");
  appendOnce(w.paths, { kind: "event", source: "system", id: "after", output: "ok" });

  const read = collectEntries(w.paths.log);
  expect(read.entries.map((e) => [e.line, e.id])).toEqual([[1, "world"], [2, "before"], [3, "s1"], [5, "after"]]);
  expect(read.problems.map((p) => [p.line, p.error.slice(0, 40)])).toEqual([
    [3, "expected a whole line, received a torn o"],
    [4, "expected [timestamp][event:source|agent:"],
  ]);
  // The index (query, status, the Keeper) reads it the same way.
  const index = openIndex(w.paths);
  try {
    expect(session(index, "s1")).toMatchObject({ status: "finish", output: "done" });
  } finally {
    index.close();
  }
});

it("a long line of someone else's that merely quotes an entry is read as it is", () => {
  w = tempWorld();
  const quoted = `[2026-11-21T22:50:44.000Z][agent:finish][s1] done`;
  appendFileSync(w.paths.log, `[2026-11-21T22:50:43Z][event:bash][old] ${"o".repeat(5000)} then ${quoted} and more ${"o".repeat(4000)}\n`);
  const read = collectEntries(w.paths.log);
  expect(read.entries.map((e) => e.id)).toEqual(["old"]);
  expect(read.problems).toEqual([]);
});
