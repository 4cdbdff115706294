// Speech as it was meant (spirit/intents/fluent.ts): every sentence here was written for these tests.
import { describe, expect, it } from "vitest";
import { fluent } from "../../../spirit/intents/fluent.js";
import { normalize } from "../../../spirit/intents/normalize.js";

const meant = (said: string): string => fluent(normalize(said));

describe("fluent: the request without speech's stumbles", () => {
  it("takes out hesitations and words said twice", () => {
    expect(meant("um can you er set a timer")).toBe("can you set a timer");
    expect(meant("can you can you switch the fan off")).toBe("can you switch the fan off");
    expect(meant("remind me to remind me to phone the garage")).toBe("remind me to phone the garage");
    expect(meant("put the the kettle on")).toBe("put the kettle on");
  });

  it("takes out 'like' as a filler, and only as one", () => {
    expect(meant("wake me in like forty minutes")).toBe("wake me in forty minutes");
    expect(meant("could you like book a taxi")).toBe("could you book a taxi");
    expect(meant("i would like a reminder at six")).toBe("i would like a reminder at six");
    expect(meant("play something like jazz")).toBe("play something like jazz");
    expect(meant("would you like tea")).toBe("would you like tea");
  });

  it("keeps the time a speaker mended, where the first one was placed", () => {
    expect(meant("remind me at nine no sorry ten to water the roses")).toBe("remind me at ten to water the roses");
    expect(meant("ping me on tuesday i mean wednesday about the bins")).toBe("ping me on wednesday about the bins");
    expect(meant("set a timer for five actually make that eight minutes")).toBe("set a timer for eight minutes");
    expect(meant("remind me in ten no twenty minutes")).toBe("remind me in twenty minutes");
    // "no" that takes back nothing said before it stays.
    expect(meant("remind me at five no matter what")).toBe("remind me at five no matter what");
  });

  it("drops a thought of the speaker's own before the request", () => {
    expect(meant("you know what, remind me to ring the school")).toBe("remind me to ring the school");
    expect(meant("oh yeah before i forget set an alarm for six")).toBe("set an alarm for six");
    expect(meant("oh shoot i left the iron on")).toBe("i left the iron on");
    // An exclamation's word used as a verb is the request.
    expect(meant("shoot me a message at noon")).toBe("shoot me a message at noon");
  });
});
