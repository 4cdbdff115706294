/**
 * The Claude brain's conversation as it grows (in process, the real SDK against a fake
 * Anthropic API on 127.0.0.1): what trimming cuts is summarised by the model, or, when
 * the model is away, by a digest of the decisions themselves.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ClaudeBrain, decisionDigest } from "../../../spirit/decide/brain-claude.js";
import { OfflineBrain } from "../../../spirit/decide/brain-offline.js";
import { SpiritMemory } from "../../../spirit/daemon/memory.js";
import { anthropicFromEnv } from "../../../tools/llm/provider.js";
import { Conversation } from "../../../tools/llm/session.js";
import { SUMMARY_SYSTEM } from "../../../tools/llm/summarise.js";
import { startFakeAnthropic, type FakeAnthropic, type FakeRequest } from "../../support/fake-anthropic.js";
import { tempWorld, type TempWorld } from "../../support/world.js";

let w: TempWorld | undefined;
let fake: FakeAnthropic | undefined;
afterEach(async () => {
  await fake?.close();
  w?.cleanup();
});

type Body = { system?: string; tools?: unknown[]; messages: { role: string; content: string }[] };
const body = (r: FakeRequest) => r.body as Body;
const isSummary = (r: FakeRequest) => body(r).system === SUMMARY_SYSTEM;

function brainFor(summaryUp: () => boolean) {
  return startFakeAnthropic({
    handler: (request) => {
      if (isSummary(request)) return summaryUp() ? { text: `summary #${fake!.requests.filter(isSummary).length}` } : { status: 529 };
      const said = /said: "([^"]*)"/.exec(body(request).messages.at(-1)!.content)![1]!;
      return said.startsWith("remind")
        ? { tool: { name: "decide", input: { action: "spawn", reason: "asked", kind: "reminder", task: said } } }
        : { tool: { name: "decide", input: { action: "quiet", reason: "small talk" } } };
    },
  });
}

function heard(text: string) {
  return { heard: { speaker: "user", text, isUser: true, ts: new Date().toISOString() }, recent: [], memory: "", situation: () => "", userSpeaker: "user", conversation: new SpiritMemory("user").conversation.view(), now: new Date() };
}

describe("the Claude brain's conversation as it grows", () => {
  it("is trimmed and summarised by the model; the summary rides along in every later turn", async () => {
    w = tempWorld();
    fake = await brainFor(() => true);
    const conversation = new Conversation(w.paths, "spirit", { keepLatest: 4 });
    const memory = new SpiritMemory("user");
    const brain = new ClaudeBrain({
      client: anthropicFromEnv({ env: fake.env, maxRetries: 0 })!, model: "m", conversation, fallback: new OfflineBrain(), memory, report: () => {},
    });
    for (const text of ["remind me to stretch in 5 minutes", "nice weather", "so it goes", "remind me to call mum at 6", "ok"]) await brain.decide(heard(text));
    await brain.decide(heard("one more"));
    const summaries = fake.requests.filter(isSummary);
    expect(summaries.length).toBeGreaterThan(0);
    // The model was given the previous summary and the dropped turns, and no tools.
    expect(body(summaries[0]!).tools).toBeUndefined();
    expect(body(summaries[0]!).messages[0]!.content).toMatch(/^Previous summary: \(none\)\n\nMessages:\n(user|assistant): /);
    expect(body(summaries[0]!).messages[0]!.content).toContain('decide {"action":"spawn"');
    const lastDecide = fake.requests.filter((r) => !isSummary(r)).at(-1)!;
    expect(body(lastDecide).messages[1]!.content).toMatch(/trimmed to keep it short; world\.log has the full history\.\)\nSummary of them: summary #\d+$/);
    expect(conversation.summary).toMatch(/^summary #\d+$/);
  });

  it("without the model the summary is a digest of the decisions, never made up", async () => {
    w = tempWorld();
    fake = await brainFor(() => false);
    const conversation = new Conversation(w.paths, "spirit", { keepLatest: 4 });
    const brain = new ClaudeBrain({
      client: anthropicFromEnv({ env: fake.env, maxRetries: 0 })!, model: "m", conversation, fallback: new OfflineBrain(), memory: new SpiritMemory("user"), report: () => {},
    });
    for (const text of ["remind me to stretch in 5 minutes", "nice weather", "so it goes", "ok then", "fine"]) await brain.decide(heard(text));
    await brain.decide(heard("one more"));
    expect(conversation.summary).toMatch(/^\d+ earlier utterances: 1 spawned, 0 nudged, 0 observed, \d+ quiet; latest: spawn "remind me to stretch in 5 minutes"\./);
  });

  it("the digest counts decisions and keeps what came before", () => {
    const d = (input: object) => ({ role: "assistant" as const, content: `decide ${JSON.stringify(input)}` });
    const text = decisionDigest(
      [
        { role: "user", content: "x" },
        d({ action: "nudge", reason: "r", question: "Want me to book it?" }),
        d({ action: "quiet", reason: "r" }),
        { role: "assistant", content: "decide {not json" },
        d({ action: "observe", reason: "r", note: "likes tea" }),
      ],
      "Earlier things.",
    );
    expect(text).toBe('Earlier things. Then 3 earlier utterances: 0 spawned, 1 nudged, 1 observed, 1 quiet; latest: nudge "Want me to book it?"; observe "likes tea".');
  });
});
