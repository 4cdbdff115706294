/**
 * What the Spirit does with one voice line, in one place: the daemon (spirit/spirit.ts)
 * and `npm run eval:conversations` both call it, so the figures the eval prints are the
 * daemon's. It remembers the line, drops stale ones, relays a bare spoken yes/no to the
 * one recent nudge, and otherwise lets the brain propose and the rules decide.
 */
import type { EventEntry, Located } from "../tools/world/entry.js";
import type { Brain } from "./brain.js";
import type { SpiritConfig } from "./config.js";
import { vetProposal, preferenceAction, type Action } from "./decide.js";
import { heard as heardSuffix, say } from "./lines.js";
import { manageLine } from "./manage.js";
import type { Heard, SpiritMemory } from "./memory.js";
import { spokenAnswer } from "./spoken-answer.js";

export type Hearing =
  /** Too old when reached: context only. */
  | { type: "stale"; heard: Heard; age: number }
  /** A bare yes/no to the one recent nudge: to be relayed as `[event:user][<nudgeId>] <text>`. */
  | { type: "answer"; heard: Heard; nudgeId: string; text: string }
  | { type: "action"; heard: Heard; action: Action };

export interface HearingDeps {
  memory: SpiritMemory;
  brain: Brain;
  config: SpiritConfig;
  /** The world now, as text, for brains that read it (spirit/situation.ts). */
  situation: () => string;
}

export async function hearVoice(entry: Located<EventEntry>, d: HearingDeps, now: number): Promise<Hearing> {
  const { memory, config } = d;
  const recent = [...memory.heard];
  const heard = memory.hear(entry);
  const age = now - Date.parse(entry.ts);
  if (age > config.staleVoiceMs) return { type: "stale", heard, age };
  const spoken = spokenAnswer(heard, memory, now);
  if (spoken !== undefined) return { type: "answer", heard, ...spoken };
  const preference = preferenceAction(heard, entry);
  if (preference) return { type: "action", heard, action: preference };
  const decision = await d.brain.decide({
    heard,
    recent,
    memory: memory.summary(),
    situation: d.situation,
    userSpeaker: config.user,
    conversation: memory.conversation.view(),
    now: new Date(now),
  });
  return { type: "action", heard, action: vetProposal(decision, heard, entry, memory, config, now) };
}

/** The line the Spirit writes for a decided action (a spawn's line comes before the spawn itself). */
export function actionLine(action: Exclude<Action, { type: "quiet" }>, heard: Heard): { id: string; output: string } {
  switch (action.type) {
    case "nudge":
      return { id: action.id, output: say.nudge(action.question, heard.speaker, heard.text, action.offer) };
    case "observe":
      return { id: action.id, output: say.observe(action.note, heard.speaker, heard.text) };
    case "preference":
      return { id: action.id, output: say.preference(action.topic, action.blocked, heard.speaker, heard.text) };
    case "spawn":
      return { id: action.id, output: say.spawn(action.agentKind, action.task, action.reason) };
    case "say":
      return { id: action.id, output: say.say(action.kind, action.text, heard.speaker, heard.text) };
    case "manage":
      return { id: action.id, output: `${manageLine(action.request)} ${heardSuffix(heard.speaker, heard.text)}` };
  }
}
