import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chooseMeeting } from "../../agents/meeting-prep/meeting.js";
import { appendOnce } from "../../tools/world/append.js";
import { tempWorld, type TempWorld } from "../support/world.js";
import { entriesOf, runAgentProcess, startSession } from "./agent-process.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

describe("meeting from words", () => {
  const now = new Date("2026-11-22T08:00:00.000Z");
  it("finds title, attendees and time in the task", () => {
    const m = chooseMeeting("prepare for 'Budget review' with Alice and Bob tomorrow at 10", undefined, now);
    expect(m).toMatchObject({ ok: true, meeting: { title: "Budget review", attendees: ["Alice", "Bob"] } });
    // "tomorrow at 10" on this machine's clock, wherever the tests run.
    if (m.ok) expect(new Date(m.meeting.time!).toISOString()).toBe(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 10, 0).toISOString());
    expect(chooseMeeting("prep me for the meeting about roadmap with Carol, Dan & Eve", undefined, now)).toMatchObject({
      ok: true,
      meeting: { title: "roadmap", attendees: ["Carol", "Dan", "Eve"] },
    });
    expect(chooseMeeting("prepare", undefined, now).ok).toBe(false);
  });
  it("takes WORLD_MEETING JSON first, and reports bad JSON in one line", () => {
    expect(chooseMeeting("ignored", '{"title":"1:1","attendees":["Zoe"],"time":"2026-11-25T09:00:00Z"}', now)).toEqual({
      ok: true,
      meeting: { title: "1:1", attendees: ["Zoe"], time: "2026-11-25T09:00:00.000Z" },
    });
    expect(chooseMeeting("x", "{oops", now)).toMatchObject({ ok: false, why: expect.stringMatching(/not JSON/) });
    expect(chooseMeeting("x", '{"attendees":[]}', now)).toMatchObject({ ok: false, why: expect.stringMatching(/title/) });
  });
});

describe("meeting-prep agent (real process)", () => {
  it("writes a brief from what the log knows and finishes with its path and a summary", async () => {
    w = tempWorld();
    const log = (source: string, id: string, output: string) => appendOnce(w!.paths, { kind: "event", source, id, output });
    log("voice", "v1", "Alice said the budget draft is due on Friday");
    log("voice", "v2", "lunch with Carol was nice");
    log("calendar", "c1", "Budget review moved to Monday 10:00");
    log("file", "f1", "budget.xlsx updated by Alice\nsecond line");
    appendOnce(w.paths, { kind: "agent", status: "start", id: "a1", output: "collect Alice's expense receipts", need: "receipts in a folder" });
    const task = "prepare for 'Budget review' with Alice and Bob tomorrow at 10";
    startSession(w.paths, "mp1", task, "a brief file exists");
    const result = await runAgentProcess(w.paths, "meeting-prep", { id: "mp1", task });
    expect(result.exitCode).toBe(0);
    const finish = entriesOf(w.paths, "mp1").at(-1)!;
    expect(finish).toMatchObject({ status: "finish" });
    expect(finish.output).toMatch(/^brief at \.world\/briefs\/mp1\.md: "Budget review" at \S+, 3 about Alice, none about Bob, 3 on the topic, 1 open session$/);

    const brief = readFileSync(join(w.paths.dir, "briefs", "mp1.md"), "utf8");
    expect(brief).toMatch(/^# Meeting brief: Budget review\n/);
    expect(brief).toContain("Alice said the budget draft is due on Friday");
    expect(brief).toContain("budget.xlsx updated by Alice\\nsecond line"); // log text escaped: one line each
    expect(brief).toContain("Nothing in the log mentions Bob.");
    expect(brief).toContain("Budget review moved to Monday 10:00");
    expect(brief).toContain("[start] a1: collect Alice's expense receipts");
    expect(brief).not.toContain("lunch with Carol");
    expect(brief).not.toContain("[mp1]"); // its own lines are not news
  });

  it("falls back to an attendee's first name, and says so", async () => {
    w = tempWorld();
    appendOnce(w.paths, { kind: "event", source: "voice", id: "v9", output: "Zoe wants the slides before the offsite" });
    startSession(w.paths, "mp4", "prep");
    const meeting = JSON.stringify({ title: "Offsite planning", attendees: ["Zoe Quinn"], time: "2026-12-01T09:00:00Z", notes: "Location: Room 4\nBring the Q4 mockups" });
    expect((await runAgentProcess(w.paths, "meeting-prep", { id: "mp4", task: "prep", env: { WORLD_MEETING: meeting, TZ: "Asia/Tokyo" } })).exitCode).toBe(0);
    const brief = readFileSync(join(w.paths.dir, "briefs", "mp4.md"), "utf8");
    // Local time (Tokyo, UTC+9) with the ISO time beside it; the notes keep their lines, no literal \n.
    expect(brief).toContain("- When: 2026-12-01 18:00:00 local time (2026-12-01T09:00:00.000Z)");
    expect(brief).toContain("- Notes:\n  Location: Room 4\n  Bring the Q4 mockups\n");
    expect(brief).toMatch(/^- Prepared: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} by session mp4/m);
    // The user is told, before the meeting, where the brief is.
    const told = entriesOf(w.paths, "mp4").find((e) => e.kind === "event" && e.source === "notify");
    expect(told?.output).toMatch(/^Brief for "Offsite planning" at 2026-12-01 18:00:00 \((in|due) [^)]+\) is ready: \.world\/briefs\/mp4\.md$/);
    expect(brief).toContain("(Nothing names Zoe Quinn in full; these mention Zoe.)");
    expect(brief).toContain("Zoe wants the slides before the offsite");
  });

  it("says so when the log knows nothing", async () => {
    w = tempWorld();
    startSession(w.paths, "mp2", "prep");
    const result = await runAgentProcess(w.paths, "meeting-prep", { id: "mp2", task: "prep", env: { WORLD_MEETING: '{"title":"Quarterly planning","attendees":["Nobody Known"]}' } });
    expect(result.exitCode).toBe(0);
    const brief = readFileSync(join(w.paths.dir, "briefs", "mp2.md"), "utf8");
    expect(brief).toContain("Nothing in the log mentions Nobody Known.");
    expect(brief).toContain("Nothing in the log is about this topic.");
    expect(entriesOf(w.paths, "mp2").at(-1)!.output).toMatch(/none about Nobody Known, 0 on the topic, 0 open sessions$/);
  });

  it("fails with a need when no meeting is named", async () => {
    w = tempWorld();
    startSession(w.paths, "mp3", "prepare");
    expect((await runAgentProcess(w.paths, "meeting-prep", { id: "mp3", task: "prepare" })).exitCode).toBe(3);
    expect(entriesOf(w.paths, "mp3").at(-1)).toMatchObject({ status: "failed", need: expect.stringMatching(/title, time and attendees/) });
  });
});
