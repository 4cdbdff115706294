// "it", "that one" in the user's plan (spirit/decide/plans/referred.ts). Our own sentences.
import { describe, expect, it } from "vitest";
import { fetchedOnArrival, joinedEventStarts, referredPlan } from "../../../../spirit/decide/plans/referred.js";

const now = new Date(2026, 2, 2, 9, 0); // a Monday morning, on this machine's clock (the words' times are local)

describe("the user's own plan for \"that one\", an event named before", () => {
  it("in the same turn or the turns before", async () => {
    expect(await referredPlan("The next trip is a tour of the old harbour in Lisbon. I think I'll sign up for that one.", [], { now, listener: "Ana" })).toMatchObject({ action: "sign up for a tour" });
    expect(await referredPlan("I'll go to it on Friday.", [{ text: "There's an exhibition of Dutch prints at the library." }], { now, listener: "Ana" })).toMatchObject({ when: "on Friday" });
  });

  it("not when nothing was named, not the past, not a hypothetical", async () => {
    expect(await referredPlan("I think I'll sign up for that one.", [{ text: "The garden looks lovely." }], { now, listener: "Ana" })).toBeUndefined();
    expect(await referredPlan("I signed up for that one.", [{ text: "There's a tour of the harbour." }], { now, listener: "Ana" })).toBeUndefined();
    expect(await referredPlan("If I had time I'd sign up for that one.", [{ text: "There's a tour of the harbour." }], { now, listener: "Ana" })).toBeUndefined();
  });
});

describe("\"that one\" with a hedge or named long before", () => {
  it("stays quiet", async () => {
    expect(await referredPlan("I'll probably watch it.", [{ text: "There's a match of the two best teams on Sunday." }], { now, listener: "Ana" })).toBeUndefined();
    expect(await referredPlan("I'll go to it on Friday.", [{ text: "There's an exhibition of Dutch prints at the library." }, { text: "Nice weather today." }], { now, listener: "Ana" })).toBeUndefined();
  });
});

describe("'it starts …' after what the user joined", () => {
  const mine = (text: string) => [{ speaker: "me", isUser: true, text }];
  it("going to it then, told in the same turn or the user's turn before", async () => {
    expect(await joinedEventStarts("It starts on Thursday.", mine("I've enrolled in a watercolour course."), { now, listener: "Ana" })).toMatchObject({ action: "go to my watercolour course", when: "on thursday" });
    expect(await joinedEventStarts("I signed up for a salsa class. It's on Friday evening.", [], { now, listener: "Ana" })).toMatchObject({ action: "go to my salsa class" });
  });

  it("quiet: another's, a maybe, or nothing joined", async () => {
    expect(await joinedEventStarts("It starts on Thursday.", [{ speaker: "Ana", isUser: false, text: "I've enrolled in a watercolour course." }], { now, listener: "Ana" })).toBeUndefined();
    expect(await joinedEventStarts("It starts on Thursday.", mine("Maybe I'd enrol in a watercolour course if I had time."), { now, listener: "Ana" })).toBeUndefined();
    expect(await joinedEventStarts("It starts on Thursday.", mine("The new series is good."), { now, listener: "Ana" })).toBeUndefined();
  });
});

describe("fetching the other when they arrive", () => {
  const theirs = (text: string) => [{ speaker: "Ana", isUser: false, text }];
  it("the user's offer to fetch them, at the time they told", async () => {
    expect(await fetchedOnArrival("I'll pick you up at the station.", theirs("My train gets in at 7:40 on Friday."), { now, listener: "Ana" })).toMatchObject({ action: "pick Ana up at the station at 7:40 on Friday" });
  });

  it("quiet: an arrival past or in an 'if', no fetching, no time", async () => {
    expect(await fetchedOnArrival("I'll pick you up at the station.", theirs("My train arrived at 7:40 on Friday."), { now, listener: "Ana" })).toBeUndefined();
    expect(await fetchedOnArrival("I'll pick you up at the station.", theirs("If my train gets in at 7:40 on Friday, I'll call."), { now, listener: "Ana" })).toBeUndefined();
    expect(await fetchedOnArrival("I'll tell you about it.", theirs("My train gets in at 7:40 on Friday."), { now, listener: "Ana" })).toBeUndefined();
    expect(await fetchedOnArrival("I'll pick you up if I can.", theirs("My train gets in at 7:40 on Friday."), { now, listener: "Ana" })).toBeUndefined();
    expect(await fetchedOnArrival("I'll pick you up at the station.", theirs("My train is always late."), { now, listener: "Ana" })).toBeUndefined();
  });
});
