/**
 * A damaged log through the real CLI: a torn last line (a crash mid-write) and malformed
 * lines anywhere are reported with line numbers and survived; nothing already written changes.
 */
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { TORN_MARK } from "../../../tools/world/escape.js";
import { collectEntries } from "../../../tools/world/read.js";
import { MIXED_LOG } from "../../fixtures/old-log.js";
import { tempWorld, world, type TempWorld } from "../../support/world.js";
import { jsonLines } from "./helpers.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

const FRAGMENT = "[2026-11-21T22:50:43.123Z][agent:finish][s1] half of a fin";

describe("a torn last line", () => {
  it("is reported by status, stepped over by the next append, and never changed", async () => {
    w = tempWorld();
    for (const args of [["event", "bash", "a", "one"], ["agent", "start", "s1", "task"]]) expect((await world(w.home, args)).exitCode).toBe(0);
    appendFileSync(w.paths.log, FRAGMENT); // a writer died mid-line
    const before = readFileSync(w.paths.log);

    const status = await world(w.home, ["status", "--json"]);
    expect(status.exitCode).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ lines: 3, entries: 3, problems: 0, torn: { line: 4, bytes: Buffer.byteLength(FRAGMENT) } });
    expect(JSON.parse(status.stdout).disk).toEqual({ freeBytes: expect.any(Number), totalBytes: expect.any(Number) });
    const shown = (await world(w.home, ["status"])).stdout;
    expect(shown).toContain("last line 4 has no newline");
    expect(shown).toMatch(/\ndisk {7}[\d.]+ [MG]iB free of [\d.]+ [MG]iB \(\d+%\) where world.log lives$/);

    const append = await world(w.home, ["event", "bash", "b", "after the crash"]);
    expect(append.exitCode).toBe(0);
    const after = readFileSync(w.paths.log);
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    expect(after.toString("utf8").split("\n")).toEqual([
      expect.stringMatching(/\]\[event:system\]\[world\] format 2$/),
      expect.stringContaining("[event:bash][a] one"),
      expect.stringContaining("[agent:start][s1] task"),
      FRAGMENT + TORN_MARK, // closed, so that it is never read as a (cut-short) finish
      expect.stringMatching(/^\[[^\]]+\]\[event:bash\]\[b\] after the crash$/),
      "",
    ]);

    // Readers report the fragment's line as malformed and carry on.
    const check = await world(w.home, ["check", "reader", "--json"]);
    expect(check.exitCode).toBe(0);
    expect(check.stderr).toMatch(/^world: warning: world\.log line 4: malformed, skipped: expected a whole line, received a torn one .*$/);
    expect(jsonLines(check.stdout).map((e) => e.id)).toEqual(["world", "a", "s1", "b"]);
    const tail = await world(w.home, ["tail", "--json"]);
    expect(tail.stderr).toContain("line 4: malformed");
    expect(jsonLines(tail.stdout).map((e) => e.line)).toEqual([1, 2, 3, 5]);
    const after2 = JSON.parse((await world(w.home, ["status", "--json"])).stdout);
    expect(after2).toMatchObject({ lines: 5, entries: 4, problems: 1, torn: null, firstProblems: [{ line: 4, error: expect.any(String) }] });
    expect(readFileSync(w.paths.log).equals(after)).toBe(true); // reading changed nothing
  });

  it("the session in a torn line does not count for the lifecycle", async () => {
    w = tempWorld();
    expect((await world(w.home, ["agent", "start", "s1", "task"])).exitCode).toBe(0);
    appendFileSync(w.paths.log, FRAGMENT);
    // The fragment says finish, but it never completed: s1 is still at start, so active is allowed.
    const run = await world(w.home, ["agent", "active", "s1", "working"]);
    expect(run.exitCode, run.stderr).toBe(0);
  });

  it("a log that is one torn line naming the session does not hang the write path", async () => {
    w = tempWorld();
    writeFileSync(w.paths.log, "][s1] a fragment with no newline");
    const run = await world(w.home, ["agent", "start", "s1", "task"], { timeout: 60_000 });
    expect(run.timedOut).toBe(false);
    expect(run.exitCode).toBe(0);
    expect(readFileSync(w.paths.log, "utf8")).toMatch(/^\]\[s1\] a fragment with no newline\x18\n\[[^\]]+\]\[event:system\]\[world\] format 2\n\[[^\]]+\]\[agent:start\]\[s1\] task\n$/);
  });
});

describe("malformed lines anywhere, and an old log", () => {
  it("are reported by check, tail, status and rebuild, with line numbers; markers and whole seconds read fine", async () => {
    w = tempWorld();
    writeFileSync(w.paths.log, MIXED_LOG.join("\n") + "\n");
    const before = readFileSync(w.paths.log);
    const malformed = [4, 7, 8, 9, 10, 11, 12, 15];

    const check = await world(w.home, ["check", "r", "--json"]);
    expect(check.exitCode).toBe(0);
    const warnings = check.stderr.split("\n");
    expect(warnings.map((l) => Number(/line (\d+): malformed/.exec(l)?.[1]))).toEqual(malformed);
    for (const l of warnings) expect(l).toMatch(/^world: warning: world\.log line \d+: malformed, skipped: expected .*, received .*$/);
    const entries = jsonLines(check.stdout);
    expect(entries.map((e) => e.line)).toEqual([1, 3, 6, 14, 16]);
    expect(entries[0]).toEqual({ line: 1, ts: "2025-03-01T09:00:00Z", kind: "event", source: "voice", id: "u1", output: "turn on the lights" });
    expect(check.stderr).not.toContain("READ-MARKER");

    const plain = await world(w.home, ["check", "r2"]);
    expect(plain.stdout.split("\n")).toEqual(collectEntries(w.paths.log).entries.map((e) => MIXED_LOG[e.line - 1]!.replace(/\r$/, "")));

    const status = JSON.parse((await world(w.home, ["status", "--json"])).stdout);
    expect(status).toMatchObject({ lines: 16, entries: 5, problems: 8, torn: null, sessions: { active: 0, pending: 1, failed: 0, verified: 0 } });
    expect(status.firstProblems.map((p: { line: number }) => p.line)).toEqual(malformed.slice(0, 5));
    expect((await world(w.home, ["status"])).stdout).toContain("8 malformed line(s), first at line 4, 7, 8, 9, 10");

    const tail = await world(w.home, ["tail", "-n", "100"]);
    expect(tail.exitCode).toBe(0);
    expect(tail.stdout.split("\n")).toHaveLength(5);
    expect(tail.stderr.split("\n")).toHaveLength(8);

    const rebuild = await world(w.home, ["index", "rebuild"]);
    expect(rebuild.stdout).toMatch(/^rebuilt the index from world\.log: 16 lines, 5 entries, 8 malformed, in \d+ ms$/);
    const recent = jsonLines((await world(w.home, ["query", "recent", "--json"])).stdout);
    expect(recent.map((e) => e.line)).toEqual([1, 3, 6, 14, 16]);

    // The log can still be appended to and the lifecycle continues from the old lines.
    const verified = await world(w.home, ["--as-human", "agent", "verified", "s1", "seat booked"]);
    expect(verified.exitCode, verified.stderr).toBe(0);
    expect(readFileSync(w.paths.log).subarray(0, before.length).equals(before)).toBe(true);
  });
});
