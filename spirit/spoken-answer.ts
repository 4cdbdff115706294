/**
 * Answering a nudge by voice. When the user (not another speaker) says a bare yes or no
 * and exactly one nudge is open and was asked within the last two minutes, that is the
 * answer: the Spirit relays it as `[event:user][<nudge-id>] <words> (spoken)`, the same
 * line `world respond` writes, and then handles it like any answer. With no open nudge,
 * or several, or an old one, the words are ordinary speech: it never guesses which
 * question a "yes" was for.
 */
import { readAnswer } from "./answers.js";
import type { Heard, SpiritMemory } from "./memory.js";

const SPOKEN_WINDOW_MS = 2 * 60_000;

export function spokenAnswer(heard: Heard, memory: SpiritMemory, now: number): { nudgeId: string; text: string } | undefined {
  if (!heard.isUser) return undefined;
  const answer = readAnswer(heard.text);
  if (answer.says === "unclear") return undefined;
  // Only a bare reply is an answer: "sure, after lunch" is the user talking to someone
  // else as often as to us, and "yes, and also book a hotel" is a new request too.
  if (answer.says === "yes" && answer.extra !== undefined) return undefined;
  if (heard.text.trim().split(/\s+/).length > 6) return undefined;
  const recent = memory.openNudges().filter((n) => now - n.askedAt <= SPOKEN_WINDOW_MS);
  if (recent.length !== 1) return undefined;
  return { nudgeId: recent[0]!.id, text: `${heard.text.trim()} (spoken)` };
}
