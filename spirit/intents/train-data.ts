// The lines the intent model learns from: the CLINC-derived training file
// (../shared/eval/intents-train.jsonl; never the dev files) plus the lines
// generated in discussion-lines.ts, reminder-lines.ts and talk-lines.ts.
//
// One relabelling, because the file holds no reminder lines but a few task
// lines that ARE requests to be reminded ("please remind me to add laundry
// to my list", "set reminder for 2 pm"): a task line with explicit
// reminder-request wording becomes a reminder line.

import { readFileSync } from "node:fs";
import { discussionLines } from "./discussion-lines.js";
import { type Line, reminderLines } from "./reminder-lines.js";
import { talkLines } from "./talk-lines.js";

const REMINDER_REQUEST = /\bremind (?:me|us) (?:to|about|in|at)\b|\b(?:set|make|create|put|add)(?: me)? (?:a |in a |up a )?reminder\b/;

function readTrainingFile(file: string): Line[] {
  let raw: string;
  try {
    raw = readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(`train:intents: cannot read ${file}: ${code === "ENOENT" ? "no such file" : (e as Error).message}`);
  }
  const lines: Line[] = [];
  raw.split(/\r?\n/).forEach((text, i) => {
    if (text.trim() === "") return;
    let o: { text?: unknown; label?: unknown; kind?: unknown };
    try {
      o = JSON.parse(text) as typeof o;
    } catch {
      throw new Error(`${file}:${i + 1}: expected a JSON object {"text","label","kind"}, received invalid JSON: ${text.slice(0, 80)}`);
    }
    if (typeof o.text !== "string" || (o.label !== "reminder" && o.label !== "task" && o.label !== "quiet") || typeof o.kind !== "string")
      throw new Error(`${file}:${i + 1}: expected {"text": string, "label": "reminder"|"task"|"quiet", "kind": string}, received: ${text.slice(0, 80)}`);
    const line: Line = { text: o.text, label: o.label, kind: o.kind };
    if (line.label === "task" && REMINDER_REQUEST.test(line.text.toLowerCase())) lines.push({ text: line.text, label: "reminder", kind: "reminder" });
    else lines.push(line);
  });
  return lines;
}

/** Everything the model learns from, in a fixed order. */
export function trainingLines(file: string): Line[] {
  const fromFile = readTrainingFile(file);
  return [...fromFile, ...discussionLines(fromFile), ...reminderLines(), ...talkLines()];
}
