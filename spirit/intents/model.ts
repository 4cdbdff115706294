// The intent model: a multinomial logistic regression over hashed n-gram
// features (features.ts), trained by train.ts and committed as model.json.
// Classes are "<label>/<kind>" ("task/flight", "quiet/info", "reminder/reminder"):
// the label decides what the Spirit does, the kind says which task it is.
//
// Stored as two files: model.json (settings, classes, biases, how it was
// trained) and model.bin, the weight table quantised to int8 with one scale,
// read straight into memory: no parsing, no decoding.

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type FeatureSettings, type Features, featuresOf } from "./features.js";

export interface ModelFile {
  format: 1;
  settings: FeatureSettings;
  classes: string[];
  /** Acting (reminder or task) only when its probability reaches this. */
  actThreshold: number;
  scale: number;
  bias: number[];
  /** sha256 (first 16 hex) of model.bin: the two files belong together. */
  weightsDigest: string;
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
export const weightsPath = (jsonPath: string): string => jsonPath.replace(/\.json$/, ".bin");

export function digestOf(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 16);
}

export function fromParts(m: ModelFile, bytes: Uint8Array): Model {
  const weights = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const expected = (1 << m.settings.bits) * m.classes.length;
  if (weights.length !== expected) throw new Error(`intent model: expected ${expected} weights, received ${weights.length}`);
  return { settings: m.settings, classes: m.classes, actThreshold: m.actThreshold, scale: m.scale, bias: Float64Array.from(m.bias), weights };
}

export function loadModel(path = MODEL_PATH): Model {
  let header: ModelFile;
  let bytes: Buffer;
  try {
    header = JSON.parse(readFileSync(path, "utf8")) as ModelFile;
    bytes = readFileSync(weightsPath(path));
  } catch (e) {
    throw new Error(`intent model: cannot read ${path} and its .bin (run \`npm run train:intents\`, then \`npm run build\`): ${(e as Error).message}`);
  }
  // The digest is checked by the tests, not here: hashing the table would cost more than reading it.
  return fromParts(header, bytes);
}

/** Class probabilities for one utterance, in model.classes order. */
export function probabilities(model: Model, text: string): Float64Array {
  return scores(model, featuresOf(text, model.settings));
}

/** Class probabilities for features already computed. */
export function scores(model: Model, { index, value }: Features): Float64Array {
  const C = model.classes.length;
  const z = Float64Array.from(model.bias);
  const v = value * model.scale;
  for (const f of index) {
    const base = f * C;
    for (let c = 0; c < C; c++) z[c] = (z[c] ?? 0) + (model.weights[base + c] ?? 0) * v;
  }
  return softmax(z);
}

function softmax(z: Float64Array): Float64Array {
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
