/**
 * The older tool's lines keep their meaning across machines (issue 8.12, docs/sync.md):
 * machine A reads them raw (before its format line, or with a whole-second timestamp after
 * it), machine B has its own format line long before they arrive, so they are sent as the
 * entries A reads, written the way our appender writes them. Lines of ours go byte for byte.
 */
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { afterEach, expect, it } from "vitest";
import { Applier } from "../../sync/apply.js";
import { Outbox } from "../../sync/outbox.js";
import { SignedPeer } from "../support/signed-peer.js";
import { SkipLines } from "../../sync/skip-lines.js";
import { SyncState } from "../../sync/state.js";
import { appendOnce } from "../../tools/world/append.js";
import { collectEntries, START } from "../../tools/world/read.js";
import { ownEntries, tempWorld, type TempWorld } from "../support/world.js";

let a: TempWorld;
let b: TempWorld;
afterEach(() => {
  a?.cleanup();
  b?.cleanup();
});

const PATH = String.raw`copied C:\temp\new`;

it("a raw legacy line from machine A is not re-decoded on machine B", () => {
  a = tempWorld();
  b = tempWorld();
  writeFileSync(a.paths.log, `[2025-03-01T09:00:00Z][event:bash][old-1] ${PATH}\n[2025-03-01T09:00:01.250Z][agent:start][old-s] copy | need: D:\\new\\x\n`);
  appendOnce(a.paths, { kind: "event", source: "bash", id: "ours", output: "tab\there" });
  appendFileSync(a.paths.log, `[2025-03-01T09:00:09Z][event:bash][old-3] ${PATH}\n`); // the older tool, still writing after the format line
  appendOnce(b.paths, { kind: "event", source: "bash", id: "b-first", output: "B has its own format line first" });

  const outbox = new Outbox(a.paths, new SkipLines());
  const chunk = outbox.next(START)!;
  outbox.close();
  const text = readFileSync(a.paths.log, "utf8");
  // Lines of ours travel byte for byte; the older tool's as the entries A reads.
  expect(chunk.lines.filter((l) => l.includes("[world]"))).toEqual([]); // every log has its own format line
  expect(text).toContain(chunk.lines.find((l) => l.includes("[ours]"))! + "\n");
  expect(chunk.lines.find((l) => l.includes("[old-1]"))).toBe(String.raw`[2025-03-01T09:00:00.000Z][event:bash][old-1] copied C:\\temp\\new`);

  const applier = new Applier(b.paths, new SyncState(b.paths), "b", new SkipLines(), (_s, _m, error) => {
    throw new Error(error);
  });
  try {
    applier.apply([new SignedPeer("a").enrolIn(b.paths).message(1, chunk.lines)]);
  } finally {
    applier.close();
  }
  const onA = ownEntries(collectEntries(a.paths.log).entries).map(({ id, output, ...e }) => ({ id, output, need: e.kind === "agent" ? e.need : undefined }));
  const onB = ownEntries(collectEntries(b.paths.log).entries).filter((e) => e.id !== "b-first").map(({ id, output, ...e }) => ({ id, output, need: e.kind === "agent" ? e.need : undefined }));
  expect(onB).toEqual(onA);
  expect(onA).toEqual([
    { id: "old-1", output: PATH, need: undefined },
    { id: "old-s", output: "copy", need: String.raw`D:\new\x` },
    { id: "ours", output: "tab\there", need: undefined },
    { id: "old-3", output: PATH, need: undefined },
  ]);
});
