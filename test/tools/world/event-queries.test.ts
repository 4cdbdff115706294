/** The named event queries the daemons ask the index (tools/world/event-queries.ts). */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Appender } from "../../../tools/world/append.js";
import { eventsOf, firstEventAfter, lastEventAt, latestEventsOf } from "../../../tools/world/event-queries.js";
import { openIndex, type WorldIndex } from "../../../tools/world/index-db.js";
import { ownEntries, tempWorld, type TempWorld } from "../../support/world.js";

let w: TempWorld;
let index: WorldIndex;

beforeEach(() => {
  w = tempWorld();
  const a = new Appender(w.paths);
  const at = (minute: number) => `2026-11-21T10:${String(minute).padStart(2, "0")}:00.000Z`;
  a.append({ kind: "agent", status: "start", id: "s1", output: "find the invoice", ts: at(0) }); // line 2 (line 1: the format line of a new log)
  a.append({ kind: "agent", status: "failed", id: "s1", output: "not found", need: "the invoice", ts: at(1) }); // 3
  a.append({ kind: "event", source: "system", id: "s1", output: "nudge: agent s1 failed", ts: at(2) }); // 4
  a.append({ kind: "event", source: "system", id: "s1", output: "Nudge: not ours (another case)", ts: at(3) }); // 5
  a.append({ kind: "event", source: "system", id: "s1", output: "nudge: again", ts: at(4) }); // 6
  a.append({ kind: "event", source: "user", id: "s1", output: "x".repeat(3000), ts: at(5) }); // 7: long, kept in an attachment
  a.append({ kind: "event", source: "user", id: "s1", output: "second answer", ts: at(6) }); // 8
  for (let i = 0; i < 5; i++) a.append({ kind: "event", source: "voice", id: `v${i}`, output: `said ${i}`, ts: at(10 + i) }); // 9..13
  a.close();
  index = openIndex(w.paths);
});

afterEach(() => {
  index.close();
  w.cleanup();
});

describe("firstEventAfter", () => {
  it("finds the first event of a source under an id after a line, whole with its attachment reference", () => {
    const answer = firstEventAfter(index, "s1", "user", 3);
    expect(answer).toMatchObject({ kind: "event", source: "user", id: "s1", line: 7, ts: "2026-11-21T10:05:00.000Z" });
    expect(answer?.outputRef).toMatch(/^attachments\//);
    expect(answer?.offset).toBeGreaterThan(0);
    expect(firstEventAfter(index, "s1", "user", 7)?.output).toBe("second answer");
    expect(firstEventAfter(index, "s1", "user", 8)).toBeUndefined();
    expect(firstEventAfter(index, "nobody", "user", 0)).toBeUndefined();
  });
});

describe("lastEventAt", () => {
  it("gives the time of the latest event starting with the prefix (case and all) after a line", () => {
    expect(lastEventAt(index, "s1", "system", "nudge: ", 3)).toBe("2026-11-21T10:04:00.000Z");
    expect(lastEventAt(index, "s1", "system", "Nudge: ", 3)).toBe("2026-11-21T10:03:00.000Z");
    expect(lastEventAt(index, "s1", "system", "nudge: ", 6)).toBeUndefined();
    expect(lastEventAt(index, "s1", "user", "nudge: ", 0)).toBeUndefined();
  });
});

describe("eventsOf and latestEventsOf", () => {
  it("read one source in log order: all of it, or the latest N up to a line", () => {
    expect(ownEntries([...eventsOf(index, "system")]).map((e) => e.line)).toEqual([4, 5, 6]);
    expect(latestEventsOf(index, "voice", 12, 2).map((e) => e.output)).toEqual(["said 2", "said 3"]);
    expect(latestEventsOf(index, "voice", 100, 100)).toHaveLength(5);
    expect(latestEventsOf(index, "voice", 8, 10)).toEqual([]);
  });
});
