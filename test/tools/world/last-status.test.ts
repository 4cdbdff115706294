/** findLastStatus / findLastEntry: the backward scan the write path uses instead of SQLite. */
import { appendFileSync, closeSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { Appender } from "../../../tools/world/append.js";
import { formatEntry } from "../../../tools/world/format.js";
import { findLastEntry, findLastStatus } from "../../../tools/world/last-status.js";
import { openIndex } from "../../../tools/world/index-db.js";
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

describe("findLastStatus with an index (index-locate.ts)", () => {
  const filler = (n: number, tag: string) =>
    Array.from({ length: n }, (_, i) => formatEntry({ kind: "event", ts: TS, source: "bash", id: `${tag}${i}`, output: "x".repeat(100) }) + "\n").join("");

  function world() {
    w = tempWorld();
    const a = new Appender(w.paths);
    a.append({ kind: "agent", status: "start", id: "early", output: "task", need: "done" });
    a.append({ kind: "agent", status: "active", id: "early", output: "working" });
    a.close();
    appendFileSync(w.paths.log, filler(15_000, "f")); // ~2 MiB: the session is past the last chunk
    openIndex(w.paths).close();
    return w;
  }

  it("answers from a fresh index what the scan answers: a session far back, its start, and a session that does not exist", () => {
    world();
    expect(findLastStatus(w.paths.log, "early")?.status).toBe("active");
    expect(findLastEntry(w.paths.log, "early", (e) => e.kind === "agent" && e.status === "start")?.output).toBe("task");
    expect(findLastStatus(w.paths.log, "nobody")).toBeUndefined();
    expect(findLastEntry(w.paths.log, "f3", () => true)?.id).toBe("f3");
  });

  it("proves that a session does not exist from a fresh index alone: the log before its last chunk is not read (issue 23)", () => {
    world();
    // A start line for "ghost" put in place of a filler line far back (same length, the index
    // made before never saw it): a scan would find it; the index says there is no such session.
    const filled = formatEntry({ kind: "event", ts: TS, source: "bash", id: "f100", output: "x".repeat(100) });
    const at = readFileSync(w.paths.log, "latin1").indexOf(`${filled}\n`);
    expect(at).toBeGreaterThan(0);
    const ghost = formatEntry({ kind: "agent", ts: TS, status: "start", id: "ghost", output: "" });
    const fd = openSync(w.paths.log, "r+");
    writeSync(fd, ghost + "t".repeat(filled.length - ghost.length), at);
    closeSync(fd);
    expect(findLastStatus(w.paths.log, "ghost")).toBeUndefined();
    // Without the index the whole log is scanned, and the line is there to be found.
    rmSync(w.paths.index);
    expect(findLastStatus(w.paths.log, "ghost")?.status).toBe("start");
  });

  it("reads the log's newer lines itself: an index behind the log, and one behind by more than a chunk", () => {
    world();
    const a = new Appender(w.paths);
    a.append({ kind: "agent", status: "finish", id: "early", output: "done" });
    a.close();
    expect(findLastStatus(w.paths.log, "early")?.status).toBe("finish");
    appendFileSync(w.paths.log, filler(15_000, "g")); // the index now covers less than the scan has read
    appendFileSync(w.paths.log, formatEntry({ kind: "agent", ts: TS, status: "start", id: "late", output: "t" }) + "\n" + filler(15_000, "h"));
    expect(findLastStatus(w.paths.log, "late")?.status).toBe("start");
    expect(findLastStatus(w.paths.log, "early")?.status).toBe("finish");
  });

  it("is not trusted for another log: a log replaced under it is scanned", () => {
    world();
    renameSync(w.paths.log, `${w.paths.log}.old`);
    const a = new Appender(w.paths);
    a.append({ kind: "agent", status: "start", id: "other", output: "t", ts: "2020-01-01T00:00:00.000Z" }); // its format line differs from the old one
    a.close();
    appendFileSync(w.paths.log, filler(15_000, "f"));
    expect(findLastStatus(w.paths.log, "early")).toBeUndefined();
    expect(findLastStatus(w.paths.log, "other")?.status).toBe("start");
  });
});
