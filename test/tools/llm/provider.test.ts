import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { anthropicFromEnv, anthropicSdk, DEFAULT_MODEL, modelFromEnv } from "../../../tools/llm/provider.js";
import { askTool, ModelAnswerError } from "../../../tools/llm/tool-call.js";
import { startFakeAnthropic, type FakeAnthropic } from "../../support/fake-anthropic.js";

let fake: FakeAnthropic | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe("anthropicFromEnv", () => {
  it("is undefined without ANTHROPIC_API_KEY (offline by default)", () => {
    expect(anthropicFromEnv({ env: {} })).toBeUndefined();
    expect(anthropicFromEnv({ env: { ANTHROPIC_API_KEY: "  " } })).toBeUndefined();
  });

  it("takes the model from WORLD_MODEL, else the default", () => {
    expect(modelFromEnv({})).toBe(DEFAULT_MODEL);
    expect(modelFromEnv({ WORLD_MODEL: "claude-haiku-4-5" })).toBe("claude-haiku-4-5");
  });

  it("talks to ANTHROPIC_BASE_URL with the real SDK", async () => {
    fake = await startFakeAnthropic({ replies: [{ text: "hello from the fake" }] });
    const client = anthropicFromEnv({ env: fake.env })!;
    const reply = await client.messages.create({ model: "claude-test", max_tokens: 50, messages: [{ role: "user", content: "hi" }] });
    expect(reply.content).toEqual([{ type: "text", text: "hello from the fake" }]);
    expect(reply.model).toBe("claude-test");
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.path).toBe("/v1/messages");
    const headers = fake.requests[0]!.headers;
    expect(`${headers["x-api-key"] ?? ""} ${headers.authorization ?? ""}`).toContain("sk-fake-test-key");
    expect(fake.requests[0]!.body.messages).toEqual([{ role: "user", content: "hi" }]);
  });

  it("surfaces 529 overloaded as an APIError when retries are exhausted", async () => {
    fake = await startFakeAnthropic({ replies: [{ status: 529 }, { status: 529 }] });
    const client = anthropicFromEnv({ env: fake.env, maxRetries: 1 })!;
    const call = client.messages.create({ model: "m", max_tokens: 5, messages: [{ role: "user", content: "x" }] });
    await expect(call).rejects.toBeInstanceOf(anthropicSdk().APIError);
    await expect(call).rejects.toMatchObject({ status: 529 });
    expect(fake.requests).toHaveLength(2); // the SDK retried once
  });

  it("recovers when the SDK's retry meets a good answer after a 500", async () => {
    fake = await startFakeAnthropic({ replies: [{ status: 500 }, { text: "ok" }] });
    const client = anthropicFromEnv({ env: fake.env, maxRetries: 1 })!;
    const reply = await client.messages.create({ model: "m", max_tokens: 5, messages: [{ role: "user", content: "x" }] });
    expect(reply.content[0]).toMatchObject({ text: "ok" });
  });
});

describe("askTool", () => {
  const schema = z.object({ verdict: z.enum(["yes", "no"]), reason: z.string().min(1) });
  const tool = { name: "answer", description: "answer yes or no", schema };

  it("returns the validated tool input and forces the tool", async () => {
    fake = await startFakeAnthropic({ replies: [{ tool: { name: "answer", input: { verdict: "yes", reason: "because" } } }] });
    const client = anthropicFromEnv({ env: fake.env, maxRetries: 0 })!;
    const answer = await askTool(client, { model: "m", system: "be brief", messages: [{ role: "user", content: "?" }], tool });
    expect(answer.input).toEqual({ verdict: "yes", reason: "because" });
    const body = fake.requests[0]!.body;
    expect(body.tool_choice).toEqual({ type: "tool", name: "answer" });
    expect(body.tools[0].input_schema.properties.verdict.enum).toEqual(["yes", "no"]);
    expect(body.system).toBe("be brief");
  });

  it("rejects input that does not validate, and a reply without the tool", async () => {
    fake = await startFakeAnthropic({ replies: [{ tool: { name: "answer", input: { verdict: "maybe" } } }, { text: "I refuse" }] });
    const client = anthropicFromEnv({ env: fake.env, maxRetries: 0 })!;
    const ask = { model: "m", system: "s", messages: [{ role: "user" as const, content: "?" }], tool };
    await expect(askTool(client, ask)).rejects.toBeInstanceOf(ModelAnswerError);
    await expect(askTool(client, ask)).rejects.toThrow(/did not call answer/);
  });

  it("answers from a handler when the queue is empty", async () => {
    fake = await startFakeAnthropic({ handler: (r) => ({ text: `you said ${r.body.messages[0].content}` }) });
    const client = anthropicFromEnv({ env: fake.env, maxRetries: 0 })!;
    const reply = await client.messages.create({ model: "m", max_tokens: 5, messages: [{ role: "user", content: "ping" }] });
    expect(reply.content[0]).toMatchObject({ text: "you said ping" });
  });
});
