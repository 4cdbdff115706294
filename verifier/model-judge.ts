/**
 * The model judge: Claude reads the case and calls `record_verdict` with a zod-validated
 * {verdict, reason, guidance}. The conversation is kept in .world/verifier-session.json,
 * resumed after restarts, trimmed as it grows (tools/llm/session.ts) and what is cut
 * summarised (tools/llm/summarise.ts; without the model, verdictDigest).
 */
import type Anthropic from "@anthropic-ai/sdk";
import { z } from "zod";
import { Conversation, type Message } from "../tools/llm/session.js";
import { summariseDropped } from "../tools/llm/summarise.js";
import { askTool } from "../tools/llm/tool-call.js";
import type { WorldPaths } from "../tools/world/paths.js";

const VerdictSchema = z.object({
  verdict: z.enum(["verified", "retry", "failed"]),
  reason: z.string().min(1).max(2000),
  guidance: z.string().max(2000).default(""),
});
export type ModelVerdict = z.infer<typeof VerdictSchema>;

const SYSTEM = `You are the Verifier of "world", a runtime where task agents report into one append-only log.
An agent has said it is finished. Decide whether its evidence meets its need (success criterion).
Call record_verdict exactly once:
- "verified" only when the evidence concretely shows the need is met. Claims without evidence are not enough.
- "retry" when it is incomplete or unproven and another attempt could fix it; guidance: concrete, actionable steps for the agent.
- "failed" when only a human can unblock it; guidance: exactly what is needed from the human.
Reason: one or two sentences naming the evidence you relied on or what is missing.`;

export interface Case {
  id: string;
  task: string;
  need: string;
  output: string;
  attempt: number;
  retriesLeft: number;
  /** Machine checks already run on the need's exact clauses. */
  checks: { clause: string; ok: boolean; detail: string }[];
  /** The session's recent lines as they appear in the log. */
  history: string[];
}

/** Characters of the finish output sent to the model (the whole text is in the attachment). */
const OUTPUT_MAX = 12_000;

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n[… ${text.length - max} more characters not shown]`;
}

function describeCase(c: Case): string {
  const checks = c.checks.length ? c.checks.map((r) => `- ${r.ok ? "PASS" : "FAIL"} ${r.clause}: ${r.detail}`).join("\n") : "(none)";
  return [
    `Session ${c.id}, attempt ${c.attempt} (${c.retriesLeft} retries left).`,
    `Task: ${c.task}`,
    `Need: ${c.need}`,
    `Finish output (the agent's evidence):\n${cut(c.output, OUTPUT_MAX)}`,
    `Exact checks already run:\n${checks}`,
    `Recent log lines of this session:\n${c.history.join("\n") || "(none)"}`,
  ].join("\n\n");
}

export class ModelJudge {
  private readonly conversation: Conversation;
  private pendingToolUse: string | undefined;

  constructor(
    private readonly client: Anthropic,
    private readonly model: string,
    paths: WorldPaths,
  ) {
    this.conversation = new Conversation(paths, "verifier", { keepLatest: 30 });
    const last = this.conversation.messages.at(-1);
    if (last?.role === "assistant" && Array.isArray(last.content)) {
      this.pendingToolUse = last.content.find((b) => b.type === "tool_use")?.id;
    }
  }

  async judgeCase(c: Case): Promise<ModelVerdict> {
    // The previous verdict's tool_use needs its tool_result before the next question.
    const content: Anthropic.ContentBlockParam[] = [];
    if (this.pendingToolUse) content.push({ type: "tool_result", tool_use_id: this.pendingToolUse, content: "recorded" });
    content.push({ type: "text", text: describeCase(c) });
    const question: Message = { role: "user", content };
    const answer = await askTool(this.client, {
      model: this.model,
      system: SYSTEM,
      messages: [...this.conversation.messages, question],
      tool: { name: "record_verdict", description: "Record the verdict on this finished agent.", schema: VerdictSchema },
    });
    this.conversation.push(question, answer.message);
    this.pendingToolUse = answer.toolUseId;
    // Only when this push trimmed something; a verdict waits for it then (rarely, and briefly).
    await summariseDropped(this.conversation, { client: this.client, model: this.model }, verdictDigest);
    return answer.input;
  }
}

/** The summary of trimmed cases when the model cannot write one: the verdicts, counted, and the latest few. */
export function verdictDigest(dropped: readonly Message[], previous: string | undefined): string {
  const counts = { verified: 0, retry: 0, failed: 0 };
  const latest: string[] = [];
  for (const m of dropped) {
    if (m.role !== "assistant" || typeof m.content === "string") continue;
    for (const block of m.content) {
      if (block.type !== "tool_use" || block.name !== "record_verdict") continue;
      const v = VerdictSchema.safeParse(block.input);
      if (!v.success) continue;
      counts[v.data.verdict] += 1;
      latest.push(`${v.data.verdict}: ${v.data.reason.slice(0, 120)}`);
    }
  }
  const now =
    `${counts.verified + counts.retry + counts.failed} earlier verdicts: ${counts.verified} verified, ${counts.retry} retry, ${counts.failed} failed` +
    `${latest.length ? `; latest: ${latest.slice(-3).join("; ")}` : ""}.`;
  return previous ? `${previous} Then ${now}` : now;
}
