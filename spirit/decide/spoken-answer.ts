/**
 * Answering a nudge by voice. A yes or no counts only when it answers the assistant:
 *
 *   - said by the user (never by another speaker);
 *   - bare ("yes", "no thanks"; "sure, after lunch" is as often said to someone else);
 *   - after the question, by the voice line's own time, not by the order the Spirit reads
 *     the lines in (a Spirit behind the log must not take a "yeah" said before its
 *     question as the answer to it), and soon after it (SPOKEN_WINDOW_MS);
 *   - with no one else speaking in between: a "yeah" after a colleague's turn answers the
 *     colleague, and so does one after someone else's question, even one asked before
 *     the Spirit's question reached the log;
 *   - to the one question open in that window (it never guesses which question a yes was for).
 *
 * Such an answer is relayed as `[event:user][<nudge-id>] <words> (spoken)`, the line
 * `world respond` would write; anything else is conversation. The tag says how the
 * answer came: it is the relay's, never the user's words (tools/world/asks/spoken.ts).
 */
import { readAnswer } from "../../tools/world/asks/nudge-answer.js";
import { relayed } from "../../tools/world/asks/spoken.js";
import type { Heard, SpiritMemory } from "../daemon/memory.js";

/** How soon after the question a spoken yes or no still answers it. */
export const SPOKEN_WINDOW_MS = 60_000;
const MAX_WORDS = 6;

/**
 * Words that are only a yes or a no ("yeah", "no thanks"): an answer when they answer the
 * assistant, conversation otherwise, and never a request ("yes, and also book a hotel" is
 * a new request too).
 */
export function bareAnswer(text: string): boolean {
  const answer = readAnswer(text);
  if (answer.says === "unclear" || (answer.says === "yes" && answer.extra !== undefined)) return false;
  return text.trim().split(/\s+/).length <= MAX_WORDS;
}

export function spokenAnswer(heard: Heard, memory: SpiritMemory): { nudgeId: string; text: string } | undefined {
  if (!heard.isUser || !bareAnswer(heard.text)) return undefined;
  const at = Date.parse(heard.ts);
  const open = memory.openNudges().filter((n) => at > n.askedAt && at - n.askedAt <= SPOKEN_WINDOW_MS);
  if (open.length !== 1) return undefined;
  const nudge = open[0]!;
  // The conversation up to this line (the line itself is its latest turn).
  const before = memory.conversation.view().turns.slice(0, -1);
  if (before.some((t) => !t.isUser && t.at >= nudge.askedAt)) return undefined; // someone else spoke since the question
  if (before.at(-1)?.isUser === false) return undefined; // the reply to the one who spoke last
  return { nudgeId: nudge.id, text: relayed(heard.text) };
}
