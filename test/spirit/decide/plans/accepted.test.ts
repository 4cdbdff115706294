// Plans agreed between two speakers (spirit/decide/plans/accepted.ts): the user taking on another's proposal,
// another accepting the user's. Our own sentences (plans-dev is evaluation only).
import { describe, expect, it } from "vitest";
import { acceptedByOther, acceptedRequest } from "../../../../spirit/decide/plans/accepted.js";
import { planIn } from "../../../../spirit/decide/plans/clause.js";
import { offerFor } from "../../../../spirit/decide/offers.js";

const now = new Date(2026, 2, 2, 9, 0); // a Monday morning, on this machine's clock (the words' times are local)
const plan = (text: string) => planIn(text, { now, listener: "Ana" });

describe("when the user takes on what another proposes", () => {
  it("a proposal or request with a time, accepted, is the user's plan; a refusal is not", async () => {
    expect(await acceptedRequest("Sounds good!", { speaker: "Ana", text: "Shall we meet at the cafe at 6?" }, now)).toMatchObject({ action: "meet at the cafe at 6", from: "accepted" });
    expect(await acceptedRequest("Sure, will do.", { speaker: "Ana", text: "Can you call me tomorrow?" }, now)).toMatchObject({ action: "call Ana tomorrow" });
    expect(await acceptedRequest("Sorry, I can't.", { speaker: "Ana", text: "Shall we meet at the cafe at 6?" }, now)).toBeUndefined();
    expect(await acceptedRequest("Yeah.", { speaker: "Ana", text: "Could you call them constraints?" }, now)).toBeUndefined();
  });

  it("a thing the other proposes with 'how about', taken with its time, and an hour the user adds", async () => {
    expect(await acceptedRequest("Sounds good. Noon?", { speaker: "Ana", text: "How about lunch tomorrow?" }, now)).toMatchObject({ action: "have lunch tomorrow at noon", when: "tomorrow at noon", from: "accepted" });
    expect(await acceptedRequest("Great, at seven?", { speaker: "Ana", text: "What about dinner on Friday?" }, now)).toMatchObject({ action: "have dinner on Friday at seven" });
    // No time from either: no plan; a refusal: none.
    expect(await acceptedRequest("Sure.", { speaker: "Ana", text: "How about lunch?" }, now)).toBeUndefined();
    expect(await acceptedRequest("Sorry, I can't.", { speaker: "Ana", text: "How about lunch tomorrow?" }, now)).toBeUndefined();
  });

  it("'can you come?' after the other tells of the event they hold, with its time, is going to theirs", async () => {
    expect(await acceptedRequest("Definitely! Shall I bring something?", { speaker: "Ana", text: "We're throwing a leaving party next Friday. Can you come?" }, now)).toMatchObject({ action: "go to Ana's leaving party next Friday", from: "accepted" });
    expect(await acceptedRequest("Oh no, I'm away then.", { speaker: "Ana", text: "We're throwing a leaving party next Friday. Can you come?" }, now)).toBeUndefined();
    expect(await acceptedRequest("Oh sure, I wish I could.", { speaker: "Ana", text: "We're throwing a leaving party next Friday. Can you come?" }, now)).toBeUndefined();
    // An event of theirs in the past, or no time: none.
    expect(await acceptedRequest("Sure.", { speaker: "Ana", text: "We had a leaving party last Friday. Can you come?" }, now)).toBeUndefined();
  });

  it("a plan the other checks as a question, confirmed: 'So we'll meet by the clock tower at eight?' → 'Right.'", async () => {
    expect(await acceptedRequest("Right.", { speaker: "Ana", text: "So we'll meet by the clock tower at eight?" }, now)).toMatchObject({ action: "meet by the clock tower at eight", from: "accepted" });
    expect(await acceptedRequest("Yes, that's right.", { speaker: "Ana", text: "And you'll bring the folding chairs on Sunday?" }, now)).toMatchObject({ action: "bring the folding chairs on Sunday" });
    // A denial, their own plan, a way of speaking: none.
    expect(await acceptedRequest("No, at nine.", { speaker: "Ana", text: "So we'll meet by the clock tower at eight?" }, now)).toBeUndefined();
    expect(await acceptedRequest("Right.", { speaker: "Ana", text: "So I'll send the invoice on Friday?" }, now)).toBeUndefined();
    expect(await acceptedRequest("Right.", { speaker: "Ana", text: "So we'll see how it goes next week?" }, now)).toBeUndefined();
  });

  it("'are you coming to my party on Saturday?' is an invitation, going there for the user", async () => {
    expect(await acceptedRequest("Of course, I wouldn't miss it.", { speaker: "Ana", text: "Are you coming to my party on Saturday?" }, now)).toMatchObject({ action: "go to Ana's party on Saturday", from: "accepted" });
    expect(await acceptedRequest("Sorry, I can't make it.", { speaker: "Ana", text: "Are you coming to my party on Saturday?" }, now)).toBeUndefined();
  });
});

describe("the other's yes settles the user's proposal", () => {
  const turns = (...said: [string, string][]) => said.map(([speaker, text]) => ({ speaker, isUser: speaker === "me", text }));
  it("with the time from any turn of the arrangement, or none (a note)", async () => {
    expect(await acceptedByOther("Sure!", turns(["me", "Shall we go bowling on Friday?"]), { now, listener: "Ana" })).toMatchObject({ action: "go bowling on Friday", when: "on Friday" });
    expect(await acceptedByOther("Really? I'd love to!", turns(["Ana", "Are you free on Saturday?"], ["me", "Yes. Shall we repaint the shed together?"]), { now, listener: "Ana" })).toMatchObject({ when: "on Saturday" });
    expect(await acceptedByOther("Good idea, let's do it.", turns(["me", "Shall we repaint the shed?"]), { now, listener: "Ana" })).toMatchObject({ action: "repaint the shed" });
    // Without a time: a statement, or a bare "yeah" (in a meeting, the meeting's own business) settles nothing.
    expect(await acceptedByOther("Let's do it.", turns(["me", "We should repaint the shed."]), { now })).toBeUndefined();
    expect(await acceptedByOther("Yeah.", turns(["me", "Shall we repaint the shed?"]), { now })).toBeUndefined();
  });

  it("\"it\" is the event an earlier turn named", async () => {
    const said = turns(["Ana", "There's a comedy show at the Bell theatre at 8 tonight."], ["me", "Do you want to see it?"]);
    expect(await acceptedByOther("Sure, let's see it together.", said, { now, listener: "Ana" })).toMatchObject({ action: expect.stringMatching(/^see a comedy show at 8/), when: expect.stringMatching(/8/) });
    // Nothing named before: "it" stays, and nothing is asked.
    expect(await acceptedByOther("Sure, let's see it together.", turns(["me", "Do you want to see it?"]), { now })).toBeUndefined();
  });

  it("not a refusal, not the user's own errand, not a thing done now, not the past", async () => {
    expect(await acceptedByOther("Sorry, I can't.", turns(["me", "Shall we go bowling on Friday?"]), { now })).toBeUndefined();
    expect(await acceptedByOther("OK.", turns(["me", "I'll call the plumber tomorrow."]), { now })).toBeUndefined(); // the user's own: asked when said
    expect(await acceptedByOther("Sure.", turns(["me", "Shall we sit down over there?"]), { now })).toBeUndefined();
    // A time from the past is no time for it: kept as a note, with no time.
    expect((await acceptedByOther("Sure.", turns(["Ana", "I went there last Friday."], ["me", "Shall we repaint the shed?"]), { now }))?.when).toBeUndefined();
    expect(await acceptedByOther("Sure.", turns(["Ana", "Shall we repaint the shed?"]), { now })).toBeUndefined(); // the other's proposal, the user's yes is elsewhere
  });
});

describe("the user names the time, the other agrees to meet then", () => {
  const turns = (...said: [string, string][]) => said.map(([speaker, text]) => ({ speaker, isUser: speaker === "me", text }));
  it("a meeting at the time the user proposed", async () => {
    expect(await acceptedByOther("OK. See you then.", turns(["Ana", "I could do Thursday evening."], ["me", "That's bad for me. What about Friday? After work?"]), { now, listener: "Ana" })).toMatchObject({
      action: "meet Ana on Friday after work",
      when: "on Friday after work",
    });
    expect(await acceptedByOther("Fine, see you then.", turns(["me", "I'll lend you my notes. How about tomorrow at ten?"]), { now, listener: "Ana" })).toMatchObject({ action: "meet Ana tomorrow at ten" });
    const offered = await offerFor({ kind: "arrangement", action: "meet Ana tomorrow after lunch", when: "tomorrow after lunch", from: "together" }, false, now);
    expect(offered).toMatchObject({ task: "remind me to meet Ana tomorrow", question: "Want me to remind you to meet Ana tomorrow?" });
  });

  it("not a question about something else, not a refusal, not without a time", async () => {
    expect(await acceptedByOther("OK, see you then.", turns(["me", "What about the weather tomorrow?"]), { now, listener: "Ana" })).toBeUndefined();
    expect(await acceptedByOther("No, sorry. See you then.", turns(["me", "What about tomorrow at six?"]), { now, listener: "Ana" })).toBeUndefined();
    expect(await acceptedByOther("OK, see you then.", turns(["me", "I have to go now."]), { now, listener: "Ana" })).toBeUndefined();
    expect(await acceptedByOther("OK, bye.", turns(["me", "What about Friday?"]), { now, listener: "Ana" })).toBeUndefined(); // no meeting said
  });
});

describe("holidays, an event invited to, acceptance in idioms", () => {
  const turns = (...said: [string, string][]) => said.map(([speaker, text]) => ({ speaker, isUser: speaker === "me", text }));
  it("a holiday ahead is a time: reminded the next morning, the holiday kept in the words", async () => {
    const found = await plan("Let's cook something special for the grandparents this Easter.");
    expect(found).toMatchObject({ action: "cook something special for the grandparents this Easter", when: "this Easter", from: "together" });
    expect(await offerFor(found!, false, now)).toMatchObject({ task: "remind me tomorrow at 9am to cook something special for the grandparents this Easter" });
    expect(await plan("I'm going to visit my cousins after the holidays.")).toMatchObject({ when: "after the holidays", from: "user" });
    expect(await plan("We had a lovely time over Christmas.")).toBeUndefined(); // the past
    expect(await plan("I love the holidays.")).toBeUndefined();
  });

  it("an event named, then \"want to go with me?\", accepted: a note to go to it", async () => {
    const said = turns(["me", "A show of Hockney's drawings is opening at the city gallery. Do you want to go with me?"]);
    expect(await acceptedByOther("I wouldn't miss it for the world!", said, { now, listener: "Ana" })).toMatchObject({ action: "go to a show of Hockney's drawings" });
    expect(await acceptedByOther("How could I miss it?", said, { now, listener: "Ana" })).toMatchObject({ action: "go to a show of Hockney's drawings" });
    // Seen already, a bare "sure", or a refusal: nothing.
    expect(await acceptedByOther("Sure, I'd love to.", turns(["me", "I saw a show of Hockney's drawings last week. Do you want to go with me?"]), { now, listener: "Ana" })).toBeUndefined();
    expect(await acceptedByOther("Sure.", said, { now, listener: "Ana" })).toBeUndefined();
    expect(await acceptedByOther("I'd love to, but I can't.", said, { now, listener: "Ana" })).toBeUndefined();
    expect(await acceptedRequest("I wouldn't miss it.", { speaker: "Ana", text: "Shall we go to the match on Saturday?" }, now)).toMatchObject({ action: "go to the match on Saturday" });
  });
});

describe("the user asks to join the other's plan, and the other agrees", () => {
  const turns = (...said: [string, string][]) => said.map(([speaker, text]) => ({ speaker, isUser: speaker === "me", text }));
  it("the other's plan told before, joined, with its time from the arrangement", async () => {
    const said = turns(["me", "Any plans for Sunday?"], ["Ana", "Yes, I'm going kayaking on the river."], ["me", "Sounds great. Do you want some company?"]);
    expect(await acceptedByOther("Sure! Bring a towel.", said, { now, listener: "Ana" })).toMatchObject({ action: "go kayaking on the river with Ana on Sunday", when: "on Sunday" });
    const walk = turns(["Ana", "I'm going for a walk along the cliffs tomorrow."], ["me", "Can I come along?"]);
    expect(await acceptedByOther("Of course, the more the merrier.", walk, { now, listener: "Ana" })).toMatchObject({ when: "tomorrow" });
  });

  it("not what the other does now or did, not a refusal", async () => {
    expect(await acceptedByOther("Sure, come on.", turns(["Ana", "I'm going to the kitchen now."], ["me", "Want some company?"]), { now, listener: "Ana" })).toBeUndefined();
    expect(await acceptedByOther("Sure, why not.", turns(["Ana", "I went kayaking on the river."], ["me", "Can I come along next time?"]), { now, listener: "Ana" })).toBeUndefined();
    expect(await acceptedByOther("Sorry, not this time.", turns(["Ana", "I'm going kayaking on Sunday."], ["me", "Can I come along?"]), { now, listener: "Ana" })).toBeUndefined();
  });
});

describe("a visit asked of the other at a time, agreed", () => {
  const turns = (...said: [string, string][]) => said.map(([speaker, text]) => ({ speaker, isUser: speaker === "me", text }));
  it("the user to expect them then, the day from an earlier turn", async () => {
    const said = turns(["me", "How about Thursday?"], ["Ana", "Thursday is open."], ["me", "Could you come round at ten?"]);
    expect(await acceptedByOther("That will be fine.", said, { now, listener: "Ana" })).toMatchObject({ action: "expect Ana on Thursday at 10", when: "on Thursday at 10" });
    expect(await acceptedByOther("That works for me.", turns(["me", "Can you drop by tomorrow at 4pm?"]), { now, listener: "Ana" })).toMatchObject({ when: "tomorrow at 4pm" });
  });

  it("not a thing asked now, not a refusal, not without a time, not a hypothetical", async () => {
    expect(await acceptedByOther("Sure.", turns(["me", "Can you come over here and hold this?"]), { now, listener: "Ana" })).toBeUndefined();
    expect(await acceptedByOther("Sorry, I can't tomorrow.", turns(["me", "Can you come over at ten tomorrow?"]), { now, listener: "Ana" })).toBeUndefined();
    expect(await acceptedByOther("Sure.", turns(["me", "Can you come over?"]), { now, listener: "Ana" })).toBeUndefined();
    expect(await acceptedByOther("Sure.", turns(["me", "If it rains, can you come over at six?"]), { now, listener: "Ana" })).toBeUndefined();
  });
});

describe("the user invites the other along to a stay told before", () => {
  const turns = (...said: [string, string][]) => said.map(([speaker, text]) => ({ speaker, isUser: speaker === "me", text }));
  it("going there with them, with the time said, or a note", async () => {
    const said = turns(["me", "We rented a cabin by the lake for the weekend."], ["Ana", "Lovely."], ["me", "Why don't you come with us?"]);
    expect(await acceptedByOther("Really? I'd love to!", said, { now, listener: "Ana" })).toMatchObject({ action: "go to the cabin with Ana this weekend", when: "this weekend" });
    const crete = turns(["me", "My parents have booked a villa in Crete."], ["me", "Do you want to come with us?"]);
    expect(await acceptedByOther("I'd love to.", crete, { now, listener: "Ana" })).toMatchObject({ action: "go to Crete with Ana" });
  });

  it("not a stay in the past or a hypothetical one, not a refusal, not a bare yeah", async () => {
    expect(await acceptedByOther("I'd love to.", turns(["me", "Last summer we rented a cabin in Maine."], ["me", "Why don't you come with us?"]), { now, listener: "Ana" })).toBeUndefined();
    expect(await acceptedByOther("I'd love to.", turns(["me", "If we rented a cabin in Maine, would you come?"], ["me", "Why don't you come with us?"]), { now, listener: "Ana" })).toBeUndefined();
    expect(await acceptedByOther("Sorry, I can't.", turns(["me", "We rented a cabin in Maine."], ["me", "Why don't you come with us?"]), { now, listener: "Ana" })).toBeUndefined();
    expect(await acceptedByOther("Yeah.", turns(["me", "We rented a cabin in Maine."], ["me", "Why don't you come with us?"]), { now, listener: "Ana" })).toBeUndefined();
  });
});

describe("a visit the other asks for or offers at a time, the user agrees", () => {
  it("the user goes, or expects them", async () => {
    expect(await acceptedRequest("That'll be fine.", { speaker: "Ana", text: "Can you come in at ten tomorrow?" }, now)).toMatchObject({ action: "visit Ana at 10 tomorrow" });
    // What the visit is for, before its time.
    expect(await acceptedRequest("Yes, that would be fine.", { speaker: "Ana", text: "Can you come in for an interview on Monday at 10?" }, now)).toMatchObject({ action: "go in for an interview on Monday at 10" });
    expect(await acceptedRequest("Sure, that works.", { speaker: "Ana", text: "I can come round on Friday at 4pm." }, now)).toMatchObject({ action: "expect Ana on Friday at 4pm" });
  });

  it("not now, not a refusal, not without a time", async () => {
    expect(await acceptedRequest("Sure.", { speaker: "Ana", text: "Can you come over here?" }, now)).toBeUndefined();
    expect(await acceptedRequest("Sorry, I can't.", { speaker: "Ana", text: "Can you come in at ten tomorrow?" }, now)).toBeUndefined();
    expect(await acceptedRequest("OK.", { speaker: "Ana", text: "I can come in and help you now." }, now)).toBeUndefined();
  });
});

describe("a proposal asked as a question counts only when asked", () => {
  it("read out and answered by the one who said it ('…, no.'), it is no invitation to accept", async () => {
    expect(await acceptedRequest("Yeah, close that window first.", { speaker: "Ana", text: "Do you want to overwrite the old file, no. I moved it." }, now)).toBeUndefined();
    expect(await acceptedRequest("Yeah, good idea.", { speaker: "Ana", text: "Do you want to repaint the kitchen?" }, now)).toMatchObject({ action: "repaint the kitchen", from: "accepted" });
  });
});
