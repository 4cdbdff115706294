/**
 * npm run eval:conversations [-- <file.jsonl>] [--user <speaker>] [--brain offline|claude|recorded]
 *                            [--record <file>] [--recording <file>] [--json]
 *
 * Feeds recorded conversations ({"id","topic"?,"turns":[{"speaker","text"}],"plan"?} per
 * line) through the Spirit's own decision path (spirit/decide/hearing.ts: memory, spoken answers,
 * the brain and the rules), in process, one conversation at a time and apart as in life:
 * each one in a fresh world (its own memory, nothing carried over), on a simulated clock
 * where an utterance takes as long as it takes to say (150 words a minute, at least
 * 1.5 s, with a short pause between speakers). Every line the Spirit would write is
 * folded back into its memory as the daemon does, unanswered nudges expire, and a spoken
 * answer the Spirit takes is relayed and answered, so what is counted is what the daemon
 * would do.
 *
 * Prints, per conversation, its questions (each with the project's question check,
 * spirit/language/question-check.ts, and its verdict), spawns and spoken answers; then conversations
 * with a spawn, with a question (%), questions per 5 hours of talk, and where the file
 * labels conversations (`plan`), plan conversations with one readable offer and other
 * conversations with a question. `--brain claude` runs the Claude brain
 * (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL: a stand-in model works too), each turn with the API
 * client's timeout rather than the daemon's real-time deadline; `--record <file>` writes every
 * model request's key and answer to a recording, and `--brain recorded --recording <file>`
 * replays it with no key and no network (tools/llm/recording.ts), to the same figures.
 * Exit 0 when the file was read, 2 for a missing file, a malformed line, bad arguments, an
 * unreadable recording, or a model request the recording does not hold (said in one line).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { EventEntry, Located } from "../../tools/world/entry.js";
import { anthropicFromEnv, modelFromEnv, type Anthropic } from "../../tools/llm/provider.js";
import { NotInRecording, Recorder, RecordingError, Replay } from "../../tools/llm/recording.js";
import { Conversation as ModelConversation } from "../../tools/llm/session.js";
import { worldPaths } from "../../tools/world/paths.js";
import type { Brain } from "../decide/brain.js";
import { ClaudeBrain } from "../decide/brain-claude.js";
import { devFile, InputError, parseEvalArgs, readInput, readJsonl, runAsProgram } from "./eval-cli.js";
import { OfflineBrain } from "../decide/brain-offline.js";
import { loadConfig, type SpiritConfig } from "../daemon/config.js";
import type { Action } from "../decide/decide.js";
import { actionLine, hearVoice } from "../decide/hearing.js";
import { say, SOURCE } from "../daemon/lines.js";
import { VOICE_SOURCE } from "../input/speaker.js";
import { SpiritMemory } from "../daemon/memory.js";
import { Situation } from "../daemon/situation.js";
import { loadNlp } from "../language/nlp.js";
import { ANSWER_SOURCE, answerNudge, expiredNudges } from "../daemon/nudges.js";
import { questionProblems } from "../language/question-check.js";
export interface Conversation {
  id: string;
  topic: string;
  turns: { speaker: string; text: string }[];
  /** The file's label, where it has one: does the user make a plan in it? */
  plan?: boolean;
}

export interface Asked {
  conversation: string;
  speaker: string;
  text: string;
  question: string;
  kind: string;
  /** The question check's verdict: [] when the question reads as English. */
  problems: string[];
}

/** A spoken yes or no the Spirit took as the answer to its question, with the turn before it. */
export interface Answered {
  conversation: string;
  nudgeId: string;
  text: string;
  before?: { speaker: string; text: string };
}

export interface PerConversation {
  id: string;
  plan?: boolean;
  turns: number;
  seconds: number;
  questions: Asked[];
  spawns: { kind: string; task: string }[];
  answers: Answered[];
  /** Every decided action's line (spawns and questions included): what the daemon would write. */
  lines: { type: Exclude<Action, { type: "quiet" }>["type"]; output: string }[];
}

export interface LabelFigures {
  plans: number;
  /** Plan conversations with exactly one question, and it reads as English. */
  plansWithOneOffer: number;
  plansWithOneOfferPercent: number;
  plansWithAQuestion: number;
  others: number;
  othersWithAQuestion: number;
  othersWithAQuestionPercent: number;
}

export interface ConversationFigures {
  file: string;
  user: string;
  brain: string;
  conversations: number;
  turns: number;
  hoursOfTalk: number;
  conversationsWithSpawn: number;
  conversationsWithNudge: number;
  nudgedPercent: number;
  nudgesPer100: number;
  questionsPer5Hours: number;
  unreadableQuestions: number;
  labels?: LabelFigures;
  /** With the Claude brain (live or recorded): how its turns went. */
  modelTurns?: ModelTurns;
  spawns: { conversation: string; kind: string; task: string }[];
  nudges: Asked[];
  answers: Answered[];
  perConversation: PerConversation[];
}


const START = Date.parse("2026-01-05T09:00:00.000Z");
/** 150 words a minute; the shortest utterance and the pause before the next speaker. */
const MS_PER_WORD = 400;
const MIN_UTTERANCE_MS = 1_500;
const PAUSE_MS = 500;

const DEFAULT_FILE = devFile("conversations-dev.jsonl");

/** How long saying this takes. */
function utteranceMs(text: string): number {
  return Math.max(MIN_UTTERANCE_MS, text.split(/\s+/).filter(Boolean).length * MS_PER_WORD);
}

export function parseConversations(file: string, raw: string): Conversation[] {
  const expected = 'expected a JSON object {"id": string, "topic"?: string, "turns": [{"speaker": string, "text": string}], "plan"?: boolean}';
  return readJsonl(file, raw, expected, (o, where, refuse) => {
    const c = o as Partial<Conversation> | null;
    if (typeof c !== "object" || c === null || typeof c.id !== "string" || !Array.isArray(c.turns) || (c.plan !== undefined && typeof c.plan !== "boolean")) return refuse();
    c.turns.forEach((t: unknown, j) => {
      const turn = t as { speaker?: unknown; text?: unknown } | null;
      if (typeof turn !== "object" || turn === null || typeof turn.speaker !== "string" || typeof turn.text !== "string" || !/^\S{1,200}$/.test(turn.speaker))
        throw new InputError(`${where}: turn ${j + 1}: expected {"speaker": a name without spaces, "text": string}, received: ${JSON.stringify(t).slice(0, 120)}`);
    });
    return { id: c.id, topic: typeof c.topic === "string" ? c.topic : "", turns: c.turns, ...(c.plan !== undefined && { plan: c.plan }) };
  });
}

export type BrainChoice = "offline" | "claude" | "recorded";

export interface EvalOptions {
  /**
   * "offline" (default); "claude": the Claude brain, from ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL /
   * WORLD_MODEL in `env`; "recorded": the Claude brain answered from `recording` only.
   */
  brain?: BrainChoice;
  env?: NodeJS.ProcessEnv;
  /** With "claude": every model request's key and answer is written to this file (tools/llm/recording.ts). */
  record?: string;
  /** With "recorded": the file written by `record`. */
  recording?: string;
}

/** How the Claude brain's turns went, summed over the conversations. */
export interface ModelTurns {
  /** Decided by the model. */
  model: number;
  /** Decided by the offline brain in its place (the API failed or timed out). */
  offline: number;
  /** The model answered badly: quiet. */
  bad: number;
  /** The recording written (`record`) or read (`recorded`), and how many requests it holds or answered. */
  recording?: { file: string; mode: "written" | "replayed"; requests: number };
}

/**
 * The eval measures what the model decides, not how fast it answers: each turn gets the
 * API client's own timeout (a timeout is the offline brain's turn, and is recorded as
 * one), not the daemon's spirit.brainDeadline, which counts real time and so could not be
 * replayed to the same figures.
 */
const MODEL_TIMEOUT_MS = 30_000;
const EVAL_DEADLINE_MS = 2 * MODEL_TIMEOUT_MS;

/** One conversation in a fresh world: what the Spirit asks, spawns and takes as answers. */
async function hearConversation(c: Conversation, config: SpiritConfig, brainFor: (memory: SpiritMemory, clock: () => number) => Brain): Promise<PerConversation> {
  const memory = new SpiritMemory(config.user, config);
  let now = START;
  const brain = brainFor(memory, () => now);
  const nlp = await loadNlp();
  let line = 0;
  const entry = (ts: number, source: string, id: string, output: string): Located<EventEntry> => {
    line += 1;
    return { kind: "event", ts: new Date(ts).toISOString(), source, id, output, line, offset: line * 100 };
  };
  // What the daemon's report() does: write the line, and remember it at once.
  const report = (ts: number, id: string, output: string) => memory.apply(entry(ts, SOURCE, id, output));
  const out: PerConversation = { id: c.id, ...(c.plan !== undefined && { plan: c.plan }), turns: c.turns.length, seconds: 0, questions: [], spawns: [], answers: [], lines: [] };
  const world = new Situation();
  let previous: { speaker: string; text: string } | undefined;
  for (const turn of c.turns) {
    // The voice line is written when the utterance ends.
    now += (previous !== undefined && previous.speaker !== turn.speaker ? PAUSE_MS : 0) + utteranceMs(turn.text);
    for (const o of expiredNudges(memory, config, now)) if (o.type === "line") report(now, o.id, o.output);
    const voice = entry(now, VOICE_SOURCE, turn.speaker, turn.text);
    const hearing = await hearVoice(voice, { memory, brain, config, situation: () => "", world }, now);
    const before = previous;
    previous = { speaker: turn.speaker, text: turn.text };
    if (hearing.type === "answer") {
      out.answers.push({ conversation: c.id, nudgeId: hearing.to, text: turn.text, ...(before && { before }) });
      const answer = entry(now, ANSWER_SOURCE, hearing.to, hearing.text);
      memory.markReacted(answer);
      const outcome = answerNudge(answer, memory);
      if (outcome?.type === "line") report(now, outcome.id, outcome.output);
      else if (outcome?.type === "spawn") {
        out.spawns.push({ kind: outcome.agentKind, task: outcome.task });
        report(now, outcome.id, say.spawn(outcome.agentKind, outcome.task, outcome.reason));
      }
      if (hearing.then === undefined) continue;
    }
    const action = hearing.type === "answer" ? hearing.then : hearing.type === "action" ? hearing.action : undefined;
    if (action === undefined || action.type === "quiet") continue;
    if (memory.written.has(action.id)) continue;
    if (action.type === "spawn") out.spawns.push({ kind: action.agentKind, task: action.task });
    if (action.type === "nudge")
      out.questions.push({ conversation: c.id, speaker: turn.speaker, text: turn.text, question: action.question, kind: action.kind, problems: questionProblems(nlp, action.question) });
    const said = actionLine(action, hearing.heard);
    out.lines.push({ type: action.type, output: said.output });
    report(now, said.id, said.output);
  }
  // What a decision left behind (the Claude brain's summary of trimmed turns) is part of this conversation.
  if (brain instanceof ClaudeBrain) await brain.settled();
  out.seconds = (now - START) / 1000;
  return out;
}

interface BrainMaker {
  name: string;
  make: (memory: SpiritMemory, clock: () => number) => Brain;
  /** Throws the replay's first miss, if a request was not in the recording (a summary's miss is swallowed on the way). */
  check: () => void;
  turns: () => ModelTurns | undefined;
  done: () => void;
}

function brainMaker(options: EvalOptions): BrainMaker {
  const choice = options.brain ?? "offline";
  if (options.record !== undefined && choice !== "claude") throw new InputError(`eval:conversations: --record expected with --brain claude, received --brain ${choice}`);
  if (options.recording !== undefined && choice !== "recorded") throw new InputError(`eval:conversations: --recording expected with --brain recorded, received --brain ${choice}`);
  if (choice === "offline") {
    const offline = new OfflineBrain();
    return { name: "offline", make: () => offline, check: () => undefined, turns: () => undefined, done: () => undefined };
  }
  let client: Anthropic;
  let model: string;
  let recorder: Recorder | undefined;
  let replay: Replay | undefined;
  if (choice === "recorded") {
    if (options.recording === undefined) throw new InputError("eval:conversations: --brain recorded: expected --recording <file> written by --record, received none");
    try {
      replay = Replay.load(options.recording);
    } catch (e) {
      throw e instanceof RecordingError ? new InputError(`eval:conversations: ${e.message}`) : e;
    }
    client = replay.client();
    model = replay.model;
  } else {
    const env = options.env ?? process.env;
    model = modelFromEnv(env);
    // The key is looked for before the recording is started: a run that cannot ask writes nothing.
    if (!env.ANTHROPIC_API_KEY?.trim()) throw new InputError("eval:conversations: --brain claude: expected ANTHROPIC_API_KEY in the environment (a stand-in model: with ANTHROPIC_BASE_URL), received none");
    try {
      recorder = options.record === undefined ? undefined : new Recorder(options.record, model);
    } catch (e) {
      throw new InputError(`eval:conversations: --record: expected a file that can be written, received ${options.record} (${(e as Error).message})`);
    }
    client = anthropicFromEnv({ env, maxRetries: 0, timeoutMs: MODEL_TIMEOUT_MS, ...(recorder && { middleware: [recorder.middleware] }) })!;
  }
  // Each conversation is a fresh world: its own stored model conversation, removed at the end.
  const dir = mkdtempSync(join(tmpdir(), "world-eval-"));
  const brains: ClaudeBrain[] = [];
  return {
    name: replay ? `recorded claude (${model})` : `claude (${model})`,
    make: (memory, clock) => {
      const n = brains.length + 1;
      const paths = worldPaths(join(dir, String(n)));
      const brain = new ClaudeBrain({
        client,
        model,
        conversation: new ModelConversation(paths, "spirit", { file: join(dir, `spirit-${n}.json`) }),
        fallback: new OfflineBrain({ agentHasModel: true }),
        memory,
        report: () => undefined,
        clock,
        deadlineMs: EVAL_DEADLINE_MS,
      });
      brains.push(brain);
      return brain;
    },
    check: () => {
      if (replay?.missed) throw new InputError(`eval:conversations: ${replay.missed.message}`);
    },
    turns: () => {
      const sum = (k: "model" | "offline" | "bad") => brains.reduce((n, b) => n + b.turns[k], 0);
      const recording = recorder
        ? { file: recorder.file, mode: "written" as const, requests: recorder.count }
        : replay
          ? { file: replay.file, mode: "replayed" as const, requests: replay.replayed }
          : undefined;
      return { model: sum("model"), offline: sum("offline"), bad: sum("bad"), ...(recording && { recording }) };
    },
    done: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export async function evaluate(file: string, conversations: readonly Conversation[], user = "A", options: EvalOptions = {}): Promise<ConversationFigures> {
  // A recorded run is the Claude brain's, answered from the recording.
  const config = loadConfig(undefined, { user, brain: options.brain === "recorded" ? "claude" : (options.brain ?? "offline") }, {});
  const brains = brainMaker(options);
  const per: PerConversation[] = [];
  try {
    for (const c of conversations) {
      try {
        per.push(await hearConversation(c, config, brains.make));
      } catch (e) {
        // A request the recording does not hold stops the run: nothing is made up in its place.
        if (e instanceof NotInRecording) throw new InputError(`eval:conversations: ${e.message}`);
        throw e;
      }
      brains.check();
    }
  } finally {
    brains.done();
  }
  const modelTurns = brains.turns();
  const n = conversations.length;
  const nudges = per.flatMap((p) => p.questions);
  const hours = per.reduce((sum, p) => sum + p.seconds, 0) / 3600;
  const labelled = per.filter((p) => p.plan !== undefined);
  let labels: LabelFigures | undefined;
  if (labelled.length > 0) {
    const plans = labelled.filter((p) => p.plan === true);
    const others = labelled.filter((p) => p.plan === false);
    const oneOffer = plans.filter((p) => p.questions.length === 1 && p.questions[0]!.problems.length === 0).length;
    const othersAsked = others.filter((p) => p.questions.length > 0).length;
    labels = {
      plans: plans.length,
      plansWithOneOffer: oneOffer,
      plansWithOneOfferPercent: plans.length === 0 ? 0 : (100 * oneOffer) / plans.length,
      plansWithAQuestion: plans.filter((p) => p.questions.length > 0).length,
      others: others.length,
      othersWithAQuestion: othersAsked,
      othersWithAQuestionPercent: others.length === 0 ? 0 : (100 * othersAsked) / others.length,
    };
  }
  const withSpawn = per.filter((p) => p.spawns.length > 0).length;
  const withNudge = per.filter((p) => p.questions.length > 0).length;
  return {
    file,
    user,
    brain: brains.name,
    conversations: n,
    turns: per.reduce((sum, p) => sum + p.turns, 0),
    hoursOfTalk: hours,
    conversationsWithSpawn: withSpawn,
    conversationsWithNudge: withNudge,
    nudgedPercent: n === 0 ? 0 : (100 * withNudge) / n,
    nudgesPer100: n === 0 ? 0 : (100 * nudges.length) / n,
    questionsPer5Hours: hours === 0 ? 0 : (5 * nudges.length) / hours,
    unreadableQuestions: nudges.filter((q) => q.problems.length > 0).length,
    ...(labels && { labels }),
    ...(modelTurns && { modelTurns }),
    spawns: per.flatMap((p) => p.spawns.map((s) => ({ conversation: p.id, ...s }))),
    nudges,
    answers: per.flatMap((p) => p.answers),
    perConversation: per,
  };
}

const pct = (x: number) => `${x.toFixed(1)} %`;

function table(f: ConversationFigures): string {
  const lines = [
    `conversation eval: ${f.file} (${f.conversations} conversations, ${f.turns} turns, ${f.hoursOfTalk.toFixed(1)} hours of talk; speaker ${f.user} is the user; ${f.brain} brain; each conversation in a fresh world)`,
    "",
  ];
  const shown = f.perConversation.filter((p) => p.questions.length > 0 || p.spawns.length > 0 || p.answers.length > 0 || p.plan === true);
  if (shown.length) lines.push("per conversation (those with a question, a spawn, a spoken answer, or labelled plan):");
  for (const p of shown) {
    const label = p.plan === undefined ? "" : p.plan ? " [plan]" : " [no plan]";
    lines.push(`  ${p.id}${label}: ${p.turns} turns, ${(p.seconds / 60).toFixed(1)} min; ${p.questions.length} question(s), ${p.spawns.length} spawn(s), ${p.answers.length} spoken answer(s)`);
    for (const q of p.questions) {
      lines.push(`    ${q.speaker}: ${JSON.stringify(q.text.length > 200 ? `${q.text.slice(0, 199)}…` : q.text)}`);
      lines.push(`      → ${q.question}  [question check: ${q.problems.length === 0 ? "pass" : `FAIL: ${q.problems.join("; ")}`}]`);
    }
    for (const s of p.spawns) lines.push(`    spawn: ${s.kind} ${JSON.stringify(s.task)}`);
    for (const a of p.answers) lines.push(`    answer taken: ${JSON.stringify(a.text)}${a.before ? ` (after ${a.before.speaker}: ${JSON.stringify(a.before.text.slice(0, 80))})` : ""}`);
  }
  lines.push(
    "",
    `conversations with a spawn      ${f.conversationsWithSpawn}`,
    `conversations with a question   ${f.conversationsWithNudge} (${pct(f.nudgedPercent)})`,
    `questions per 100 conversations ${f.nudgesPer100.toFixed(1)}`,
    `questions per 5 hours of talk   ${f.questionsPer5Hours.toFixed(2)}`,
    `spoken answers taken            ${f.answers.length}`,
    `questions failing the check     ${f.unreadableQuestions} of ${f.nudges.length}`,
  );
  if (f.modelTurns) {
    const t = f.modelTurns;
    lines.push(`turns decided by the model         ${t.model}; by the offline brain in its place ${t.offline}; answered badly (quiet) ${t.bad}`);
    if (t.recording) lines.push(`model requests ${t.recording.mode === "written" ? "recorded to" : "replayed from"} ${t.recording.file}: ${t.recording.requests}`);
  }
  if (f.labels) {
    const l = f.labels;
    lines.push(
      `plan conversations with one readable offer   ${l.plansWithOneOffer} of ${l.plans} (${pct(l.plansWithOneOfferPercent)}); with any question ${l.plansWithAQuestion}`,
      `other conversations with a question          ${l.othersWithAQuestion} of ${l.others} (${pct(l.othersWithAQuestionPercent)})`,
    );
  }
  return lines.join("\n");
}

const USAGE = "usage: eval:conversations [file.jsonl] [--user <speaker>] [--brain offline|claude|recorded] [--record <file>] [--recording <file>] [--json]";

async function main(argv: string[]): Promise<number> {
  const args = parseEvalArgs("eval:conversations", USAGE, argv, DEFAULT_FILE, {
    user: { expected: "a speaker name", valid: (v) => !v.startsWith("-"), default: "A" },
    brain: { expected: "offline, claude or recorded", valid: (v) => v === "offline" || v === "claude" || v === "recorded", default: "offline" },
    record: { expected: "a file to write the model's answers to", valid: (v) => !v.startsWith("-") },
    recording: { expected: "a file written by --record", valid: (v) => !v.startsWith("-") },
  });
  if (args === "help") return 0;
  const { file, json } = args;
  const user = args.values.user!;
  const brain = args.values.brain as BrainChoice;
  const { record, recording } = args.values;
  const conversations = parseConversations(file, readInput("eval:conversations", file));
  const f = await evaluate(file, conversations, user, { brain, ...(record !== undefined && { record: resolve(record) }), ...(recording !== undefined && { recording: resolve(recording) }) });
  process.stdout.write(json ? `${JSON.stringify(f)}\n` : `${table(f)}\n`);
  return 0;
}

// Run only as a program, not when imported (tests import evaluate).
await runAsProgram(import.meta.url, main);
