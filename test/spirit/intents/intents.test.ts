// Unit tests for the Spirit's offline intent detector and its eval CLI.
// Every utterance here was written for these tests (ASR-like: lower-case,
// little punctuation); none comes from the CLINC150-derived dev file.

import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectIntent, type Decision, type IntentLabel } from "../../../spirit/intents/detect.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const EVAL_JS = join(ROOT, "dist", "spirit", "intents", "eval.js");
const DEV_FILE = resolve(ROOT, "..", "shared", "eval", "intents-dev.jsonl");

describe("detectIntent: the cases named in the brief", () => {
  it("a suggestion between people is a nudge with a question", () => {
    const i = detectIntent("we should book the flight to tokyo");
    expect(i).toMatchObject({ label: "task", decision: "nudge", kind: "flight" });
    expect(i.question).toBe("Want me to search flights to tokyo?");
    expect(i.reason).toMatch(/discussion/);
  });

  it("a need of the user's own keeps what is needed, without the frame", () => {
    expect(detectIntent("i should book a hotel in porto for next weekend")).toMatchObject({ kind: "hotel", task: "book a hotel in porto for next weekend" });
    expect(detectIntent("i really should book the train to leeds")).toMatchObject({ task: "book the train to leeds" });
  });

  it("small talk stays quiet", () => {
    for (const t of ["hey how is it going", "thanks that was really helpful", "you are pretty funny", "good night"]) {
      expect(detectIntent(t), t).toMatchObject({ label: "quiet", decision: "quiet" });
    }
  });

  it("remind me to call mom at 5 -> reminder / spawn", () => {
    const i = detectIntent("remind me to call mom at 5");
    expect(i).toMatchObject({ label: "reminder", decision: "spawn", kind: "reminder", task: "call mom at 5" });
    expect(i.question).toBeUndefined();
  });

  it("send 200 dollars to john -> task / nudge", () => {
    const i = detectIntent("send 200 dollars to john");
    expect(i).toMatchObject({ label: "task", decision: "nudge", kind: "payment", task: "send 200 dollars to john" });
    expect(i.question).toBe("Want me to send 200 dollars to john?");
  });

  it("set a timer for ten minutes -> task / spawn", () => {
    expect(detectIntent("set a timer for ten minutes")).toMatchObject({ label: "task", decision: "spawn", kind: "timer" });
  });
});

describe("detectIntent: shape of every answer", () => {
  const samples = ["", "   ", "?!", "REMIND ME TO FEED THE CAT!!!", "what’s the weather", "please book me a hotel in rome", "x".repeat(5000)];
  it.each(samples)("%j has a label, decision, kind, confidence in [0,1] and a reason", (t) => {
    const i = detectIntent(t);
    expect(["reminder", "task", "quiet"]).toContain(i.label);
    expect(["spawn", "nudge", "quiet"]).toContain(i.decision);
    expect(i.label === "quiet").toBe(i.decision === "quiet");
    expect(i.kind.length).toBeGreaterThan(0);
    expect(i.confidence).toBeGreaterThanOrEqual(0);
    expect(i.confidence).toBeLessThanOrEqual(1);
    expect(i.reason.length).toBeGreaterThan(0);
    if (i.decision === "nudge") expect(i.question).toMatch(/\?$/);
  });

  it("normalizes case, curly quotes and punctuation", () => {
    expect(detectIntent("Don’t let me forget the keys!")).toMatchObject({ label: "reminder", task: "the keys" });
  });
});

// [utterance, label, decision]: one or more per class and decision.
const CASES: Array<[string, IntentLabel, Decision]> = [
  // reminders
  ["could you remind me about the dentist tomorrow morning", "reminder", "spawn"],
  ["make a note to email the landlord on monday", "reminder", "spawn"],
  ["don't let me forget to take the cake out at 4", "reminder", "spawn"],
  ["when i get home remind me to feed the fish", "reminder", "spawn"],
  // low-risk explicit requests: spawn
  ["wake me up at 6:45 tomorrow", "task", "spawn"],
  ["add eggs and butter to my grocery list", "task", "spawn"],
  ["take milk off the shopping list", "task", "spawn"],
  ["play the new taylor swift album", "task", "spawn"],
  ["turn off the kitchen lights", "task", "spawn"],
  ["help me find my phone", "task", "spawn"],
  // consequential requests: nudge
  ["call my dad", "task", "nudge"],
  ["text my wife that i'm running late", "task", "nudge"],
  ["pay my credit card bill", "task", "nudge"],
  ["reserve a table for four at olive garden at 7", "task", "nudge"],
  ["order more paper towels", "task", "nudge"],
  ["i lost my credit card", "task", "nudge"],
  ["how do i set up direct deposit for my new job", "task", "nudge"],
  ["please clear my schedule for friday afternoon", "task", "nudge"],
  // suggestions between people: nudge
  ["someone should call the plumber about the leak", "task", "nudge"],
  ["maybe we could order some thai food tonight", "task", "nudge"],
  // quiet: information, look-ups of the user's own data, assistant settings
  ["what's my checking account balance", "quiet", "quiet"],
  ["what's on my shopping list", "quiet", "quiet"],
  ["do i have any reminders set for tomorrow", "quiet", "quiet"],
  ["is my alarm set for 6", "quiet", "quiet"],
  ["turn the volume down", "quiet", "quiet"],
  ["call me captain", "quiet", "quiet"],
  ["how much does an uber to the airport cost", "quiet", "quiet"],
  ["i already paid the electric bill", "quiet", "quiet"],
  ["i'm going to call my mom after dinner", "quiet", "quiet"],
];

describe("detectIntent: classes and decisions", () => {
  it.each(CASES)("%s -> %s / %s", (text, label, decision) => {
    expect(detectIntent(text)).toMatchObject({ label, decision });
  });

  it("gives a task text and a second-person question for nudges", () => {
    const i = detectIntent("can you pay my water bill with my visa");
    expect(i.task).toBe("pay my water bill with my visa");
    expect(i.question).toBe("Want me to pay your water bill with your visa?");
    // A problem statement gets the task it calls for.
    expect(detectIntent("my debit card snapped in half").task).toBe("replace a damaged card");
    expect(detectIntent("i lost my credit card").task).toBe("report a lost or stolen card");
  });
});

describe("detectIntent: speech as it is spoken", () => {
  it("leading fillers do not hide a request", () => {
    expect(detectIntent("ok so call mom")).toMatchObject({ label: "task", task: "call mom" });
    expect(detectIntent("um send 20 dollars to bob")).toMatchObject({ label: "task", decision: "nudge", question: "Want me to send 20 dollars to bob?" });
    expect(detectIntent("yeah we should book the flight to tokyo")).toMatchObject({ decision: "nudge", task: "book the flight to tokyo", question: "Want me to search flights to tokyo?" });
    expect(detectIntent("uh what time is it")).toMatchObject({ label: "quiet" });
  });

  it("hedges around a modal do not hide a suggestion", () => {
    expect(detectIntent("we should probably get a hotel in kyoto")).toMatchObject({ label: "task", decision: "nudge" });
    expect(detectIntent("we really need to book the flight to rome")).toMatchObject({ decision: "nudge", task: "book the flight to rome" });
    expect(detectIntent("maybe we should definitely rent a car")).toMatchObject({ decision: "nudge" });
    // …and do not make small talk a request.
    expect(detectIntent("we should probably go")).toMatchObject({ label: "quiet" });
    expect(detectIntent("you should definitely try the soup")).toMatchObject({ label: "quiet" });
  });

  it("reported speech is not a request", () => {
    expect(detectIntent("alice said she will send the money tomorrow")).toMatchObject({ label: "quiet" });
    expect(detectIntent("she said we should book the flight")).toMatchObject({ label: "quiet" });
    expect(detectIntent("he told me he already paid the rent")).toMatchObject({ label: "quiet" });
  });

  it("a reminder suggested for someone else is asked about in plain words", () => {
    expect(detectIntent("we should remind him to call mom")).toMatchObject({ decision: "nudge", question: "Want me to remind him to call mom?" });
  });
});

// Generalisation check: fresh utterances written after the rules were
// tuned, in the dev file's style but not from it.
const FRESH: Array<[string, IntentLabel]> = [
  ["remind me to stretch every hour", "reminder"],
  ["i need to remember to renew my license", "reminder"],
  ["could you set a reminder for my mom's birthday next week", "reminder"],
  ["in an hour remind me to check the oven", "reminder"],
  ["alarm at noon please", "task"],
  ["countdown from five minutes", "task"],
  ["i want to fly from chicago to boston next thursday", "task"],
  ["is there a hotel room open in miami from friday to sunday", "task"],
  ["get my mom on the phone", "task"],
  ["go to the following song", "task"],
  ["i need to get my car serviced", "task"],
  ["my credit card got chewed up by the atm", "task"],
  ["my bags didn't arrive with my flight", "task"],
  ["i'm out of checks and need more", "task"],
  ["someone has been using my credit card without permission", "task"],
  ["i need to move my 401k to my new job", "task"],
  ["please book the conference room from 2 to 3", "task"],
  ["i'm going on a trip to italy please let my bank know", "task"],
  ["i'd like to take next friday off", "task"],
  ["shoot a message to kevin", "task"],
  ["set the ac to 70", "task"],
  ["what's the least i can pay on my credit card this month", "quiet"],
  ["confirm my table at lawry's for 8", "quiet"],
  ["did my time off request get approved", "quiet"],
  ["why has my account been frozen", "quiet"],
  ["how many points do i have on my rewards card", "quiet"],
  ["can you tell me how to change my oil", "quiet"],
  ["does outback accept reservations", "quiet"],
  ["please call me dave from now on", "quiet"],
  ["can you use a british accent", "quiet"],
  ["pair with my iphone", "quiet"],
  ["what time should i set my alarm for", "quiet"],
  ["how do i set an alarm on my iphone", "quiet"],
  ["should i book the hotel now or wait", "quiet"],
  ["i paid my rent yesterday", "quiet"],
  ["we booked a table at nobu for saturday", "quiet"],
  ["let's play twenty questions", "quiet"],
  ["how much time is left on the timer", "quiet"],
  ["what's the cheapest way to send money abroad", "quiet"],
  // written last, scored before any further rule change (5 of 47 tasks missed then)
  ["i keep forgetting to drink water remind me every two hours", "reminder"],
  ["block my card someone stole my wallet", "task"],
  ["share where i am with my wife", "task"],
  ["where is my phone i can't find it", "task"],
  ["i need two tickets from new york to london in october", "task"],
  ["i think someone hacked my bank account and made purchases", "task"],
  ["does the steakhouse on main take reservations", "quiet"],
  ["what's the status of my credit card application", "quiet"],
  ["i'm planning to call my sister later", "quiet"],
  ["my friend booked a cruise to alaska", "quiet"],
  ["what's the best airline to fly to europe", "quiet"],
];

describe("detectIntent: generalisation check on fresh utterances", () => {
  it.each(FRESH)("%s -> %s", (text, label) => {
    expect(detectIntent(text).label).toBe(label);
  });

  it("a request about an appointment acts (the model may read it as a reminder: both spawn an agent)", () => {
    expect(detectIntent("reschedule my haircut to next week").label).not.toBe("quiet");
  });
});

describe("eval:intents CLI (compiled, run as a child process)", () => {
  let dir: string;
  beforeAll(() => {
    if (!existsSync(EVAL_JS)) throw new Error(`${EVAL_JS} is missing: run \`npm run build\` first (npm test does it in pretest)`);
    dir = mkdtempSync(join(tmpdir(), "intents-eval-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const line = (text: string, label: string): string => JSON.stringify({ text, label, kind: "x", source_label: "x" });

  it("prints the figures as JSON, counted from the detector's own answers", async () => {
    const file = join(dir, "small.jsonl");
    const rows: Array<[string, IntentLabel]> = [
      ["remind me to water the plants on thursday", "reminder"],
      ["set a reminder for the team lunch", "reminder"],
      ["call my sister", "task"],
      ["transfer 300 dollars from checking to savings", "task"],
      ["add laundry to my to do list", "task"],
      ["we ought to send grandma a thank you card", "task"],
      ["what is the weather in boston", "quiet"],
      ["tell me a joke", "quiet"],
      ["open the pod bay doors", "quiet"],
    ];
    writeFileSync(file, [...rows.map(([t, l]) => line(t, l)), ""].join("\n"));
    // The expected matrix is what detectIntent says line by line: the CLI must count exactly that.
    const expected = { reminder: { reminder: 0, task: 0, quiet: 0 }, task: { reminder: 0, task: 0, quiet: 0 }, quiet: { reminder: 0, task: 0, quiet: 0 } };
    for (const [t, l] of rows) expected[l][detectIntent(t).label] += 1;
    const r = await execa("node", [EVAL_JS, "--json", file], { reject: false });
    expect(r.exitCode).toBe(0);
    const f = JSON.parse(r.stdout);
    expect(f.n).toBe(9);
    expect(f.confusion).toEqual(expected);
    const c = expected;
    const acted = c.reminder.reminder + c.reminder.task + c.task.reminder + c.task.task + c.quiet.reminder + c.quiet.task;
    expect(f.reminderRecall).toBeCloseTo(c.reminder.reminder / 2, 10);
    expect(f.taskRecall).toBeCloseTo(c.task.task / 4, 10);
    expect(f.quietKept).toBeCloseTo(c.quiet.quiet / 3, 10);
    expect(f.actingPrecision).toBeCloseTo((acted - c.quiet.reminder - c.quiet.task) / acted, 10);
    expect(f.pass.quietKept).toBe(c.quiet.quiet / 3 >= 0.97);
  });

  it("prints a table with the confusion matrix and PASS/FAIL by default", async () => {
    const file = join(dir, "table.jsonl");
    writeFileSync(file, [line("remind me to stretch", "reminder"), line("call bob", "task"), line("hello", "quiet")].join("\n"));
    const r = await execa("node", [EVAL_JS, file], { reject: false });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/true \\ pred\s+reminder\s+task\s+quiet/);
    expect(r.stdout).toMatch(/acting precision\s+100\.0%.*PASS/);
    expect(r.stdout).toMatch(/task recall \(acting\)/);
  });

  it("a malformed line: exit 2 and file:line, expected, received on stderr", async () => {
    const file = join(dir, "bad.jsonl");
    writeFileSync(file, [line("call bob", "task"), '{"text": "hello", "label": "maybe"}'].join("\n"));
    const r = await execa("node", [EVAL_JS, "--json", file], { reject: false });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`${file}:2:`);
    expect(r.stderr).toMatch(/expected .*"reminder"\|"task"\|"quiet"/);
    expect(r.stderr).toContain('received "label" = "maybe"');
    expect(r.stderr.trim().split("\n")).toHaveLength(1);

    writeFileSync(file, "not json at all\n");
    const r2 = await execa("node", [EVAL_JS, file], { reject: false });
    expect(r2.exitCode).toBe(2);
    expect(r2.stderr).toMatch(/bad\.jsonl:1: expected .*received invalid JSON: not json at all/);
  });

  it("a missing file: exit 2 with a clear message", async () => {
    const file = join(dir, "nope.jsonl");
    const r = await execa("node", [EVAL_JS, file], { reject: false });
    expect(r.exitCode).toBe(2);
    expect(r.stderr.trim()).toBe(`eval:intents: cannot read ${file}: expected a readable file, received no such file`);
  });

  it.skipIf(!existsSync(DEV_FILE))("meets the targets on the dev set (default file)", async () => {
    const r = await execa("node", [EVAL_JS, "--json"], { reject: false, cwd: ROOT });
    expect(r.exitCode).toBe(0);
    const f = JSON.parse(r.stdout);
    expect(f.file).toBe(DEV_FILE);
    expect(f.n).toBe(1200);
    // Issue 9's targets, with a model trained without the dev file.
    expect(f.actingPrecision).toBeGreaterThanOrEqual(0.97);
    expect(f.quietKept).toBeGreaterThanOrEqual(0.97);
    expect(f.reminderRecall).toBeGreaterThanOrEqual(0.95);
    expect(f.taskRecall).toBeGreaterThanOrEqual(0.85);
    expect(Object.values(f.pass).every(Boolean)).toBe(true);
  });
});
