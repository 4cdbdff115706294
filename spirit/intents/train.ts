// npm run train:intents [-- --cv] [--out file] [--data file] [--limit n]
//
// Trains the Spirit's intent model (learn.ts) on the training lines
// (train-data.ts) and writes the committed model: spirit/intents/model.json and model.bin.
// Reproducible: fixed seeds, fixed order; the same inputs give the same bytes.
// --cv  prints 5-fold cross-validation figures on the training lines instead
//       (how the settings and the acting threshold were chosen; never the dev files).
// Exit 0 on success, 2 for bad arguments or an unreadable / malformed data file.

import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_SETTINGS, type LearnSettings, type ModelParts, fit, toParts } from "./learn.js";
import { MODEL_PATH, fromParts, probabilities, verdictOf, weightsPath } from "./model.js";
import type { Line } from "./reminder-lines.js";
import { trainingLines } from "./train-data.js";

// spirit/intents/train.ts (or dist/spirit/intents/train.js): the project root and its sibling shared/.
const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, HERE.includes(`${"/"}dist${"/"}`) ? "../../.." : "../..");
const DEFAULT_DATA = resolve(ROOT, "..", "shared", "eval", "intents-train.jsonl");
const DEFAULT_OUT = resolve(ROOT, "spirit", "intents", "model.json");

/** Chosen by 5-fold cross-validation on the training lines (see docs/spirit.md). */
const ACT_THRESHOLD = 0.5;

/** A fingerprint of the training lines: the committed model records it, a test compares it with today's lines. */
export function linesDigest(lines: readonly Line[]): string {
  const h = createHash("sha256");
  for (const l of lines) h.update(`${l.label}\t${l.kind}\t${l.text}\n`);
  return h.digest("hex").slice(0, 16);
}

export function train(lines: readonly Line[], s: LearnSettings = DEFAULT_SETTINGS, threshold = ACT_THRESHOLD): ModelParts {
  return toParts(fit(lines, s), s, threshold, { lines: lines.length, digest: linesDigest(lines), settings: s, by: "npm run train:intents" });
}

const headerText = (p: ModelParts): string => `${JSON.stringify(p.header, null, 1)}\n`;

function write(jsonPath: string, p: ModelParts): void {
  writeFileSync(weightsPath(jsonPath), p.weights);
  writeFileSync(jsonPath, headerText(p));
}

interface CvFigures {
  actingPrecision: number;
  quietKept: number;
  reminderRecall: number;
  taskRecall: number;
}

/** k-fold cross-validation, one set of figures per acting threshold: line i (in a fixed mixed order) is in fold i mod k. */
function crossValidate(lines: readonly Line[], s: LearnSettings, thresholds: readonly number[], k = 5): CvFigures[] {
  const zero = () => ({ act: 0, actRight: 0, quiet: 0, quietKept: 0, rem: 0, remRight: 0, task: 0, taskRight: 0 });
  const counts = thresholds.map(zero);
  const mixed = lines.map((l, i) => ({ l, key: (i * 2654435761) % 4294967291 })).sort((a, b) => a.key - b.key).map((x) => x.l);
  for (let fold = 0; fold < k; fold++) {
    const parts = train(mixed.filter((_, i) => i % k !== fold), s);
    const model = fromParts(parts.header, parts.weights);
    mixed.forEach((l, i) => {
      if (i % k !== fold) return;
      const probs = probabilities(model, l.text);
      thresholds.forEach((th, t) => {
        const n = counts[t] as ReturnType<typeof zero>;
        const v = verdictOf({ ...model, actThreshold: th }, probs);
        if (v.label !== "quiet") { n.act++; if (l.label !== "quiet") n.actRight++; }
        if (l.label === "quiet") { n.quiet++; if (v.label === "quiet") n.quietKept++; }
        if (l.label === "reminder") { n.rem++; if (v.label === "reminder") n.remRight++; }
        if (l.label === "task") { n.task++; if (v.label === "task") n.taskRight++; }
      });
    });
  }
  return counts.map((n) => ({ actingPrecision: n.actRight / n.act, quietKept: n.quietKept / n.quiet, reminderRecall: n.remRight / n.rem, taskRecall: n.taskRight / n.task }));
}

function main(argv: string[]): number {
  let cv = false;
  let out = DEFAULT_OUT;
  let data = DEFAULT_DATA;
  let limit = Infinity;
  const usage = "usage: train:intents [--cv] [--out model.json] [--data intents-train.jsonl] [--limit n]";
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`train:intents: ${a} expects a value (${usage})`);
      return v;
    };
    if (a === "--cv") cv = true;
    else if (a === "--out") out = resolve(value());
    else if (a === "--data") data = resolve(value());
    else if (a === "--limit") {
      const v = value();
      limit = Number(v);
      if (!Number.isInteger(limit) || limit < 1) throw new Error(`train:intents: --limit expects a positive integer, received ${JSON.stringify(v)}`);
    } else if (a === "-h" || a === "--help") {
      process.stdout.write(`${usage}\n`);
      return 0;
    } else throw new Error(`train:intents: unknown argument ${JSON.stringify(a)} (${usage})`);
  }
  const lines = trainingLines(data).slice(0, limit);
  if (cv) {
    const settings = JSON.parse(process.env.TRAIN_SETTINGS ?? "{}") as Partial<LearnSettings>;
    const s = { ...DEFAULT_SETTINGS, ...settings };
    const thresholds = (process.env.TRAIN_THRESHOLDS ?? String(ACT_THRESHOLD)).split(",").map(Number);
    crossValidate(lines, s, thresholds).forEach((f, t) => {
      const shown = Object.fromEntries(Object.entries(f).map(([key, v]) => [key, Number(v.toFixed(4))]));
      process.stdout.write(`${JSON.stringify({ threshold: thresholds[t], ...settings, ...shown })}\n`);
    });
    return 0;
  }
  const model = train(lines);
  write(out, model);
  // Run from dist/, the detector reads the copy next to it (made by the build): keep it current.
  if (out === DEFAULT_OUT && MODEL_PATH !== DEFAULT_OUT) write(MODEL_PATH, model);
  process.stdout.write(`train:intents: ${lines.length} lines -> ${out}\n`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${(e as Error).message.split("\n")[0]}\n`);
    process.exitCode = 2;
  }
}
