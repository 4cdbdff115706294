/** The backlog rule's two measures (spirit/daemon/late.ts); the daemon's behaviour is in backlog.test.ts. */
import { describe, expect, it } from "vitest";
import type { EventEntry, Located } from "../../../tools/world/entry.js";
import { BEHIND_LINES, BEHIND_MS, isBehind, lateLine, lateRequests } from "../../../spirit/daemon/late.js";

const NOW = Date.parse("2026-11-27T10:00:00.000Z");
const AWAKE = NOW - 60_000;

function voice(agoMs: number, i = 0): Located<EventEntry> {
  return { kind: "event", ts: new Date(NOW - agoMs).toISOString(), source: "voice", id: "user", output: `line ${i}`, line: i + 1, offset: i * 60 };
}

describe("isBehind", () => {
  it("more voice lines waiting than a person says in a minute: behind, however fresh", () => {
    expect(isBehind(Array.from({ length: BEHIND_LINES + 1 }, (_, i) => voice(0, i)), NOW, AWAKE)).toBe(true);
    expect(isBehind(Array.from({ length: BEHIND_LINES }, (_, i) => voice(0, i)), NOW, AWAKE)).toBe(false);
  });

  it("lines that waited longer than the threshold while the Spirit was awake: behind; a lone line never", () => {
    expect(isBehind([voice(BEHIND_MS + 1, 0), voice(0, 1)], NOW, AWAKE)).toBe(true);
    expect(isBehind([voice(BEHIND_MS - 1, 0), voice(0, 1)], NOW, AWAKE)).toBe(false);
    expect(isBehind([voice(BEHIND_MS * 10)], NOW, AWAKE)).toBe(false);
  });

  it("lines written before the Spirit woke count from its waking (their age is the stale age's)", () => {
    expect(isBehind([voice(5 * 60_000, 0), voice(5 * 60_000, 1)], NOW, NOW - 1000)).toBe(false);
  });
});

describe("the heard-late line", () => {
  const heard = (text: string, isUser = true) => ({ speaker: isUser ? "user" : "alice", text, isUser, ts: new Date(NOW).toISOString() });

  it("names the user's requests (the latest three) and how many more; another speaker's words are not the user's requests", async () => {
    const requests = await lateRequests([heard("remind me to call mom at 5pm"), heard("book a flight to paris", false), heard("it was fun, we won"), heard("send 300 dollars to carol")]);
    expect(requests.map((h) => h.text)).toEqual(["remind me to call mom at 5pm", "send 300 dollars to carol"]);
    expect(lateLine(40, requests, 2400)).toBe('heard late: 40 line(s) reached up to 2 s after they were said, taken as conversation, not as requests; not done: "remind me to call mom at 5pm", "send 300 dollars to carol". Say again what you still want');
    const five = ["a", "b", "c", "d", "e"].map((x) => heard(`remind me to ${x}`));
    expect(lateLine(1200, five, 300)).toMatch(/^heard late: 1200 line\(s\) reached up to 300 ms .*not done: "remind me to c", "remind me to d", "remind me to e" and 2 more\. Say again what you still want$/);
  });
});
