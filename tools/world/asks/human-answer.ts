/**
 * A person's answer to a failed session, as the Verifier sends the agent back to work with
 * it (verifier/handle.ts): the retry line, and the agent's WORLD_GUIDANCE, read
 *
 *   human answered: at 7am (from terminal) (it was blocked on: when to remind you)
 *
 * An agent that wants the answer itself ("at 7am", not the whole sentence) asks answerWords:
 * a reminder told the time must not take "human answered:" for what to remind of.
 */
import { unstamped } from "../writer.js";
import { withoutRelayTag } from "./spoken.js";

export const HUMAN_PREFIX = "human answered: ";
const BLOCKED_ON = " (it was blocked on: ";

/** The retry line's text for a person's answer (the answer line's text, stamps and all). */
export function humanAnswerRetry(answerLine: string, blocker: string | null | undefined): string {
  return `${HUMAN_PREFIX}${answerLine}${blocker ? `${BLOCKED_ON}${blocker})` : ""}`;
}

/** The person's own words in a retry's guidance; undefined when the guidance is not a person's answer. */
export function answerWords(guidance: string): string | undefined {
  if (!guidance.startsWith(HUMAN_PREFIX)) return undefined;
  let text = guidance.slice(HUMAN_PREFIX.length);
  const blocked = text.lastIndexOf(BLOCKED_ON);
  if (blocked !== -1 && text.endsWith(")")) text = text.slice(0, blocked);
  return withoutRelayTag(unstamped(text.trimEnd())).trim();
}
