// The intent model: a multinomial logistic regression over hashed n-gram
// features (features.ts), trained by train.ts and committed as model.json.
// Classes are "<label>/<kind>" ("task/flight", "quiet/info", "reminder/reminder"):
// the label decides what the Spirit does, the kind says which task it is.
//
// Weights are stored quantised to int8 (one scale for the table) as base64:
// a few hundred KB instead of megabytes of JSON numbers, decoded in a few ms.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type FeatureSettings, featuresOf } from "./features.js";

export interface ModelFile {
  format: 1;
  settings: FeatureSettings;
  classes: string[];
  /** Acting (reminder or task) only when its probability reaches this. */
  actThreshold: number;
  scale: number;
  bias: number[];
  /** base64 of an Int8Array, feature-major: weight(f, c) at f * classes + c. */
  weights: string;
  /** How it was made (for people; not read by the detector). */
  trained: Record<string, unknown>;
}

export interface Model {
  settings: FeatureSettings;
  classes: string[];
  actThreshold: number;
  scale: number;
  bias: Float64Array;
  weights: Int8Array;
}

export const MODEL_PATH = fileURLToPath(new URL("./model.json", import.meta.url));

export function fromFile(m: ModelFile): Model {
  const buf = Buffer.from(m.weights, "base64");
  const weights = new Int8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  const expected = (1 << m.settings.bits) * m.classes.length;
  if (weights.length !== expected) throw new Error(`intent model: expected ${expected} weights, received ${weights.length}`);
  return { settings: m.settings, classes: m.classes, actThreshold: m.actThreshold, scale: m.scale, bias: Float64Array.from(m.bias), weights };
}

export function loadModel(path = MODEL_PATH): Model {
  let raw: string;
  try {
    raw = readFileSync(path, "utf8");
  } catch (e) {
    throw new Error(`intent model: cannot read ${path} (run \`npm run train:intents\`, then \`npm run build\`): ${(e as Error).message}`);
  }
  return fromFile(JSON.parse(raw) as ModelFile);
}

/** Class probabilities for one utterance, in model.classes order. */
export function probabilities(model: Model, text: string): Float64Array {
  const C = model.classes.length;
  const z = Float64Array.from(model.bias);
  const { index, value } = featuresOf(text, model.settings);
  const v = value * model.scale;
  for (const f of index) {
    const base = f * C;
    for (let c = 0; c < C; c++) z[c] = (z[c] ?? 0) + (model.weights[base + c] ?? 0) * v;
  }
  return softmax(z);
}

export function softmax(z: Float64Array): Float64Array {
  let max = -Infinity;
  for (const x of z) if (x > max) max = x;
  let sum = 0;
  for (let c = 0; c < z.length; c++) sum += z[c] = Math.exp((z[c] ?? 0) - max);
  for (let c = 0; c < z.length; c++) z[c] = (z[c] ?? 0) / sum;
  return z;
}

export type ModelLabel = "reminder" | "task" | "quiet";

export interface Verdict {
  label: ModelLabel;
  kind: string;
  /** Probability of the chosen label (summed over its kinds). */
  p: number;
  /** Probability of acting at all (reminder + task). */
  pAct: number;
}

/** The label, its best kind and how sure: act only when acting reaches the threshold. */
export function verdictOf(model: Model, probs: Float64Array): Verdict {
  const sum: Record<ModelLabel, number> = { reminder: 0, task: 0, quiet: 0 };
  const best: Record<ModelLabel, [string, number]> = { reminder: ["reminder", -1], task: ["other", -1], quiet: ["other", -1] };
  model.classes.forEach((name, c) => {
    const [label, kind = "other"] = name.split("/") as [ModelLabel, string?];
    const p = probs[c] ?? 0;
    sum[label] += p;
    if (p > best[label][1]) best[label] = [kind, p];
  });
  const pAct = sum.reminder + sum.task;
  const label: ModelLabel = pAct < model.actThreshold ? "quiet" : sum.reminder >= sum.task ? "reminder" : "task";
  return { label, kind: best[label][0], p: sum[label], pAct };
}
