/**
 * A persisted conversation with the model: `.world/<name>-session.json`, resumed on the
 * next trigger so the Verifier and the Spirit keep their context across restarts.
 *
 * It is trimmed when it grows: the first message (the standing instructions and
 * context) and the latest messages stay; the middle is replaced by one note that
 * carries a summary of everything dropped so far (the owner writes it: takeDropped()
 * hands over what was cut, setSummary() stores the new summary; tools/llm/summarise.ts).
 * The kept tail starts at a user message, stripped of tool_results whose tool_use was
 * dropped, so no tool_result is ever left without its tool_use (the API rejects that).
 */
import { join } from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import type { z } from "zod";
import { lazyZod } from "../lazy-zod.js";
import { readJsonStateOrNone } from "../fs/json-file.js";
import { UsageError, shown } from "../errors.js";
import { PRIVATE_DIR, type WorldPaths } from "../world/paths.js";
import { writeJsonAtomic } from "../fs/atomic-write.js";

export type Message = Anthropic.MessageParam;

export interface SessionFile {
  name: string;
  createdAt: string;
  updatedAt: string;
  /** How many messages trimming has dropped so far. */
  dropped: number;
  /** What the dropped messages held, as the owner summarised them. */
  summary?: string;
  messages: Message[];
}

export interface ConversationOptions {
  /** Where to keep it instead of `.world/<name>-session.json` (e.g. one file per agent session). */
  file?: string;
  /** Keep at most this many messages after the first (default 40). */
  keepLatest?: number;
  /** Also trim when the JSON of the messages exceeds this many characters (default 200k). */
  maxChars?: number;
}

const NAME_RULE = /^[a-z][a-z0-9_-]{0,63}$/;

function sessionFile(paths: WorldPaths, name: string): string {
  if (!NAME_RULE.test(name)) throw new UsageError(`invalid session name: expected lower-case letters, digits, '-' or '_', received ${shown(name)}`);
  return join(paths.dir, `${name}-session.json`);
}

export class Conversation {
  private state: SessionFile;
  readonly file: string;
  private readonly keepLatest: number;
  private readonly maxChars: number;
  private readonly justDropped: Message[] = [];

  constructor(paths: WorldPaths, name: string, options: ConversationOptions = {}) {
    this.file = options.file ?? sessionFile(paths, name);
    this.keepLatest = Math.max(2, options.keepLatest ?? 40);
    this.maxChars = options.maxChars ?? 200_000;
    this.state = load(this.file) ?? { name, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(), dropped: 0, messages: [] };
  }

  get messages(): readonly Message[] {
    return this.state.messages;
  }

  get dropped(): number {
    return this.state.dropped;
  }

  get summary(): string | undefined {
    return this.state.summary;
  }

  /** The messages the latest trims cut, once (not persisted: a crash loses only a summary's update). */
  takeDropped(): Message[] {
    return this.justDropped.splice(0);
  }

  /** The summary of everything dropped so far; it replaces the note's previous one. */
  setSummary(summary: string): void {
    this.state.summary = summary;
    if (this.state.dropped > 0) this.state.messages[1] = this.note();
    this.save();
  }

  /** Add messages, trim if needed, and save (atomically). */
  push(...messages: Message[]): void {
    this.state.messages.push(...messages);
    this.trim();
    this.save();
  }

  /** The whole conversation as it now is (e.g. its tail mended for a retry), trimmed if needed, saved. */
  replace(messages: readonly Message[]): void {
    this.state.messages = [...messages];
    this.trim();
    this.save();
  }

  /** Drop the last messages (e.g. a question whose answer never came), then save. */
  pop(count = 1): void {
    this.state.messages.splice(Math.max(0, this.state.messages.length - count));
    this.save();
  }

  save(): void {
    this.state.updatedAt = new Date().toISOString();
    writeJsonAtomic(this.file, this.state, { dirMode: PRIVATE_DIR });
  }

  private note(): Message {
    const trimmed = `(${this.state.dropped} earlier messages of this conversation were trimmed to keep it short; world.log has the full history.)`;
    return { role: "assistant", content: this.state.summary ? `${trimmed}\nSummary of them: ${this.state.summary}` : trimmed };
  }

  private trim(): void {
    const all = this.state.messages;
    const tooMany = all.length > this.keepLatest + 1;
    const tooBig = tooMany || JSON.stringify(all).length > this.maxChars;
    if (!tooBig || all.length < 4) return;
    const keep = tooMany ? this.keepLatest : Math.max(2, Math.floor((all.length - 1) / 2));
    // The tail starts at a user message; tool_results whose tool_use was dropped go with it.
    const from = all.length - keep;
    if (from <= 2) return; // it would drop one message at most
    for (let cut = from; cut < all.length; cut++) {
      if (all[cut]!.role !== "user") continue;
      const first = withoutToolResults(all[cut]!);
      if (first === undefined) continue;
      // After a first trim all[1] is the previous note: not a message of the conversation.
      const start = this.state.dropped > 0 ? 2 : 1;
      this.justDropped.push(...all.slice(start, cut));
      this.state.dropped += cut - start;
      this.state.messages = [all[0]!, this.note(), first, ...all.slice(cut + 1)];
      return;
    }
  }
}

/** A user message without its tool_result blocks; undefined if nothing else is left. */
function withoutToolResults(m: Message): Message | undefined {
  if (typeof m.content === "string") return m;
  const rest = m.content.filter((block) => block.type !== "tool_result");
  return rest.length === 0 ? undefined : { role: "user", content: rest };
}

/**
 * The messages themselves are the provider's shape, checked where they are sent; here, that they are messages.
 * Built when there is a stored conversation to check: the offline Spirit loads no zod at start (issue 23).
 */
function SessionSchema(): z.ZodType<SessionFile> {
  const { z } = lazyZod();
  return z.object({
    name: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    dropped: z.number(),
    summary: z.string().optional(),
    messages: z.array(z.custom<Message>((m) => typeof m === "object" && m !== null && "role" in m && "content" in m)),
  });
}

function load(file: string): SessionFile | undefined {
  // Missing or malformed: start a new conversation (the log is the truth).
  return readJsonStateOrNone(file, SessionSchema, "stored conversation");
}
