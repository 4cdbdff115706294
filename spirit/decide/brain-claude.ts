/**
 * The Claude brain (with ANTHROPIC_API_KEY): one continuous conversation with the model
 * (WORLD_MODEL), persisted in .world/spirit-session.json and trimmed as it grows
 * (tools/llm/session.ts). Each utterance is one user turn; the model answers by calling
 * `decide`, whose input is validated with zod. Its past decisions are kept in the
 * conversation as text, so every stored user turn is plain and trimming can cut anywhere.
 * What trimming drops is summarised into the conversation's note, by the model after the
 * decision was returned (tools/llm/summarise.ts), or by decisionDigest when it cannot;
 * the Spirit's memory (from the log) also rides along with every turn.
 *
 * Each turn gives the model the conversation state the offline path reads (who is
 * present, who spoke to whom, who last spoke to the user, the questions asked and each
 * open one with its age and whether a yes would answer it), and the system prompt the same
 * rules and the same offers (a reminder at or before the plan's time, a browser search, a
 * note). The model is told; the code decides: its proposal goes through the same rules as
 * the offline brain's (spirit/decide/decide.ts: consent, whose words, one question with others
 * present; spirit/decide/hearing.ts: the question check).
 *
 *   - the API fails (HTTP error, no connection, timeout) → the offline brain decides
 *     this utterance; `claude unavailable (…)` is logged once per outage, and
 *     `claude available again` when it answers again;
 *   - the API is slow or hangs → past the deadline (spirit.brainDeadline, default 5 s,
 *     counted from when the words were said) the request is aborted and the offline brain
 *     decides: a late answer is never read, so it cannot act a second time. For the next
 *     RETRY_SLOW_AFTER_MS the model is not asked at all (each utterance would otherwise
 *     wait out the deadline again), then it is tried again;
 *   - the model calls `decide` with input zod rejects, or does not call it → quiet,
 *     with `claude answered badly (…)` logged.
 */
import type Anthropic from "@anthropic-ai/sdk";
import { anthropicSdk } from "../../tools/llm/provider.js";
import { askTool, ModelAnswerError } from "../../tools/llm/tool-call.js";
import type { Conversation, Message } from "../../tools/llm/session.js";
import { summariseDropped } from "../../tools/llm/summarise.js";
import type { Logger } from "../../tools/process/daemon.js";
import { Decision, type Brain, type BrainInput, type Proposal } from "./brain.js";
import { ASSISTANT, describeConversation } from "./conversation.js";
import { SPOKEN_WINDOW_MS } from "./spoken-answer.js";
import { BRAIN_ID, quote, say } from "../daemon/lines.js";
import type { SpiritMemory } from "../daemon/memory.js";

const SYSTEM = `You are the Spirit of "world", a proactive but conservative personal assistant. You hear a room through speech-to-text, one utterance at a time, with speaker labels. One speaker is the user you serve; everyone else is someone the user talks to. Each turn tells you who is present, who spoke to whom, whether someone else is speaking to the user, and the question of yours still open, with its age.

For every utterance call the decide tool exactly once:
- quiet (the default): small talk, chatter, questions you cannot act on, anything not clearly actionable.
- spawn: only for an explicit, low-risk request made by THE USER to you, such as "remind me to ..." or "set a timer for ...". Give kind (reminder or timer) and task (the request in the imperative, with its time, e.g. "remind me to stretch in 2 seconds").
- nudge: ask the user first, for anything consequential (spending money, sending messages, bookings, account changes) and for plans people make for later. Give kind, task (what an agent is to do on "yes"), need (how to tell it was done) and the question.
- observe: rarely; a fact about the user worth remembering later (a preference, an allergy, a date). Give note.

What you offer is what an agent here can really do, in one of these forms (the question in plain English, never the heard words pasted in):
- a reminder, at the time the plan names, or a sensible time before it when something must be prepared first (a booking, a gift): kind "reminder", task "remind me to <do it> <when>", question "Want me to remind you to <do it> <when>?" (e.g. "Want me to remind you to call the clinic tomorrow?");
- a search in the browser, for a trip, a hotel, a restaurant, tickets or shopping: kind what is searched for (flight, hotel, restaurant, …), task "look for <what> in the browser and report the best options with links; do not buy or book anything", question "Want me to look for <what>?" (e.g. "Want me to look for flights to Tokyo next month?");
- a note, for a plan that names no time and no errand ("I'll pay you back", "we should repaint the kitchen"): kind "note", task "note: <what the user will do>" (the note agent keeps it in the log), question "Want me to make a note to <do it>?".
A general agent has a shell and a browser: it can search and read the web; it cannot make calls, send messages, pay or book. Offer nothing for what no agent can help with (playing music, switching lights). Every question is one short sentence, "Want me to <verb> …?", speaking to the user as "you" about others as him, her or them: the code drops a question that does not read as English (one verb phrase, no pasted clause, no "I"/"we", no dangling word).

When the user is in a conversation with someone else, what the user says is said to that person, not to you:
- act only on explicit reminder/timer/alarm wording, or when the user addresses you by name;
- nudge only for a plan for later that the user makes, alone or with the others, in any of its everyday forms: "I'll call the clinic tomorrow", "let's meet by the fountain at 6", "let's grab lunch at noon", "shall we get together next Tuesday around four?", "fancy a film tonight?", "I'm in Chicago next week, want to come along?", "we're driving to the coast on Saturday", "on Thursday I'm going to Denver", "I'll phone the clinic tomorrow to see if they have openings", "in a couple of hours", "I'll give you the money back on Friday, promise", "we have to throw her a party", "I'll mail you the slides after we finish". Ask once, when it is made or, for a proposal of the user's, when the other person agrees to it (then on their reply to the user's turn, with settles: true; its time may be in any turn of the arrangement);
- never for the other person's own plans, for what is being done in person right now (ordering from a waiter, buying from a clerk, paying at a desk, asking the way), nor for jokes, wishes, narration, opinions, trivia or hypotheticals;
- what another speaker asks the user to do is not the user's request: stay quiet, unless the user commits to it ("ok, I'll call him tomorrow" → "Want me to remind you to call him tomorrow?");
- at most one question per conversation with others present, unless the user said yes to the last one (the code refuses a second); alone with you, each request is its own.

Consent is the code's, not yours: a yes or a no answers your question only when the user says it, bare ("yes", "no thanks"), within ${SPOKEN_WINDOW_MS / 1000} s of the question, after it, with nobody else speaking to the user in between; the code relays such an answer itself and you are not asked about it. So a "yes", "yeah", "ok" or "no" you are shown was said to someone else, or too late: it is conversation, never consent; never spawn on it (the code refuses a spawn on a bare yes or no).
Never act on what other speakers ask for. Respect what you remember: topics the user does not want nudges about, and kinds of nudges the user declined. Use the world now: do not offer what an agent is already doing, and do not ask again a question the user has not yet answered.`;

const DECIDE_TOOL = {
  name: "decide",
  description: "Record what to do about the latest utterance: spawn a task agent, nudge (ask) the user, observe, or stay quiet.",
  schema: Decision,
};

const seconds = (ms: number) => `${Math.max(0, Math.round(ms / 1000))} s`;

/** Whether someone else is speaking to the user: the last one who did, and how long before these words. */
function speakingToUser(input: BrainInput): string[] {
  const { conversation } = input;
  if (conversation.userWith.length === 0) return [];
  const at = Date.parse(input.heard.ts);
  const before = conversation.turns.slice(0, -1);
  const other = before.filter((t) => !t.isUser && t.to !== ASSISTANT).at(-1);
  if (other === undefined) return ["Nobody else has spoken to the user yet in this conversation."];
  const since = before.filter((t) => t.at > other.at).length;
  return [`Last to speak to the user: ${other.speaker}, ${seconds(at - other.at)} before these words${since ? ` (${since} turn${since > 1 ? "s" : ""} since)` : ", just before them"}.`];
}

/**
 * The questions of the Spirit's still waiting for an answer, with their age, and whether a
 * bare yes or no would answer them now (spirit/decide/spoken-answer.ts has the rule; the
 * model is told it, it does not apply it).
 */
function openQuestions(input: BrainInput, memory: SpiritMemory): string[] {
  const at = Date.parse(input.heard.ts);
  const open = memory
    .openNudges()
    .filter((n) => n.askedAt <= at)
    .sort((a, b) => a.askedAt - b.askedAt);
  if (open.length === 0) return ["No question of yours is waiting for an answer."];
  return open.map((n) => {
    const others = [...new Set(input.conversation.turns.filter((t) => !t.isUser && t.at >= n.askedAt).map((t) => t.speaker))];
    const state =
      at - n.askedAt > SPOKEN_WINDOW_MS
        ? `too long ago for a yes or no to answer it (over ${SPOKEN_WINDOW_MS / 1000} s)`
        : others.length > 0
          ? `${others.join(", ")} spoke since, so a yes or no now answers them, not you`
          : "a bare yes or no from the user now would answer it (the code takes it; you are not asked)";
    return `Your question ${quote(n.question)} is open, asked ${seconds(at - n.askedAt)} before these words: ${state}.`;
  });
}

function turnText(input: BrainInput, memory: SpiritMemory): string {
  const { heard } = input;
  const who = heard.isUser ? `${heard.speaker} (the user)` : `${heard.speaker} (not the user; the user is "${input.userSpeaker}")`;
  const lines = [`${heard.ts} ${who} said: ${quote(heard.text)}`];
  const recent = input.recent.slice(-6);
  if (recent.length) lines.push("", "Just before (oldest first):", ...recent.map((h) => `- ${h.speaker}: ${quote(h.text)}`));
  lines.push("", "The conversation:", describeConversation(input.conversation, input.userSpeaker), ...speakingToUser(input));
  const asked = memory.nudgesSince(input.conversation.startedAt);
  lines.push(asked.length ? `Questions already asked in this conversation: ${asked.map((n) => `${quote(n.question)} (${n.status})`).join("; ")}` : "No question asked in this conversation yet.");
  lines.push(...openQuestions(input, memory));
  lines.push(
    "",
    "What you remember:",
    input.memory,
    "",
    "The world now:",
    input.situation(),
    "",
    `The words were said at ${input.now.toISOString()}: read relative times ("in 10 minutes") from then, and keep them in the task as said. Call decide.`,
  );
  return lines.join("\n");
}

/** "HTTP 529", "connection error: …", "timeout": why the API did not answer. */
function outageReason(error: unknown): string | undefined {
  const Anthropic = anthropicSdk(); // loaded already: there is a client
  if (error instanceof Anthropic.APIConnectionTimeoutError) return "timeout";
  if (error instanceof Anthropic.APIConnectionError) return `connection error: ${error.message}`.slice(0, 160);
  if (error instanceof Anthropic.APIUserAbortError) return undefined;
  if (error instanceof Anthropic.APIError) return `HTTP ${error.status ?? "error"}`;
  return undefined;
}

export interface ClaudeBrainOptions {
  client: Anthropic;
  model: string;
  conversation: Conversation;
  fallback: Brain;
  memory: SpiritMemory;
  /** Writes `[event:spirit][brain] <output>`. */
  report: (id: string, output: string) => void;
  log?: Logger;
  /** How long from the words the model has to decide (default DEFAULT_DEADLINE_MS). */
  deadlineMs?: number;
  /** The time now, to age the words against (the evals run on a clock of their own). */
  clock?: () => number;
}

const DEFAULT_DEADLINE_MS = 5_000;
/** After a missed deadline, the model is left alone this long (the offline brain decides). */
const RETRY_SLOW_AFTER_MS = 30_000;
/** Less time left than this from the words: not worth a request. */
const MIN_BUDGET_MS = 250;

/**
 * The summary of trimmed turns when the model cannot write one: what was decided, counted,
 * and the latest acts, read from the stored `decide {…}` answers.
 */
export function decisionDigest(dropped: readonly Message[], previous: string | undefined): string {
  const counts = { spawn: 0, nudge: 0, observe: 0, quiet: 0 };
  const acts: string[] = [];
  for (const m of dropped) {
    if (m.role !== "assistant" || typeof m.content !== "string" || !m.content.startsWith("decide ")) continue;
    let parsed;
    try {
      parsed = Decision.safeParse(JSON.parse(m.content.slice("decide ".length)));
    } catch {
      continue;
    }
    if (!parsed.success) continue;
    const d = parsed.data;
    counts[d.action] += 1;
    if (d.action !== "quiet") acts.push(`${d.action} ${quote(d.question ?? d.task ?? d.note ?? d.reason)}`);
  }
  const turns = counts.spawn + counts.nudge + counts.observe + counts.quiet;
  const latest = acts.length ? `; latest: ${acts.slice(-5).join("; ")}` : "";
  const now = `${turns} earlier utterances: ${counts.spawn} spawned, ${counts.nudge} nudged, ${counts.observe} observed, ${counts.quiet} quiet${latest}.`;
  return previous ? `${previous} Then ${now}` : now;
}

/**
 * The agent an offer's task names: "remind me …" is the reminder agent's, "note: …" the note
 * agent's, whatever kind the model gave it ("call", "payment"), as on the offline path
 * (spirit/decide/offers.ts); anything else follows its kind (spirit/decide/plan.ts agentKindFor).
 */
function withAgent(decision: Decision): Proposal {
  if ((decision.action !== "nudge" && decision.action !== "spawn") || decision.task === undefined) return decision;
  if (/^remind me\b/i.test(decision.task)) return { ...decision, agentKind: "reminder" };
  if (/^note:\s*\S/i.test(decision.task)) return { ...decision, agentKind: "note" };
  return decision;
}

export class ClaudeBrain implements Brain {
  readonly name: string;
  /** Turns decided: by the model, by the offline brain in its place (an outage, a missed deadline), quiet for a bad answer. */
  readonly turns = { model: 0, offline: 0, bad: 0 };
  private summarising: Promise<unknown> = Promise.resolve();
  /** Until when the model is not asked (it missed its deadline). */
  private slowUntil = 0;

  constructor(private readonly o: ClaudeBrainOptions) {
    this.name = `claude (${o.model})`;
  }

  private up(): void {
    if (!this.o.memory.brainUp) this.o.report(BRAIN_ID, say.brainUp());
  }

  /** Resolves when the work a decision left behind (the summary of trimmed turns) is done. */
  async settled(): Promise<void> {
    await this.summarising;
  }

  private async offline(input: BrainInput, why: string): Promise<Proposal> {
    this.turns.offline += 1;
    const decision = await this.o.fallback.decide(input);
    return { ...decision, reason: `offline brain (${why}): ${decision.reason}` };
  }

  async decide(input: BrainInput): Promise<Proposal> {
    const deadlineMs = this.o.deadlineMs ?? DEFAULT_DEADLINE_MS;
    // The words' age on the caller's clock when asked; real time since then counts too.
    const clock = this.o.clock ?? Date.now;
    const saidAt = Date.parse(input.heard.ts);
    const ageAtStart = Number.isNaN(saidAt) ? 0 : clock() - saidAt;
    const asked = Date.now();
    const age = () => ageAtStart + (Date.now() - asked);
    const budget = () => deadlineMs - age();
    if (Date.now() < this.slowUntil) return this.offline(input, `claude missed its ${deadlineMs} ms deadline less than ${RETRY_SLOW_AFTER_MS / 1000} s ago`);
    if (budget() < MIN_BUDGET_MS) return this.offline(input, `the words are ${age()} ms old, past claude's ${deadlineMs} ms deadline`);
    const timedOut = new AbortController();
    // The summary of trimmed turns runs after a decision; it waits no longer than the budget either.
    await Promise.race([this.summarising, new Promise((resolve) => setTimeout(resolve, Math.max(0, budget())).unref())]);
    const timer = setTimeout(() => timedOut.abort(), Math.max(0, budget()));
    const turn = turnText(input, this.o.memory);
    try {
      const answer = await askTool(this.o.client, {
        model: this.o.model,
        system: SYSTEM,
        messages: [...this.o.conversation.messages, { role: "user", content: turn }],
        tool: DECIDE_TOOL,
        maxTokens: 1024,
        signal: timedOut.signal,
        onWarning: (warning) => this.o.log?.warn({ model: this.o.model }, `anthropic sdk: ${warning}`),
      });
      // An answer that raced the deadline is not acted on: the offline brain has the turn.
      if (timedOut.signal.aborted) throw timedOut.signal.reason;
      this.up();
      this.o.conversation.push({ role: "user", content: turn }, { role: "assistant", content: `decide ${JSON.stringify(answer.input)}` });
      // What trimming cut is summarised after this decision is acted on, not before.
      this.summarising = summariseDropped(this.o.conversation, { client: this.o.client, model: this.o.model }, decisionDigest).then(
        (by) => by && this.o.log?.info({ by, dropped: this.o.conversation.dropped }, "conversation summarised"),
        (error: unknown) => this.o.log?.warn({ err: error }, "could not summarise the conversation"),
      );
      this.turns.model += 1;
      return withAgent(answer.input);
    } catch (error) {
      if (timedOut.signal.aborted) {
        this.slowUntil = Date.now() + RETRY_SLOW_AFTER_MS;
        if (this.o.memory.brainUp) this.o.report(BRAIN_ID, say.brainDown(`no answer within ${deadlineMs} ms of the words`));
        this.o.log?.warn({ deadlineMs, line: input.heard.ts }, "claude missed its deadline; the offline brain decides");
        return this.offline(input, `claude did not answer within ${deadlineMs} ms`);
      }
      if (error instanceof ModelAnswerError) {
        this.up();
        const why = error.message.replace(/\s+/g, " ").slice(0, 300);
        this.o.report(BRAIN_ID, say.brainBad(why));
        this.turns.bad += 1;
        return { action: "quiet", reason: `claude answered badly: ${why}` };
      }
      const outage = outageReason(error);
      if (outage === undefined) throw error;
      if (this.o.memory.brainUp) this.o.report(BRAIN_ID, say.brainDown(outage));
      return this.offline(input, "claude unavailable");
    } finally {
      clearTimeout(timer);
    }
  }
}
