/**
 * What a brain is: given what was just heard, the recent conversation and what the
 * Spirit remembers, it proposes one decision. Brains propose; spirit/decide/decide.ts applies
 * the rules (who may ask for what, preferences, dedupe) before anything is done.
 */
import { z } from "zod";
import type { ConversationView } from "./conversation.js";
import type { Heard } from "../daemon/memory.js";

const ACTIONS = ["spawn", "nudge", "observe", "quiet"] as const;

/** The decision a brain returns; also the input schema of Claude's `decide` tool. */
export const Decision = z.object({
  action: z.enum(ACTIONS).describe("spawn: start a task agent now; nudge: ask the user first; observe: note something for later; quiet: do nothing (the default)"),
  reason: z.string().trim().min(1).max(500).describe("why, in one short sentence"),
  kind: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .optional()
    .describe("for spawn/nudge: what kind of task, e.g. reminder, timer, flight, payment, message, shopping"),
  task: z.string().trim().min(1).max(500).optional().describe("for spawn/nudge: the task in the imperative, e.g. 'remind me to stretch in 2 seconds'"),
  need: z.string().trim().min(1).max(500).optional().describe("for spawn: the success criterion the Verifier checks"),
  question: z.string().trim().min(1).max(300).optional().describe("for nudge: the question to ask the user, phrased 'Want me to …?'"),
  note: z.string().trim().min(1).max(300).optional().describe("for observe: what to remember"),
  settles: z
    .boolean()
    .optional()
    .describe("for nudge on another speaker's turn: true when they have just agreed to what the user proposed, which settles it as the user's plan (the only nudge taken on someone else's words)"),
});
export type Decision = z.infer<typeof Decision>;

/**
 * A decision plus what only a brain inside the Spirit knows: which agent a "yes" to a
 * nudge starts (the offline brain offers a reminder for a plan it cannot carry out
 * itself). Without it the agent follows the kind (spirit/decide/plan.ts agentKindFor).
 */
export type Proposal = Decision & {
  agentKind?: string;
  /** With quiet: a request said to the assistant that no agent here can do, as "I can't <this> yet" (spirit/decide/commands.ts). */
  cannot?: string;
};

export interface BrainInput {
  heard: Heard;
  /** The conversation before it, oldest first (the current utterance not included). */
  recent: readonly Heard[];
  /** What the Spirit remembers, as text. */
  memory: string;
  /**
   * The world now (agents, unanswered questions, next meeting, machine), as text
   * (spirit/daemon/situation.ts); a function, so a brain that does not read it costs nothing.
   */
  situation: () => string;
  userSpeaker: string;
  /** The conversation this utterance belongs to: who is here, who spoke to whom, whether it names the assistant. */
  conversation: ConversationView;
  /**
   * When the words were said (the voice line's own time, never later than now): relative
   * times ("in 10 minutes") count from here, however long the brain or the queue took.
   */
  now: Date;
}

export interface Brain {
  readonly name: string;
  decide(input: BrainInput): Promise<Proposal>;
}
