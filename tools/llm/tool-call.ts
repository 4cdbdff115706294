/**
 * Asking the model for one structured answer: a single tool it must call, whose input
 * is validated with zod. A reply that does not call the tool, or calls it with input
 * that does not validate, is an error the caller handles (no guessing).
 */
import type Anthropic from "@anthropic-ai/sdk";
import { z } from "zod";
import { withSdkWarnings } from "./provider.js";
import type { Message } from "./session.js";

export interface ToolAsk<S extends z.ZodType> {
  model: string;
  system: string;
  messages: Message[];
  tool: { name: string; description: string; schema: S };
  maxTokens?: number;
  /** Aborts the request (the Spirit's deadline): the SDK rejects with APIUserAbortError. */
  signal?: AbortSignal;
  /** Where the SDK's warnings (a deprecated model) go, once each (tools/llm/provider.ts); default stderr. */
  onWarning?: (warning: string) => void;
}

export interface ToolAnswer<T> {
  input: T;
  /** The assistant message as received (to store in a conversation). */
  message: Message;
  toolUseId: string;
}

export class ModelAnswerError extends Error {}

export async function askTool<S extends z.ZodType>(client: Anthropic, ask: ToolAsk<S>): Promise<ToolAnswer<z.infer<S>>> {
  const inputSchema = z.toJSONSchema(ask.tool.schema) as Anthropic.Tool.InputSchema;
  const reply = await withSdkWarnings(
    () =>
      client.messages.create(
        {
          model: ask.model,
          max_tokens: ask.maxTokens ?? 1024,
          system: ask.system,
          messages: ask.messages,
          tools: [{ name: ask.tool.name, description: ask.tool.description, input_schema: { ...inputSchema, type: "object" } }],
          tool_choice: { type: "tool", name: ask.tool.name },
        },
        ask.signal === undefined ? undefined : { signal: ask.signal },
      ),
    ask.onWarning,
  );
  const use = reply.content.find((b): b is Anthropic.ToolUseBlock => b.type === "tool_use" && b.name === ask.tool.name);
  if (use === undefined) throw new ModelAnswerError(`the model did not call ${ask.tool.name} (stop_reason ${reply.stop_reason})`);
  const parsed = ask.tool.schema.safeParse(use.input);
  if (!parsed.success) throw new ModelAnswerError(`the model called ${ask.tool.name} with invalid input: ${parsed.error.message.slice(0, 300)}`);
  return { input: parsed.data, message: { role: "assistant", content: reply.content as Anthropic.ContentBlockParam[] }, toolUseId: use.id };
}
