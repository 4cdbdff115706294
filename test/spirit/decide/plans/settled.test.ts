// A time settled after the plan was made (spirit/decide/plans/settled.ts). Our own sentences.
import { describe, expect, it } from "vitest";
import { meetingNegotiated, timeSettled } from "../../../../spirit/decide/plans/settled.js";

const now = new Date(2026, 2, 2, 9, 0); // a Monday morning, on this machine's clock (the words' times are local)

describe("a time settled after the plan, or told in answer to 'when'", () => {
  it("a time settled after the plan: the plan said before, the time now", async () => {
    const earlier = [
      { speaker: "me", isUser: true, text: "Let's go see the new exhibition at the museum." },
      { speaker: "Ana", isUser: false, text: "Sure. When?" },
    ];
    expect(await timeSettled("How about Saturday at 3?", earlier, { now, listener: "Ana" })).toMatchObject({ action: "see the new exhibition at the museum", when: "Saturday at 3" });
    expect(await timeSettled("I have no idea.", earlier, { now, listener: "Ana" })).toBeUndefined();
    // The other person's own plan is not the user's to settle.
    expect(await timeSettled("OK", [{ speaker: "Ana", isUser: false, text: "I'll go to the museum on Saturday at 3." }], { now })).toBeUndefined();
  });

  it("the user's own plan told in answer to 'when are you going to …?'", async () => {
    const asked = (text: string) => [{ speaker: "Ana", isUser: false, text }];
    expect(await timeSettled("Later this month. I can't wait!", asked("When are you going to take your vacation?"), { now, listener: "Ana" })).toMatchObject({ action: "take my vacation Later this month", when: "later this month", from: "user" });
    expect(await timeSettled("On Friday.", asked("So when are you leaving for Boston?"), { now, listener: "Ana" })).toMatchObject({ action: "leave for Boston On Friday", when: "on Friday" });
    // As speech gives it: no question mark, a weekday and a British half hour in the answer.
    expect(await timeSettled("wednesday at half two", asked("so when are you seeing the accountant"), { now, listener: "Ana" })).toMatchObject({ action: "see the accountant on wednesday at half two", from: "user" });
    // Asked when to meet: meeting the one who asks.
    expect(await timeSettled("How about Thursday afternoon?", asked("When do you want to meet?"), { now, listener: "Ana" })).toMatchObject({ action: "meet with Ana on Thursday afternoon", from: "user" });
    // Unsure, refused, or the past: quiet.
    expect(await timeSettled("I'm not sure, maybe next week.", asked("When are you going to take your vacation?"), { now })).toBeUndefined();
    expect(await timeSettled("Never!", asked("When are you going to tell her?"), { now })).toBeUndefined();
    expect(await timeSettled("Last month.", asked("When did you take your vacation?"), { now })).toBeUndefined();
    // The user asking is not the user answering.
    expect(await timeSettled("On Friday.", [{ speaker: "me", isUser: true, text: "When are you leaving for Boston?" }], { now })).toBeUndefined();
  });

});

describe("a thing proposed first, its time said later", () => {
  const turns = (...said: [boolean, string][]) => said.map(([isUser, text]) => ({ speaker: isUser ? "me" : "Ana", isUser, text }));

  it("'what about the thriller …' … 'when is it on?' … 'at 8:15': the film at that time", async () => {
    const earlier = turns([true, "Then what about the thriller The Long Night."], [false, "Might be good. When and where is it on?"]);
    expect(await timeSettled("The Rex cinema at... Oh, at 8:15.", earlier, { now, listener: "Ana" })).toMatchObject({ action: "see the thriller The Long Night", when: "at 8:15", from: "together" });
    expect(await timeSettled("At 8.", turns([true, "How about dinner?"], [false, "Sure, when?"]), { now, listener: "Ana" })).toMatchObject({ action: "have dinner", when: "at 8" });
  });

  it("not a thing that is no meal, show or outing, not an 'if', not the other's proposal of a thing", async () => {
    expect(await timeSettled("At 8.", turns([true, "What about the salmon?"], [false, "When?"]), { now, listener: "Ana" })).toBeUndefined();
    expect(await timeSettled("At 8.", turns([true, "If it rains, what about a film?"], [false, "When?"]), { now, listener: "Ana" })).toBeUndefined();
    expect(await timeSettled("At 8.", turns([false, "What about a film?"], [false, "When?"]), { now, listener: "Ana" })).toBeUndefined();
  });
});

describe("a meeting whose hour is negotiated over turns", () => {
  const turns = (...said: [string, string][]) => said.map(([speaker, text]) => ({ speaker, isUser: speaker === "me", text }));
  const talk = turns(
    ["Ana", "We should sort out the holiday rota before Friday. Are you free on Wednesday afternoon?"],
    ["me", "I've got a dentist appointment until three."],
    ["Ana", "What about half past three, then?"],
  );

  it("the other asks if the user is free, proposes an hour, and the user takes it: for what they said it was for", async () => {
    expect(await meetingNegotiated("Half past three works for me.", talk, { now, listener: "Ana" })).toMatchObject({ action: "sort out the holiday rota with Ana on Wednesday afternoon at half past three", when: "on Wednesday afternoon at half past three" });
    expect(await meetingNegotiated("Perfect. See you then.", talk, { now, listener: "Ana" })).toMatchObject({ when: "on Wednesday afternoon at half past three" });
    // Nothing said it was for: meeting them.
    const bare = turns(["Ana", "Are you free tomorrow?"], ["me", "In the afternoon, yes."], ["Ana", "How about 4:30?"]);
    expect(await meetingNegotiated("4:30 is fine.", bare, { now, listener: "Ana" })).toMatchObject({ action: "meet Ana tomorrow at 4:30" });
  });

  it("quiet: a refusal, no one asked if the user was free, an hour that is no hour", async () => {
    expect(await meetingNegotiated("Sorry, I can't do half past three.", talk, { now, listener: "Ana" })).toBeUndefined();
    expect(await meetingNegotiated("That works.", turns(["Ana", "The train leaves at six."], ["Ana", "How about six, then?"]), { now, listener: "Ana" })).toBeUndefined();
    expect(await meetingNegotiated("That works for me.", turns(["Ana", "Are you free on Friday?"], ["Ana", "How about the usual place?"]), { now, listener: "Ana" })).toBeUndefined();
  });
});
