/**
 * The model provider, dependable: the default model is not on the SDK's own list of deprecated models,
 * and the SDK's per-call deprecation warning is said once, to the caller, never on stderr
 * per call (the real SDK against test/support/fake-anthropic.ts).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { anthropicFromEnv, DEFAULT_MODEL, modelFromEnv } from "../../../tools/llm/provider.js";
import { askTool } from "../../../tools/llm/tool-call.js";
import { startFakeAnthropic, type FakeAnthropic } from "../../support/fake-anthropic.js";

/** The SDK's DEPRECATED_MODELS, read from its source (it is not exported). */
function deprecatedModels(): string[] {
  const main = createRequire(import.meta.url).resolve("@anthropic-ai/sdk");
  const source = readFileSync(join(dirname(main), "resources", "messages", "messages.js"), "utf8");
  const table = /const DEPRECATED_MODELS = \{([^}]*)\}/.exec(source);
  expect(table, "the SDK's DEPRECATED_MODELS table").not.toBeNull();
  return [...table![1]!.matchAll(/'([^']+)'\s*:/g)].map((m) => m[1]!);
}

let fake: FakeAnthropic | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  vi.restoreAllMocks();
});

describe("the model provider", () => {
  it("the default model is a current one; WORLD_MODEL still chooses", () => {
    const deprecated = deprecatedModels();
    expect(deprecated).toContain("claude-sonnet-4-5"); // the list is read (the old default is on it)
    expect(deprecated).not.toContain(DEFAULT_MODEL);
    expect(modelFromEnv({})).toBe(DEFAULT_MODEL);
    expect(modelFromEnv({ WORLD_MODEL: "claude-haiku-4-5" })).toBe("claude-haiku-4-5");
  });

  it("a deprecated model is said once, to the caller, not on every call", async () => {
    fake = await startFakeAnthropic();
    fake.handle(() => ({ tool: { name: "answer", input: { ok: true } } }));
    const client = anthropicFromEnv({ env: fake.env, maxRetries: 0 })!;
    const consoleWarn = vi.spyOn(console, "warn");
    const stderr = vi.spyOn(process.stderr, "write");
    const said: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await askTool(client, {
        model: "claude-sonnet-4-5",
        system: "test",
        messages: [{ role: "user", content: `call ${i}` }],
        tool: { name: "answer", description: "answer", schema: z.object({ ok: z.boolean() }) },
        onWarning: (w) => said.push(w),
      });
      expect(answer.input).toEqual({ ok: true });
    }
    expect(fake.requests).toHaveLength(3);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/claude-sonnet-4-5' is deprecated/);
    expect(consoleWarn).not.toHaveBeenCalled();
    expect(stderr).not.toHaveBeenCalled();
  });
});
