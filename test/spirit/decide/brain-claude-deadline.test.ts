/**
 * The Claude brain when the API is slow or hangs (a real Spirit process, the real SDK,
 * test/support/fake-anthropic.ts on 127.0.0.1): past the deadline the offline brain
 * decides, within 10 s of the words, for each utterance; a late answer is never acted on;
 * and "in 10 minutes" comes due 10 minutes after the words (± 2 s), with either brain.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseArmed } from "../../../agents/reminder/armed.js";
import { appendOnce } from "../../../tools/world/append.js";
import type { Located } from "../../../tools/world/entry.js";
import { collectEntries } from "../../../tools/world/read.js";
import { startFakeAnthropic, type FakeAnthropic, type FakeRequest } from "../../support/fake-anthropic.js";
import { tempWorld, waitForEntry, type TempWorld } from "../../support/world.js";
import { startSpirit, stopSpirit, type SpiritProcess } from "../helpers.js";

let w: TempWorld;
let fake: FakeAnthropic;
let spirit: SpiritProcess | undefined;
const hung: ((v: never) => void)[] = [];

beforeEach(async () => {
  w = tempWorld();
  fake = await startFakeAnthropic();
});
afterEach(async () => {
  if (spirit) await stopSpirit(spirit);
  spirit = undefined;
  await fake.close();
  hung.length = 0;
  w.cleanup();
});

function said(text: string, ago = 0): Located {
  appendOnce(w.paths, { kind: "event", source: "voice", id: "user", output: text, ts: new Date(Date.now() - ago).toISOString() });
  return collectEntries(w.paths.log).entries.filter((e) => e.kind === "event" && e.source === "voice").at(-1)!;
}


/** The alarm of the session a spawn line started: ten minutes off, parked by the Spirit's spawner itself (agents/park-at-spawn.ts). */
async function armedFor(spawnLine: Located) {
  const id = spawnLine.id;
  const armed = await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === id && e.status === "active" && parseArmed(e.output) !== undefined, { what: `${id} armed` });
  expect(armed.output).toContain("(parked: the Keeper's scheduler delivers it)");
  return parseArmed(armed.output)!;
}

describe("the Claude brain with a slow or hung API", () => {
  it("a hung API: each utterance is decided by the offline brain within 10 s of its words; due times count from the words", async () => {
    fake.handle(() => new Promise<never>((resolve) => hung.push(resolve))); // never answers
    spirit = await startSpirit(w.paths, [], { ...fake.env, WORLD_SPIRIT_RETRIES: "0" });

    const first = said("remind me to stretch in 10 minutes");
    const spawn1 = await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("spawn: reminder") && e.line > first.line, { what: "the first decision" });
    const second = said("remind me to call mom in 10 minutes");
    const spawn2 = await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("spawn: reminder") && e.line > second.line, { what: "the second decision" });

    for (const [voice, decision] of [[first, spawn1], [second, spawn2]] as const) {
      const lag = Date.parse(decision.ts) - Date.parse(voice.ts);
      expect(lag, decision.output).toBeLessThan(10_000);
      const alarm = await armedFor(decision);
      expect(Math.abs(alarm.due.getTime() - (Date.parse(voice.ts) + 10 * 60_000)), `${voice.output} → due ${alarm.due.toISOString()}`).toBeLessThanOrEqual(2_000);
    }
    const down = collectEntries(w.paths.log).entries.filter((e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("claude unavailable"));
    expect(down.map((e) => e.output)).toEqual([expect.stringMatching(/no answer within 5000 ms of the words/)]); // said once
    expect(fake.requests.length).toBe(1); // the second utterance did not wait on the model again
  });

  it("a late answer is not acted on: one decision per utterance, the offline brain's", async () => {
    let answered = 0;
    fake.handle(
      (request: FakeRequest) =>
        new Promise((resolve) =>
          setTimeout(() => {
            answered += request.method === "POST" ? 1 : 0;
            resolve({ tool: { name: "decide", input: { action: "spawn", reason: "late", kind: "timer", task: "set a timer for 7 minutes" } } });
          }, 3_000),
        ),
    );
    spirit = await startSpirit(w.paths, ["--brain-deadline", "1s"], { ...fake.env, WORLD_SPIRIT_RETRIES: "0" });
    const voice = said("set a timer for 20 minutes");
    const spawn = await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("spawn:") && e.line > voice.line, { what: "the decision" });
    expect(spawn.output).toContain("set a timer for 20 minutes"); // the offline brain's task, not the model's "7 minutes"
    expect(Date.parse(spawn.ts) - Date.parse(voice.ts)).toBeLessThan(10_000);
    await armedFor(spawn);
    // Long after the model's late answer would have come: still one spawn, no 7-minute timer.
    await expect.poll(() => answered).toBe(1);
    const spawns = collectEntries(w.paths.log).entries.filter((e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("spawn:"));
    expect(spawns.map((e) => e.output)).toEqual([spawn.output]);
    expect(spawns.some((e) => e.output.includes("7 minutes"))).toBe(false);
  });

  it("the offline brain too: a voice line reached late still comes due from its words", async () => {
    spirit = await startSpirit(w.paths, ["--brain", "offline"]);
    const voice = said("remind me to check the oven in 10 minutes", 6_000); // said 6 s before the Spirit reads it
    const spawn = await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("spawn: reminder") && e.line > voice.line, { what: "the decision" });
    const alarm = await armedFor(spawn);
    expect(Math.abs(alarm.due.getTime() - (Date.parse(voice.ts) + 10 * 60_000))).toBeLessThanOrEqual(2_000);
  });
});
