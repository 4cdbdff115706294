// The Spirit's learned intent model: training is reproducible, the committed
// model loads, scores and was trained from today's training lines, and the
// training CLI reports bad input in one line. Small slices only: `npm test`
// must stay fast (the full training runs in `npm run train:intents`).

import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { featuresOf } from "../../../spirit/intents/features.js";
import { DEFAULT_SETTINGS } from "../../../spirit/intents/learn.js";
import { type ModelFile, MODEL_PATH, digestOf, fromParts, loadModel, probabilities, verdictOf, weightsPath } from "../../../spirit/intents/model.js";
import { reminderLines } from "../../../spirit/intents/reminder-lines.js";
import { talkLines } from "../../../spirit/intents/talk-lines.js";
import { trainingLines } from "../../../spirit/intents/train-data.js";
import { linesDigest, train } from "../../../spirit/intents/train.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const TRAIN_JS = join(ROOT, "dist", "spirit", "intents", "train.js");
const DATA = resolve(ROOT, "..", "shared", "eval", "intents-train.jsonl");

// A slice that needs no outside file: the generated lines plus a few tasks written here.
const TASKS = [
  "book a flight to denver on friday", "send 40 dollars to carla", "order more dog food", "call my brother", "play some jazz", "turn off the porch light",
  "reserve a table for two at eight", "transfer 500 from savings to checking", "text my wife that i'm late", "get me an uber to the station",
  "add apples to the shopping list", "set a timer for ten minutes", "book a hotel in boston", "pay the phone bill", "rent a car in dallas",
].map((text) => ({ text, label: "task" as const, kind: "other" }));
const SLICE = [...reminderLines(3), ...talkLines(2), ...TASKS];
const SMALL = { ...DEFAULT_SETTINGS, bits: 12, epochs: 3 };

describe("training", () => {
  it("is reproducible: the same lines give byte-identical model files", () => {
    const a = train(SLICE, SMALL);
    const b = train(SLICE, SMALL);
    expect(JSON.stringify(a.header)).toBe(JSON.stringify(b.header));
    expect(a.weights.equals(b.weights)).toBe(true);
    // ...and the lines matter: one line less is another model.
    expect(train(SLICE.slice(1), SMALL).weights.equals(a.weights)).toBe(false);
  });

  it("the generated training lines are the same on every run", () => {
    expect(linesDigest(reminderLines())).toBe(linesDigest(reminderLines()));
    expect(linesDigest(talkLines())).toBe(linesDigest(talkLines()));
  });

  it("a model trained on the slice learns it (not a constant answer)", () => {
    const { header, weights } = train(SLICE, SMALL);
    const m = fromParts(header, weights);
    const said = SLICE.map((l) => verdictOf(m, probabilities(m, l.text)).label);
    const right = said.filter((label, i) => label === SLICE[i]?.label).length;
    expect(right / SLICE.length).toBeGreaterThan(0.9);
    expect(new Set(said)).toEqual(new Set(["reminder", "task", "quiet"]));
  });
});

describe("the committed model", () => {
  const file = JSON.parse(readFileSync(MODEL_PATH, "utf8")) as ModelFile;

  it("loads, and gives probabilities over its classes", () => {
    const m = loadModel();
    expect(m.classes).toContain("reminder/reminder");
    expect(m.classes.some((c) => c.startsWith("task/"))).toBe(true);
    expect(m.classes.some((c) => c.startsWith("quiet/"))).toBe(true);
    const p = probabilities(m, "set a timer for ten minutes");
    expect(p.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 9);
    expect(verdictOf(m, p)).toMatchObject({ label: "task", kind: "timer" });
  });

  it("is compact (a few MB at most), and its two files belong together", () => {
    const bin = readFileSync(weightsPath(MODEL_PATH));
    expect(bin.length + readFileSync(MODEL_PATH).length).toBeLessThan(3_000_000);
    expect(digestOf(bin)).toBe(file.weightsDigest);
  });

  it.skipIf(!existsSync(DATA))("was trained from today's training lines and settings (else: npm run train:intents)", () => {
    const lines = trainingLines(DATA);
    expect(file.trained.digest).toBe(linesDigest(lines));
    expect(file.trained.lines).toBe(lines.length);
    expect(file.trained.settings).toEqual(DEFAULT_SETTINGS);
  });

  it("features ignore case, punctuation and contraction spelling", () => {
    const s = file.settings;
    expect([...featuresOf("Don't let me forget!", s).index]).toEqual([...featuresOf("do not let me forget", s).index]);
  });
});

describe("train:intents CLI (compiled, run as a child process)", () => {
  let dir: string;
  beforeAll(() => {
    if (!existsSync(TRAIN_JS)) throw new Error(`${TRAIN_JS} is missing: run \`npm run build\` first`);
    dir = mkdtempSync(join(tmpdir(), "intents-train-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("an unknown argument: exit 2, one line naming it and the usage", async () => {
    const r = await execa("node", [TRAIN_JS, "--frobnicate"], { reject: false });
    expect(r.exitCode).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain('unknown argument "--frobnicate"');
    expect(r.stderr).toContain("usage: train:intents");
  });

  it("a missing data file: exit 2, one line naming the file", async () => {
    const missing = join(dir, "nope.jsonl");
    const r = await execa("node", [TRAIN_JS, "--data", missing, "--out", join(dir, "m.json")], { reject: false });
    expect(r.exitCode).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain(missing);
    expect(existsSync(join(dir, "m.json"))).toBe(false);
  });
});
