/**
 * The Spirit's rules, applied to whatever a brain proposes (offline or Claude alike):
 *
 *   - spawn directly only for explicit, low-risk requests (reminder, timer) from THE USER;
 *     any other spawn becomes a nudge (ask first); the same request spawned moments ago
 *     is not spawned again;
 *   - a nudge needs a question, and is dropped (quiet) when the user asked not to hear
 *     about its topic, when the user said no to that kind of nudge more often than yes
 *     recently, or when the same question was asked within the dedupe window;
 *   - quiet is the default; nothing else is ever done.
 *
 * Ids come from the cause (the voice line), so deciding again about the same line
 * gives the same ids and nothing is written twice.
 */
import type { EventEntry, Located } from "../tools/world/entry.js";
import type { Decision } from "./brain.js";
import type { SpiritConfig } from "./config.js";
import { idFor, idPart } from "./ids.js";
import { heard as heardSuffix } from "./lines.js";
import type { Heard, SpiritMemory } from "./memory.js";
import { agentKindFor, DIRECT_KINDS, needFor } from "./plan.js";
import { readPreference, topicCovers } from "./preferences.js";
import { toSecondPerson } from "./intents/normalize.js";

export type Action =
  | { type: "spawn"; id: string; agentKind: string; task: string; need: string; reason: string }
  | { type: "nudge"; id: string; kind: string; question: string }
  | { type: "observe"; id: string; note: string }
  | { type: "preference"; id: string; topic: string; blocked: boolean }
  | { type: "quiet"; why: string };

type Cause = Located<EventEntry>;

function quiet(why: string): Action {
  return { type: "quiet", why };
}

/** "don't suggest flights" from the user: remembered, and nothing else done. */
export function preferenceAction(heard: Heard, cause: Cause): Action | undefined {
  if (!heard.isUser) return undefined;
  const pref = readPreference(heard.text);
  return pref && { type: "preference", id: idFor("pref", cause), topic: pref.topic, blocked: pref.blocked };
}

/**
 * The same request (agent kind and words) within this long is the same request heard
 * twice: a transcriber that repeats itself, or the user saying it again because nothing
 * seemed to happen. Later, it is a new request ("remind me to drink water in an hour").
 */
export const REPEAT_WINDOW_MS = 2 * 60_000;

export function judge(decision: Decision, heard: Heard, cause: Cause, memory: SpiritMemory, config: SpiritConfig, now: number): Action {
  switch (decision.action) {
    case "quiet":
      return quiet(decision.reason);
    case "observe":
      return { type: "observe", id: idFor("obs", cause), note: decision.note ?? decision.reason };
    case "spawn": {
      const kind = decision.kind ?? "general";
      if (!heard.isUser) return nudge(decision, heard, cause, memory, config, now, `${heard.speaker} is not the user`);
      if (!DIRECT_KINDS.has(kind)) return nudge(decision, heard, cause, memory, config, now, `${kind} is not a low-risk kind to do without asking`);
      if (!decision.task) return quiet("a spawn without a task");
      const agentKind = agentKindFor(kind);
      const twice = memory.spawnedRecently(agentKind, decision.task, now, REPEAT_WINDOW_MS);
      if (twice) return quiet(`already done: ${twice.id} was spawned for the same request ${Math.round((now - twice.at) / 1000)}s ago`);
      const id = idFor(agentKind, cause, "spawn");
      return {
        type: "spawn",
        id,
        agentKind,
        task: decision.task,
        need: needFor(agentKind, decision.task, id),
        reason: `${heard.speaker} asked ${heardSuffix(heard.speaker, heard.text)}`,
      };
    }
    case "nudge":
      return nudge(decision, heard, cause, memory, config, now);
  }
}

/** A question for a proposal that came without one: the user's task said back to them, or someone else's words quoted. */
function questionFor(decision: Decision, heard: Heard): string | undefined {
  if (decision.question) return decision.question;
  if (!heard.isUser) return `Want me to do what ${heard.speaker} asked: ${JSON.stringify(heard.text)}?`;
  return decision.task ? `Want me to ${toSecondPerson(decision.task)}?` : undefined;
}

function nudge(decision: Decision, heard: Heard, cause: Cause, memory: SpiritMemory, config: SpiritConfig, now: number, downgraded?: string): Action {
  const question = questionFor(decision, heard);
  if (question === undefined) return quiet(`a nudge without a question${downgraded ? ` (${downgraded})` : ""}`);
  const kind = idPart(decision.kind ?? "general");
  for (const topic of memory.blockedTopics()) {
    if (topicCovers(topic, kind, question)) return quiet(`the user asked for no nudges about ${topic}: not asking ${JSON.stringify(question)}`);
  }
  const answers = memory.declines(kind, now, config.declineMemoryMs);
  if (answers.no > answers.yes) return quiet(`the user said no to ${kind} nudges ${answers.no}× (yes ${answers.yes}×) recently: not asking ${JSON.stringify(question)}`);
  if (memory.askedRecently(question, now, config.dedupeWindowMs)) return quiet(`already asked ${JSON.stringify(question)} recently`);
  return { type: "nudge", id: idFor(`nudge-${kind}`, cause), kind, question };
}
