// An event of the user's own told with its time (spirit/decide/plans/own-event.ts). Our own sentences (plans-dev is evaluation only).
import { describe, expect, it } from "vitest";
import { planIn } from "../../../../spirit/decide/plans/clause.js";
import { offerFor } from "../../../../spirit/decide/offers.js";

const now = new Date(2026, 2, 2, 9, 0); // a Monday morning, on this machine's clock (the words' times are local)
const plan = (text: string) => planIn(text, { now, listener: "Ana" });

describe("the user's own event, told with its time", () => {
  it("is what the user goes to, takes or catches then", async () => {
    expect(await plan("Ugh, my dental check-up is on Wednesday at four.")).toEqual({ kind: "arrangement", action: "go to my dental check-up", when: "on wednesday at four", from: "user" });
    expect(await plan("My nephew's graduation is next Saturday, so I'll be away.")).toMatchObject({ action: "go to my nephew's graduation", when: "next saturday" });
    expect(await plan("My maths exam starts at 9:30 tomorrow.")).toMatchObject({ action: "take my maths exam", when: "at 9:30 tomorrow" });
    expect(await plan("Our train leaves at ten on Friday.")).toMatchObject({ action: "catch our train", when: "at ten on friday", from: "together" });
    expect(await plan("My flight to Paris leaves at 6 am on Friday.")).toMatchObject({ action: "catch my flight to paris", when: "at 6 am on friday" });
  });

  it("is offered as a reminder in words a person would say", async () => {
    const offered = await offerFor((await plan("Honestly my cousin's wedding is on Saturday."))!, false, now);
    expect(offered?.question).toBe("Want me to remind you to go to your cousin's wedding on saturday?");
  });

  it("a visit to the user, by family, friends or a trade, told with its time: reminded 'that', as said", async () => {
    expect(await plan("my mum's coming over on sunday")).toEqual({ kind: "arrangement", action: "my mum is coming over", when: "on sunday", from: "user", that: true });
    expect(await plan("The plumber is coming tomorrow at ten.")).toMatchObject({ action: "the plumber is coming", when: "tomorrow at ten", that: true });
    expect(await plan("Our friends are coming for dinner on Saturday at seven.")).toMatchObject({ action: "our friends are coming for dinner", when: "on saturday at seven" });
    const offered = await offerFor((await plan("my mum's coming over on sunday"))!, false, now);
    expect(offered).toMatchObject({ agentKind: "reminder", task: "remind me on sunday that my mum is coming over", question: "Want me to remind you on sunday that your mum is coming over?" });
    for (const said of ["My mum came over on Sunday.", "My mum's coming over.", "The plumber is coming.", "My brother's coming to the party on Friday.", "Your mum is coming on Sunday."]) {
      expect(await plan(said), said).toBeUndefined();
    }
  });

  it("an event the user, or someone of theirs, has on a day: 'I've got …', 'the kids have …'", async () => {
    expect(await plan("I've got a dentist appointment on Thursday at three.")).toEqual({ kind: "arrangement", action: "go to my dentist appointment", when: "on thursday at three", from: "user" });
    expect(await plan("i have a meeting with my boss tomorrow at nine")).toMatchObject({ action: "go to my meeting with my boss", when: "tomorrow at nine" });
    expect(await plan("We have a flight at six tomorrow morning.")).toMatchObject({ action: "catch our flight", from: "together" });
    expect(await plan("the kids have a dentist appointment on thursday")).toMatchObject({ action: "the kids have a dentist appointment", when: "on thursday", that: true });
    const offered = await offerFor((await plan("my son has a football match on saturday morning"))!, false, now);
    expect(offered?.question).toBe("Want me to remind you on saturday morning that your son has a football match?");
    // An hour alone is today's routine, told in passing; the past, and what a clerk has, are no plan.
    for (const said of ["I have a class at 2 as well.", "I had a dentist appointment on Thursday.", "We have a few rooms next weekend.", "I've got work tomorrow."]) {
      expect(await plan(said), said).toBeUndefined();
    }
  });

  it("is not someone else's event, a past one, one without a time, or a time said about something else", async () => {
    for (const said of [
      "My brother's party was on Saturday, it was great.",
      "Your interview is at ten tomorrow.",
      "The meeting is at three.",
      "My car is at the garage until Friday.",
      "My exam went fine.",
      "My flight was delayed by two hours on Sunday.",
      "If my interview is on Monday I'll need a suit.",
    ]) {
      expect(await plan(said), said).toBeUndefined();
    }
  });
});
