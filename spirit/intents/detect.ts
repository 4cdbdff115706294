// The Spirit's offline intent detector: for one transcribed utterance decide
// reminder / task / quiet, and for actions whether to act (spawn) or to ask
// first (nudge). No model, no network: hand-written rules in four layers,
// checked in this order:
//
//   1. reminders.ts - "remind me ...", "set a reminder ...", "don't let me forget ..."
//   2. quiet.ts     - commands to the assistant itself (volume, voice, name),
//                     read-backs of the user's data, coin/dice games
//   3. actions*.ts  - WHAT would be done (book, pay, call, add to list ...)
//   4. frames.ts    - HOW it was said; decides whether an action counts:
//                     a request/statement acts, a question mostly does not,
//                     "how do i ..." acts only for transactions the assistant
//                     can start, "we should ..." becomes a nudge with a question.
//
// Anything that matches nothing is quiet: when unsure, stay quiet.

import { ACTION_RULES } from "./actions.js";
import { listKind } from "./actions-home.js";
import { Frame, acts, asks, frameOf, withoutFiller } from "./frames.js";
import type { ActionRule } from "./lexicon.js";
import { core, normalize, splitClauses, toSecondPerson } from "./normalize.js";
import { findQuiet } from "./quiet.js";
import { findReminder } from "./reminders.js";

export type IntentLabel = "reminder" | "task" | "quiet";
export type Decision = "spawn" | "nudge" | "quiet";

export interface Intent {
  label: IntentLabel;
  decision: Decision;
  /** reminder | a task sub-kind (flight, payment, timer, ...) | info, assistant_meta, personal_lookup, chit_chat, other */
  kind: string;
  confidence: number;
  /** Which rule fired, for humans. */
  reason: string;
  /** A short imperative task text, e.g. "call mom at 5pm". */
  task?: string;
  /** For nudges: what to ask the user. */
  question?: string;
}

// How sure a fired rule is, by how the request was framed.
const FRAME_CONFIDENCE: Record<Frame, number> = {
  imperative: 0.9, request: 0.85, statement: 0.8, discussion: 0.7, procedural: 0.6, info: 0.65, wh: 0.65, yesno: 0.65, conditional: 0.5, plan: 0.5, reported: 0.4,
};

// A task text that already starts with one of these needs no verb in front.
const VERB_START =
  /^(?:add|put|place|insert|remove|delete|erase|clear|set|start|create|make|book|reserve|cancel|call|dial|ring|text|message|send|email|tell|let|share|order|buy|purchase|pay|transfer|move|wire|freeze|block|lock|unlock|turn|switch|play|skip|go|schedule|get|find|locate|rent|report|change|reset|replace|apply|request|increase|raise|roll|notify|inform|give|pencil|arrange|write|compose|count|sound|wake|dim|preheat|open|close|search|look|hold|engage|scratch|undo|take|file|submit|mark|proceed|resume|pause|stop|shuffle|queue|have|ping|catch|hire|sign|enroll|modify|update|venmo|zelle|reschedule|reorder|rebook|renew|dm|remind)\b/;
const HOW_TO = /^.*?\b(?:how (?:do|can|could|should|would|might|does|will)(?: i| we| one| you)?|how to|where (?:do|can|could|should|would) (?:i|we|one)|where to|(?:process|steps|procedure|needed|need)(?: required)? (?:to|for))\s+/;

const RE_CACHE = new Map<ActionRule, RegExp>();
const globalRe = (r: ActionRule): RegExp => {
  let g = RE_CACHE.get(r);
  if (!g) RE_CACHE.set(r, (g = new RegExp(r.re.source, "g")));
  g.lastIndex = 0;
  return g;
};

// One utterance is a sentence or two; a few rules are quadratic in length,
// so anything longer is cut (the head carries the request).
const MAX_CHARS = 600;

export function detectIntent(text: string): Intent {
  // Leading fillers ("um", "ok so", "yeah") are speech, not words of the request.
  const t = withoutFiller(normalize(text.slice(0, MAX_CHARS)));
  if (!/[a-z0-9]/.test(t)) return quiet("other", "empty utterance", 0.99);
  const clauses = splitClauses(t);
  const frames = clauses.map((c) => frameOf(c.text));
  const clauseAt = (i: number): number => {
    let k = 0;
    clauses.forEach((c, j) => { if (c.start <= i) k = j; });
    return k;
  };
  const frameAt = (i: number): Frame => frames[clauseAt(i)] ?? "imperative";

  const rem = findReminder(t, frameAt);
  if (rem) {
    const discussion = frames.includes("discussion");
    const intent: Intent = { label: "reminder", decision: discussion ? "nudge" : "spawn", kind: "reminder", confidence: rem.confidence, reason: `reminder: ${rem.why}` };
    if (rem.task) intent.task = rem.task;
    if (discussion) intent.question = `Want me to set a reminder${rem.task ? ` to ${toSecondPerson(rem.task)}` : ""}?`;
    return intent;
  }

  const q = findQuiet(t);
  if (q) return quiet(q.kind, `quiet: ${q.why}`, 0.9);

  let blocked: string | undefined;
  for (const rule of ACTION_RULES) {
    if (rule.unless?.test(t) || (rule.also && !rule.also.test(t))) continue;
    for (const m of t.matchAll(globalRe(rule))) {
      const at = (m.index ?? 0) + (m[0].startsWith(", ") ? 2 : 0);
      const k = clauseAt(at);
      const frame = frames[k] ?? "imperative";
      if (!allowed(rule, frame)) {
        blocked ??= `${rule.why} blocked by ${frame} framing`;
        continue;
      }
      return act(rule, frame, clauses[k]?.text ?? t, t);
    }
  }
  const first = frames[0] ?? "imperative";
  const question = asks(first) || first === "procedural";
  if (blocked) return quiet(question ? "info" : "other", `quiet: ${blocked}`, 0.7);
  return quiet(question ? "info" : "other", `quiet: no action rule matched (${first})`, question ? 0.85 : 0.75);
}

function allowed(rule: ActionRule, frame: Frame): boolean {
  if (acts(frame)) return true;
  if (frame === "procedural") return rule.procedural === true || rule.inQuestions === true;
  return asks(frame) && rule.inQuestions === true;
}

function act(rule: ActionRule, frame: Frame, clause: string, t: string): Intent {
  const kind = listKind(rule.kind, t);
  const discussion = frame === "discussion";
  // Only a direct, explicit request to do a low-risk thing is spawned outright.
  const decision: Decision = discussion || frame === "procedural" || asks(frame) ? "nudge" : rule.decision;
  const task = taskText(rule, frame, clause);
  const intent: Intent = { label: "task", decision, kind, confidence: FRAME_CONFIDENCE[frame], reason: `${rule.why} (${frame})`, task };
  if (decision === "nudge") intent.question = question(kind, task, discussion);
  return intent;
}

function taskText(rule: ActionRule, frame: Frame, clause: string): string {
  let c = core(withoutFiller(clause).replace(HOW_TO, ""));
  c = c.replace(/^(?:i |we )?(?:need|want|would like|like|must|have to|require|am going to need) (?:to )?/, "").trim();
  if (c && VERB_START.test(c)) return c;
  // A problem statement ("my card is broken") gets the rule's fixed task.
  if (rule.task) return rule.task;
  return c ? `${rule.verb} ${c}` : `${rule.verb} (${rule.kind})`;
}

function question(kind: string, task: string, discussion: boolean): string {
  if (kind === "flight" && discussion) {
    const dest = / to ([a-z]+(?: [a-z]+)?)(?= (?:on|for|from|next|this|tomorrow|in|at|by)\b|$)/.exec(task);
    return dest ? `Want me to search flights to ${dest[1]}?` : "Want me to search flights?";
  }
  return `Want me to ${toSecondPerson(task)}?`;
}

function quiet(kind: string, reason: string, confidence: number): Intent {
  return { label: "quiet", decision: "quiet", kind, confidence, reason };
}
