/**
 * The Claude brain is told the conversation state and the rules, but the code enforces them:
 * a stand-in model on 127.0.0.1 (the real SDK over HTTP) proposes what the rules forbid, and
 * the Spirit's own decision path (run by eval:conversations, one conversation at a time)
 * refuses it: a spawn on a late yes or on a "yeah" said to someone else, a second question
 * with others present, a question that fails the question check, another speaker's own plan
 * taken for one that settles the user's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate, type Conversation } from "../../../spirit/eval/eval-conversations.js";
import { startFakeAnthropic, type FakeAnthropic, type FakeReply, type FakeRequest } from "../../support/fake-anthropic.js";

const decide = (input: Record<string, unknown>): FakeReply => ({ tool: { name: "decide", input: { reason: "scripted", ...input } } });
const remindDentist = decide({ action: "nudge", kind: "call", task: "remind me to call the dentist tomorrow", question: "Want me to remind you to call the dentist tomorrow?" });
const spawnDentist = decide({ action: "spawn", kind: "reminder", task: "remind me to call the dentist tomorrow" });

function turnOf(request: FakeRequest): string {
  const messages = (request.body as { messages: { content: unknown }[] }).messages;
  return String(messages.at(-1)!.content);
}

// About 70 s of talk by the user: the question is over a minute old after it.
const LONG = `${"and then we went all the way round the old harbour and back up the hill past the market ".repeat(10)}which took ages`;

const SCRIPT: Record<string, FakeReply> = {
  // Alone: asked, then a yes over a minute later, which the model takes for consent.
  "I need to call the dentist tomorrow.": remindDentist,
  [LONG]: decide({ action: "quiet" }),
  "Yes.": spawnDentist,
  // With B: asked, then B speaks, then the user's "Yeah." to B, which the model takes for consent.
  "I'll call the dentist tomorrow.": remindDentist,
  "Yeah.": spawnDentist,
  // With B: a second plan while the first question is open.
  "And let's book a hotel in Rome for May.": decide({ action: "nudge", kind: "hotel", task: "look for hotels in Rome for May in the browser and report the best options with links; do not buy or book anything", question: "Want me to look for hotels in Rome for May?" }),
  // A question no person could read.
  "We should repaint the kitchen.": decide({ action: "nudge", kind: "note", task: "note: we should repaint the kitchen", question: "Want me to we should repaint the kitchen?" }),
  // A note offered in good English: the note agent's.
  "I'll pay you back.": decide({ action: "nudge", kind: "payment", task: "note: pay Sam back", question: "Want me to make a note to pay Sam back?" }),
  // The other's own plan, taken by the model for one the user's yes settled.
  "I'm flying to Rome on Friday.": decide({ action: "nudge", settles: true, kind: "flight", task: "look for flights to Rome on Friday in the browser and report the best options with links; do not buy or book anything", question: "Want me to look for flights to Rome on Friday?" }),
  // The other's yes to the user's proposal: settled, asked on their turn.
  "Sure, see you there.": decide({ action: "nudge", settles: true, kind: "reminder", task: "remind me to meet Ana by the fountain at 6pm", question: "Want me to remind you to meet Ana by the fountain at 6pm?" }),
};

const theirs: Conversation = {
  id: "theirs",
  topic: "with B",
  turns: [
    { speaker: "B", text: "I'm flying to Rome on Friday." },
    { speaker: "A", text: "Lucky you." },
  ],
};
const settled: Conversation = {
  id: "settled",
  topic: "with Ana",
  turns: [
    { speaker: "A", text: "Shall we meet by the fountain at 6?" },
    { speaker: "Ana", text: "Sure, see you there." },
  ],
};

const late: Conversation = {
  id: "late",
  topic: "alone",
  turns: [
    { speaker: "A", text: "I need to call the dentist tomorrow." },
    { speaker: "A", text: LONG },
    { speaker: "A", text: "Yes." },
  ],
};
const backchannel: Conversation = {
  id: "backchannel",
  topic: "with B",
  turns: [
    { speaker: "B", text: "Your tooth still hurts?" },
    { speaker: "A", text: "I'll call the dentist tomorrow." },
    { speaker: "B", text: "Good idea, it looked swollen." },
    { speaker: "A", text: "Yeah." },
    { speaker: "A", text: "And let's book a hotel in Rome for May." },
  ],
};
const garbled: Conversation = {
  id: "garbled",
  topic: "with B",
  turns: [
    { speaker: "B", text: "The kitchen looks tired." },
    { speaker: "A", text: "We should repaint the kitchen." },
  ],
};
const noted: Conversation = {
  id: "noted",
  topic: "with Sam",
  turns: [
    { speaker: "Sam", text: "Here's the twenty I owe you... no wait, you owe me." },
    { speaker: "A", text: "I'll pay you back." },
  ],
};

describe("the Claude brain's proposals go through the code's rules", () => {
  let fake: FakeAnthropic;
  beforeAll(async () => {
    fake = await startFakeAnthropic({
      handler: (request) => {
        const turn = turnOf(request);
        const hit = Object.entries(SCRIPT).find(([said]) => turn.includes(`said: ${JSON.stringify(said)}`));
        return hit?.[1] ?? decide({ action: "quiet" });
      },
    });
  });
  afterAll(() => fake.close());

  const turnFor = (said: string) => fake.requests.map(turnOf).find((t) => t.includes(`said: ${JSON.stringify(said)}`));

  it("a yes over a minute after the question is not consent: told so, and its spawn refused", async () => {
    const f = await evaluate("mem", [late], "A", { brain: "claude", env: fake.env });
    expect(f.nudges.map((n) => n.question)).toEqual(["Want me to remind you to call the dentist tomorrow?"]);
    expect(f.answers).toEqual([]);
    expect(f.spawns).toEqual([]);
    expect(turnFor("Yes.")).toMatch(/Your question "Want me to remind you to call the dentist tomorrow\?" is open, asked \d+ s before these words: too long ago for a yes or no to answer it/);
    expect(f.modelTurns).toEqual({ model: 3, offline: 0, bad: 0 });
  }, 60_000);

  it("a yeah said to someone else is not consent; a second question with others present is not asked", async () => {
    const f = await evaluate("mem", [backchannel], "A", { brain: "claude", env: fake.env });
    expect(f.nudges.map((n) => n.question)).toEqual(["Want me to remind you to call the dentist tomorrow?"]);
    expect(f.answers).toEqual([]);
    expect(f.spawns).toEqual([]);
    const yeah = turnFor("Yeah.")!;
    expect(yeah).toContain("Last to speak to the user: B,");
    expect(yeah).toMatch(/is open, asked \d+ s before these words: B spoke since, so a yes or no now answers them, not you/);
    // The offer is the reminder agent's, as its task says, though the model called it a "call".
    expect(f.perConversation[0]!.lines[0]!.output).toMatch(/ yes: reminder "remind me to call the dentist tomorrow"$/);
  }, 60_000);

  it("a question that fails the question check is not asked; a note is the note agent's", async () => {
    const f = await evaluate("mem", [garbled, noted], "A", { brain: "claude", env: fake.env });
    expect(f.nudges.map((n) => [n.conversation, n.question, n.problems])).toEqual([["noted", "Want me to make a note to pay Sam back?", []]]);
    expect(f.perConversation[1]!.lines[0]!.output).toMatch(/ yes: note "note: pay Sam back"$/);
  }, 60_000);

  it("another speaker's turn is asked about only as their reply settling the user's proposal", async () => {
    const f = await evaluate("mem", [theirs, settled], "A", { brain: "claude", env: fake.env });
    expect(f.nudges.map((n) => [n.conversation, n.speaker, n.question])).toEqual([["settled", "Ana", "Want me to remind you to meet Ana by the fountain at 6pm?"]]);
  }, 60_000);

  it("the model is told the offers an agent can make and the consent rule", () => {
    const system = String((fake.requests[0]!.body as { system: unknown }).system);
    expect(system).toContain('task "remind me to <do it> <when>"');
    expect(system).toContain('task "note: <what the user will do>"');
    expect(system).toContain("look for <what> in the browser");
    expect(system).toMatch(/within 60 s of the question, after it, with nobody else speaking to the user in between/);
    expect(system).toContain("at most one question per conversation with others present");
  });
});
