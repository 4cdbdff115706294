// What a "yes" would start (spirit/decide/offers.ts): only what can be done, offline or with a model.
import { describe, expect, it } from "vitest";
import { offerFor, offerForIntent } from "../../../spirit/decide/offers.js";
import type { Intent } from "../../../spirit/intents/detect.js";

// The words are read from when they were said, never the wall clock.
const now = new Date(2026, 2, 2, 9, 0);
const intent = (kind: string): Intent => ({ label: "task", decision: "nudge", kind, confidence: 0.9, reason: "test" });

describe("offers", () => {
  it("offline, a flight plan is a search the open-page agent opens, with a need the offline Verifier checks", async () => {
    expect(await offerFor({ kind: "flight", action: "book the flight to tokyo", from: "user" }, false, now)).toEqual({
      kind: "flight",
      agentKind: "open-page",
      task: "open a search for flights to Tokyo: https://duckduckgo.com/?q=flights+to+Tokyo",
      need: 'output contains "https://duckduckgo.com/?q=flights+to+Tokyo"',
      question: "Want me to open a search for flights to Tokyo?",
    });
  });

  it("with a model, the general agent looks and reports, as before", async () => {
    expect(await offerFor({ kind: "flight", action: "book the flight to tokyo", from: "user" }, true, now)).toMatchObject({
      agentKind: "general",
      task: "look for flights to Tokyo in the browser and report the best options with links; do not buy or book anything",
      question: "Want me to look for flights to Tokyo?",
    });
  });

  it("what no agent can do is not offered, and what has no place to search is a reminder", async () => {
    expect(await offerForIntent(intent("media"), "play hey jude", false, now)).toBeUndefined();
    expect(await offerForIntent(intent("smart_home"), "turn on the lights in the den", true, now)).toBeUndefined();
    expect(await offerForIntent(intent("hotel"), "book the hotel", false, now)).toMatchObject({ agentKind: "reminder", question: "Want me to remind you in 1 hour to book the hotel?" });
    expect(await offerFor({ kind: "booking", action: "book a table for three", from: "user" }, false, now)).toMatchObject({
      agentKind: "reminder",
      task: "remind me tomorrow at 9am to book a table for three",
      question: "Want me to remind you tomorrow at 9am to book a table for three?",
    });
  });
});

describe("a day of the month without its month", () => {
  it("stays in the words, and the time the reminder rings goes first", async () => {
    const offered = await offerFor({ kind: "message", action: "send it on the twenty second", from: "user" }, false, now);
    expect(offered).toMatchObject({ task: "remind me tomorrow at 9am to send it on the twenty second", question: "Want me to remind you tomorrow at 9am to send it on the twenty second?" });
    expect((await offerFor({ kind: "call", action: "call the bank by the fifth", from: "user" }, false, now))?.question).toBe("Want me to remind you tomorrow at 9am to call the bank by the fifth?");
  });

  it("an ordinal that is no day keeps the usual order: 'on the second floor'", async () => {
    expect((await offerFor({ kind: "call", action: "call her on the second floor", from: "user" }, false, now))?.question).toBe("Want me to remind you to call her on the second floor tomorrow at 9am?");
  });
});
