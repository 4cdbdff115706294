/**
 * npm run eval:commands [-- <file.jsonl>] [--json] [--show <what>]
 *
 * Spoken commands to a home assistant ({"text","label","source_label"} per line: SLURP's
 * devel split, /work/shared/eval/commands-SOURCE.md) through the Spirit's whole decision
 * path: each command is its own conversation with the user alone, fed to the same
 * evaluation as `eval:conversations` (spirit/eval/eval-conversations.ts: hearing.ts, the
 * offline brain, the rules, the lines folded back into memory). What the Spirit would
 * write decides the outcome of each command:
 *
 *   - acting: a spawn, a nudge, a management decision (cancel/move/snooze) or an honest
 *     "I can't … yet" line; an answer about the world or an observation is not acting;
 *   - a reminder: a spawn of the reminder or timer agent, which acts for the user either
 *     way: it arms at the time said, or it asks the user when (and what, when the words
 *     name nothing), and the answer arms it (agents/reminder/alarm.ts); the table says
 *     how many ask.
 *
 * Prints acting precision, quiet kept, reminder recall, task recall (each against its
 * target), the cancel/list/query commands that created a reminder, and the project's text
 * check (spirit/language/question-check.ts) over every spawned reminder's text and every question.
 * Exit 0 when the file was read, 2 for a missing file, a malformed line or bad arguments.
 */
import { planReminder } from "../../agents/reminder/plan.js";
import { reminderSubject } from "../../agents/reminder/when.js";
import { withoutRepeat } from "../../agents/reminder/repeat.js";
import { devFile, parseEvalArgs, readInput, readJsonl, runAsProgram } from "./eval-cli.js";
import { evaluate, type ConversationFigures } from "./eval-conversations.js";
import { loadNlp, type Nlp } from "../language/nlp.js";
import { secondPerson } from "../decide/offers.js";
import { questionProblems } from "../language/question-check.js";

type Label = "reminder" | "task" | "quiet";
const LABELS: readonly Label[] = ["reminder", "task", "quiet"];

interface Command {
  text: string;
  label: Label;
  source: string;
}

export const TARGETS = { actingPrecision: 0.95, quietKept: 0.97, reminderRecall: 0.95, taskRecall: 0.6 } as const;

type Outcome = "reminder" | "acting" | "quiet";

interface Checked {
  text: string;
  said: string;
  problems: string[];
  /** For reminders: whether the agent finds a time in it (otherwise it asks the user when). */
  timed?: boolean;
  /** For reminders: whether the words name something to be reminded of (otherwise the agent asks what, too). */
  subject?: boolean;
}

interface CommandFigures {
  file: string;
  n: number;
  /** confusion[true label][outcome] */
  confusion: Record<Label, Record<Outcome, number>>;
  actingPrecision: number | null;
  quietKept: number | null;
  reminderRecall: number | null;
  taskRecall: number | null;
  pass: Record<keyof typeof TARGETS, boolean>;
  /** Cancel, list and query commands (SLURP `*_remove`, `*_query`) that created a reminder: the target is none. */
  managingCreated: { text: string; task: string }[];
  /** Every spawned reminder's text (what the agent will say) and every question, with what the text check found. */
  reminderTexts: Checked[];
  questions: Checked[];
  /** Commands and what became of them, for --show. */
  rows: { command: Command; outcome: Outcome; lines: string[] }[];
}

const DEFAULT_FILE = devFile("commands-dev.jsonl");
const MANAGING = /_(?:remove|query)$/;
/** The time the reminders' texts are read at (the agent reads its time words relative to its start). */
const READ_AT = new Date("2026-01-05T09:00:00.000Z");

export function parseCommands(file: string, raw: string): Command[] {
  const expected = 'expected a JSON object {"text": string, "label": "reminder"|"task"|"quiet", "source_label": string}';
  return readJsonl(file, raw, expected, (o, _where, refuse) => {
    const c = o as { text?: unknown; label?: unknown; source_label?: unknown } | null;
    if (typeof c !== "object" || c === null || typeof c.text !== "string" || !LABELS.includes(c.label as Label)) return refuse();
    return { text: c.text, label: c.label as Label, source: typeof c.source_label === "string" ? c.source_label : "" };
  });
}

/** The reminder agent's own reading of a task ("Reminder: the plumber"), asked as a question for the text check. */
function reminderText(nlp: Nlp, task: string): Checked {
  const alarm = planReminder(task, READ_AT);
  // As the agent reads a task with no time (agents/reminder/main.ts): "remind me every week" says no subject either.
  const subject = alarm?.message.replace(/^Reminder: /, "") ?? (reminderSubject(withoutRepeat(task)) || "(no subject given)");
  // "remind me on the 11th that my essay is due on the 12th": the time said first, then the clause (decide/commands.ts taskOf).
  const connector = /^remind me (?:(?:on|at|in|by|tomorrow|tonight|today|next|this|every)\b(?:(?!\b(?:to|about)\b).)*? )?that\b/.test(task) ? "that" : /^remind me (?:about|of)\b/.test(task) || !/^remind me to\b/.test(task) ? "about" : "to";
  const question = `Want me to remind you ${connector} ${secondPerson(subject)}?`;
  // No subject said ("remind me in 3 hours"): the agent says so itself; no time said: it asks when. Neither is a text to check.
  return { text: task, said: subject, timed: alarm !== undefined, subject: subject !== "(no subject given)", problems: subject === "(no subject given)" ? [] : questionProblems(nlp, question) };
}

function scoreCommands(file: string, commands: readonly Command[], f: ConversationFigures, nlp: Nlp): CommandFigures {
  const byConversation = new Map(f.perConversation.map((p) => [p.id, p.lines]));
  const confusion = Object.fromEntries(LABELS.map((l) => [l, { reminder: 0, acting: 0, quiet: 0 }])) as CommandFigures["confusion"];
  const rows: CommandFigures["rows"] = [];
  const managingCreated: CommandFigures["managingCreated"] = [];
  commands.forEach((command, i) => {
    const actions = byConversation.get(String(i)) ?? [];
    const spawns = f.spawns.filter((s) => s.conversation === String(i));
    const reminder = spawns.find((s) => s.kind === "reminder" || s.kind === "timer");
    const acting = actions.some((a) => a.type === "spawn" || a.type === "nudge" || a.type === "manage" || (a.type === "say" && a.output.startsWith("can't:")));
    const outcome: Outcome = reminder ? "reminder" : acting ? "acting" : "quiet";
    confusion[command.label][outcome] += 1;
    if (reminder && MANAGING.test(command.source)) managingCreated.push({ text: command.text, task: reminder.task });
    rows.push({ command, outcome, lines: actions.map((a) => a.output) });
  });
  const c = confusion;
  const ratio = (num: number, den: number): number | null => (den === 0 ? null : num / den);
  const total = (l: Label) => c[l].reminder + c[l].acting + c[l].quiet;
  const acted = LABELS.reduce((s, l) => s + c[l].reminder + c[l].acting, 0);
  const figures = {
    actingPrecision: ratio(acted - c.quiet.reminder - c.quiet.acting, acted),
    quietKept: ratio(c.quiet.quiet, total("quiet")),
    reminderRecall: ratio(c.reminder.reminder, total("reminder")),
    taskRecall: ratio(c.task.acting + c.task.reminder, total("task")),
  };
  const meets = (v: number | null, t: number) => v !== null && v >= t;
  const reminderTexts = f.spawns.filter((s) => s.kind === "reminder").map((s) => reminderText(nlp, s.task));
  const questions = f.nudges.map((q) => ({ text: q.text, said: q.question, problems: questionProblems(nlp, q.question) }));
  return {
    file,
    n: commands.length,
    confusion,
    ...figures,
    pass: {
      actingPrecision: meets(figures.actingPrecision, TARGETS.actingPrecision),
      quietKept: meets(figures.quietKept, TARGETS.quietKept),
      reminderRecall: meets(figures.reminderRecall, TARGETS.reminderRecall),
      taskRecall: meets(figures.taskRecall, TARGETS.taskRecall),
    },
    managingCreated,
    reminderTexts,
    questions,
    rows,
  };
}

export async function evaluateCommands(file: string, commands: readonly Command[]): Promise<CommandFigures> {
  // Each command its own conversation, the user ("user") alone with the assistant.
  const conversations = commands.map((c, i) => ({ id: String(i), topic: c.source, turns: [{ speaker: "user", text: c.text }] }));
  const f = await evaluate(file, conversations, "user");
  return scoreCommands(file, commands, f, await loadNlp());
}

function table(f: CommandFigures, show: string | undefined): string {
  const pct = (v: number | null) => (v === null ? "  n/a " : `${(v * 100).toFixed(1).padStart(5)}%`);
  const verdict = (k: keyof typeof TARGETS) => `target >= ${(TARGETS[k] * 100).toFixed(0)}%  ${f.pass[k] ? "PASS" : "FAIL"}`;
  const bad = (xs: Checked[]) => xs.filter((x) => x.problems.length > 0);
  const lines = [
    `command eval: ${f.file} (${f.n} commands, each alone with the user; offline brain)`,
    "",
    `${"true \\ did".padEnd(12)}${["reminder", "acting", "quiet"].map((o) => o.padStart(10)).join("")}`,
    ...LABELS.map((l) => `${l.padEnd(12)}${(["reminder", "acting", "quiet"] as Outcome[]).map((o) => String(f.confusion[l][o]).padStart(10)).join("")}`),
    "",
    `acting precision       ${pct(f.actingPrecision)}  ${verdict("actingPrecision")}`,
    `quiet kept             ${pct(f.quietKept)}  ${verdict("quietKept")}`,
    `reminder recall        ${pct(f.reminderRecall)}  ${verdict("reminderRecall")}`,
    `task recall            ${pct(f.taskRecall)}  ${verdict("taskRecall")}`,
    `cancel/list/query → a new reminder   ${f.managingCreated.length}  target 0  ${f.managingCreated.length === 0 ? "PASS" : "FAIL"}`,
    `reminder texts failing the check     ${bad(f.reminderTexts).length} of ${f.reminderTexts.length}  target 0  ${bad(f.reminderTexts).length === 0 ? "PASS" : "FAIL"}`,
    `reminders without a time (the agent asks when)   ${f.reminderTexts.filter((x) => x.timed === false).length} of ${f.reminderTexts.length} (and what, too: ${f.reminderTexts.filter((x) => x.timed === false && x.subject === false).length})`,
    `questions failing the check          ${bad(f.questions).length} of ${f.questions.length}`,
  ];
  for (const m of f.managingCreated) lines.push(`  created: ${JSON.stringify(m.text)} → ${JSON.stringify(m.task)}`);
  for (const x of bad(f.reminderTexts)) lines.push(`  text: ${JSON.stringify(x.text)} → ${JSON.stringify(x.said)}: ${x.problems.join("; ")}`);
  for (const x of bad(f.questions)) lines.push(`  question: ${JSON.stringify(x.text)} → ${JSON.stringify(x.said)}: ${x.problems.join("; ")}`);
  if (show !== undefined) {
    const [label, outcome] = show.split(":");
    lines.push("", `commands labelled ${label ?? "any"} with outcome ${outcome ?? "any"}:`);
    for (const r of f.rows) {
      if ((label && label !== "any" && r.command.label !== label) || (outcome && r.outcome !== outcome)) continue;
      lines.push(`  [${r.command.source}] ${JSON.stringify(r.command.text)}${r.lines.length ? ` → ${r.lines.join(" | ")}` : ""}`);
    }
  }
  return lines.join("\n");
}

const USAGE = "usage: eval:commands [file.jsonl] [--json] [--show <label>:<reminder|acting|quiet>]";

async function main(argv: string[]): Promise<number> {
  const args = parseEvalArgs("eval:commands", USAGE, argv, DEFAULT_FILE, {
    show: { expected: "<label>[:<outcome>]", valid: (v) => /^(?:any|reminder|task|quiet)(?::(?:reminder|acting|quiet))?$/.test(v) },
  });
  if (args === "help") return 0;
  const { file, json } = args;
  const show = args.values.show;
  const f = await evaluateCommands(file, parseCommands(file, readInput("eval:commands", file)));
  process.stdout.write(json ? `${JSON.stringify({ ...f, rows: undefined })}\n` : `${table(f, show)}\n`);
  return 0;
}

await runAsProgram(import.meta.url, main);
