/**
 * The general agent's tool loop: ask the model, run the tools it calls (validated, with
 * a timeout each), hand back the results, until it answers without a tool call or the
 * step cap is reached. The answer's first word decides the outcome:
 *   "finish: <evidence>"                      → finish
 *   "failed: <what happened> | need: <what>"  → failed
 * A command the policy refused during the run turns any answer other than finish into
 * `failed … | need: a human to approve: <command>`, so that a human's approval and a
 * retry can carry the task on (tools/command/gate.ts).
 */
import type Anthropic from "@anthropic-ai/sdk";
import { z } from "zod";
import { join } from "node:path";
import { withSdkWarnings } from "../../tools/llm/provider.js";
import type { Conversation } from "../../tools/llm/session.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import type { AgentRun } from "../harness.js";
import { toolByName, TOOLS, type ToolContext } from "./tools.js";

export type Outcome =
  | { status: "finish"; evidence: string }
  | { status: "failed"; text: string; need: string }
  | { status: "stopped"; text: string };

export interface LoopOptions {
  model: string;
  maxSteps: number;
  toolTimeoutMs: number;
  maxTokens?: number;
}

const SYSTEM = `You are a task agent of "world", a personal assistant whose single source of truth is an append-only log, world.log.
You were started for one task and must finish it or say exactly what blocks you. Use the tools; never claim to have done what a tool did not do.
Commands run only through bash_run, under a policy: read-only commands run, anything else is refused until a human approves it. Never work around a refusal (no other tool, no other spelling).
When you are done, answer WITHOUT calling a tool, in one of two forms, first word exactly as shown:
finish: <evidence: what you did and what shows it, concrete enough for a verifier to check against the success criterion>
failed: <what happened> | need: <what a human must provide for the task to go on>`;

/** Where a session's conversation is kept across attempts. */
export function conversationFile(paths: WorldPaths, sessionId: string): string {
  return join(paths.dir, "agents", `${sessionId.replace(/[^A-Za-z0-9._-]/g, "_")}.conversation.json`);
}

/** What a retry adds to the conversation of the attempts before it. */
function retryPrompt(run: AgentRun): string {
  const lines = [`Attempt ${run.env.attempt}: your previous answer did not settle the task (the verifier or a human sent it back).`];
  if (run.env.guidance) lines.push(`Guidance for this attempt (from the verifier or a human): ${run.env.guidance}`);
  lines.push("Continue from where you left off: what you already did and learned is above; do not redo it. Answer finish: or failed: as before.");
  return lines.join("\n");
}

/**
 * The messages to send next: the task on a first attempt; on a retry the conversation of
 * the attempts before, with the retry's prompt. A conversation cut short (the process
 * was killed while a tool ran) loses its dangling tool call, so the API accepts it.
 */
export function openingMessages(history: readonly Anthropic.MessageParam[], run: AgentRun): Anthropic.MessageParam[] {
  if (history.length === 0) return [{ role: "user", content: taskPrompt(run) }];
  const messages = [...history];
  const last = messages.at(-1)!;
  if (last.role === "assistant" && Array.isArray(last.content) && last.content.some((b) => b.type === "tool_use")) messages.pop();
  const tail = messages.at(-1);
  const retry: Anthropic.TextBlockParam = { type: "text", text: retryPrompt(run) };
  if (tail?.role === "user") {
    // Tool results with no answer after them: the retry's words go in the same user turn.
    const content: Anthropic.ContentBlockParam[] = typeof tail.content === "string" ? [{ type: "text", text: tail.content }] : [...tail.content];
    messages[messages.length - 1] = { role: "user", content: [...content, retry] };
  } else {
    messages.push({ role: "user", content: [retry] });
  }
  return messages;
}

function taskPrompt(run: AgentRun): string {
  const lines = [`Task: ${run.env.task}`, `Success criterion (need): ${run.env.need || "(none given)"}`, `Attempt: ${run.env.attempt}`];
  if (run.env.guidance) lines.push(`Guidance for this attempt (from the verifier or a human): ${run.env.guidance}`);
  lines.push(`Your session id: ${run.id}. The world's home: ${run.env.home}.`);
  return lines.join("\n");
}

const FINISH = /^\s*\**finish(?:ed)?\**\s*:\s*([\s\S]+)$/i;
const FAILED = /^\s*\**fail(?:ed)?\**\s*:\s*([\s\S]+?)(?:\s*\|\s*need:\s*([\s\S]+))?$/i;

/** The outcome a final answer states; text in no known form counts as finish evidence (the Verifier judges it). */
export function readAnswer(text: string, ctx: Pick<ToolContext, "approvalNeeds">): Outcome {
  const trimmed = text.trim();
  const finish = FINISH.exec(trimmed);
  if (finish) return { status: "finish", evidence: finish[1]!.trim() };
  const failed = FAILED.exec(trimmed);
  const approval = ctx.approvalNeeds[0];
  if (failed) return { status: "failed", text: failed[1]!.trim(), need: approval ?? failed[2]?.trim() ?? "a human to help with this task" };
  if (approval !== undefined) return { status: "failed", text: trimmed === "" ? "a command was refused" : trimmed, need: approval };
  if (trimmed === "") return { status: "failed", text: "the model gave an empty answer", need: "a human to do or rephrase the task" };
  return { status: "finish", evidence: trimmed };
}

function withTimeout<T>(ms: number, parent: AbortSignal, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const signal = AbortSignal.any([parent, AbortSignal.timeout(ms)]);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error(parent.aborted ? "stopped" : `timed out after ${ms} ms`));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work(signal).then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function errorText(error: unknown): string {
  if (error instanceof z.ZodError) return `invalid input: ${error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ")}`;
  return error instanceof Error ? error.message : String(error);
}

async function runTool(use: Anthropic.ToolUseBlock, ctx: ToolContext, options: LoopOptions): Promise<Anthropic.ToolResultBlockParam> {
  const tool = toolByName(use.name);
  if (tool === undefined) return { type: "tool_result", tool_use_id: use.id, is_error: true, content: `unknown tool ${use.name}` };
  const parsed = tool.schema.safeParse(use.input);
  if (!parsed.success) return { type: "tool_result", tool_use_id: use.id, is_error: true, content: errorText(parsed.error) };
  try {
    const content = await withTimeout(options.toolTimeoutMs, ctx.run.signal, (signal) => tool.run(parsed.data, ctx, signal));
    return { type: "tool_result", tool_use_id: use.id, content };
  } catch (error) {
    return { type: "tool_result", tool_use_id: use.id, is_error: true, content: `${use.name} failed: ${errorText(error)}` };
  }
}

function brief(input: unknown): string {
  const text = JSON.stringify(input) ?? "";
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/**
 * Runs the loop; the conversation (one file per session, kept across attempts) is saved
 * after every step, so a retry continues it instead of starting over.
 */
export async function toolLoop(client: Anthropic, ctx: ToolContext, options: LoopOptions, conversation: Conversation): Promise<Outcome> {
  const { run } = ctx;
  const tools: Anthropic.Tool[] = TOOLS.map((t) => ({
    name: t.name,
    description: t.description,
    input_schema: { ...(z.toJSONSchema(t.schema, { io: "input" }) as Anthropic.Tool.InputSchema), type: "object" },
  }));
  let pending = openingMessages(conversation.messages, run);
  for (let step = 1; step <= options.maxSteps; step++) {
    if (run.signal.aborted) return { status: "stopped", text: `stopped by a signal before step ${step}` };
    const reply = await withSdkWarnings(() =>
      client.messages.create({ model: options.model, max_tokens: options.maxTokens ?? 2048, system: SYSTEM, tools, messages: pending }, { signal: run.signal }),
    );
    conversation.replace([...pending, { role: "assistant", content: reply.content as Anthropic.ContentBlockParam[] }]);
    const uses = reply.content.filter((b): b is Anthropic.ToolUseBlock => b.type === "tool_use");
    if (uses.length === 0) {
      const text = reply.content.filter((b): b is Anthropic.TextBlock => b.type === "text").map((b) => b.text).join("\n");
      return readAnswer(text, ctx);
    }
    run.active(`step ${step}/${options.maxSteps}: ${uses.map((u) => `${u.name} ${brief(u.input)}`).join("; ")}`);
    const results: Anthropic.ToolResultBlockParam[] = [];
    for (const use of uses) results.push(await runTool(use, ctx, options));
    conversation.push({ role: "user", content: results });
    pending = [...conversation.messages];
  }
  if (ctx.approvalNeeds[0] !== undefined) {
    return { status: "failed", text: `stopped after ${options.maxSteps} steps; refused: ${ctx.refused.join(", ")}`, need: ctx.approvalNeeds[0] };
  }
  return { status: "failed", text: `no answer after ${options.maxSteps} model steps (the cap)`, need: "a simpler task, more steps (WORLD_MAX_STEPS), or a human" };
}
