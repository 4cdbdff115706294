/**
 * Folding what a conversation trimmed into its running summary (tools/llm/session.ts).
 * With the model: one short request, no tools, that merges the previous summary with the
 * dropped messages. When the model cannot answer (an outage, an empty reply), the
 * caller's digest is used instead: counts and the last few decisions, computed from the
 * messages themselves — less, but true, and never a guess dressed up as a summary.
 */
import type Anthropic from "@anthropic-ai/sdk";
import { withSdkWarnings } from "./provider.js";
import type { Conversation, Message } from "./session.js";

export const SUMMARY_SYSTEM =
  "You keep the running memory of a long conversation of an assistant with its world. Merge the previous summary " +
  "and the messages below into one plain-text summary of at most 150 words: what was asked or heard, what was " +
  "decided and done, and what the user prefers or declined. Facts only; no preamble.";

/** The caller's summary without a model: from the dropped messages and the previous summary. */
export type Digest = (dropped: readonly Message[], previous: string | undefined) => string;

const MAX_TRANSCRIPT = 20_000;
const MAX_SUMMARY = 2_000;

/** A message as one line of text: its text, the tools it called, the results it carried. */
function messageText(m: Message): string {
  if (typeof m.content === "string") return `${m.role}: ${m.content}`;
  const parts = m.content.map((b) => {
    if (b.type === "text") return b.text;
    if (b.type === "tool_use") return `called ${b.name} ${JSON.stringify(b.input)}`;
    if (b.type === "tool_result") return `result: ${typeof b.content === "string" ? b.content : JSON.stringify(b.content)}`;
    return `(${b.type})`;
  });
  return `${m.role}: ${parts.join(" ")}`;
}

/**
 * Summarises what the conversation dropped since the last call, if anything, and stores
 * the summary in it. Returns who wrote it ("model" or "digest"), or undefined when
 * nothing had been dropped.
 */
export async function summariseDropped(
  conversation: Conversation,
  ask: { client: Anthropic; model: string } | undefined,
  digest: Digest,
): Promise<"model" | "digest" | undefined> {
  const dropped = conversation.takeDropped();
  if (dropped.length === 0) return undefined;
  const previous = conversation.summary;
  if (ask !== undefined) {
    try {
      const transcript = dropped.map(messageText).join("\n").slice(-MAX_TRANSCRIPT);
      const reply = await withSdkWarnings(() =>
        ask.client.messages.create({
          model: ask.model,
          max_tokens: 400,
          system: SUMMARY_SYSTEM,
          messages: [{ role: "user", content: `Previous summary: ${previous ?? "(none)"}\n\nMessages:\n${transcript}` }],
        }),
      );
      const text = reply.content
        .filter((b): b is Anthropic.TextBlock => b.type === "text")
        .map((b) => b.text)
        .join(" ")
        .trim();
      if (text) {
        conversation.setSummary(text.slice(0, MAX_SUMMARY));
        return "model";
      }
    } catch {
      // The model is away: the digest below still keeps what the messages say.
    }
  }
  conversation.setSummary(digest(dropped, previous).slice(-MAX_SUMMARY));
  return "digest";
}
