// The Spirit's offline intent detector: for one transcribed utterance decide
// reminder / task / quiet, and for actions whether to act (spawn) or to ask
// first (nudge). No network. Three steps:
//
//   1. model.ts  - WHAT it is: a linear model over word and character n-grams,
//                  trained from data (train.ts, model.json), gives the label
//                  and the kind (flight, payment, timer, ...);
//   2. frames.ts - HOW it was said, by rules the data cannot teach (it holds
//                  only requests to an assistant): telling what someone else
//                  said, or announcing one's own plan, is not a request; "we
//                  should ..." between people is asked about, not done;
//   3. slots.ts  - what to hand an agent: the task text, and when (chrono-node).
//
// When the model is unsure, it stays quiet.

import { Frame, acts, asks, frameOf } from "./frames.js";
import { canonical, featuresOfCanonical } from "./features.js";
import { type Model, loadModel, scores, verdictOf } from "./model.js";
import { splitClauses, toSecondPerson } from "./normalize.js";
import { reminderSlots, taskText } from "./slots.js";

export type IntentLabel = "reminder" | "task" | "quiet";
export type Decision = "spawn" | "nudge" | "quiet";

export interface Intent {
  label: IntentLabel;
  decision: Decision;
  /** reminder | a task sub-kind (flight, payment, timer, ...) | info, assistant_meta, personal_lookup, chit_chat, other */
  kind: string;
  confidence: number;
  /** Why, for humans: the model's verdict and the framing. */
  reason: string;
  /** A short imperative task text, e.g. "call mom at 5pm". */
  task?: string;
  /** For nudges: what to ask the user. */
  question?: string;
  /** For reminders: the time words heard ("tomorrow morning"), when there are any. */
  when?: string;
}

// How sure an action can be, at most, by how it was framed.
const FRAME_CONFIDENCE: Record<Frame, number> = {
  imperative: 0.95, request: 0.9, statement: 0.85, discussion: 0.75, procedural: 0.65, info: 0.7, wh: 0.7, yesno: 0.7, conditional: 0.5, plan: 0.4, past: 0.4, reported: 0.4,
};

// Low-risk kinds are done when asked outright; everything that commits the
// user (money, bookings, messages to people) is asked about first.
const SPAWN_KINDS = new Set(["reminder", "alarm", "timer", "media", "smart_home", "device", "shopping_list", "todo", "calendar"]);
// Asking what something costs is asking for information, whatever it is about.
const PRICE_QUESTION = /\b(?:how much|cost|costs|price|prices|fare|fares|cheapest|expensive)\b/;
const DESTRUCTIVE = /\b(?:clear|cancel|delete|remove|erase|wipe)\b/;

// One utterance is a sentence or two; anything longer is cut (the head carries the request).
const MAX_CHARS = 600;

let model: Model | undefined;
/** The model, read once (spirit/intents/model.json next to this module). */
export function intentModel(): Model {
  return (model ??= loadModel());
}

export interface DetectOptions {
  /**
   * Read a reminder's task and time (chrono-node; default true). Without them the label,
   * the decision and the kind are the same: enough to tell whether something was asked for
   * (spirit/daemon/late.ts), at a fraction of the cost.
   */
  slots?: boolean;
}

export function detectIntent(text: string, options: DetectOptions = {}): Intent {
  const t = canonical(text.slice(0, MAX_CHARS));
  if (!/[a-z0-9]/.test(t)) return quiet("other", "empty utterance", 0.99);
  const m = intentModel();
  const v = verdictOf(m, scores(m, featuresOfCanonical(t, m.settings)));
  const said = `model ${v.label}/${v.kind} p=${v.p.toFixed(2)}`;
  if (v.label === "quiet") return quiet(v.kind, `quiet: ${said}`, v.p);

  const clauses = splitClauses(t);
  const frames = clauses.map((c) => frameOf(c.text));
  const first = frames[0] ?? "imperative";
  // Someone else's words, what was already done ("we booked a table for saturday") or the
  // speaker's own plan ("i'm going to call mom later") are not a request, whatever they
  // are about; a plan followed by "remind me ..." still asks.
  // The clause that carries the request: the first that asks for something, else the first.
  const acting = frames.findIndex(acts);
  if ((first === "reported" || first === "past" || (first === "plan" && v.label === "task")) && acting < 0) return quiet("other", `quiet: ${said}, but ${first} framing`, 0.8);
  const k = Math.max(0, acting);
  const frame = acting >= 0 ? (frames[k] as Frame) : first;
  const clause = clauses[k]?.text ?? t;
  const discussion = frames.includes("discussion");
  const confidence = Math.min(v.p, FRAME_CONFIDENCE[frame]);
  const reason = `${said} (${frame})`;

  if (v.label === "reminder") {
    const slots = options.slots === false ? {} : reminderSlots(t);
    const intent: Intent = { label: "reminder", decision: discussion ? "nudge" : "spawn", kind: "reminder", confidence, reason };
    if (slots.task) intent.task = slots.task;
    if (slots.when) intent.when = slots.when;
    if (discussion) intent.question = reminderQuestion(clause, slots.task);
    return intent;
  }
  // A question about a device or a list ("is my alarm set for 6", "how do i set a timer
  // on my phone") is answered in conversation; a wh-question ("how much is an uber to
  // the airport") too. A question about a transaction may lead to one: asked about.
  if (acting < 0 && ((SPAWN_KINDS.has(v.kind) && v.kind !== "device") || PRICE_QUESTION.test(t))) return quiet("info", `quiet: ${said}, but a question (${frame})`, 0.7);
  const statement = frame === "statement";
  const task = taskText(v.kind, clause, statement);
  const risky = !SPAWN_KINDS.has(v.kind) || (v.kind === "calendar" && DESTRUCTIVE.test(t));
  const decision: Decision = discussion || risky || !acts(frame) || asks(frame) ? "nudge" : "spawn";
  const intent: Intent = { label: "task", decision, kind: v.kind, confidence, reason, task };
  if (decision === "nudge") intent.question = question(v.kind, task, discussion);
  return intent;
}

// "we should remind him to call mom" asks about reminding HIM; otherwise a reminder for the user.
function reminderQuestion(clause: string, task: string | undefined): string {
  const other = /\bremind ((?!me\b|us\b|myself\b)[a-z]+ to .+)$/.exec(clause);
  if (other?.[1]) return `Want me to remind ${toSecondPerson(other[1])}?`;
  return `Want me to set a reminder${task ? ` to ${toSecondPerson(task)}` : ""}?`;
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
