// "it", "that one" in the user's plan (spirit/decide/plans/referred.ts). Our own sentences.
import { describe, expect, it } from "vitest";
import { referredPlan } from "../../../../spirit/decide/plans/referred.js";

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
