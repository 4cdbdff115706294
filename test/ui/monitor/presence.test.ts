import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { EntryJson } from "../../../tools/world/json.js";
import { LISTEN_MS, PRESENCE_STATES, presenceOf, SPARKLE_MS, type OpenWork } from "../../../ui/monitor/presence.js";

const NOW = Date.parse("2026-11-21T22:00:00.000Z");
const at = (msAgo: number) => new Date(NOW - msAgo).toISOString();
const voice = (msAgo: number, line = 1): EntryJson => ({ line, ts: at(msAgo), kind: "event", source: "voice", id: "mic", output: "hello" });
const agent = (status: string, msAgo: number, id = "a-1", line = 2): EntryJson => ({ line, ts: at(msAgo), kind: "agent", status, id, output: "x" });
const none: OpenWork = { active: 0, failedUnanswered: 0, nudges: 0 };

describe("presenceOf", () => {
  it("is idle when nothing happens", () => {
    expect(presenceOf([], NOW, none)).toEqual({ state: "idle", reason: "all quiet" });
    expect(presenceOf([voice(LISTEN_MS + 1), agent("verified", SPARKLE_MS + 1)], NOW, none).state).toBe("idle");
  });

  it("listens while voice lines arrive, and says when that ends", () => {
    const p = presenceOf([voice(1_000)], NOW, none);
    expect(p.state).toBe("listening");
    expect(p.expiresInMs).toBe(LISTEN_MS - 1_000);
    expect(presenceOf([voice(LISTEN_MS)], NOW, none).state).toBe("idle");
  });

  it("shows agents working when any session is active", () => {
    expect(presenceOf([agent("active", 60_000)], NOW, { ...none, active: 2 })).toEqual({ state: "working", reason: "2 agents are working" });
    expect(presenceOf([], NOW, { ...none, active: 1 }).reason).toBe("1 agent is working");
  });

  it("sparkles briefly on verified, above listening and working", () => {
    const p = presenceOf([voice(500, 1), agent("verified", 1_000, "a-9", 2)], NOW, { ...none, active: 1 });
    expect(p).toEqual({ state: "completed", reason: "task a-9 verified", expiresInMs: SPARKLE_MS - 1_000 });
    expect(presenceOf([agent("verified", SPARKLE_MS)], NOW, { ...none, active: 1 }).state).toBe("working");
  });

  it("needs attention for a Keeper warning, with nothing to answer", () => {
    expect(presenceOf([], NOW, { ...none, warnings: 1 })).toEqual({ state: "attention", reason: "the disk where world.log lives is nearly full" });
    expect(presenceOf([], NOW, { ...none, warnings: 1, nudges: 2 }).reason).toBe("the disk where world.log lives is nearly full; 2 questions wait for an answer");
  });

  it("needs attention for a failed agent or a nudge, above everything else", () => {
    const busy = [voice(100, 1), agent("verified", 100, "a-2", 2)];
    expect(presenceOf(busy, NOW, { active: 3, failedUnanswered: 1, nudges: 0 })).toEqual({ state: "attention", reason: "1 failed agent needs help" });
    expect(presenceOf(busy, NOW, { active: 0, failedUnanswered: 0, nudges: 2 }).reason).toBe("2 questions wait for an answer");
    expect(presenceOf([], NOW, { active: 0, failedUnanswered: 2, nudges: 1 }).reason).toBe("2 failed agents need help; 1 question waits for an answer");
  });

  it("uses the newest voice and verified lines, ignores unparseable times, tolerates a little clock skew", () => {
    expect(presenceOf([voice(500, 1), voice(LISTEN_MS * 3, 2)], NOW, none).state).toBe("idle");
    expect(presenceOf([{ ...voice(0), ts: "not a time" }], NOW, none).state).toBe("idle");
    expect(presenceOf([voice(-500)], NOW, none).state).toBe("listening");
    expect(presenceOf([voice(-60_000)], NOW, none).state).toBe("idle");
  });

  it("always gives exactly one known state, and is pure", () => {
    const entry = fc.record({
      ago: fc.integer({ min: -2_000, max: 60_000 }),
      kind: fc.constantFrom("voice", "verified", "active", "user"),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), fc.nat(3), fc.nat(3), fc.nat(3), (list, active, failedUnanswered, nudges) => {
        const entries = list.map((e, i) => (e.kind === "voice" ? voice(e.ago, i) : e.kind === "user" ? { ...voice(e.ago, i), source: "user" } : agent(e.kind, e.ago, "a", i)));
        const frozen = JSON.stringify(entries);
        const p = presenceOf(entries, NOW, { active, failedUnanswered, nudges });
        expect(PRESENCE_STATES).toContain(p.state);
        expect(presenceOf(entries, NOW, { active, failedUnanswered, nudges })).toEqual(p);
        expect(JSON.stringify(entries)).toBe(frozen);
        if (failedUnanswered + nudges > 0) expect(p.state).toBe("attention");
        if (p.expiresInMs !== undefined) expect(p.expiresInMs).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
