import { describe, expect, it } from "vitest";
import { readPreference, topicCovers, topicKey } from "../../../spirit/decide/preferences.js";

describe("preferences the user states", () => {
  it.each([
    ["don't suggest flights", "flights", true],
    ["Please stop asking me about money.", "money", true],
    ["dont suggest any flights anymore", "flights", true],
    ["no more restaurant suggestions", "restaurant", true],
    ["never bring up work again", "work", true],
    ["you can suggest flights again", "flights", false],
    ["ok it's fine to mention restaurants", "restaurants", false],
  ])("%s → %s (blocked %s)", (text, topic, blocked) => {
    expect(readPreference(text)).toEqual({ topic, blocked });
  });

  it.each(["we should book the flight to tokyo", "don't forget the milk", "stop the music", "I don't suggest you go there at night because it is really dangerous"])(
    "%s is not a preference",
    (text) => {
      expect(readPreference(text)).toBeUndefined();
    },
  );

  it("covers nudges by kind, by question words, and by synonyms", () => {
    expect(topicCovers("flights", "flight", "Want me to search flights to tokyo?")).toBe(true);
    expect(topicCovers("money", "payment", "Want me to send 200 dollars to bob?")).toBe(true);
    expect(topicCovers("travel", "hotel", "Want me to book a hotel?")).toBe(true);
    expect(topicCovers("flights", "payment", "Want me to send 200 dollars to bob?")).toBe(false);
    expect(topicKey("Flights")).toBe(topicKey("flight"));
  });
});
