// `npm run eval:conversations`: conversations through the daemon's decision path, counted.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate, parseConversations, type Conversation } from "../../spirit/eval-conversations.js";
import { ROOT, tempWorld, type TempWorld } from "../support/world.js";

const EVAL_JS = join(ROOT, "dist", "spirit", "eval-conversations.js");

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
