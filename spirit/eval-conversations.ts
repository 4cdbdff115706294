/**
 * npm run eval:conversations [-- <file.jsonl>] [--user <speaker>] [--json]
 *
 * Feeds recorded conversations ({"id","topic","turns":[{"speaker","text"}]} per line)
 * through the Spirit's own decision path (spirit/hearing.ts: memory, spoken answers,
 * the offline brain and the rules), in process and on a simulated clock: turns a few
 * seconds apart, conversations a day apart. Every line the Spirit would write is folded
 * back into its memory as the daemon does, unanswered nudges expire, and a bare spoken
 * "yes" to a nudge is answered, so what is counted is what the daemon would do.
 *
 * Prints conversations with a spawn, conversations with a nudge (%), nudges per 100
 * conversations, and every question asked with the utterance that caused it.
 * Exit 0 when the file was read, 2 for a missing file, a malformed line or bad arguments.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { EventEntry, Located } from "../tools/world/entry.js";
import { OfflineBrain } from "./brain-offline.js";
import { loadConfig } from "./config.js";
import type { Action } from "./decide.js";
import { actionLine, hearVoice } from "./hearing.js";
import { say, SOURCE } from "./lines.js";
import { VOICE_SOURCE } from "./listen.js";
import { SpiritMemory } from "./memory.js";
import { Situation } from "./situation.js";
import { ANSWER_SOURCE, answerNudge, expiredNudges } from "./nudges.js";

export interface Conversation {
  id: string;
  topic: string;
  turns: { speaker: string; text: string }[];
}

export interface Asked {
  conversation: string;
  speaker: string;
  text: string;
  question: string;
  kind: string;
}

export interface ConversationFigures {
  file: string;
  user: string;
  conversations: number;
  turns: number;
  conversationsWithSpawn: number;
  conversationsWithNudge: number;
  nudgedPercent: number;
  nudgesPer100: number;
  spawns: { conversation: string; kind: string; task: string }[];
  nudges: Asked[];
  /** Every decided action's line (spawns and nudges included), by conversation: what the daemon would write. */
  actions: { conversation: string; type: Exclude<Action, { type: "quiet" }>["type"]; output: string }[];
}

class InputError extends Error {}

/** Speech comes a few seconds apart; conversations are far enough apart that nothing carries over but memory. */
const TURN_MS = 6_000;
const CONVERSATION_GAP_MS = 24 * 3_600_000;
const START = Date.parse("2026-01-05T09:00:00.000Z");

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const DEFAULT_FILE = resolve(ROOT, "..", "shared", "eval", "conversations-dev.jsonl");

export function parseConversations(file: string, raw: string): Conversation[] {
  const out: Conversation[] = [];
  const expected = 'expected a JSON object {"id": string, "topic": string, "turns": [{"speaker": string, "text": string}]}';
  raw.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === "") return;
    const where = `${file}:${i + 1}`;
    const shown = line.length > 120 ? `${line.slice(0, 117)}...` : line;
    let o: unknown;
    try {
      o = JSON.parse(line);
    } catch {
      throw new InputError(`${where}: ${expected}, received invalid JSON: ${shown}`);
    }
    const c = o as Partial<Conversation> | null;
    if (typeof c !== "object" || c === null || typeof c.id !== "string" || !Array.isArray(c.turns)) throw new InputError(`${where}: ${expected}, received: ${shown}`);
    c.turns.forEach((t: unknown, j) => {
      const turn = t as { speaker?: unknown; text?: unknown } | null;
      if (typeof turn !== "object" || turn === null || typeof turn.speaker !== "string" || typeof turn.text !== "string" || !/^\S{1,200}$/.test(turn.speaker))
        throw new InputError(`${where}: turn ${j + 1}: expected {"speaker": a name without spaces, "text": string}, received: ${JSON.stringify(t).slice(0, 120)}`);
    });
    out.push({ id: c.id, topic: typeof c.topic === "string" ? c.topic : "", turns: c.turns });
  });
  return out;
}

export async function evaluate(file: string, conversations: readonly Conversation[], user = "A"): Promise<ConversationFigures> {
  const config = loadConfig(undefined, { user, brain: "offline" }, {});
  const memory = new SpiritMemory(user, config);
  const brain = new OfflineBrain();
  const world = new Situation();
  let line = 0;
  const entry = (ts: number, source: string, id: string, output: string): Located<EventEntry> => {
    line += 1;
    return { kind: "event", ts: new Date(ts).toISOString(), source, id, output, line, offset: line * 100 };
  };
  // What the daemon's report() does: write the line, and remember it at once.
  const report = (ts: number, id: string, output: string) => memory.apply(entry(ts, SOURCE, id, output));
  const spawns: ConversationFigures["spawns"] = [];
  const nudges: Asked[] = [];
  const actions: ConversationFigures["actions"] = [];
  let turns = 0;
  for (const [i, c] of conversations.entries()) {
    const start = START + i * CONVERSATION_GAP_MS;
    for (const [j, turn] of c.turns.entries()) {
      const now = start + j * TURN_MS;
      turns += 1;
      for (const o of expiredNudges(memory, config, now)) if (o.type === "line") report(now, o.id, o.output);
      const voice = entry(now, VOICE_SOURCE, turn.speaker, turn.text);
      const hearing = await hearVoice(voice, { memory, brain, config, situation: () => "", world }, now);
      if (hearing.type === "answer") {
        const answer = entry(now, ANSWER_SOURCE, hearing.nudgeId, hearing.text);
        memory.markReacted(answer);
        const outcome = answerNudge(answer, memory);
        if (outcome?.type === "line") report(now, outcome.id, outcome.output);
        else if (outcome?.type === "spawn") {
          spawns.push({ conversation: c.id, kind: outcome.agentKind, task: outcome.task });
          report(now, outcome.id, say.spawn(outcome.agentKind, outcome.task, outcome.reason));
        }
        continue;
      }
      if (hearing.type !== "action" || hearing.action.type === "quiet") continue;
      const action = hearing.action;
      if (memory.written.has(action.id)) continue;
      if (action.type === "spawn") spawns.push({ conversation: c.id, kind: action.agentKind, task: action.task });
      if (action.type === "nudge") nudges.push({ conversation: c.id, speaker: turn.speaker, text: turn.text, question: action.question, kind: action.kind });
      const said = actionLine(action, hearing.heard);
      actions.push({ conversation: c.id, type: action.type, output: said.output });
      report(now, said.id, said.output);
    }
  }
  const n = conversations.length;
  const withSpawn = new Set(spawns.map((s) => s.conversation)).size;
  const withNudge = new Set(nudges.map((a) => a.conversation)).size;
  return {
    file,
    user,
    conversations: n,
    turns,
    conversationsWithSpawn: withSpawn,
    conversationsWithNudge: withNudge,
    nudgedPercent: n === 0 ? 0 : (100 * withNudge) / n,
    nudgesPer100: n === 0 ? 0 : (100 * nudges.length) / n,
    spawns,
    nudges,
    actions,
  };
}

function table(f: ConversationFigures): string {
  const lines = [
    `conversation eval: ${f.file} (${f.conversations} conversations, ${f.turns} turns; speaker ${f.user} is the user; offline brain)`,
    "",
    `conversations with a spawn   ${f.conversationsWithSpawn}`,
    `conversations with a nudge   ${f.conversationsWithNudge} (${f.nudgedPercent.toFixed(1)} %)`,
    `nudges per 100 conversations ${f.nudgesPer100.toFixed(1)}`,
  ];
  if (f.spawns.length) lines.push("", "spawns:", ...f.spawns.map((s) => `  ${s.conversation}: ${s.kind} ${JSON.stringify(s.task)}`));
  if (f.nudges.length) lines.push("", "questions asked (the utterance that caused it → the question):");
  for (const a of f.nudges) lines.push(`  ${a.speaker}: ${JSON.stringify(a.text)}`, `    → ${a.question}`);
  return lines.join("\n");
}

const USAGE = "usage: eval:conversations [file.jsonl] [--user <speaker>] [--json]";

async function main(argv: string[]): Promise<number> {
  let json = false;
  let user = "A";
  const files: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i]!;
    if (a === "--json") json = true;
    else if (a === "--user") {
      const next = argv[++i];
      if (next === undefined || next.startsWith("-")) {
        process.stderr.write(`eval:conversations: --user expected a speaker name, received ${next === undefined ? "nothing" : next} (${USAGE})\n`);
        return 2;
      }
      user = next;
    } else if (a === "-h" || a === "--help") {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    } else if (a.startsWith("-")) {
      process.stderr.write(`eval:conversations: unknown option ${a} (${USAGE})\n`);
      return 2;
    } else files.push(a);
  }
  if (files.length > 1) {
    process.stderr.write(`eval:conversations: expected at most one file, received ${files.length}: ${files.join(" ")}\n`);
    return 2;
  }
  const file = files[0] !== undefined ? resolve(files[0]) : DEFAULT_FILE;
  try {
    let raw: string;
    try {
      raw = readFileSync(file, "utf8");
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new InputError(`eval:conversations: cannot read ${file}: expected a readable file, received ${code === "ENOENT" ? "no such file" : (e as Error).message}`);
    }
    const f = await evaluate(file, parseConversations(file, raw), user);
    process.stdout.write(json ? `${JSON.stringify(f)}\n` : `${table(f)}\n`);
    return 0;
  } catch (e) {
    if (e instanceof InputError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

// Run only as a program, not when imported (tests import evaluate).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
