/**
 * The general agent: a Claude tool loop for tasks no specific agent handles.
 *
 * With ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL, WORLD_MODEL: tools/llm/provider.ts) the
 * model works the task with the tools in tools.ts, at most WORLD_MAX_STEPS model calls
 * (default 12), each tool call at most WORLD_TOOL_TIMEOUT_MS (default 60 s). Its
 * conversation is kept in .world/agents/<id>.conversation.json, so a retry (the
 * Verifier's guidance, a human's answer) continues the work instead of starting over.
 * Without a key it does not pretend: `failed no model available | need: an LLM API key or a human`.
 */
import { join } from "node:path";
import { BrowserHolder } from "../../tools/chrome/browser.js";
import { ChromeTools } from "../../tools/chrome/tools.js";
import { anthropicFromEnv, anthropicSdk, modelFromEnv } from "../../tools/llm/provider.js";
import { Conversation } from "../../tools/llm/session.js";
import { runAgent } from "../harness.js";
import { countFromEnv } from "../../tools/count.js";
import { msFromEnv } from "../../tools/duration.js";
import { conversationFile, toolLoop } from "./loop.js";
import type { ToolContext } from "./tools.js";

await runAgent(async (run) => {
  const client = anthropicFromEnv();
  if (client === undefined) {
    run.fail("no model available (ANTHROPIC_API_KEY is not set)", "an LLM API key or a human");
    return;
  }
  const model = modelFromEnv();
  const maxSteps = Math.min(50, countFromEnv("WORLD_MAX_STEPS", 12));
  run.active(`working with ${model} (at most ${maxSteps} steps): ${run.env.task}`);
  const chrome = new ChromeTools(new BrowserHolder(), join(run.paths.dir, "screenshots", run.id.replace(/[^A-Za-z0-9._-]/g, "_")));
  const ctx: ToolContext = { run, chrome, refused: [], approvalNeeds: [] };
  try {
    // One conversation per session, kept across attempts: a retry continues it.
    const conversation = new Conversation(run.paths, "agent", { file: conversationFile(run.paths, run.id), keepLatest: 60 });
    const outcome = await toolLoop(client, ctx, { model, maxSteps, toolTimeoutMs: msFromEnv("WORLD_TOOL_TIMEOUT_MS", 60_000) }, conversation);
    if (outcome.status === "finish") run.finish(outcome.evidence);
    else if (outcome.status === "failed") run.fail(outcome.text, outcome.need);
    else run.active(outcome.text);
  } catch (error) {
    if (run.signal.aborted) {
      run.active("stopped by a signal while waiting for the model");
    } else if (error instanceof anthropicSdk().APIError) {
      run.fail(`the model call failed: ${error.status ?? "no status"} ${error.message.slice(0, 200)}`, "the model API to answer (try again later) or a human");
    } else {
      throw error;
    }
  } finally {
    await chrome.close();
  }
});
