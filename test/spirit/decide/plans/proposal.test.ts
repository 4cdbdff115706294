// A proposal made over several turns and taken at the end (spirit/decide/plans/proposal.ts). Our own sentences.
import { describe, expect, it } from "vitest";
import { proposalTaken } from "../../../../spirit/decide/plans/proposal.js";

const now = new Date(2026, 2, 2, 9, 0); // a Monday morning, on this machine's clock
const ctx = { now, listener: "Sam" };
const turns = (...said: [string, string][]) => said.map(([speaker, text]) => ({ speaker, isUser: speaker === "me", text }));

describe("a proposal taken after its time went back and forth", () => {
  it("the thing from the proposal, the day and the hour from the turns since", async () => {
    const call = turns(["Sam", "Can we have a quick phone call about the move?"], ["me", "Sure, what time suits you?"], ["Sam", "Friday evening, maybe seven?"]);
    expect(await proposalTaken("That works.", call, ctx)).toMatchObject({ action: "have a phone call with Sam on friday evening at seven", when: "on friday evening at seven", from: "accepted" });
    const dinner = turns(["Sam", "Lunch at mine on Saturday, still okay?"], ["me", "Yes."], ["Sam", "Could we say one instead of twelve?"]);
    expect(await proposalTaken("One is fine.", dinner, ctx)).toMatchObject({ action: "have lunch at Sam's on saturday at one" });
    const drink = turns(["Sam", "Fancy a coffee after work?"], ["me", "I shouldn't, I've got loads to do tomorrow."], ["Sam", "Just one, twenty minutes at the corner place, half five."]);
    expect(await proposalTaken("Go on then.", drink, ctx)).toMatchObject({ action: "have a coffee at half five" });
    const shopping = turns(["Sam", "Come shopping with me on Sunday, we'll find her something."], ["me", "Okay, what time?"], ["Sam", "I'll meet you at the market at ten."]);
    expect(await proposalTaken("Ten's good.", shopping, ctx)).toMatchObject({ action: "go shopping with Sam on sunday at ten" });
    expect(await proposalTaken("Sure.", turns(["Sam", "Could I give you a ring on Wednesday at four?"]), ctx)).toMatchObject({ action: "talk to Sam on the phone on wednesday at four" });
    const club = turns(["Sam", "Choir practice is at mine this week. I was thinking Tuesday."], ["me", "Tuesday's tricky for me."], ["Sam", "How about Thursday, same time, half seven?"]);
    expect(await proposalTaken("Thursday sounds good.", club, ctx)).toMatchObject({ action: "go to choir practice at Sam's on thursday at half seven" });
  });

  it("'fancy' with a verb, 'how about' a thing, 'would you like to see it', an event the other hosts; 'it' the thing named before", async () => {
    const film = turns(["Sam", "There's that new spy film out. Fancy seeing it Friday night?"], ["me", "Which cinema?"], ["Sam", "The Rex. There's a showing at 8:40."]);
    expect(await proposalTaken("Great, see you then. Shall we meet outside?", film, ctx)).toMatchObject({ action: "see the new spy film on friday night at 8:40" });
    expect(await proposalTaken("Let's do that.", turns(["Sam", "How about a first lesson next Tuesday at four?"]), ctx)).toMatchObject({ action: "go to the first lesson next tuesday at four" });
    const flat = turns(["me", "I'm ringing about the two-bedroom flat on Mill Lane."], ["Sam", "It's still free. Would you like to see it?"], ["me", "Yes, please. I finish work at five."], ["Sam", "How about Wednesday at six?"]);
    expect(await proposalTaken("Wednesday at six is great.", flat, ctx)).toMatchObject({ action: "see the two-bedroom flat on wednesday at six" });
    const party = turns(["Sam", "It's Jo's fiftieth on Saturday. We're having a party at ours from eight."]);
    expect(await proposalTaken("Oh, I'd love to come.", party, ctx)).toMatchObject({ action: "go to Sam's party on saturday at eight" });
  });

  it("a time in one clause of a sentence, a drink proposed by its name, the day asked about just before, a time word planIn cannot read", async () => {
    const club = turns(["Sam", "Choir's at mine next Tuesday evening, did you learn the words?"], ["me", "Er, half of them."]);
    expect(await proposalTaken("I'll be there anyway.", club, ctx)).toMatchObject({ action: "go to choir at Sam's next tuesday evening" });
    const pints = turns(["Sam", "You around Friday?"], ["me", "Depends what for."], ["Sam", "Couple of pints after work. The Crown, half five-ish."]);
    expect(await proposalTaken("Go on then.", pints, ctx)).toMatchObject({ action: "have a couple of pints on friday at half five-ish" });
    expect(await proposalTaken("Yeah, go on.", turns(["Sam", "Fancy a coffee after drop-off tomorrow?"]), ctx)).toMatchObject({ action: "have a coffee tomorrow" });
    expect(await proposalTaken("Sure.", turns(["Sam", "Can we do the figures next week?"]), ctx)).toBeUndefined();
  });

  it("someone coming to the user's home: being in for them then", async () => {
    const quote = turns(["me", "I need a couple of sockets moving."], ["Sam", "No problem. I'd need to come and have a look to quote you."], ["me", "Sure, when could you do?"], ["Sam", "Thursday afternoon, say three-ish?"]);
    expect(await proposalTaken("Thursday at three works.", quote, ctx)).toMatchObject({ action: "be in for Sam on thursday at three" });
    const boiler = turns(["Sam", "Right, Dave could get to you Friday morning, about nine?"]);
    expect(await proposalTaken("Sorted. Put me down.", boiler, ctx)).toMatchObject({ action: "be in for Dave on friday morning at nine" });
  });

  it("no plan when the answer asks back, turns it down, or nobody gave a time", async () => {
    const call = turns(["Sam", "Can we have a quick phone call about the move?"]);
    expect(await proposalTaken("Sure, when suits you?", call, ctx)).toBeUndefined();
    expect(await proposalTaken("Sure.", call, ctx)).toBeUndefined();
    const dinner = turns(["Sam", "Lunch at mine on Saturday, still okay?"]);
    expect(await proposalTaken("Yep. One o'clock, wasn't it?", dinner, ctx)).toBeUndefined();
    expect(await proposalTaken("Sorry, I can't make it after all.", dinner, ctx)).toBeUndefined();
    // Turned down before a friendly last word; a good time wished.
    const tennis = turns(["Sam", "Do you want to play tennis tomorrow morning?"], ["me", "I'd love to, but my knee's still bad."], ["Sam", "Let me know when you're better."]);
    expect(await proposalTaken("Will do.", tennis, ctx)).toBeUndefined();
    expect(await proposalTaken("Yes, have fun.", turns(["Sam", "We're having a barbecue on Sunday at two. Would you like to come?"]), ctx)).toBeUndefined();
    // A time proposed for nothing named, a count that is no hour, the other's own plans.
    expect(await proposalTaken("Half eleven works.", turns(["Sam", "Could we do half eleven?"]), ctx)).toBeUndefined();
    expect(await proposalTaken("Great.", turns(["Sam", "I'm having dinner with my sister on Friday at eight."]), ctx)).toBeUndefined();
    expect(await proposalTaken("Fine.", turns(["Sam", "Shall we get a table for four?"], ["Sam", "Just the four of us."]), ctx)).toBeUndefined();
  });
});
