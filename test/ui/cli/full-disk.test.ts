/**
 * A full disk, on a real small file system (a tmpfs; mounting needs root, so the tests say
 * why they skip otherwise): commands fail with one line, a failed write leaves the log as it
 * was or a fragment readers report and never read, and no attachment without its line.
 */
import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { smallDisk, type SmallDisk } from "../../../chaos/support.js";
import { Appender, appendOnce } from "../../../tools/world/append.js";
import { worldPaths } from "../../../tools/world/paths.js";
import { collectEntries } from "../../../tools/world/read.js";
import { world } from "../../support/world.js";

let disk: SmallDisk | undefined;
afterEach(() => {
  disk?.unmount();
  disk = undefined;
});

/** A mounted small disk, or the test is skipped with the reason. */
function mounted(skip: (note: string) => void): SmallDisk {
  const got = smallDisk(tmpdir(), "64k");
  if ("skipped" in got) {
    skip(got.skipped);
    throw new Error("unreachable");
  }
  return (disk = got);
}

const attachments = (home: string) => {
  try {
    return readdirSync(worldPaths(home).attachments);
  } catch {
    return [];
  }
};

function oneLineError(stderr: string): void {
  expect(stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(stderr).not.toMatch(/internal error|\n\s+at /);
}

describe("a full disk", () => {
  it("an entry with a long output: one line, exit 1, the log unchanged, no attachment left", async (ctx) => {
    const d = mounted((note) => ctx.skip(note));
    const paths = worldPaths(d.dir);
    appendOnce(paths, { kind: "event", source: "system", id: "before", output: "written while there was room" });
    const before = readFileSync(paths.log);
    d.fill();
    const r = await world(d.dir, ["event", "system", "big", "b".repeat(9000)]);
    expect(r.exitCode).toBe(1);
    oneLineError(r.stderr);
    expect(r.stderr).toMatch(/cannot write.*(ENOSPC|disk is full)/);
    expect(readFileSync(paths.log).equals(before)).toBe(true);
    expect(attachments(d.dir)).toEqual([]);
  });

  it("query and status answer on a full disk (the log read into memory), and status says the disk is full", async (ctx) => {
    const d = mounted((note) => ctx.skip(note));
    appendOnce(worldPaths(d.dir), { kind: "agent", status: "start", id: "s1", output: "task" });
    d.fill();
    const recent = await world(d.dir, ["query", "recent"]);
    expect(recent.exitCode, recent.stderr).toBe(0);
    expect(recent.stdout).toMatch(/agent:start +s1 +task/);
    const status = await world(d.dir, ["status"]);
    expect(status.exitCode, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/^sessions +active 1,/m);
    expect(status.stdout).toMatch(/^disk {7}FULL: \d+ KiB free of \d+ KiB \(\d+%\) where world\.log lives: nothing new can be written/m);
    const refused = await world(d.dir, ["agent", "active", "s1", "x".repeat(5000)]);
    expect(refused.exitCode).toBe(1);
    oneLineError(refused.stderr);
    expect(refused.stderr).toMatch(/^world: cannot write: the disk holding \S+ is full \(ENOSPC\): nothing was written; free space on it \(df \S+\) and run the command again/);
  });

  it("a write the disk takes only part of: the fragment is reported once room is back, never read as an entry", async (ctx) => {
    const d = mounted((note) => ctx.skip(note));
    const paths = worldPaths(d.dir);
    appendOnce(paths, { kind: "event", source: "system", id: "first", output: "a".repeat(2040) });
    d.fill(); // the log's last page still has about 2 KiB of room: a longer line fills it and stops there
    const writer = new Appender(paths);
    try {
      expect(() => writer.append({ kind: "event", source: "system", id: "cut", output: "x".repeat(2040) })).toThrow(/disk is full\? expected to write \d+ bytes, wrote \d+ \(a torn fragment/);
      d.free();
      writer.append({ kind: "event", source: "system", id: "after", output: "room again" });
    } finally {
      writer.close();
    }
    const read = collectEntries(paths.log);
    expect(read.entries.map((e) => e.id)).toEqual(["world", "first", "after"]); // the format line first
    expect(read.problems).toHaveLength(1);
  });

  it("a batch cut short: the error says how many of its lines landed whole", async (ctx) => {
    const d = mounted((note) => ctx.skip(note));
    const paths = worldPaths(d.dir);
    appendOnce(paths, { kind: "event", source: "system", id: "first", output: "short" });
    d.fill();
    const writer = new Appender(paths);
    const many = Array.from({ length: 4 }, (_, i) => ({ kind: "event", source: "system", id: `m${i}`, output: "x".repeat(1500) }) as const);
    try {
      expect(() => writer.appendMany(many)).toThrow(/the first 2 of the lines landed whole, then a torn fragment/);
    } finally {
      writer.close();
    }
    expect(collectEntries(paths.log).entries.map((e) => e.id)).toEqual(["world", "first", "m0", "m1"]);
  });
});
