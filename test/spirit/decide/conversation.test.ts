// The Spirit in conversation (issue 9): who is talking to whom, and what that allows.
// Conversations go through the daemon's own decision path (spirit/decide/hearing.ts, via the eval).
import { describe, expect, it } from "vitest";
import { addressedByName, ASSISTANT, ConversationState } from "../../../spirit/decide/conversation.js";
import { evaluate, type Conversation } from "../../../spirit/eval/eval-conversations.js";
import type { Heard } from "../../../spirit/daemon/memory.js";

const talk = (id: string, ...turns: string[]): Conversation => ({
  id,
  topic: "test",
  turns: turns.map((t) => ({ speaker: t.slice(0, t.indexOf(":")), text: t.slice(t.indexOf(":") + 1).trim() })),
});

async function questions(...conversations: Conversation[]) {
  const f = await evaluate("test", conversations);
  return { spawns: f.spawns, asked: f.nudges.map((n) => n.question) };
}

describe("conversation state", () => {
  const at = (s: number, speaker: string, text: string, isUser = speaker === "me"): Heard => ({ speaker, text, isUser, ts: new Date(Date.UTC(2026, 0, 1, 9, 0, s)).toISOString() });

  it("alone, the user speaks to the assistant; once someone else speaks, to them; a silence ends it", () => {
    const c = new ConversationState("world", 60_000);
    c.hear(at(0, "me", "what a day"));
    expect(c.view()).toMatchObject({ present: ["me"], userWith: [] });
    expect(c.view().turns.at(-1)!.to).toBe(ASSISTANT);
    c.hear(at(5, "ana", "tell me about it"));
    c.hear(at(9, "me", "we should get dinner"));
    expect(c.view()).toMatchObject({ present: ["me", "ana"], userWith: ["ana"], addressed: false });
    expect(c.view().turns.map((t) => t.to)).toEqual([ASSISTANT, "me", "ana"]);
    c.hear(at(12, "me", "world, set a timer for ten minutes"));
    expect(c.view()).toMatchObject({ addressed: true, rest: "set a timer for ten minutes" });
    expect(c.view().turns.at(-1)!.to).toBe(ASSISTANT);
    c.hear(at(12 + 61, "me", "quiet again"));
    expect(c.view()).toMatchObject({ present: ["me"], userWith: [] });
  });

  it("an invitation, even as the first words heard, is said to someone not heard yet", () => {
    for (const first of ["The shop is having a sale this weekend. Do you wanna go?", "I'm in Denver next week, want to come?", "Could you go downtown with me after lunch?"]) {
      const c = new ConversationState("world", 60_000);
      c.hear(at(0, "me", first));
      expect(c.view().userWith).toHaveLength(1);
    }
    // Asked of the assistant, these are requests: no one else is there.
    for (const first of ["Could you set a timer for ten minutes?", "I want to go to bed early tonight."]) {
      const c = new ConversationState("world", 60_000);
      c.hear(at(0, "me", first));
      expect(c.view().userWith).toEqual([]);
    }
  });

  it("a greeting to an assistant by the name the user is used to, or before a request it knows, is said to the assistant; a greeting to anyone else to a person", () => {
    for (const [first, to] of [
      ["Hey Alexa, switch the porch light off", ASSISTANT],
      ["ok google what's on my calendar", ASSISTANT],
      ["Hi Siri play some jazz", ASSISTANT],
      ["Hey Maria, switch the porch light off", "(someone)"],
      // A greeting with no name, then a request the assistant knows: for the assistant.
      ["Hey, switch the porch light off", ASSISTANT],
      ["hello could you remind me to defrost the chicken at four", ASSISTANT],
      ["Good morning, what's on my calendar today?", ASSISTANT],
      ["Hi, how are you doing?", "(someone)"],
      ["hey come and look at this", "(someone)"],
      ["Hello, is this the right queue?", "(someone)"],
      ["Don't forget you said you'd walk the dog", "(someone)"],
      // A question tagged for a person to confirm.
      ["We're meeting the clients at 2 tomorrow, right?", "(someone)"],
      ["The rent is due on Friday, isn't it?", "(someone)"],
      ["Don't forget we have a dinner reservation at seven tonight.", "(someone)"],
      ["Is the rent due on Friday?", ASSISTANT],
    ] as const) {
      const c = new ConversationState("world", 60_000);
      c.hear(at(0, "me", first));
      expect(c.view().turns.at(-1)!.to, first).toBe(to);
      expect(c.view().userWith.length, first).toBe(to === ASSISTANT ? 0 : 1);
    }
  });

  it("reads the assistant's name in front or behind a comma, not inside a sentence", () => {
    expect(addressedByName("world, book the train we talked about", "world")).toEqual({ addressed: true, rest: "book the train we talked about" });
    expect(addressedByName("Hey World book it", "world")).toEqual({ addressed: true, rest: "book it" });
    expect(addressedByName("book it, world.", "world")).toEqual({ addressed: true, rest: "book it" });
    expect(addressedByName("welcome to the world of football", "world")).toEqual({ addressed: false, rest: "welcome to the world of football" });
    expect(addressedByName("Iris, call mom", "Iris")).toMatchObject({ addressed: true, rest: "call mom" });
  });
});

describe("the Spirit in conversation (speaker A is the user)", () => {
  it("a plan among people → one sensible nudge, not one per sentence", async () => {
    const r = await questions(
      talk("trip", "B: Rome sounds amazing.", "A: We should book a hotel in Rome for next weekend.", "B: Yes, let's.", "A: And we should book the flights too."),
    );
    expect(r.asked).toEqual(["Want me to open a search for hotels in Rome next weekend?"]);
    expect(r.spawns).toEqual([]);
  });

  it("the user committing to what the other person asked → a reminder for it", async () => {
    expect((await questions(talk("commit", "B: Did you talk to Tom?", "A: Not yet. Ok, I'll call him tomorrow."))).asked).toEqual([
      "Want me to remind you to call him tomorrow?",
    ]);
    expect((await questions(talk("accept", "B: Can you call me tomorrow about the rent?", "A: Sure, will do."))).asked).toEqual([
      "Want me to remind you to call B about the rent tomorrow?",
    ]);
  });

  it("everyday plans in other words, and speech without apostrophes, are still offered", async () => {
    const said = [
      "I need to email the landlord tomorrow about the heater.",
      "I'm gonna text Sarah in a couple of hours",
      "ill call him tomorrow",
      "lets book the hotel for saturday",
      "We should schedule a meeting with Tom next week",
    ];
    const r = await questions(...said.map((text, i) => talk(String(i), "B: So what's the plan?", `A: ${text}`)));
    expect(r.asked).toEqual([
      "Want me to remind you to email the landlord about the heater tomorrow?",
      "Want me to remind you to text Sarah in a couple of hours?",
      "Want me to remind you to call him tomorrow?",
      "Want me to remind you tomorrow at 9am to book the hotel for saturday?",
      "Want me to remind you tomorrow at 9am to schedule a meeting with Tom next week?",
    ]);
  });

  it("a plan said as the first words is offered even when the intent model hears something else in it", async () => {
    // The model reads these as media or banking requests it has nothing to offer for; the plan is still there.
    const r = await questions(talk("books", "A: I need to return these books to the library by Thursday.", "B: Don't forget."), talk("tag", "A: We're meeting the clients at 2 tomorrow, right?", "B: Yes."));
    expect(r.asked).toEqual(["Want me to remind you to return these books to the library by Thursday?"]);
  });

  it("a plan asked as the first words is not settled: turned down, nothing is asked, and no reminder is set", async () => {
    const r = await questions(talk("lunch", "A: Want to grab lunch tomorrow at one?", "B: Can't, I've got calls all day."));
    expect(r.asked).toEqual([]);
  });

  it("an hour said in words after the day stays in the offer", async () => {
    const r = await questions(talk("dentist", "B: When are you seeing the dentist?", "A: Thursday at half past two."), talk("bus", "A: I'll catch the early bus tomorrow at six in the morning.", "B: Good luck."));
    expect(r.asked).toEqual(["Want me to remind you to see the dentist on Thursday at half past two?", "Want me to remind you to catch the early bus tomorrow at six in the morning?"]);
  });

  it("a request to anyone present, taken on by the user, is the user's plan", async () => {
    const r = await questions(talk("room", "B: Could somebody reserve the big room for Thursday's demo?", "A: Sure, I can do that."));
    expect(r.asked).toEqual(["Want me to remind you tomorrow at 9am to reserve the big room for Thursday's demo?"]);
  });

  it("a thing described by a participle ('the revised numbers', 'my signed copy') is still the thing in a plan", async () => {
    const r = await questions(talk("minutes", "B: We're ten percent over.", "A: I'll send the updated figures on Friday."), talk("lease", "B: Did you find the lease?", "A: Yes, I'll bring my signed copy tomorrow."));
    expect(r.asked).toEqual(["Want me to remind you to send the updated figures on Friday?", "Want me to remind you to bring your signed copy tomorrow?"]);
  });

  it("an invitation to do something is offered as that thing, never read as a thing to see", async () => {
    const r = await questions(talk("tennis", "A: Do you want to go bowling on Friday?", "B: Sure, after work?"), talk("swim", "B: Hi!", "A: Would you like to play squash on Sunday?"));
    expect(r.asked).toEqual(["Want me to remind you to go bowling on Friday?", "Want me to remind you to play squash on Sunday?"]);
  });

  it("an event the other names, taken up by the user, is offered; news of one, or a polite no, is not", async () => {
    const yes = await questions(
      talk("asked", "B: Are you free on Sunday?", "A: I think so, why?", "B: There's a craft market by the river.", "A: Ooh, sounds lovely, count me in."),
      talk("timed", "B: There's a jazz gig at the Blue Room on Friday night.", "A: I'm in!"),
    );
    expect(yes.asked).toEqual(["Want me to remind you to go to the craft market by the river on Sunday?", "Want me to remind you to go to the jazz gig on Friday night?"]);
    const no = await questions(
      talk("news", "B: There's a craft market by the river on Sunday.", "A: Oh nice, I went last year."),
      talk("busy", "B: There's a craft market by the river on Sunday.", "A: Sounds lovely, but I'm away that weekend."),
      talk("other day", "B: Are you free on Sunday?", "A: Maybe.", "B: There's a quiz night at the pub on Thursday.", "A: Sounds fun."),
    );
    expect(no.asked).toEqual([]);
  });

  it("an event the other names with its time, and the user says they will be there, is offered", async () => {
    const yes = await questions(
      talk("interview", "B: The interview is scheduled for Wednesday at 9:30.", "A: Great, I'll be there."),
      talk("yours", "B: Your appointment is on Wednesday at 9:30.", "A: OK, thanks, I'll be there."),
    );
    expect(yes.asked).toEqual(["Want me to remind you to go to the interview on Wednesday at 9:30?", "Want me to remind you to go to your appointment on Wednesday at 9:30?"]);
    const no = await questions(talk("cannot", "B: The interview is scheduled for Wednesday at 9:30.", "A: Sorry, I can't be there."), talk("past", "B: The interview was on Wednesday.", "A: I'll be there next time."));
    expect(no.asked).toEqual([]);
  });

  it("what is done in person now is quiet: ordering from a waiter, a clerk, a customer", async () => {
    const r = await questions(
      talk("waiter", "B: Good evening, welcome.", "A: Can I have a table for three?", "B: Of course, follow me.", "A: Can you bring the menu please?", "A: I'll order the salmon."),
      talk("post", "B: Hello, how can I help?", "A: Can you buy stamps here?", "B: Yes, at the counter.", "A: I want to buy two stamps for a letter to Spain."),
      talk("shop", "B: I want to buy a V-neck checked sweater.", "A: Sure, you are welcome to pay in cash.", "B: Can I order it in blue?"),
    );
    expect(r).toEqual({ spawns: [], asked: [] });
  });

  it("another speaker's request is not the user's: no spawn, no nudge", async () => {
    const r = await questions(talk("theirs", "A: How was your day?", "B: Remind me to call my mom in 10 minutes.", "B: And book a flight to Paris for me."));
    expect(r).toEqual({ spawns: [], asked: [] });
  });

  it("narration, opinions, trivia and hypotheticals are quiet", async () => {
    const r = await questions(
      talk(
        "chat",
        "B: Did you see the game?",
        "A: Coach refused to play him.",
        "B: If I were him I would book a flight out of town.",
        "A: I think we could fly to Mars one day.",
        "A: Maybe I should call him, who knows.",
        "A: Did you know the first email was sent in 1971?",
      ),
    );
    expect(r).toEqual({ spawns: [], asked: [] });
  });

  it("explicit reminder wording or the assistant's name acts in the middle of a conversation", async () => {
    const r = await questions(
      talk("explicit", "B: We need to leave at six.", "A: remind me to pack the bags in 10 minutes"),
      talk("named", "B: That hotel was cheap.", "A: world, book the hotel"),
    );
    expect(r.spawns).toEqual([{ conversation: "explicit", kind: "reminder", task: "remind me to pack the bags in 10 minutes" }]);
    expect(r.asked).toEqual(["Want me to remind you in 1 hour to book the hotel?"]);
  });
});

describe("questions people can read", () => {
  it("offline, what is offered is what an offline agent does, asked in plain words", async () => {
    const r = await questions(talk("a", "A: send 50 dollars to alice"), talk("b", "A: order pizza"), talk("c", "A: we should fly to tokyo next month"));
    expect(r.asked).toEqual([
      "Want me to remind you to send 50 dollars to Alice in 1 hour?",
      // "order pizza", said to the assistant alone, is a request no agent does: one honest line, no question (test/spirit/decide/commands.test.ts).
      "Want me to remind you to fly to Tokyo next month?",
    ]);
  });

  // Every question the dev files produce is checked in question-check.test.ts.
});
