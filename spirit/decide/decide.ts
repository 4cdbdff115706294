/**
 * The Spirit's rules, applied to whatever a brain proposes (offline or Claude alike):
 *
 *   - spawn directly only for explicit, low-risk requests (reminder, timer) from THE USER;
 *     any other spawn becomes a nudge (ask first); the same request spawned moments ago
 *     is confirmed ("your 30 seconds timer is already running"), not spawned again, while
 *     its agent is at work; once it is done, the same words are a new request;
 *   - a bare yes or no ("yeah", "no thanks") starts nothing: consent is only the spoken
 *     answer to the assistant's own question (spirit/decide/spoken-answer.ts), relayed before a
 *     brain is asked; one that reaches a brain answered someone else, or came too late;
 *   - a nudge needs a question, and is dropped (quiet) when the user asked not to hear
 *     about its topic, when the user said no to that kind of nudge more often than yes
 *     recently, or when the same question was asked within the dedupe window;
 *   - in a conversation (spirit/decide/conversation.ts) the user's words are said to the other
 *     person: only explicit reminder/timer/alarm wording or the assistant's name may
 *     spawn; another speaker's request is never acted on (their yes to the user's own
 *     proposal, in reply to the user's turn, settles it, and the user is asked about it then); at most one nudge per
 *     conversation with others present, unless the user said yes to the last one
 *     (alone with the assistant, each request is its own);
 *   - a reminder, an alarm or a timer said to the assistant without a time is started all the
 *     same: its agent asks the user when (one question, "when to remind you"), and the
 *     answer arms it with the words first said; among people, one without a time stays theirs;
 *   - quiet is the default; nothing else is ever done.
 *
 * Ids come from the cause (the voice line), so deciding again about the same line
 * gives the same ids and nothing is written twice.
 */
import type { VoiceLine } from "../../tools/world/actor.js";
import type { EventEntry, Located } from "../../tools/world/entry.js";
import type { Proposal } from "./brain.js";
import type { SpiritConfig } from "../daemon/config.js";
import { idFor, idPart } from "../daemon/ids.js";
import { heard as heardSuffix, type Offer } from "../daemon/lines.js";
import type { Heard, SpiritMemory } from "../daemon/memory.js";
import { agentKindFor, DIRECT_KINDS, needFor } from "./plan.js";
import { readPreference, topicCovers } from "./preferences.js";
import { secondPerson } from "./offers.js";
import { EXPLICIT } from "./plans/words.js";
import { bareAnswer } from "./spoken-answer.js";
import type { Managed, ManageRequest } from "./manage.js";
import type { WorldView } from "./commands.js";

/** What a `say` line is: an answer about the world, an honest "can't", or a request already being done. */
export type SayKind = "answer" | "can't" | "already";

export type Action =
  | { type: "spawn"; id: string; agentKind: string; task: string; need: string; reason: string }
  | { type: "nudge"; id: string; kind: string; question: string; offer?: Offer }
  | { type: "observe"; id: string; note: string }
  | { type: "preference"; id: string; topic: string; blocked: boolean }
  /** One line for the user: an answer about the world, an honest "can't", a request already being done (spirit/decide/commands.ts). */
  | { type: "say"; id: string; kind: SayKind; text: string }
  /** Cancel, move or snooze what the assistant is doing, for the user whose words `voice` cites (spirit/decide/manage.ts carries it out). */
  | { type: "manage"; id: string; request: ManageRequest; atWork: Managed[]; voice: VoiceLine }
  | { type: "quiet"; why: string };

type Cause = Located<EventEntry>;

const TIMED_KINDS = new Set(["timer", "alarm"]);
const NAMES_THE_KIND = /\b(?:timers?|alarms?|wake|remind)\b/i;
const SAYS_A_TIME = /\d|\b(?:seconds?|minutes?|hours?|noon|midnight|morning|tonight|tomorrow|half|quarter|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty)\b/i;

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
const REPEAT_WINDOW_MS = 2 * 60_000;
/** How far back a request still at work is looked for (the world says whether it still is). */
const PENDING_MEMORY_MS = 24 * 3_600_000;

function alreadyText(agentKind: string, task: string, id: string): string {
  const timer = /^set a timer for (.+?)(?: for (.+))?$/.exec(task);
  if (agentKind === "timer" && timer) return `your ${timer[1]}${timer[2] ? ` ${timer[2]}` : ""} timer is already running (${id})`;
  return `already on it: ${JSON.stringify(task)} is ${agentKind === "reminder" ? "set" : "at work"} (${id})`;
}

/** What the Spirit does about a brain's proposal, once the rules above have had their say. */
export function vetProposal(decision: Proposal, heard: Heard, cause: Cause, memory: SpiritMemory, config: SpiritConfig, now: number, world?: Pick<WorldView, "stillAtWork">): Action {
  if (decision.action === "quiet") {
    if (decision.cannot !== undefined && heard.isUser) return { type: "say", id: idFor("cant", cause), kind: "can't", text: `I can't ${decision.cannot} yet` };
    return quiet(decision.reason);
  }
  const conversation = memory.conversation.view();
  // What someone else asks for is theirs, whatever a brain makes of it.
  // Only a nudge about the user's own arrangement, settled by the other's yes to it, is asked on their words:
  // their reply to the user, so the turn before theirs is the user's.
  const settled = decision.action === "nudge" && decision.settles === true && conversation.turns.at(-2)?.isUser === true;
  if (!heard.isUser && !settled) return quiet(`${heard.speaker} is not the user: ${decision.action} not taken (${decision.reason})`);
  // A bare yes or no the spoken-answer rule did not take answered someone else, or came too late: never consent.
  if (decision.action === "spawn" && bareAnswer(heard.text)) return quiet(`${JSON.stringify(heard.text)} is a bare yes or no that answered no question of the assistant's: nothing is started on it (${decision.reason})`);
  const amongPeople = conversation.userWith.length > 0 && !conversation.addressed;
  switch (decision.action) {
    case "observe":
      return { type: "observe", id: idFor("obs", cause), note: decision.note ?? decision.reason };
    case "spawn": {
      const kind = decision.kind ?? "general";
      if (!DIRECT_KINDS.has(kind)) return nudge(decision, heard, cause, memory, config, now, `${kind} is not a low-risk kind to do without asking`);
      if (amongPeople && !EXPLICIT.test(heard.text)) {
        return quiet(`said to ${conversation.userWith.join(", ")}, without explicit reminder wording or the name ${JSON.stringify(config.assistantName)}: ${decision.reason}`);
      }
      if (!decision.task) return quiet("a spawn without a task");
      // A timer or an alarm is set for a time. Said to the assistant without one, it is started
      // like a reminder without one: its agent asks the user when, and keeps the request until
      // answered. Among people ("i need to set an alarm"), it stays theirs.
      if (TIMED_KINDS.has(kind) && !SAYS_A_TIME.test(decision.task)) {
        if (amongPeople) return quiet(`a ${kind} without a time in ${JSON.stringify(decision.task)}, said among people: ${decision.reason}`);
        // Neither a time nor the word for it ("set time zone" heard as a timer): nothing to start.
        if (!NAMES_THE_KIND.test(decision.task)) return quiet(`a ${kind} without a time, in words that do not ask for one: ${JSON.stringify(decision.task)}`);
      }
      const agentKind = decision.agentKind ?? agentKindFor(kind);
      const id = idFor(agentKind, cause, "spawn");
      const twice = memory.spawnedRecently(agentKind, decision.task, now, PENDING_MEMORY_MS);
      // This very line decided again (a restart before the cursor moved): the same spawn, which is not written twice.
      if (twice?.id === id) return spawnAction(id, agentKind, decision.task, decision.need, heard);
      // Still at work (or only just started, and not yet heard of): the same request is confirmed, not done twice.
      const atWork = twice && (world?.stillAtWork(twice.id) ?? (now - twice.at < REPEAT_WINDOW_MS));
      if (twice && atWork) return { type: "say", id: idFor("already", cause), kind: "already", text: alreadyText(agentKind, decision.task, twice.id) };
      return spawnAction(id, agentKind, decision.task, decision.need, heard);
    }
    case "nudge":
      return nudge(decision, heard, cause, memory, config, now);
  }
}

function spawnAction(id: string, agentKind: string, task: string, need: string | undefined, heard: Heard): Action {
  return {
    type: "spawn",
    id,
    agentKind,
    task,
    need: need ?? needFor(agentKind, task, id),
    reason: `${heard.speaker} asked ${heardSuffix(heard.speaker, heard.text)}`,
  };
}

function nudge(decision: Proposal, heard: Heard, cause: Cause, memory: SpiritMemory, config: SpiritConfig, now: number, downgraded?: string): Action {
  const question = decision.question ?? (decision.task ? `Want me to ${secondPerson(decision.task)}?` : undefined);
  if (question === undefined) return quiet(`a nudge without a question${downgraded ? ` (${downgraded})` : ""}`);
  const kind = idPart(decision.kind ?? "general");
  for (const topic of memory.blockedTopics()) {
    if (topicCovers(topic, kind, question)) return quiet(`the user asked for no nudges about ${topic}: not asking ${JSON.stringify(question)}`);
  }
  const answers = memory.declines(kind, now, config.declineMemoryMs);
  if (answers.no > answers.yes) return quiet(`the user said no to ${kind} nudges ${answers.no}× (yes ${answers.yes}×) recently: not asking ${JSON.stringify(question)}`);
  if (memory.askedRecently(question, now, config.dedupeWindowMs)) return quiet(`already asked ${JSON.stringify(question)} recently`);
  // One question per conversation with others present; alone, each request is its own.
  const conversation = memory.conversation.view();
  const earlier = conversation.userWith.length > 0 ? memory.nudgesSince(conversation.startedAt).at(-1) : undefined;
  if (earlier !== undefined && earlier.status !== "answered") return quiet(`already asked once in this conversation (${earlier.id}, ${earlier.status}): not asking ${JSON.stringify(question)}`);
  const offer: Offer | undefined = decision.task
    ? { agentKind: decision.agentKind ?? agentKindFor(kind), task: decision.task, ...(decision.need && { need: decision.need }) }
    : undefined;
  return { type: "nudge", id: idFor(`nudge-${kind}`, cause), kind, question, ...(offer && { offer }) };
}
