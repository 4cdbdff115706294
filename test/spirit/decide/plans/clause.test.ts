// The plan reader's clause forms (spirit/decide/plans/clause.ts): each form found, and the look-alikes that
// must stay quiet. Our own sentences (plans-dev is evaluation only).
import { describe, expect, it } from "vitest";
import { acceptedRequest } from "../../../../spirit/decide/plans/accepted.js";
import { planIn } from "../../../../spirit/decide/plans/clause.js";
import { offerFor } from "../../../../spirit/decide/offers.js";

const now = new Date(2026, 2, 2, 9, 0); // a Monday morning, on this machine's clock (the words' times are local)
const plan = (text: string) => planIn(text, { now, listener: "Ana" });

describe("plans found, in their everyday forms", () => {
  it.each([
    ["Let's grab lunch at noon.", "grab lunch at noon", "at noon", "together"],
    ["Let's meet by the fountain at 6.", "meet by the fountain at 6", "at 6", "together"],
    ["shall we get together next Tuesday around four?", "get together next Tuesday around four", "next Tuesday around four", "together"],
    ["Would you like to see a film with me tonight?", "see a film tonight", "tonight", "together"],
    ["We're driving to the coast on Saturday to see my aunt.", "drive to the coast on Saturday to see my aunt", "on Saturday", "together"],
    ["On Thursday I'm going to Denver to close the deal.", "go to Denver to close the deal", "on Thursday", "user"],
    ["I'll phone the clinic tomorrow to see if they have openings.", "phone the clinic tomorrow to see if they have openings", "tomorrow", "user"],
    ["I'll bring the drill back in a couple of hours.", "bring the drill back in a couple of hours", "in a couple of hours", "user"],
    ["I'll give you the money back on Friday, promise.", "give Ana the money back on Friday", "on Friday", "user"],
    ["Dad retires next month, we have to throw him a party.", "throw him a party", "next month", "together"],
    ["we must visit grandma this weekend", "visit grandma this weekend", "this weekend", "together"],
    ["I'll mail you the slides after we finish.", "mail Ana the slides after we finish", "after we finish", "user"],
    ["don't forget we have dinner with bob on friday at 7", "have dinner with bob on friday at 7", "on friday at 7", "together"],
    ["ill call him tomorrow", "call him tomorrow", "tomorrow", "user"],
    ["Fancy a film tonight?", "see a film tonight", "tonight", "together"],
    ["How about the museum on Sunday?", "go to the museum on Sunday", "on Sunday", "together"],
    // Second round: an activity gone to, a thing tried, a request that includes the user, a long sentence.
    ["We should go dancing on Friday.", "go dancing on Friday", "on Friday", "together"],
    ["Saturday we should go out bowling.", "go out bowling", "on Saturday", "together"],
    // An activity named by a noun and a gerund; a meal named as the hour.
    ["I'm going to try rock climbing this weekend.", "try rock climbing this weekend", "this weekend", "user"],
    ["We're going scuba diving on Sunday.", "go scuba diving on Sunday", "on Sunday", "together"],
    ["Let's meet outside the bakery at lunch time.", "meet outside the bakery at lunch time", "at lunch time", "together"],
    ["We're going fishing on Sunday.", "go fishing on Sunday", "on Sunday", "together"],
    ["I'm going to try snorkelling next weekend.", "try snorkelling next weekend", "next weekend", "user"],
    ["Can you come to the market with me tomorrow?", "come to the market tomorrow", "tomorrow", "together"],
    ["Why don't you come with us to the lake on Sunday?", "come to the lake on Sunday", "on Sunday", "together"],
    ["I'm throwing a barbecue on Sunday, nothing fancy, and you should come.", "throw a barbecue on Sunday", "on Sunday", "user"],
    // An invitation that names no place goes where the user will be, or to the event just named.
    ["I'm in Denver next week for three days, want to come along?", "go to Denver next week", "next week", "together"],
    ["There's a jazz concert in the park on Saturday. Want to come?", "go to a jazz concert on Saturday", "on Saturday", "together"],
    ["The corner shop is having a big sale this weekend. Do you wanna go with me?", "go to a big sale this weekend", "this weekend", "together"],
    // A meeting agreed: seeing the one spoken to at a place and an hour.
    ["OK, I'll see you there at 9pm.", "meet Ana at 9pm", "at 9pm", "together"],
    ["We'll see you at the station at 6.", "meet Ana at the station at 6", "at 6", "together"],
  ])("%j", async (text, action, when, from) => {
    expect(await plan(text)).toMatchObject({ action, when, from });
  });

  it("an errand an agent can help with is a plan without a time; other proposals need one", async () => {
    expect(await plan("We should book flights to Lisbon.")).toMatchObject({ kind: "flight", action: "book flights to Lisbon" });
    expect(await plan("Let's go for a walk.")).toBeUndefined();
  });
});

describe("coming back at a time", () => {
  it("'I'll come back tomorrow afternoon' is a plan, asked as it was said; coming back to a point, or soon, is not", async () => {
    const back = (await plan("Right. I'll come back on Thursday morning, then."))!;
    expect(back).toMatchObject({ action: "come back on Thursday morning", when: "on Thursday morning" });
    expect((await offerFor(back, false, now))?.question).toBe("Want me to remind you to come back on Thursday morning?");
    expect(await plan("I'll come back in five minutes.")).toBeUndefined();
    expect(await plan("I'll come back.")).toBeUndefined();
  });

  it("going round to someone, setting off or packing at a time needs no thing named either", async () => {
    const round = (await plan("Lovely, I'll pop round on Sunday afternoon."))!;
    expect((await offerFor(round, false, now))?.question).toBe("Want me to remind you to pop round on Sunday afternoon?");
    const off = (await plan("Then I'll leave at half past six."))!;
    expect((await offerFor(off, false, now))?.question).toBe("Want me to remind you to leave at half past six?");
    expect((await offerFor((await plan("OK, I'll pack tomorrow night."))!, false, now))?.question).toBe("Want me to remind you to pack tomorrow night?");
    expect((await offerFor((await plan("Good. I'll come by around five, then."))!, false, now))?.question).toBe("Want me to remind you to come by around five?");
    expect((await plan("I'll drop in on Tuesday."))?.action).toBe("drop in on Tuesday");
    // A time in a clause turned down is no time for what follows; calling to cancel is done as it is said.
    expect(await plan("Oh, I can't do Thursday, I'm working all day.")).toBeUndefined();
    expect(await plan("Hello, I'm calling to cancel my physiotherapy appointment tomorrow at two.")).toBeUndefined();
    // "let me" with a time ahead is a commitment; "let me see", "let me know" are ways of speaking.
    expect((await plan("Let me look at the config first thing tomorrow, I'm about to leave now."))?.action).toBe("look at the config first thing tomorrow");
    expect(await plan("Let me see.")).toBeUndefined();
    expect(await plan("Let me know on Friday.")).toBeUndefined();
    expect((await plan("Fine. I'll cycle over at nine."))?.action).toBe("cycle over at nine");
    // The verb after "and" shares the frame before it; "after work" said before the day.
    expect((await plan("Really? Then I'll wait and come back on Monday."))?.action).toBe("come back on Monday");
    expect((await plan("I'll collect the van after work on Thursday."))).toMatchObject({ action: "collect the van on Thursday after work", when: "on Thursday" });
    expect(await plan("I'll wait and see.")).toBeUndefined();
    // "then" says what follows, and is no part of what to do; "by then" is a time.
    expect((await plan("I'll get a copy this week then."))?.action).toBe("get a copy this week");
    // Leaving now, leaving a thing, or packing done: no plan.
    expect(await plan("I'll leave now.")).toBeUndefined();
    expect(await plan("I'll leave it until Friday.")).toBeUndefined();
    expect(await plan("I packed on Sunday.")).toBeUndefined();
  });
});

describe("look-alikes that stay quiet", () => {
  it.each([
    "Let's call it a day.", // an idiom
    "If I win the lottery I'll fly to Paris tomorrow.", // a hypothetical
    "I wish we could go to Hawaii next month.", // a wish
    "Maybe we should visit them on Sunday.", // unsure
    "I'll take it.", // in front of a clerk, now
    "I'll have the salmon.",
    "I'll pay by card.",
    "He's going to Denver on Thursday.", // the other person's plan
    "You should call your mother tomorrow.", // advice
    "Let's say we meet at 6.", // a saying
    "We went to the coast on Saturday.", // the past
    "Let's not go tomorrow.", // a negation
    "Are you going to the party tonight?", // a question, no invitation
    "I'll talk to you later.", // a way of speaking
    "We'll be there in a minute.", // now, not later
    "He is 40 years old and I have to give him that.", // an age is no time
    "I'm counting the days until Sunday.", // a stretch of time
    "I'm counting the days for Sunday.", // an idiom
    "I'll look it up tomorrow.", // nothing named
    "How about That 70s Show?", // a decade is no time
    "Why don't you phone her on Friday?", // advice to the other, not an invitation
    "Could you send me the file tomorrow?", // a request of the other's, not yet accepted
    "We went dancing on Friday.", // the past
    "I'll try to call tomorrow.", // a hedge
    "Let's try again tomorrow.",
    "Would you like to pay by card?", // a clerk's question
    "I was in Denver last week. Want to come?", // the past: nowhere to go
    "Want to come?", // nowhere named
    "I'm in a meeting. Want to come?", // no place, no time
    "Are you in Denver next week? Want to come?", // the other's whereabouts, asked
    "If there's a concert on Saturday, want to go?", // a hypothetical
    "I'll see you tomorrow.", // a goodbye
    "See you there at 9pm.", // nobody's commitment: a goodbye
    "I'll see you at the meeting.", // no hour
  ])("%j", async (text) => {
    expect(await plan(text)).toBeUndefined();
  });
});

describe("the offer for a plan", () => {
  it("a reminder at the time the plan names, or a sensible one for a loose time; asked in plain words", async () => {
    expect((await offerFor((await plan("Let's meet by the fountain at 6."))!, false, now))?.question).toBe("Want me to remind you to meet by the fountain at 6?");
    expect((await offerFor((await plan("I'll mail you the slides after we finish."))!, false, now))?.question).toBe("Want me to remind you to mail Ana the slides in 1 hour?");
    expect((await offerFor((await plan("I'll phone the clinic tomorrow to see if they have openings."))!, false, now))?.task).toBe("remind me to phone the clinic tomorrow");
    // A booking too long to ask with its time is asked without it, not dropped.
    expect((await offerFor((await plan("let's book a table for two at the thai place on friday at 7"))!, false, now))?.question).toMatch(/^Want me to remind you .* to book a table for two at the Thai Place\?$/);
    expect((await offerFor((await plan("We should go dancing on Friday."))!, false, now))?.question).toBe("Want me to remind you to go dancing on Friday?");
    // A phrasal verb keeps its particle: "pick Ana up", not "pick Ana".
    expect((await offerFor((await plan("I will pick you up at 6:30."))!, false, now))?.question).toBe("Want me to remind you to pick Ana up at 6:30?");
  });
});

describe("plans with no time, kept as a note", () => {
  it.each([
    ["I'll return your ladder, promise.", "return Ana's ladder"],
    ["I'll pay you back, sis!", "pay Ana back"], // whom it is said to is no part of it
    ["I've decided to learn the piano.", "learn the piano"],
    ["This time I'm really going to complain to the landlord.", "complain to the landlord"],
    ["I think I'll join the pottery class.", "join the pottery class"],
    ["I'll call the clinic.", "call the clinic"],
    // A habit given up or taken up, after "first of all" or "one more thing".
    ["Well, first of all, I've decided to quit drinking coffee.", "quit drinking coffee"],
    ["I've decided to stop smoking.", "stop smoking"],
    ["One more thing, I've decided to give up sugar.", "give up sugar"],
    ["I think I will sign up for the pottery course.", "sign up for the pottery course"],
    ["This time I am really going to complain to the council.", "complain to the council"],
  ])("the user's own commitment: %j", async (text, action) => {
    const found = await plan(text);
    expect(found).toMatchObject({ action, from: "user" });
    expect(found?.when).toBeUndefined();
  });

  it.each([
    "I'll take the blue one.", // bought in front of a clerk, now
    "I'll have the soup, please.", // ordered from a waiter
    "I'll check that for you.", // a service, now
    "I'll pay for it with my card.", // paid on the spot
    "I'll grab a couple of chairs from the kitchen.", // done now
    "I'll go with you.", // going now
    "I'll go together with you.",
    "I've got to run to the station!", // going now
    "I'll lend a hand if you like.", // the other's to take up
    "We should probably leave.", // a proposal with no time is no errand: theirs to settle
    "I need to sit down.", // a need, now
    "I have to fill in this form.", // an obligation said of now
    "I'm gonna draw a fish.", // done as it is said
    "I'll just attach it to the email.",
    "I'll talk to you later.", // a goodbye
    "I'll stick to the bus.", // a habit
    "I guess I will go lie down.", // a hedge
    "I'm really looking forward to the final on Sunday.", // a feeling
    "We're getting close to the holidays next week.", // an approach
    "I'll meet you in about ten minutes.", // now, not later
    "And then I'll meet you in I think about ten minutes, or something.", // a hedge inside the time
    "I'll give up my seat.", // handed over now
    "I'll sign up for that one.", // nothing named
    "I stopped smoking last year.", // the past
    "Maybe I'll quit smoking.", // a maybe
  ])("done now, or not the user's to keep: %j", async (text) => {
    expect(await plan(text)).toBeUndefined();
  });

  it("a proposal for both, accepted, is kept without a time; a request of the other's is not", async () => {
    expect(await acceptedRequest("Good idea!", { speaker: "Ana", text: "Shall we repaint the kitchen?" }, now)).toMatchObject({ action: "repaint the kitchen", from: "accepted" });
    expect(await acceptedRequest("I'd love that!", { speaker: "Ana", text: "Shall we invite the Parks for dinner?" }, now)).toMatchObject({ from: "accepted" });
    expect(await acceptedRequest("Yeah.", { speaker: "Ana", text: "Should we dive right into it?" }, now)).toBeUndefined(); // now
    expect(await acceptedRequest("Sure.", { speaker: "Ana", text: "Can you pass the salt?" }, now)).toBeUndefined();
    expect(await acceptedRequest("Sure.", { speaker: "Ana", text: "Shall we sit down?" }, now)).toBeUndefined(); // now
    expect(await acceptedRequest("Sure.", { speaker: "Ana", text: "Shall we chat about gardening?" }, now)).toBeUndefined(); // what they are doing
    // Others asked to join is a plan; joining them, now, is not.
    expect(await acceptedRequest("Good idea!", { speaker: "Ana", text: "Shall we invite the neighbours to join us?" }, now)).toMatchObject({ action: "invite the neighbours to join Ana" });
    expect(await acceptedRequest("Good idea!", { speaker: "Ana", text: "Shall we join them?" }, now)).toBeUndefined();
    // An invitation to come to them, after a lead-in clause; "for a weekend" is a length, not a time.
    const stay = { speaker: "Ana", text: "We're building a studio. Once it's finished, you should come and stay with us for a weekend." };
    expect(await acceptedRequest("I'd be up for that!", stay, now)).toMatchObject({ action: "stay with Ana for a weekend", from: "accepted" });
    expect((await acceptedRequest("I'd be up for that!", stay, now))?.when).toBeUndefined();
    expect(await acceptedRequest("Sure, of course.", { speaker: "Ana", text: "Stay with us a moment, will you?" }, now)).toBeUndefined(); // now
    expect(await acceptedRequest("OK, I will.", { speaker: "Ana", text: "Once you're home, you should see a doctor." }, now)).toBeUndefined(); // advice
    // Joining the other's own plan, or going to their event: the user's plan too.
    expect(await acceptedRequest("Sure, I'd love to.", { speaker: "Ana", text: "I'm going sailing on Sunday. Want to come?" }, now)).toMatchObject({ action: "go sailing on Sunday with Ana", when: "on Sunday" });
    expect(await acceptedRequest("I'd love to!", { speaker: "Ana", text: "Would you like to come to my birthday party?" }, now)).toMatchObject({ action: "come to Ana's birthday party" });
    expect(await acceptedRequest("Sure.", { speaker: "Ana", text: "Do you want to come with me?" }, now)).toBeUndefined(); // nowhere named
    expect(await acceptedRequest("Sure.", { speaker: "Ana", text: "Want to come along?" }, now)).toBeUndefined();
  });

  it("the offer is a note the note agent keeps, in plain words", async () => {
    const offered = await offerFor((await plan("I'll return your ladder, promise."))!, false, now);
    expect(offered).toMatchObject({ agentKind: "note", task: "note: return Ana's ladder", need: 'output contains "noted: "', question: "Want me to make a note to return Ana's ladder?" });
    // A timed plan is still a reminder; an untimed errand proposal still a reminder the next morning.
    expect((await offerFor((await plan("I'll pay you back on Friday."))!, false, now))?.agentKind).toBe("reminder");
    expect((await offerFor((await plan("We should call the plumber."))!, false, now))?.agentKind).toBe("reminder");
  });
});

describe("a timed plan ends where another subject starts a clause", () => {
  it("the plan before 'and we're …' is read alone", async () => {
    expect(await planIn("I'm going to fly home after the holidays and we're going to have a Christmas sort of in March.", { now, listener: "Ana" })).toMatchObject({ action: "fly home after the holidays", when: "after the holidays" });
    expect(await planIn("We'll drive to the coast on Saturday and they'll meet us at the station.", { now, listener: "Ana" })).toMatchObject({ when: "on Saturday" });
  });

  it("an untimed one is not cut: what follows tells it is done now", async () => {
    expect(await planIn("In any case, I'll give you an injection and you won't feel a thing!", { now, listener: "Ana" })).toBeUndefined();
    expect(await planIn("I'll call the porter and he'll take you to your room.", { now, listener: "Ana" })).toBeUndefined();
  });
});

describe("a habit to break, with 'need to' or 'have to'", () => {
  it("is a resolution kept as a note", async () => {
    expect(await plan("I need to stop eating so much junk food.")).toMatchObject({ action: "stop eating so much junk food" });
    expect(await plan("I have to quit biting my nails.")).toMatchObject({ action: "quit biting my nails" });
  });

  it("not stopping what is done now, not other needs, not someone else's", async () => {
    expect(await plan("I need to stop talking and listen.")).toBeUndefined();
    expect(await plan("I have to write fast.")).toBeUndefined();
    expect(await plan("You need to stop eating junk food.")).toBeUndefined();
    expect(await plan("If I need to stop smoking, I'll know.")).toBeUndefined();
  });
});

describe("going somewhere later today", () => {
  it("a trip to a place said with 'today' is a plan, reminded later the same day", async () => {
    expect(await plan("Actually, I'm thinking about going to the hardware store today.")).toMatchObject({ action: "go to the hardware store today", when: "today", from: "user" });
    expect(await plan("We're heading to the lake today.")).toMatchObject({ action: "head to the lake today", when: "today", from: "together" });
    expect(await plan("I'm going to drive to the garden centre today.")).toMatchObject({ action: "drive to the garden centre today" });
    expect(await offerFor({ kind: "arrangement", action: "go to the hardware store today", when: "today", from: "user" }, false, now)).toMatchObject({
      task: "remind me to go to the hardware store in 2 hours",
      question: "Want me to remind you to go to the hardware store in 2 hours?",
    });
  });

  it("not the meeting's own business today, not the past, not an 'if', not without going anywhere", async () => {
    expect(await plan("Today we're going to go through the budget.")).toBeUndefined();
    expect(await plan("I'm going to the meeting today.")).toBeUndefined();
    expect(await plan("I went to the shop today.")).toBeUndefined();
    expect(await plan("If it rains, I'm going to the cinema today.")).toBeUndefined();
    expect(await plan("I'm working on the report today.")).toBeUndefined();
  });
});

describe("a meeting run now, an example given: no commitment", () => {
  it("the floor handed over, a guide's service, a slide shown, an agenda item presented now", async () => {
    expect(await plan("I'll invite Christine to present the design.")).toBeUndefined();
    expect(await plan("Okay, I'll ask Tom to explain the budget.")).toBeUndefined();
    expect(await plan("I'll hand over to Agnes.")).toBeUndefined();
    expect(await plan("I'll walk you through the project.")).toBeUndefined();
    expect(await plan("I will switch to the slides.")).toBeUndefined();
    expect(await plan("Then I will present you the new requirements.")).toBeUndefined();
  });

  it("what follows 'for example' in a turn illustrates it", async () => {
    expect(await plan("You could say, for example, that the menu is long. Then I'll choose the wine.")).toBeUndefined();
    expect(await plan("For instance you ask for the news, and I'll pick the channel.")).toBeUndefined();
  });

  it("the same verbs for later, or a thing handed over, are still the user's commitments", async () => {
    expect(await plan("I'll choose the wine.")).toMatchObject({ action: "choose the wine", from: "user" });
    expect(await plan("I'll invite Tom to our barbecue.")).toMatchObject({ action: "invite Tom to our barbecue", from: "user" });
    expect(await plan("I'll hand over the report to Agnes.")).toMatchObject({ action: "hand over the report to Agnes", from: "user" });
    expect(await plan("Then I will present you the new requirements tomorrow.")).toMatchObject({ action: "present Ana the new requirements tomorrow", when: "tomorrow" });
  });
});

describe("speech broken off, and a length of time said with 'time'", () => {
  it("a punctuated turn that ends without a stop was cut: its last word is not read", async () => {
    expect(await plan("Okay, that sounds right. And I'll email you the notes of meet")).toMatchObject({ action: "email Ana the notes", from: "user" });
    // Unpunctuated speech is read whole, and so is a turn that ends with its stop.
    expect(await plan("Sure, let's meet by the fountain at 6")).toMatchObject({ action: "meet by the fountain at 6", when: "at 6" });
    expect(await plan("Okay. I'll email you the notes of the meeting.")).toMatchObject({ action: "email Ana the notes of the meeting" });
  });

  it("'in two weeks' time' is in two weeks", async () => {
    expect(await plan("I'll finish the report in two weeks' time.")).toMatchObject({ action: "finish the report in two weeks", when: "in two weeks" });
    expect(await plan("I'll finish the report in two weeks ' time.")).toMatchObject({ action: "finish the report in two weeks", when: "in two weeks" });
  });
});

describe("'them' names people, not things", () => {
  it("people met, visited or taken somewhere: a plan", async () => {
    expect(await plan("I'll visit them on Sunday.")).toMatchObject({ action: "visit them on Sunday", when: "on Sunday" });
    expect(await plan("I'll meet them at the station tomorrow.")).toMatchObject({ action: "meet them at the station tomorrow" });
  });

  it("things bought or returned with nothing named: quiet, like 'it'", async () => {
    expect(await plan("I will buy them in the afternoon.")).toBeUndefined();
    expect(await plan("I'll return them on Friday.")).toBeUndefined();
    expect(await plan("I'll buy the tickets in the afternoon.")).toMatchObject({ action: "buy the tickets in the afternoon" });
  });
});

describe("a frame of remembering around the plan", () => {
  it("'remember to', 'make sure to', 'be sure to': the doing is what is offered", async () => {
    expect(await plan("I'll make sure to send the report on Friday.")).toMatchObject({ action: "send the report on Friday", when: "on Friday", from: "user" });
    expect(await plan("I'll be sure to call mum tomorrow.")).toMatchObject({ action: "call mum tomorrow", when: "tomorrow" });
    expect(await plan("I'll make sure that I book the flights this week.")).toMatchObject({ action: "book the flights this week" });
    const note = await plan("I'll remember to bring the cake next time.");
    expect(note).toMatchObject({ action: "bring the cake next time", from: "user" });
    expect((await offerFor(note!, false, now))?.question).toBe("Want me to make a note to bring the cake next time?");
  });

  it("with nothing to do after it, or done now without it: quiet", async () => {
    expect(await plan("I'll remember that.")).toBeUndefined();
    expect(await plan("I'll remember to.")).toBeUndefined();
    expect(await plan("I'll bring the cake.")).toBeUndefined(); // handed over now
  });
});

describe("meeting each other", () => {
  it("'let's meet at six', 'shall we meet up on Friday?': the one spoken to is met", async () => {
    expect(await plan("Let's meet at half past six.")).toMatchObject({ action: "meet Ana at half past six", when: "at half past six", from: "together" });
    expect(await plan("Shall we meet up on Friday?")).toMatchObject({ action: "meet Ana on Friday", when: "on Friday" });
    expect(await plan("Let's meet at the cafe at 6.")).toMatchObject({ action: "meet at the cafe at 6" }); // a place named: met there
    expect(await plan("Let's meet the new manager tomorrow.")).toMatchObject({ action: "meet the new manager tomorrow" });
  });

  it("'I'll see you at noon', 'I'll see you at six tomorrow': seeing the one spoken to at an hour is meeting them", async () => {
    expect(await plan("I'll see you at noon.")).toMatchObject({ action: "meet Ana at noon", when: "at noon" });
    expect(await plan("I'll see you at six tomorrow.")).toMatchObject({ action: "meet Ana at six tomorrow", when: "at six tomorrow" });
    expect(await plan("I'll see you at the meeting.")).toBeUndefined(); // no hour: a goodbye
    expect(await plan("I'll see you around.")).toBeUndefined();
  });

  it("with no time or place, or a habit: quiet", async () => {
    expect(await plan("We should meet.")).toBeUndefined();
    expect(await plan("We should meet more often.")).toBeUndefined();
  });
});

describe("more ways to say one will", () => {
  it("'I gotta', 'I'd better', 'I ought to', 'I'm off to': a commitment with its time", async () => {
    expect(await plan("I gotta call the plumber tomorrow morning.")).toMatchObject({ action: "call the plumber tomorrow morning", when: "tomorrow morning", from: "user" });
    expect(await plan("I'd better phone the landlord tonight.")).toMatchObject({ action: "phone the landlord tonight", when: "tonight" });
    expect(await plan("I ought to send that email first thing tomorrow.")).toMatchObject({ action: "send that email first thing tomorrow" });
    expect(await plan("I'm off to the doctor's at four.")).toMatchObject({ action: "go to the doctor's at four", when: "at four" });
    expect(await plan("I must remember to buy a birthday card for Tom.")).toMatchObject({ action: "buy a birthday card for Tom", from: "user" });
    // "should" with a time, an adverb between the subject and its modal.
    expect(await plan("i should really call my sister this weekend")).toMatchObject({ action: "call my sister this weekend", when: "this weekend", from: "user" });
    expect(await plan("i really need to call my sister this weekend")).toMatchObject({ action: "call my sister this weekend" });
  });

  it("a day in front and a loose time in the plan are one time", async () => {
    expect(await plan("Tomorrow I'm going to the gym after work.")).toMatchObject({ action: "go to the gym after work", when: "tomorrow after work" });
  });

  it("a plan with an invitation to join it run on, as speech without question marks says it", async () => {
    expect(await plan("we're having a barbecue on sunday afternoon do you wanna come")).toMatchObject({ action: "have a barbecue on sunday afternoon", from: "together" });
    expect(await plan("i'm going to the pub at eight fancy joining")).toMatchObject({ action: "go to the pub at eight" });
  });

  it("leaving now, a way of speaking, a lesson: quiet", async () => {
    for (const said of ["I gotta go.", "I'd better go.", "I gotta say, that was great.", "I ought to know better.", "I must remember that.", "I'm off to bed.", "I'm off to work.", "I should probably go to bed.", "I should have called her yesterday.", "I should think so."]) {
      expect(await plan(said), said).toBeUndefined();
    }
  });
});
