// Fitting the intent model: multinomial logistic regression by stochastic
// gradient descent with L2 decay, over the hashed features of features.ts.
// Deterministic: examples are visited in an order drawn from a fixed seed and
// all arithmetic is plain float64 in a fixed order, so the same lines and
// settings always give the same bytes.

import { type FeatureSettings, type Features, featuresOf } from "./features.js";
import { type ModelFile, digestOf } from "./model.js";
import type { Line } from "./reminder-lines.js";
import { seeded, shuffle } from "../../tools/random.js";

export interface LearnSettings extends FeatureSettings {
  epochs: number;
  /** Initial step; decays as 1/(1 + epoch). */
  rate: number;
  /** L2 decay per update of a weight. */
  l2: number;
  /** Weight of a reminder / task line's loss relative to a quiet line. */
  actWeight: number;
  seed: number;
}

export const DEFAULT_SETTINGS: LearnSettings = { bits: 15, charMin: 3, charMax: 5, epochs: 20, rate: 1, l2: 1e-6, actWeight: 1.5, seed: 7 };

const classOf = (l: Line): string => `${l.label}/${l.kind}`;

export interface Fitted {
  classes: string[];
  bias: Float64Array;
  weights: Float64Array; // feature-major
}

export function fit(lines: readonly Line[], s: LearnSettings): Fitted {
  const classes = [...new Set(lines.map(classOf))].sort();
  const C = classes.length;
  const cls = new Map(classes.map((c, i) => [c, i]));
  const xs: Features[] = lines.map((l) => featuresOf(l.text, s));
  const ys = lines.map((l) => cls.get(classOf(l)) ?? 0);
  const ws = lines.map((l) => (l.label === "quiet" ? 1 : s.actWeight));
  const weights = new Float64Array((1 << s.bits) * C);
  const bias = new Float64Array(C);
  const z = new Float64Array(C);
  const rnd = seeded(s.seed);
  const order = lines.map((_, i) => i);
  for (let epoch = 0; epoch < s.epochs; epoch++) {
    const rate = s.rate / (1 + epoch);
    for (const i of shuffle(rnd, order)) {
      const { index, value } = xs[i] as Features;
      z.set(bias);
      for (const f of index) for (let c = 0; c < C; c++) z[c] = (z[c] as number) + (weights[f * C + c] as number) * value;
      let max = -Infinity;
      for (const x of z) if (x > max) max = x;
      let sum = 0;
      for (let c = 0; c < C; c++) sum += z[c] = Math.exp((z[c] as number) - max);
      const w = ws[i] as number;
      for (let c = 0; c < C; c++) z[c] = w * ((z[c] as number) / sum - (c === ys[i] ? 1 : 0)); // gradient of the loss w.r.t. z
      for (let c = 0; c < C; c++) bias[c] = (bias[c] as number) - rate * (z[c] as number);
      const decay = 1 - rate * s.l2;
      for (const f of index) {
        const base = f * C;
        for (let c = 0; c < C; c++) weights[base + c] = (weights[base + c] as number) * decay - rate * (z[c] as number) * value;
      }
    }
  }
  return { classes, bias, weights };
}

export interface ModelParts {
  header: ModelFile;
  weights: Buffer;
}

/** The committed form: a JSON header and int8 weights with one scale. */
export function toParts(m: Fitted, s: LearnSettings, actThreshold: number, trained: Record<string, unknown>): ModelParts {
  let maxAbs = 0;
  for (const w of m.weights) if (Math.abs(w) > maxAbs) maxAbs = Math.abs(w);
  const scale = maxAbs / 127 || 1;
  const q = new Int8Array(m.weights.length);
  for (let i = 0; i < q.length; i++) q[i] = Math.round((m.weights[i] as number) / scale);
  const round = (x: number): number => Number(x.toFixed(6));
  const weights = Buffer.from(q.buffer);
  const header: ModelFile = {
    format: 1,
    settings: { bits: s.bits, charMin: s.charMin, charMax: s.charMax },
    classes: m.classes,
    actThreshold,
    scale: round(scale),
    bias: [...m.bias].map(round),
    weightsDigest: digestOf(weights),
    trained,
  };
  return { header, weights };
}
