// Invitations in two steps (spirit/decide/plans/invitations.ts). Our own sentences.
import { describe, expect, it } from "vitest";
import { eventAfterFreeTime, eventTakenUp } from "../../../../spirit/decide/plans/invitations.js";

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

describe("an event the other names, taken up by the user", () => {
  const theirs = (...said: string[]) => said.map((text) => ({ isUser: false, text }));

  it("'sign me up' to what they need people for, with the hour it starts", () => {
    const said = theirs("We need people for the canal clean-up on Sunday afternoon. We begin at two.");
    expect(eventTakenUp("Count me in!", said, { now, listener: "Ana" })).toMatchObject({ action: "go to the canal clean-up on Sunday afternoon at two" });
    expect(eventTakenUp("Sign me up.", said, { now, listener: "Ana" })).toMatchObject({ action: expect.stringMatching(/^go to the canal clean-up on Sunday/) });
    // Without a time for it: none.
    expect(eventTakenUp("Count me in!", theirs("We need people for the canal clean-up."), { now, listener: "Ana" })).toBeUndefined();
  });

  it("'see you at …' said after something else, to the meeting named with its time", () => {
    const said = theirs("The next quiz team meeting is at Sam's on Thursday.");
    expect(eventTakenUp("Then I'll revise a bit. See you at Sam's.", said, { now, listener: "Ana" })).toMatchObject({ action: "go to the next quiz team meeting on Thursday" });
    // A refusal in the turn, or a goodbye with no event named: none.
    expect(eventTakenUp("I can't come, sorry. See you at Sam's some other time.", said, { now, listener: "Ana" })).toBeUndefined();
    expect(eventTakenUp("Right. See you at the station.", theirs("I had a long day."), { now, listener: "Ana" })).toBeUndefined();
  });
});
