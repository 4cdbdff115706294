// `npm run eval:conversations`: conversations through the daemon's decision path, counted.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate, parseConversations, type Conversation } from "../../../spirit/eval/eval-conversations.js";
import { startFakeAnthropic, type FakeAnthropic } from "../../support/fake-anthropic.js";
import { ROOT, tempWorld, type TempWorld } from "../../support/world.js";

const EVAL_JS = join(ROOT, "dist", "spirit", "eval", "eval-conversations.js");

const chat: Conversation = {
  id: "chat",
  topic: "chitchat",
  turns: [
    { speaker: "A", text: "Did you watch the game last night?" },
    { speaker: "B", text: "Yes, what a finish." },
    { speaker: "A", text: "I still can't believe that last goal." },
  ],
};
const alone: Conversation = { id: "alone", topic: "request", turns: [{ speaker: "A", text: "remind me to stretch in 10 minutes" }] };

describe("eval:conversations", () => {
  it("counts what the daemon's path decides: a reminder the user asks for is spawned, chat is not", async () => {
    const f = await evaluate("mem", [chat, alone]);
    expect(f.conversations).toBe(2);
    expect(f.turns).toBe(4);
    expect(f.spawns).toEqual([{ conversation: "alone", kind: "reminder", task: "remind me to stretch in 10 minutes" }]);
    expect(f.conversationsWithSpawn).toBe(1);
  });

  it("takes --user: the same words from someone else are not the user's request", async () => {
    const f = await evaluate("mem", [alone], "B");
    expect(f.conversationsWithSpawn).toBe(0);
  });

  it("reports a malformed line with its place, what was expected and what came", () => {
    expect(() => parseConversations("x.jsonl", '{"id":"a","turns":[{"speaker":"A"}]}')).toThrow(/^x\.jsonl:1: turn 1: expected \{"speaker"/);
    expect(() => parseConversations("x.jsonl", "\nnot json")).toThrow(/^x\.jsonl:2: expected a JSON object .* received invalid JSON: not json$/);
  });

  describe("the command", () => {
    let w: TempWorld;
    beforeAll(() => {
      w = tempWorld("eval-conversations-");
      writeFileSync(join(w.home, "c.jsonl"), `${JSON.stringify(chat)}\n${JSON.stringify(alone)}\n`);
    });
    afterAll(() => w.cleanup());

    it("prints the figures as JSON with --json", async () => {
      const r = await execa("node", [EVAL_JS, join(w.home, "c.jsonl"), "--json"], { reject: false });
      expect(r.exitCode).toBe(0);
      const f = JSON.parse(r.stdout) as { conversations: number; conversationsWithSpawn: number; nudges: unknown[] };
      expect(f).toMatchObject({ conversations: 2, conversationsWithSpawn: 1 });
    });

    it("exits 2 naming a missing file or a bad option", async () => {
      const missing = await execa("node", [EVAL_JS, join(w.home, "nope.jsonl")], { reject: false });
      expect(missing.exitCode).toBe(2);
      expect(missing.stderr).toMatch(/cannot read .*nope\.jsonl: expected a readable file, received no such file/);
      const bad = await execa("node", [EVAL_JS, "--fast"], { reject: false });
      expect(bad.exitCode).toBe(2);
      expect(bad.stderr).toMatch(/unknown option --fast/);
    });
  });
});

describe("eval:conversations, one conversation at a time", () => {
  const planned: Conversation = {
    id: "dentist",
    topic: "plans",
    plan: true,
    turns: [
      { speaker: "B", text: "Your tooth still hurts?" },
      { speaker: "A", text: "Yes. I'll call the dentist tomorrow." },
      { speaker: "B", text: "Good idea." },
      { speaker: "A", text: "Yeah." },
    ],
  };
  const quiet: Conversation = { ...chat, plan: false };

  it("reports per conversation with its label, the question check's verdict, and no yes from a backchannel", async () => {
    const f = await evaluate("mem", [planned, quiet]);
    expect(f.perConversation.map((p) => [p.id, p.plan, p.questions.length])).toEqual([
      ["dentist", true, 1],
      ["chat", false, 0],
    ]);
    expect(f.nudges[0]).toMatchObject({ question: "Want me to remind you to call the dentist tomorrow?", problems: [] });
    // "Yeah." after B spoke is said to B: not taken as the answer.
    expect(f.answers).toEqual([]);
    expect(f.spawns).toEqual([]);
    expect(f.labels).toMatchObject({ plans: 1, plansWithOneOffer: 1, others: 1, othersWithAQuestion: 0 });
    expect(f.hoursOfTalk).toBeGreaterThan(0);
  }, 60_000);

  it("conversations are kept apart: the same plan in two conversations is asked about in each", async () => {
    const f = await evaluate("mem", [planned, { ...planned, id: "again" }]);
    expect(f.nudges.map((n) => n.conversation)).toEqual(["dentist", "again"]);
  }, 60_000);

  describe("with the Claude brain, against a stand-in model", () => {
    let fake: FakeAnthropic;
    beforeAll(async () => {
      fake = await startFakeAnthropic({
        handler: (request) => {
          const messages = (request.body as { messages: { content: unknown }[] }).messages;
          const last = String(messages.at(-1)!.content);
          if (last.includes('said: "Yes. I\'ll call the dentist tomorrow."'))
            return { tool: { name: "decide", input: { action: "nudge", reason: "a plan", kind: "call", task: "remind me to call the dentist tomorrow", question: "Want me to remind you to call the dentist tomorrow?" } } };
          return { tool: { name: "decide", input: { action: "quiet", reason: "conversation" } } };
        },
      });
    });
    afterAll(() => fake.close());

    it("gets the same conversation state and rules, and its proposals go through them", async () => {
      const f = await evaluate("mem", [planned], "A", { brain: "claude", env: fake.env });
      expect(f.brain).toMatch(/^claude /);
      expect(f.nudges.map((n) => n.question)).toEqual(["Want me to remind you to call the dentist tomorrow?"]);
      expect(f.answers).toEqual([]);
      const turns = fake.requests.map((r) => String((r.body as { messages: { content: unknown }[] }).messages.at(-1)!.content));
      expect(turns.some((t) => t.includes("is in a conversation with B") && t.includes("Questions already asked in this conversation"))).toBe(true);
      const system = String((fake.requests[0]!.body as { system: unknown }).system);
      expect(system).toContain("at most one question per conversation with others present");
    }, 60_000);
  });
});
