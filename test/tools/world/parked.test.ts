/** tools/world/parked.ts: the one definition of a parked session, and its line. */
import { describe, expect, it } from "vitest";
import { parkedUntil, parseParkLine, sleepUntilLine } from "../../../tools/world/parked.js";

describe("parked: the line forms", () => {
  it("sleep until <ISO>, with an optional note", () => {
    expect(parseParkLine("sleep until 2026-11-25T09:00:00Z")).toEqual({ until: new Date("2026-11-25T09:00:00Z"), form: "sleep" });
    expect(parseParkLine("sleep until 2026-11-25T09:00:00.000Z — next check")?.until.toISOString()).toBe("2026-11-25T09:00:00.000Z");
  });
  it("a parked armed line (reminder, timer); an armed line that is not parked is a working agent", () => {
    expect(parseParkLine("armed: due 2026-11-25T09:00:00.000Z by reminder (parked: the Keeper's scheduler delivers it) — Reminder: call")).toMatchObject({ form: "armed" });
    expect(parseParkLine("armed: due 2026-11-25T09:00:00.000Z by reminder — Reminder: call")).toBeUndefined();
  });
  it("a state object, read whole whatever its strings hold, then the note", () => {
    const line = sleepUntilLine(new Date("2026-11-25T09:00:00Z"), { state: { v: 1, s: 'a } — "b" {' }, note: "watching http://x/ — 3 checks" });
    expect(line).toBe('sleep until 2026-11-25T09:00:00.000Z state {"v":1,"s":"a } — \\"b\\" {"} — watching http://x/ — 3 checks');
    const parsed = parseParkLine(line)!;
    expect(JSON.parse(parsed.state!)).toEqual({ v: 1, s: 'a } — "b" {' });
  });
  it("not parked: no time, a bad time, junk after the time, a torn state", () => {
    for (const output of ["sleep until 9am tomorrow", "sleep until later", "sleep until 2026-11-25T09:00:00Z, then more", 'sleep until 2026-11-25T09:00:00Z state {"v":1', "sleeping until 2026-11-25T09:00:00Z", "working"]) {
      expect(parseParkLine(output), output).toBeUndefined();
    }
  });
  it("a session is parked only while its latest status is that active line", () => {
    expect(parkedUntil({ status: "active", output: "sleep until 2026-11-25T09:00:00Z" })?.toISOString()).toBe("2026-11-25T09:00:00.000Z");
    expect(parkedUntil({ status: "finish", output: "sleep until 2026-11-25T09:00:00Z" })).toBeUndefined();
    expect(parkedUntil({ status: "retry", output: "sleep until 2026-11-25T09:00:00Z" })).toBeUndefined();
  });
});
