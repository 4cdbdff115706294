/**
 * The format line (issue 8.12): a log the older shell `world` tool wrote keeps its
 * unescaped backslashes (`C:\temp\new`); our appender writes `[…][event:system][world]
 * format 2` before its first line of ours, and every reader reads the lines before it raw
 * and decodes the lines after it. Real files and real `world` processes.
 */
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { Appender, appendOnce } from "../../../tools/world/append.js";
import { appendStatus } from "../../../tools/world/append-status.js";
import { check } from "../../../tools/world/check.js";
import { endOf, follow } from "../../../tools/world/follow.js";
import { WorldIndex } from "../../../tools/world/index-db.js";
import { findLastStatus } from "../../../tools/world/last-status.js";
import { formatLineBefore, isFormatLine } from "../../../tools/world/log-format.js";
import { collectEntries, START } from "../../../tools/world/read.js";
import { tempWorld, world, type TempWorld } from "../../support/world.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

// What the older tool wrote: its text as it is, whole-second timestamps (and one with
// milliseconds: before the format line the timestamp does not matter).
const OLD_PATH = String.raw`copied C:\temp\new and C:\temp\two`;
const OLD_NEED = String.raw`a file at D:\new\target`;
const LEGACY = [
  `[2025-03-01T09:00:00Z][event:bash][old-1] ${OLD_PATH}`,
  `[2025-03-01T09:00:01Z][agent:start][old-s] copy it | need: ${OLD_NEED}`,
  String.raw`[2025-03-01T09:00:02.500Z][event:bash][old-2] tab\there \\ and a \u0041`,
];

function legacyWorld(): TempWorld {
  const t = tempWorld();
  writeFileSync(t.paths.log, LEGACY.join("\n") + "\n");
  return t;
}

const lines = () => readFileSync(w.paths.log, "utf8").split("\n").slice(0, -1);

function expectLegacyReadRaw(entries: { id: string; output: string; need?: string }[]): void {
  const byId = new Map(entries.map((e) => [e.id, e]));
  expect(byId.get("old-1")?.output).toBe(OLD_PATH);
  expect(byId.get("old-s")).toMatchObject({ output: "copy it", need: OLD_NEED });
  expect(byId.get("old-2")?.output).toBe(String.raw`tab\there \\ and a \u0041`);
}

describe("the format line", () => {
  it("a fresh world's first line is the format line, written by the first `world event`", async () => {
    w = tempWorld();
    const r = await world(w.home, ["event", "bash", "x", String.raw`C:\temp\new`]);
    expect(r.exitCode).toBe(0);
    const [first, second, ...rest] = lines();
    expect(first).toMatch(/^\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\]\[event:system\]\[world\] format 2$/);
    expect(second).toMatch(/\[event:bash\]\[x\] C:\\\\temp\\\\new$/);
    expect(rest).toEqual([]);
    expect(collectEntries(w.paths.log).entries.at(-1)?.output).toBe(String.raw`C:\temp\new`);
  });

  it("a legacy log gets the format line at our first append: its lines read raw, ours decoded", async () => {
    w = legacyWorld();
    const ours = String.raw`ours: C:\temp\new` + "\nsecond line";
    expect((await world(w.home, ["event", "bash", "mine", ours])).exitCode).toBe(0);
    expect((await world(w.home, ["event", "bash", "mine2", String.raw`C:\temp\new`])).exitCode).toBe(0);
    const all = lines();
    expect(all.slice(0, 3)).toEqual(LEGACY); // never rewritten
    expect(isFormatLine(all[3]!)).toBe(true);
    expect(all.filter(isFormatLine)).toHaveLength(1);

    const { entries, problems } = collectEntries(w.paths.log);
    expect(problems).toEqual([]);
    expectLegacyReadRaw(entries);
    expect(entries.find((e) => e.id === "mine")?.output).toBe(ours);
    expect(entries.find((e) => e.id === "mine2")?.output).toBe(String.raw`C:\temp\new`);

    // The same through the CLI's readers: the index (query), tail, check.
    const query = await world(w.home, ["query", "recent", "10", "--json"]);
    const json = query.stdout.split("\n").map((l) => JSON.parse(l) as { id: string; output: string; need?: string });
    expectLegacyReadRaw(json);
    expect(json.find((e) => e.id === "mine")?.output).toBe(ours);
    const tail = await world(w.home, ["tail", "-n", "10", "--json"]);
    expectLegacyReadRaw(tail.stdout.split("\n").map((l) => JSON.parse(l)));
    const search = await world(w.home, ["query", "search", "temp", "--json"]);
    expect(search.stdout.split("\n").map((l) => JSON.parse(l).output)).toEqual([OLD_PATH, ours, String.raw`C:\temp\new`]);
  });

  it("is written once when several `world event` processes append to a legacy log at once", async () => {
    w = legacyWorld();
    const N = 8;
    const runs = await Promise.all(Array.from({ length: N }, (_, k) => world(w.home, ["event", "bash", `p${k}`, String.raw`C:\temp\new ` + k])));
    for (const r of runs) expect([r.exitCode, r.stderr]).toEqual([0, ""]);
    expect(lines().filter(isFormatLine)).toHaveLength(1);
    const { entries, problems } = collectEntries(w.paths.log);
    expect(problems).toEqual([]);
    expectLegacyReadRaw(entries);
    const ours = entries.filter((e) => e.id.startsWith("p"));
    expect(ours.map((e) => e.output).sort()).toEqual(Array.from({ length: N }, (_, k) => String.raw`C:\temp\new ` + k).sort());
    // Every one of ours comes after the format line.
    const formatLine = entries.find((e) => e.id === "world")!.line;
    for (const e of ours) expect(e.line).toBeGreaterThan(formatLine);
  });

  it("after the format line, a line with the older tool's whole-second timestamp is read raw too", () => {
    w = legacyWorld();
    appendOnce(w.paths, { kind: "event", source: "bash", id: "mine", output: "x" });
    appendFileSync(w.paths.log, `[2025-03-01T09:00:09Z][event:bash][old-3] ${OLD_PATH}\n`); // the older tool, still in use
    appendOnce(w.paths, { kind: "event", source: "bash", id: "mine2", output: String.raw`C:\temp\new` });
    const { entries } = collectEntries(w.paths.log);
    expect(entries.find((e) => e.id === "old-3")?.output).toBe(OLD_PATH);
    expect(entries.find((e) => e.id === "mine2")?.output).toBe(String.raw`C:\temp\new`);
  });

  it("the index, incremental or rebuilt, reads the same: legacy raw, ours decoded", () => {
    w = legacyWorld();
    const index = new WorldIndex(w.paths);
    try {
      index.catchUp(); // the legacy part alone, before any format line
      appendOnce(w.paths, { kind: "event", source: "bash", id: "mine", output: "a\tb" });
      index.catchUp();
      appendFileSync(w.paths.log, `[2025-03-01T09:00:09Z][event:bash][old-3] ${OLD_PATH}\n`);
      appendOnce(w.paths, { kind: "event", source: "bash", id: "mine2", output: String.raw`C:\x` });
      index.catchUp();
      const rows = () => index.db.prepare("SELECT id, output, need FROM entries ORDER BY line").all() as { id: string; output: string; need: string | null }[];
      const incremental = rows();
      expectLegacyReadRaw(incremental.map((r) => ({ ...r, need: r.need ?? undefined })));
      expect(incremental.find((r) => r.id === "old-3")?.output).toBe(OLD_PATH);
      expect(incremental.find((r) => r.id === "mine")?.output).toBe("a\tb");
      expect(incremental.find((r) => r.id === "mine2")?.output).toBe(String.raw`C:\x`);
      index.rebuild();
      expect(rows()).toEqual(incremental);
    } finally {
      index.close();
    }
  });

  it("readers that start mid-file know which side of the format line they are on: follow, check, the lifecycle's backward scan", async () => {
    w = legacyWorld();
    // A cursor inside the legacy part: set before our first append.
    check(w.paths, "early", () => {}, { limit: 1 });
    appendOnce(w.paths, { kind: "event", source: "bash", id: "mine", output: "a\tb" });
    const stop = new AbortController();
    const it = follow(w.paths, { from: endOf(w.paths.log), signal: stop.signal, pollMs: 100 });
    appendOnce(w.paths, { kind: "event", source: "bash", id: "later", output: String.raw`C:\temp\new` });
    const got = await it.next();
    stop.abort();
    expect(got.value).toMatchObject({ id: "later", output: String.raw`C:\temp\new` });

    const rest = check(w.paths, "early", () => {});
    expect(rest.entries.map((e) => [e.id, e.output])).toEqual([
      ["old-s", "copy it"],
      ["old-2", String.raw`tab\there \\ and a \u0041`],
      ["world", "format 2"],
      ["mine", "a\tb"],
      ["later", String.raw`C:\temp\new`],
    ]);
    expect(findLastStatus(w.paths.log, "old-s")).toMatchObject({ status: "start", need: OLD_NEED });
    // The lifecycle goes on from a legacy start, and our line after it decodes.
    appendStatus(w.paths, { status: "finish", id: "old-s", output: String.raw`copied to D:\new\target` });
    expect(findLastStatus(w.paths.log, "old-s")).toMatchObject({ status: "finish", output: String.raw`copied to D:\new\target` });
  });

  it("a process that looked before the format line was written finds it later", () => {
    w = legacyWorld();
    const size = endOf(w.paths.log).offset;
    expect(formatLineBefore(w.paths.log)).toBeUndefined();
    const daemon = new Appender(w.paths);
    try {
      daemon.append({ kind: "event", source: "bash", id: "mine", output: "x" });
    } finally {
      daemon.close();
    }
    expect(formatLineBefore(w.paths.log)).toBe(size);
    expect(formatLineBefore(w.paths.log, size)).toBeUndefined(); // not before where it starts
    // The next appender believes the hint it left (checked against the log), and writes no second one.
    expect(readFileSync(`${w.paths.dir}/format-line`, "utf8")).toBe(String(size));
    appendOnce(w.paths, { kind: "event", source: "bash", id: "mine2", output: "y" });
    expect(lines().filter(isFormatLine)).toHaveLength(1);
    expect(collectEntries(w.paths.log, START).entries.map((e) => e.id)).toEqual(["old-1", "old-s", "old-2", "world", "mine", "mine2"]);
  });
});

describe("the format line wakes nobody", () => {
  it("not the Verifier, the Keeper's escalations, the Spirit's handlers or the monitor's \"needs you\"", async () => {
    w = tempWorld();
    expect((await world(w.home, ["event", "bash", "x", "hi"])).exitCode).toBe(0);
    const [format] = collectEntries(w.paths.log).entries;
    expect(format).toMatchObject({ kind: "event", source: "system", id: "world", output: "format 2" });
    // The Spirit acts on voice, answers to its nudges, the Keeper's escalations and disk alarms: none of these.
    const { isDiskLow, isEscalation } = await import("../../../spirit/daemon/escalation.js");
    expect([isEscalation(format!), isDiskLow(format!)]).toEqual([false, false]);
    // The Verifier and the Keeper, once each: no verdict, no nudge.
    expect((await world(w.home, ["verify", "--once"])).exitCode).toBe(0);
    expect((await world(w.home, ["keep", "--once"])).exitCode).toBe(0);
    const written = collectEntries(w.paths.log).entries.slice(2);
    expect(written.filter((e) => !(e.kind === "event" && e.source === "system" && e.id === "keeper"))).toEqual([]);
    expect((await world(w.home, ["query", "nudges", "--json"])).stdout).toBe("");
    const { attention } = await import("../../../ui/monitor/attention.js");
    const { openIndex } = await import("../../../tools/world/index-db.js");
    const index = openIndex(w.paths);
    try {
      expect(attention(index)).toEqual({ failed: [], nudges: [], warnings: [] });
    } finally {
      index.close();
    }
  });
});
