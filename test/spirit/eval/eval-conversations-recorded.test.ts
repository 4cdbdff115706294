/**
 * `eval:conversations --brain claude --record <file>` against a stand-in model on 127.0.0.1,
 * then `--brain recorded --recording <file>` with the server stopped and no key: the same
 * figures; a conversation the recording does not hold stops the replay in one line, exit 2.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Conversation } from "../../../spirit/eval/eval-conversations.js";
import { startFakeAnthropic, type FakeAnthropic, type FakeRequest } from "../../support/fake-anthropic.js";
import { ROOT, tempWorld, type TempWorld } from "../../support/world.js";

const EVAL_JS = join(ROOT, "dist", "spirit", "eval", "eval-conversations.js");

const dentist: Conversation = {
  id: "dentist",
  topic: "plans",
  plan: true,
  turns: [
    { speaker: "B", text: "Your tooth still hurts?" },
    { speaker: "A", text: "Yes. I'll call the dentist tomorrow." },
    { speaker: "B", text: "Good idea." },
  ],
};
// Long enough for the model's conversation to be trimmed, and what it dropped summarised by the model.
const long: Conversation = {
  id: "long",
  topic: "chat",
  plan: false,
  turns: Array.from({ length: 26 }, (_, i) => ({ speaker: i % 2 ? "B" : "A", text: `Point number ${i + 1} about the garden fence.` })),
};
// The API is overloaded for this one: the offline brain decides it, when recorded and when replayed.
const overloaded: Conversation = { id: "overloaded", topic: "request", turns: [{ speaker: "A", text: "send 200 dollars to bob" }] };

function lastTurn(request: FakeRequest): string {
  return String((request.body as { messages: { content: unknown }[] }).messages.at(-1)!.content);
}

type Figures = Record<string, unknown> & { brain: string; modelTurns: { model: number; offline: number; bad: number; recording: { file: string; mode: string; requests: number } } };

describe("eval:conversations, recorded and replayed", () => {
  let w: TempWorld;
  let fake: FakeAnthropic;
  let conversations: string;
  let recording: string;
  beforeAll(async () => {
    w = tempWorld("eval-recorded-");
    conversations = join(w.home, "c.jsonl");
    recording = join(w.home, "run.jsonl");
    writeFileSync(conversations, [dentist, long, overloaded].map((c) => JSON.stringify(c)).join("\n"));
    fake = await startFakeAnthropic({
      handler: (request) => {
        if (!(request.body as { tools?: unknown }).tools) return { text: "They talked about the garden fence, point by point." };
        const turn = lastTurn(request);
        if (turn.includes('said: "Yes. I\'ll call the dentist tomorrow."'))
          return { tool: { name: "decide", input: { action: "nudge", reason: "a plan", kind: "call", task: "remind me to call the dentist tomorrow", question: "Want me to remind you to call the dentist tomorrow?" } } };
        if (turn.includes('said: "send 200 dollars to bob"')) return { status: 529 };
        return { tool: { name: "decide", input: { action: "quiet", reason: "conversation" } } };
      },
    });
  });
  afterAll(async () => {
    await fake.close();
    w.cleanup();
  });

  it("replays a recorded run with no server and no key, to the same figures; refuses what it does not hold", async () => {
    const recorded = await execa("node", [EVAL_JS, conversations, "--brain", "claude", "--record", recording, "--json"], { reject: false, env: { ...fake.env, WORLD_MODEL: "claude-test-model" } });
    expect(recorded.stderr).toBe("");
    expect(recorded.exitCode).toBe(0);
    const live = JSON.parse(recorded.stdout) as Figures;
    expect(live.brain).toBe("claude (claude-test-model)");
    expect(live.nudges).toMatchObject([
      { conversation: "dentist", question: "Want me to remind you to call the dentist tomorrow?", problems: [] },
      // The offline brain had the overloaded turn: its own question.
      { conversation: "overloaded", question: "Want me to remind you to send 200 dollars to bob in 1 hour?", problems: [] },
    ]);
    expect(live.modelTurns).toMatchObject({ model: 29, offline: 1, bad: 0, recording: { file: recording, mode: "written", requests: fake.requests.length } });
    const summaries = fake.requests.filter((r) => !(r.body as { tools?: unknown }).tools).length;
    expect(summaries).toBeGreaterThan(0);
    expect(readFileSync(recording, "utf8").trim().split("\n")).toHaveLength(1 + 30 + summaries);
    await fake.close();

    const replayed = await execa("node", [EVAL_JS, conversations, "--brain", "recorded", "--recording", recording, "--json"], {
      reject: false,
      env: { ANTHROPIC_API_KEY: "", ANTHROPIC_BASE_URL: fake.url, WORLD_MODEL: "" },
    });
    expect(replayed.stderr).toBe("");
    expect(replayed.exitCode).toBe(0);
    const again = JSON.parse(replayed.stdout) as Figures;
    expect(again.brain).toBe("recorded claude (claude-test-model)");
    expect(again.modelTurns).toEqual({ ...live.modelTurns, recording: { file: recording, mode: "replayed", requests: live.modelTurns.recording.requests } });
    const same = (f: Figures) => ({ ...f, brain: undefined, modelTurns: { ...f.modelTurns, recording: undefined } });
    expect(same(again)).toEqual(same(live));

    // The table says what was replayed.
    const table = await execa("node", [EVAL_JS, conversations, "--brain", "recorded", "--recording", recording], { reject: false, env: { ANTHROPIC_API_KEY: "" } });
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toContain("recorded claude (claude-test-model) brain");
    expect(table.stdout).toMatch(/turns decided by the model +29; by the offline brain in its place 1; answered badly \(quiet\) 0/);
    expect(table.stdout).toContain(`model requests replayed from ${recording}: ${live.modelTurns.recording.requests}`);

    // One word changed: a request the recording does not hold. Said in one line, exit 2, no figures.
    const changed = join(w.home, "changed.jsonl");
    writeFileSync(changed, JSON.stringify({ ...dentist, turns: [...dentist.turns.slice(0, 2), { speaker: "B", text: "Great idea." }] }));
    const missed = await execa("node", [EVAL_JS, changed, "--brain", "recorded", "--recording", recording], { reject: false, env: { ANTHROPIC_API_KEY: "" } });
    expect(missed.exitCode).toBe(2);
    expect(missed.stdout).toBe("");
    expect(missed.stderr.trim().split("\n")).toHaveLength(1);
    expect(missed.stderr).toMatch(/^eval:conversations: a model request is not in the recording .*run\.jsonl \(".* B \(not the user; the user is \\"A\\"\) said: \\"Great idea\.\\"", key [0-9a-f]{12}\): it holds \d+ answers from another run/);
  }, 120_000);

  it("bad combinations and a missing recording are one line and exit 2", async () => {
    const run = (...args: string[]) => execa("node", [EVAL_JS, conversations, ...args], { reject: false, env: { ANTHROPIC_API_KEY: "" } });
    const offline = await run("--record", join(w.home, "x.jsonl"));
    expect(offline.exitCode).toBe(2);
    expect(offline.stderr).toMatch(/^eval:conversations: --record expected with --brain claude, received --brain offline\n?$/);
    const noFile = await run("--brain", "recorded");
    expect(noFile.exitCode).toBe(2);
    expect(noFile.stderr).toMatch(/^eval:conversations: --brain recorded: expected --recording <file> written by --record, received none\n?$/);
    const missing = await run("--brain", "recorded", "--recording", join(w.home, "none.jsonl"));
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(/^eval:conversations: cannot read the recording .*none\.jsonl: expected a file written with --record, received no such file\n?$/);
    // With a key (nothing is asked: the recording cannot be started).
    const unwritable = await execa("node", [EVAL_JS, conversations, "--brain", "claude", "--record", join(w.home, "no-such-dir", "y.jsonl")], { reject: false, env: { ANTHROPIC_API_KEY: "sk-not-used", ANTHROPIC_BASE_URL: "http://127.0.0.1:9" } });
    expect(unwritable.exitCode).toBe(2);
    expect(unwritable.stderr).toMatch(/^eval:conversations: --record: expected a file that can be written, received .*no-such-dir.*y\.jsonl \(ENOENT[^\n]*\)\n?$/);
    const noKey = await run("--brain", "claude", "--record", join(w.home, "y.jsonl"));
    expect(noKey.exitCode).toBe(2);
    expect(noKey.stderr).toMatch(/expected ANTHROPIC_API_KEY in the environment/);
  }, 60_000);
});
