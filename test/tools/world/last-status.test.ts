/** findLastStatus / findLastEntry: the backward scan the write path uses instead of SQLite. */
import { appendFileSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { Appender } from "../../../tools/world/append.js";
import { formatEntry } from "../../../tools/world/format.js";
import { findLastEntry, findLastStatus } from "../../../tools/world/last-status.js";
import { tempWorld, type TempWorld } from "../../support/world.js";

const TS = "2026-11-21T22:50:43.123Z";
let w: TempWorld;
afterEach(() => w?.cleanup());

describe("findLastStatus", () => {
  it("finds the latest status, ignoring other sessions, events and the id quoted in outputs", () => {
    w = tempWorld();
    const a = new Appender(w.paths);
    a.append({ kind: "agent", status: "start", id: "s1", output: "task", need: "done" });
    a.append({ kind: "agent", status: "active", id: "s1", output: "working" });
    a.append({ kind: "agent", status: "start", id: "s10", output: "another" });
    a.append({ kind: "event", source: "bash", id: "s1", output: "an event about s1" });
    a.append({ kind: "event", source: "bash", id: "x", output: "[2026-11-21T22:50:43Z][agent:verified][s1] quoted, not an entry" });
    a.close();
    expect(findLastStatus(w.paths.log, "s1")?.status).toBe("active");
    expect(findLastStatus(w.paths.log, "s10")?.status).toBe("start");
    expect(findLastStatus(w.paths.log, "s")).toBeUndefined();
    expect(findLastEntry(w.paths.log, "s1", () => true)?.kind).toBe("event");
  });

  it("is undefined for a missing log and an unknown session", () => {
    w = tempWorld();
    expect(findLastStatus(w.paths.log, "s1")).toBeUndefined();
    writeFileSync(w.paths.log, "");
    expect(findLastStatus(w.paths.log, "s1")).toBeUndefined();
  });

  it("finds a session far back in a log of several MiB, across chunk boundaries and very long lines", () => {
    w = tempWorld();
    const line = (status: string, id: string, output: string) => formatEntry({ kind: "agent", ts: TS, status: status as never, id, output }) + "\n";
    appendFileSync(w.paths.log, line("start", "old", "task") + line("active", "old", "still"));
    // 3 MiB of other sessions, then a 2.5 MiB hand-written line (longer than a read chunk).
    const filler = Array.from({ length: 30_000 }, (_, i) => line("active", `other-${i}`, "x".repeat(90))).join("");
    appendFileSync(w.paths.log, filler + line("active", "big", "y".repeat(2_500_000)) + filler);
    expect(findLastStatus(w.paths.log, "old")?.status).toBe("active");
    expect(findLastStatus(w.paths.log, "big")?.output).toHaveLength(2_500_000);
    expect(findLastStatus(w.paths.log, "nobody")).toBeUndefined();
  });

  it("does not count a torn last line, and does not hang on a log that is one torn line", () => {
    w = tempWorld();
    writeFileSync(w.paths.log, "][s1] garbage, no newline");
    expect(findLastStatus(w.paths.log, "s1")).toBeUndefined();
    writeFileSync(w.paths.log, `[${TS}][agent:start][s1] task\n[${TS}][agent:finish][s1] do`);
    expect(findLastStatus(w.paths.log, "s1")?.status).toBe("start");
    writeFileSync(w.paths.log, "x\n" + "][s1]" + "z".repeat(1_100_000));
    expect(findLastStatus(w.paths.log, "s1")).toBeUndefined();
  });

  it("skips malformed lines that contain the id", () => {
    w = tempWorld();
    writeFileSync(w.paths.log, `[${TS}][agent:start][s1] task\n[${TS}][agent:bogus][s1] nope\n[2026-13-01T00:00:00Z][agent:failed][s1] nope\n`);
    expect(findLastStatus(w.paths.log, "s1")?.status).toBe("start");
  });
});
