/**
 * What the Spirit does with one voice line, in one place: the daemon (spirit/daemon/spirit.ts)
 * and `npm run eval:conversations` both call it, so the figures the eval prints are the
 * daemon's. It remembers the line, drops stale ones, relays a bare spoken yes/no to the
 * one recent nudge, and otherwise lets the brain propose and the rules decide; a question
 * is asked only when it passes the question check, whoever worded it.
 */
import type { EventEntry, Located } from "../../tools/world/entry.js";
import type { Brain, BrainInput, Proposal } from "./brain.js";
import { answer, cannot, taskOf, type WorldView } from "./commands.js";
import { idFor } from "../daemon/ids.js";
import { readCommand } from "../intents/commands.js";
import { loadNlp } from "../language/nlp.js";
import { questionProblems } from "../language/question-check.js";
import { agentKindFor } from "./plan.js";
import type { SpiritConfig } from "../daemon/config.js";
import { vetProposal, preferenceAction, type Action } from "./decide.js";
import { heard as heardSuffix, say } from "../daemon/lines.js";
import { manageLine, type Managed } from "./manage.js";
import type { Heard, SpiritMemory } from "../daemon/memory.js";
import { spokenAnswer } from "./spoken-answer.js";

export type Hearing =
  /** Too old when reached: context only. */
  | { type: "stale"; heard: Heard; age: number }
  /** Heard late, in a backlog the Spirit caught up with (spirit/daemon/late.ts): context, not a request. */
  | { type: "context"; heard: Heard }
  /** A bare yes/no to the one recent nudge, or a time to the one failed session told to the user that asks when: relayed as `[event:user][<to>] <text>` (spoken-answer.ts). */
  | { type: "answer"; heard: Heard; to: string; text: string; /** A request said after the yes ("… and also set an alarm for seven"), decided as a command. */ then?: Action }
  | { type: "action"; heard: Heard; action: Action };

export interface HearingDeps {
  memory: SpiritMemory;
  brain: Brain;
  config: SpiritConfig;
  /** The world now, as text, for brains that read it (spirit/daemon/situation.ts). */
  situation: () => string;
  /** The world now, for answers about it and for requests still at work (absent: not known). */
  world?: WorldView;
}

export async function hearVoice(entry: Located<EventEntry>, d: HearingDeps, now: number): Promise<Hearing> {
  const { memory, config } = d;
  const recent = [...memory.heard];
  const heard = memory.hear(entry);
  const age = now - Date.parse(entry.ts);
  if (age > config.staleVoiceMs) return { type: "stale", heard, age };
  const spoken = spokenAnswer(heard, memory);
  if (spoken !== undefined) {
    const { rest, ...relay } = spoken;
    if (rest === undefined) return { type: "answer", heard, ...relay };
    // The request after the yes, as the grammar of commands reads it alone (nothing else is guessed at).
    const restHeard = { ...heard, text: rest };
    const then = await commandAction(restHeard, { ...entry, output: rest }, d, now, brainInput(restHeard, recent, d, now, entry.ts), rest);
    return { type: "answer", heard, ...relay, ...(then !== undefined && { then }) };
  }
  const preference = preferenceAction(heard, entry);
  if (preference) return { type: "action", heard, action: preference };
  const input = brainInput(heard, recent, d, now, entry.ts);
  const command = await commandAction(heard, entry, d, now, input);
  if (command) return { type: "action", heard, action: command };
  const decision = await d.brain.decide(input);
  return { type: "action", heard, action: await readable(vetProposal(decision, heard, entry, memory, config, now, d.world)) };
}

/**
 * No question is asked that fails the question check (spirit/language/question-check.ts),
 * whichever brain worded it: quiet is better than garbled speech said back. The offline
 * brain's offers pass it already (spirit/decide/offers.ts); a model's are held to it here.
 */
async function readable(action: Action): Promise<Action> {
  if (action.type !== "nudge") return action;
  const problems = questionProblems(await loadNlp(), action.question);
  return problems.length === 0 ? action : { type: "quiet", why: `the question ${JSON.stringify(action.question)} fails the question check: ${problems.join("; ")}` };
}

/**
 * A voice line heard late, inside a backlog (docs/spirit.md, "A Spirit behind the log"):
 * remembered as conversation, and not decided. What is cheap and still true is kept: a
 * bare spoken yes/no to the one recent question (timed by its own words, like any answer)
 * and a preference ("don't suggest flights"). Nothing here asks the brain.
 */
export function foldLate(entry: Located<EventEntry>, memory: SpiritMemory): Hearing {
  const heard = memory.hear(entry);
  const spoken = spokenAnswer(heard, memory);
  if (spoken !== undefined) return { type: "answer", heard, ...spoken };
  const preference = preferenceAction(heard, entry);
  if (preference) return { type: "action", heard, action: preference };
  return { type: "context", heard };
}

/**
 * A request the grammar of commands recognises, said to the assistant alone or by name
 * (spirit/decide/commands.ts): reminders and timers go through the rules like any spawn;
 * management, questions about the world and requests no agent can do get their own line.
 */
async function commandAction(heard: Heard, entry: Located<EventEntry>, d: HearingDeps, now: number, input: BrainInput, said?: string): Promise<Action | undefined> {
  const view = d.memory.conversation.view();
  if (!heard.isUser || (view.userWith.length > 0 && !view.addressed)) return undefined;
  const command = readCommand(said ?? (view.addressed ? view.rest : heard.text));
  if (command === undefined) return undefined;
  switch (command.type) {
    case "manage":
      // The user's own words, cited on whatever is done for them (tools/world/actor.ts checks the citation against the log).
      return { type: "manage", id: idFor("manage", entry), request: command.request, atWork: sessionsOpen(d.world), voice: { line: entry.line, ts: entry.ts, speaker: entry.id, text: entry.output } };
    case "query":
      return { type: "say", id: idFor("answer", entry), kind: "answer", text: answer(command.topic, d.world, new Date(now), command.about, command.when) };
    case "task": {
      // A brain with an agent that can do it (a search, a general agent with a model) is asked; otherwise one honest line.
      const proposal = await d.brain.decide(input);
      const agentKind = proposal.agentKind ?? (proposal.kind === undefined ? undefined : agentKindFor(proposal.kind));
      // A reminder offered to do it at the time the user said ("text bob in 3 seconds") helps; one at
      // another time does not ("call an uber for seven" is not "remind me in 1 hour").
      const atTheTimeSaid = command.when !== undefined && proposal.action === "nudge" && (proposal.task ?? "").includes(command.when);
      const offered = agentKind !== undefined && ((agentKind !== "reminder" && agentKind !== "timer") || atTheTimeSaid);
      if ((proposal.action === "nudge" || proposal.action === "spawn") && offered) {
        return readable(vetProposal(proposal, heard, entry, d.memory, d.config, now, d.world));
      }
      return { type: "say", id: idFor("cant", entry), kind: "can't", text: cannot(command.capability) };
    }
    default: {
      // Setting a reminder or a timer is the brain's to word when it is a model; the offline brain's words are the grammar's.
      if (d.brain.name !== "offline") return undefined;
      const set = taskOf(command, await loadNlp());
      if (set === undefined) return undefined;
      const proposal: Proposal = { action: "spawn", kind: set.kind, task: set.task, reason: `a ${set.kind} in words the assistant knows` };
      return readable(vetProposal(proposal, heard, entry, d.memory, d.config, now, d.world));
    }
  }
}

/** The sessions not over: what "cancel my alarm" (a reminder or timer at work or parked) or "stop that agent" (any) can mean. */
function sessionsOpen(world: WorldView | undefined): Managed[] {
  return (world?.agentsNow() ?? [])
    .filter((a) => a.state === "active" || a.state === "parked" || a.state === "pending" || a.state === "failed")
    .map((a): Managed => ({ id: a.id, task: a.task, state: a.state === "parked" || a.state === "active" ? "active" : a.state === "pending" ? "pending" : "failed" }));
}

function brainInput(heard: Heard, recent: readonly Heard[], d: HearingDeps, now: number, said: string): BrainInput {
  return {
    heard,
    recent,
    memory: d.memory.summary(),
    situation: d.situation,
    userSpeaker: d.config.user,
    conversation: d.memory.conversation.view(),
    // The words' own time: "in 10 minutes" counts from when it was said, not from now.
    now: new Date(Math.min(now, Date.parse(said))),
  };
}

/**
 * The line the Spirit writes for a decided action (a spawn's line comes before the spawn
 * itself). For a management decision with something to act on, this is the decision only:
 * the daemon acts, and writes what it did instead (spirit/daemon/spirit.ts, spirit/decide/manage.ts).
 */
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
      return { id: action.id, output: `${manageLine(action.request, action.atWork)} ${heardSuffix(heard.speaker, heard.text)}` };
  }
}
