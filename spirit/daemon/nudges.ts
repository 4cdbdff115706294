/**
 * A nudge's life after it is asked: the user's answer (`world respond <nudge-id> yes`,
 * logged as `[event:user][<nudge-id>] yes`) turns it into a spawn or into nothing; no
 * answer within the expiry turns it into nothing, said once.
 */
import type { EventEntry, Located } from "../../tools/world/entry.js";
import { afterAnswer } from "../../tools/world/asks/nudge-state.js";
import { withAdded } from "../../tools/world/asks/nudge-answer.js";
import { unstamped } from "../../tools/world/writer.js";
import type { SpiritConfig } from "./config.js";
import { formatDuration } from "../../tools/duration.js";
import { idOf } from "./ids.js";
import { quote, say } from "./lines.js";
import { withoutRelayTag } from "../../tools/world/asks/spoken.js";
import type { Nudge, SpiritMemory } from "./memory.js";
import { agentKindFor, needFor, taskFromQuestion } from "../decide/plan.js";

/** What to write about a nudge: a line under the nudge's id, and maybe a spawn. */
export type NudgeOutcome =
  | { type: "line"; id: string; output: string }
  | { type: "spawn"; id: string; agentKind: string; task: string; need: string; reason: string };

export const ANSWER_SOURCE = "user";

/** Is this entry an answer to one of our nudges? */
export function isAnswer(entry: Located, memory: SpiritMemory): entry is Located<EventEntry> {
  return entry.kind === "event" && entry.source === ANSWER_SOURCE && memory.nudges.has(entry.id);
}

export function answerNudge(stampedEntry: Located<EventEntry>, memory: SpiritMemory): NudgeOutcome | undefined {
  // What the person said, without the writer the answer's line ends with (tools/world/writer.ts).
  const entry = { ...stampedEntry, output: unstamped(stampedEntry.output) };
  const nudge = memory.nudges.get(entry.id)!;
  // The same rule every reader of the log applies (tools/world/asks/nudge-state.ts).
  // A spoken answer carries the relay's tag: how it came, never words of the user's.
  const { reads: answer, late } = afterAnswer(nudge.status, withoutRelayTag(entry.output));
  if (late) {
    // Answered, declined or expired before: a late answer is acknowledged, never acted on.
    return { type: "line", id: nudge.id, output: say.closed(entry.output, nudge.status) };
  }
  switch (answer.says) {
    case "no":
      return { type: "line", id: nudge.id, output: say.declined(entry.source, entry.output) };
    case "unclear":
      return { type: "line", id: nudge.id, output: say.unclear(nudge.id, entry.output) };
    case "yes":
      return acceptNudge(nudge, entry.source, entry.output, answer.extra);
  }
}

function acceptNudge(nudge: Nudge, who: string, answer: string, extra: string | undefined): NudgeOutcome {
  // The task offered was kept with the nudge; only nudges from before that are read back from the question.
  const agentKind = nudge.offer?.agentKind ?? agentKindFor(nudge.kind);
  const offered = nudge.offer?.task ?? taskFromQuestion(nudge.question);
  const task = extra ? withAdded(offered, who, extra) : offered;
  const id = idOf(agentKind, "accepted", nudge.id);
  return {
    type: "spawn",
    id,
    agentKind,
    task,
    need: nudge.offer?.need ?? needFor(agentKind, task, id),
    reason: `${who} said ${quote(answer)} to ${nudge.id}`,
  };
}

/** Open nudges older than the expiry, each to be closed with one `nudge expired` line. */
export function expiredNudges(memory: SpiritMemory, config: SpiritConfig, now: number): NudgeOutcome[] {
  return memory
    .openNudges()
    .filter((n) => now - n.askedAt >= config.nudgeExpiryMs)
    .map((n) => ({ type: "line", id: n.id, output: say.expired(formatDuration(config.nudgeExpiryMs)) }));
}
