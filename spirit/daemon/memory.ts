/**
 * What the Spirit remembers, all of it derived from world.log: its own lines (nudges and
 * how they ended, spawns, observations, preferences, "needs you" notices) and the recent
 * conversation. Folding is idempotent (everything is keyed by id), so an entry seen
 * twice, once from the SQLite index at start-up and once live, changes nothing.
 */
import type { Entry, EventEntry, Located } from "../../tools/world/entry.js";
import { eventsOf, latestEventsOf } from "../../tools/world/event-queries.js";
import type { WorldIndex } from "../../tools/world/index-db.js";
import { closedBy, type NudgeState } from "../../tools/world/asks/nudge-state.js";
import { holdsPlea } from "../../tools/world/asks/plea.js";
import type { Position } from "../../tools/world/read.js";
import { ConversationState } from "../decide/conversation.js";
import { nudgeKind } from "./ids.js";
import { readSpiritLine, SOURCE, type Offer } from "./lines.js";
import { ANSWER_SOURCE } from "./nudges.js";
import { topicKey } from "../decide/preferences.js";
import { speakerId } from "../input/speaker.js";

/** The one definition of a nudge's state (tools/world/asks/nudge-state.ts). */
export type NudgeStatus = NudgeState;

export interface Nudge {
  id: string;
  kind: string;
  question: string;
  askedAt: number;
  status: NudgeStatus;
  /** What a "yes" starts, as asked (older lines have none: the task is read from the question). */
  offer?: Offer;
}

/**
 * A failed session told to the user ("needs you: … (answer: world respond <id> <text>)",
 * spirit/daemon/escalation.ts): a question to them until they answer it, here or anywhere,
 * or the session moves on.
 */
export interface Plea {
  id: string;
  /** The line as said. */
  text: string;
  askedAt: number;
}

export interface Heard {
  speaker: string;
  text: string;
  isUser: boolean;
  ts: string;
}

export interface Remembered {
  at: string;
  text: string;
}

const KEEP_RECENT = 50;
const KEEP_HEARD = 20;
const SAID_YES_TO = /said "(?:[^"\\]|\\.)*" to (nudge-[a-z0-9_]+-[0-9a-f]{12})/;

/** A question, reduced to what makes two questions "the same". */
function normaliseQuestion(question: string): string {
  return question.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

function spawnKey(agentKind: string, task: string): string {
  return `${agentKind} ${normaliseQuestion(task)}`;
}

function trimTo<K, V>(map: Map<K, V>, max: number): void {
  while (map.size > max) map.delete(map.keys().next().value as K);
}

export class SpiritMemory {
  /** Every id the Spirit has written a line under: reacting again to the same cause is a no-op. */
  readonly written = new Set<string>();
  readonly nudges = new Map<string, Nudge>();
  /** Normalised question → when it was last asked. */
  readonly asked = new Map<string, number>();
  /** Topic key → whether nudges about it are blocked, and the words the user used. */
  readonly preferences = new Map<string, { topic: string; blocked: boolean }>();
  /** Nudge id → the answer, for "a no lowers future nudges of that kind". */
  readonly answers = new Map<string, { kind: string; yes: boolean; at: number }>();
  readonly observations = new Map<string, Remembered>();
  readonly requests = new Map<string, Remembered>();
  /** Agent kind + normalised task → the latest spawn of it: the same request heard twice is one. */
  private readonly spawned = new Map<string, { id: string; at: number }>();
  readonly heard: Heard[] = [];
  /** Failed sessions told to the user and not answered or moved on since, by session id. */
  private readonly pleas = new Map<string, Plea>();
  brainUp = true;
  calendarUp = true;
  /**
   * "<what>:<id>" → the last log line of a reaction of ours ("nudge:<nudge-id>" for what
   * we said about an answer to a nudge, "needs:<agent-id>" for needs-you notices). A
   * cause (an answer, a failure) earlier in the log than our latest reaction to that id
   * has been dealt with; so has one we reacted to in this run (by its line).
   */
  private readonly reactedAt = new Map<string, number>();
  private readonly reactedLines = new Set<number>();

  private readonly userSpeaker: string;
  /** The conversation being heard: who is here, who spoke to whom. */
  readonly conversation: ConversationState;

  /** `userSpeaker` as configured: "Alice Smith" is heard as [event:voice][Alice_Smith]. */
  constructor(userSpeaker: string, conversation: { assistantName: string; conversationGapMs: number } = { assistantName: "world", conversationGapMs: 180_000 }) {
    this.userSpeaker = speakerId(userSpeaker).toLowerCase();
    this.conversation = new ConversationState(conversation.assistantName, conversation.conversationGapMs);
  }

  /** Fold one entry: the Spirit's own lines, and what closes a question it told the user. */
  apply(entry: Entry & { line?: number }): void {
    if (entry.kind === "event" && entry.source === SOURCE) return this.applyOwn(entry);
    // Any answer to a told failure (typed, spoken, from the monitor), or any move of its session, closes it.
    if (this.pleas.has(entry.id) && (entry.kind === "agent" || entry.source === ANSWER_SOURCE)) this.pleas.delete(entry.id);
  }

  private reaction(key: string, line: number | undefined): void {
    if (line !== undefined) this.reactedAt.set(key, Math.max(line, this.reactedAt.get(key) ?? 0));
  }

  /** Has a cause (an answer to `key`'s nudge, a failure of `key`'s agent) been reacted to? */
  reactedTo(key: string, cause: Located): boolean {
    return this.reactedLines.has(cause.line) || (this.reactedAt.get(key) ?? 0) > cause.line;
  }

  markReacted(cause: Located): void {
    this.reactedLines.add(cause.line);
  }

  private applyOwn(e: EventEntry & { line?: number }): void {
    const line = readSpiritLine(e.output);
    const at = Date.parse(e.ts);
    switch (line.type) {
      case "nudge": {
        this.written.add(e.id);
        const known = this.nudges.get(e.id);
        if (!known) this.nudges.set(e.id, { id: e.id, kind: nudgeKind(e.id), question: line.question, askedAt: at, status: "open", ...(line.offer && { offer: line.offer }) });
        const key = normaliseQuestion(line.question);
        this.asked.set(key, Math.max(at, this.asked.get(key) ?? 0));
        return;
      }
      case "nudge-unclear":
        this.reaction(`nudge:${e.id}`, e.line);
        return;
      case "nudge-closed": {
        this.reaction(`nudge:${e.id}`, e.line);
        const nudge = this.nudges.get(e.id);
        if (line.how === "declined") this.answers.set(e.id, { kind: nudgeKind(e.id), yes: false, at });
        const to = nudge?.status === "open" ? closedBy(e.output) : undefined;
        if (nudge && to !== undefined) nudge.status = to;
        return;
      }
      case "spawn": {
        this.written.add(e.id);
        this.requests.set(e.id, { at: e.ts, text: `${line.kind} ${JSON.stringify(line.task)}` });
        trimTo(this.requests, KEEP_RECENT);
        this.spawned.delete(spawnKey(line.kind, line.task)); // re-inserted last: the map stays in time order
        this.spawned.set(spawnKey(line.kind, line.task), { id: e.id, at });
        trimTo(this.spawned, KEEP_RECENT);
        const yes = SAID_YES_TO.exec(line.reason);
        if (yes) {
          const nudgeId = yes[1]!;
          this.answers.set(nudgeId, { kind: nudgeKind(nudgeId), yes: true, at });
          this.reaction(`nudge:${nudgeId}`, e.line);
          const nudge = this.nudges.get(nudgeId);
          if (nudge) nudge.status = "answered";
        }
        return;
      }
      case "spawn-failed":
        this.written.add(e.id);
        return;
      case "observe":
        this.written.add(e.id);
        this.observations.set(e.id, { at: e.ts, text: line.note });
        trimTo(this.observations, KEEP_RECENT);
        return;
      case "preference":
        this.written.add(e.id);
        this.preferences.set(topicKey(line.topic), { topic: line.topic, blocked: line.blocked });
        return;
      case "needs-you":
        this.reaction(`needs:${e.id}`, e.line);
        // Only a failed session's line asks for an answer (the disk's says what to free).
        if (holdsPlea(e.output)) this.pleas.set(e.id, { id: e.id, text: e.output, askedAt: at });
        return;
      case "brain":
        this.brainUp = line.up;
        return;
      case "calendar":
        this.calendarUp = line.up;
        return;
      case "late":
        this.written.add(e.id); // a backlog read again after a restart is not named twice
        return;
      case "other":
        return; // a line under our source that is none of ours (older versions, a person): nothing to remember
      default: {
        // Every kind of Spirit line is handled above: a new one does not compile until it is.
        const unhandled: never = line;
        return unhandled;
      }
    }
  }

  /** A voice line, as conversation context. */
  hear(entry: EventEntry): Heard {
    const heard: Heard = { speaker: entry.id, text: entry.output, isUser: entry.id.toLowerCase() === this.userSpeaker, ts: entry.ts };
    this.heard.push(heard);
    if (this.heard.length > KEEP_HEARD) this.heard.shift();
    this.conversation.hear(heard);
    return heard;
  }

  /** Nudges asked at or after `since` (this conversation's), oldest first. */
  nudgesSince(since: number): Nudge[] {
    return [...this.nudges.values()].filter((n) => n.askedAt >= since).sort((a, b) => a.askedAt - b.askedAt);
  }

  openNudges(): Nudge[] {
    return [...this.nudges.values()].filter((n) => n.status === "open");
  }

  /** Failed sessions told to the user, still waiting for their answer. */
  openPleas(): Plea[] {
    return [...this.pleas.values()];
  }

  /** Was this question asked within the window before `now`? */
  askedRecently(question: string, now: number, windowMs: number): boolean {
    const at = this.asked.get(normaliseQuestion(question));
    return at !== undefined && now - at < windowMs;
  }

  /** The agent spawned for the same request (kind and words) within the window before `now`, if any. */
  spawnedRecently(agentKind: string, task: string, now: number, windowMs: number): { id: string; at: number } | undefined {
    const last = this.spawned.get(spawnKey(agentKind, task));
    return last !== undefined && now - last.at < windowMs ? last : undefined;
  }

  /** More "no" than "yes" to nudges of this kind within the memory window. */
  declines(kind: string, now: number, memoryMs: number): { no: number; yes: number } {
    let no = 0;
    let yes = 0;
    for (const a of this.answers.values()) {
      if (a.kind !== kind || now - a.at > memoryMs) continue;
      if (a.yes) yes += 1;
      else no += 1;
    }
    return { no, yes };
  }

  blockedTopics(): string[] {
    return [...this.preferences.values()].filter((p) => p.blocked).map((p) => p.topic);
  }

  /** A short text of what is remembered, for the Claude brain's context. */
  summary(): string {
    const lines: string[] = [];
    const blocked = this.blockedTopics();
    if (blocked.length) lines.push(`The user asked not to be nudged about: ${blocked.join(", ")}.`);
    const declined = [...new Set([...this.answers.values()].filter((a) => !a.yes).map((a) => a.kind))];
    if (declined.length) lines.push(`The user said no to earlier nudges about: ${declined.join(", ")}.`);
    const obs = [...this.observations.values()].slice(-10);
    if (obs.length) lines.push("Observations:", ...obs.map((o) => `- ${o.at} ${o.text}`));
    const req = [...this.requests.values()].slice(-10);
    if (req.length) lines.push("Past requests (agents spawned):", ...req.map((r) => `- ${r.at} ${r.text}`));
    return lines.length ? lines.join("\n") : "(nothing remembered yet)";
  }
}

/**
 * Start-up: fold every line the Spirit ever wrote (the whole log: its memory), and the
 * latest voice lines before `upTo` as conversation context. Read-only queries on the index.
 */
export function loadMemory(index: WorldIndex, memory: SpiritMemory, upTo: Position): void {
  for (const e of eventsOf(index, SOURCE)) memory.apply(e);
  for (const e of latestEventsOf(index, "voice", upTo.line, KEEP_HEARD)) memory.hear(e);
}
