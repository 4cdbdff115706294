import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig, userSpeaker } from "../../../spirit/daemon/config.js";
import { tempWorld, type TempWorld } from "../../support/world.js";

describe("the Spirit's settings", () => {
  let w: TempWorld;
  beforeEach(() => {
    w = tempWorld();
  });
  afterEach(() => w.cleanup());

  const file = (json: unknown) => {
    mkdirSync(w.paths.dir, { recursive: true });
    writeFileSync(join(w.paths.dir, "config.json"), typeof json === "string" ? json : JSON.stringify(json));
  };

  it("defaults", () => {
    expect(loadConfig(w.paths, {}, {})).toEqual({
      user: "user",
      nudgeExpiryMs: 600_000,
      dedupeWindowMs: 43_200_000,
      declineMemoryMs: 604_800_000,
      staleVoiceMs: 600_000,
      calendarLeadMs: 900_000,
      calendarPollMs: 60_000,
      brain: "auto",
      brainDeadlineMs: 5_000,
      assistantName: "world",
      conversationGapMs: 180_000,
    });
  });

  it("the assistant's name and the silence that ends a conversation", () => {
    file({ spirit: { assistantName: "Iris", conversationGap: "90s" } });
    expect(loadConfig(w.paths, {}, {})).toMatchObject({ assistantName: "Iris", conversationGapMs: 90_000 });
    expect(loadConfig(w.paths, { conversationGap: "5m" }, { WORLD_ASSISTANT_NAME: "Max" })).toMatchObject({ assistantName: "Max", conversationGapMs: 300_000 });
  });

  it("a flag beats the environment, which beats .world/config.json (other parts' keys are left alone)", () => {
    file({ keeper: { startTimeout: "1h" }, spirit: { user: "ana", nudgeExpiry: "5m", calendar: "cal.ics" } });
    expect(loadConfig(w.paths, {}, {})).toMatchObject({ user: "ana", nudgeExpiryMs: 300_000, calendar: "cal.ics" });
    expect(loadConfig(w.paths, {}, { WORLD_USER_SPEAKER: "bo", WORLD_NUDGE_EXPIRY: "1m" })).toMatchObject({ user: "bo", nudgeExpiryMs: 60_000 });
    expect(loadConfig(w.paths, { user: "cy", nudgeExpiry: "2s" }, { WORLD_USER_SPEAKER: "bo" })).toMatchObject({ user: "cy", nudgeExpiryMs: 2000 });
    file({ userSpeaker: "dee" });
    expect(userSpeaker(w.paths, undefined, {})).toBe("dee");
  });

  it("bad values are one-line usage errors", () => {
    expect(() => loadConfig(w.paths, { nudgeExpiry: "soon" }, {})).toThrow('invalid --nudge-expiry: expected a duration with its unit, like "10m" (ms, s, m, h or d), received "soon"');
    expect(() => loadConfig(w.paths, { brain: "psychic" }, {})).toThrow('invalid brain: expected auto, offline or claude, received "psychic"');
    // A bare number meant ms to the Spirit and seconds to the Keeper: now refused everywhere, naming where it was.
    expect(() => loadConfig(w.paths, {}, { WORLD_NUDGE_EXPIRY: "600" })).toThrow(/^invalid WORLD_NUDGE_EXPIRY: expected .*"10m".*, received "600"$/);
    file({ spirit: { nudgeExpiry: "600" } });
    expect(() => loadConfig(w.paths, {}, {})).toThrow(/^invalid .*config\.json: spirit\.nudgeExpiry: expected a duration with its unit, like "10m" \(ms, s, m, h or d\), received "600"$/);
    file("{not json");
    expect(() => loadConfig(w.paths, {}, {})).toThrow(/^invalid .*config\.json: expected JSON/);
    file({ spirit: { user: 7 } });
    expect(() => loadConfig(w.paths, {}, {})).toThrow(/^invalid .*config\.json: spirit\.user: invalid input: expected string, received 7$/);
  });
});
