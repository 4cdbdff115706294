// Invitations in two steps (spirit/decide/plans/invitations.ts). Our own sentences.
import { describe, expect, it } from "vitest";
import { eventAfterFreeTime } from "../../../../spirit/decide/plans/invitations.js";

const now = new Date(2026, 2, 2, 9, 0); // a Monday morning, on this machine's clock (the words' times are local)

describe("an invitation in two steps: free then? an event then", () => {
  const asked = (q: string, event: string) => eventAfterFreeTime(event, [{ isUser: true, text: q }, { isUser: false, text: "Why do you ask?" }], { now, listener: "Ana" });

  it("the user asks if the other is free at a time, then names an event at that time", () => {
    expect(asked("Are you free on Saturday?", "There's a jazz concert in the park on Saturday.")).toMatchObject({ action: "see a jazz concert on Saturday", when: "on Saturday", from: "together" });
    expect(asked("Do you have any time tonight?", "Well, there will be a street festival tonight.")).toMatchObject({ action: "go to a street festival tonight", when: "tonight" });
  });

  it("not news alone, not another day, not the other asking, not a hypothetical, not the past", () => {
    expect(eventAfterFreeTime("There's a jazz concert on Saturday.", [{ isUser: false, text: "How was your week?" }], { now })).toBeUndefined();
    expect(asked("Are you free on Saturday?", "There's a jazz concert next month.")).toBeUndefined();
    expect(eventAfterFreeTime("There's a jazz concert on Saturday.", [{ isUser: false, text: "Are you free on Saturday?" }], { now })).toBeUndefined();
    expect(asked("Are you free tonight?", "If there's a concert tonight, we could go.")).toBeUndefined();
    expect(asked("Are you free tonight?", "There was a concert last night.")).toBeUndefined();
  });
});
