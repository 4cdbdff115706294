/**
 * `world demo`, end to end: the real binary, real daemons, real agents, in a temporary
 * world; asserted on the world.log it leaves behind, and on the processes it started
 * (none may be left running).
 */
import { readUpStatus } from "../../daemons/up-status.js";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { allProcRecords, recordedGroupAlive } from "../../agents/procs.js";
import { HUMAN_ANSWER, NUDGE_ANSWER, PERMIT_NEED, PERMIT_TASK, REMINDER_REQUEST } from "../../ui/demo/story.js";
import { isSameProcess } from "../../tools/process/identity.js";
import type { AgentEntry, Entry, Located } from "../../tools/world/entry.js";
import { collectEntries } from "../../tools/world/read.js";
import { tempWorld, waitForEntry, world, type TempWorld } from "../support/world.js";

interface PidRecord {
  demo: number;
  daemons: { name: string; pid: number; startTicks: number | null }[];
}

/** Every process the demo recorded (itself, its daemons, every agent attempt's group): none may run. */
function leftRunning(w: TempWorld): string[] {
  const record = JSON.parse(readFileSync(join(w.paths.dir, "demo.json"), "utf8")) as PidRecord;
  expect(record.daemons.map((d) => d.name).sort()).toEqual(["keeper", "monitor", "spirit", "verifier"]);
  const left = record.daemons.filter((d) => isSameProcess(d.pid, d.startTicks)).map((d) => `${d.name} ${d.pid}`);
  if (isSameProcess(record.demo, undefined)) left.push(`demo ${record.demo}`);
  for (const r of allProcRecords(w.paths)) if (recordedGroupAlive(r)) left.push(`agent ${r.id} ${r.pid}`);
  return left;
}

const agentLines = (entries: Located[], id: string) => entries.filter((e): e is Located<AgentEntry> => e.kind === "agent" && e.id === id);

/** Statuses in order, repeated `active` heartbeats folded into one. */
function statuses(entries: Located[], id: string): string[] {
  const out: string[] = [];
  for (const e of agentLines(entries, id)) if (!(e.status === "active" && out.at(-1) === "active")) out.push(e.status);
  return out;
}

function spirit(entries: Entry[], prefix: string): Entry | undefined {
  return entries.find((e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith(prefix));
}

describe("world demo", () => {
  let w: TempWorld;
  beforeEach(() => {
    w = tempWorld("world-demo-test-");
  });
  afterEach(() => w.cleanup());

  it("runs the whole story offline, leaves the world to grep, and no process behind", { timeout: 180_000 }, async () => {
    const started = Date.now();
    const r = await world(w.home, ["demo"], { timeout: 170_000 });
    const seconds = (Date.now() - started) / 1000;
    expect(r.stderr).toBe("");
    expect(r.exitCode).toBe(0);
    for (const step of ["[1/4]", "[2/4]", "[3/4]", "[4/4]"]) expect(r.stdout).toContain(step);
    // The monitor ends with the run: no invitation to open it, but how to keep it.
    expect(r.stdout).not.toContain("to watch live");
    expect(r.stdout).toContain("it ends with the demo: run world demo --keep-running to look around in it afterwards");
    // The demo stood in for world up: its daemons were in up-status.json for the monitor's bar, stopped at the end.
    expect(readUpStatus(w.paths).daemons.map((d) => `${d.name} ${d.state}`)).toEqual(["verifier stopped", "keeper stopped", "spirit stopped", "monitor stopped"]);
    expect(r.stdout).toContain(`a human answers: "${HUMAN_ANSWER}"`);
    expect(r.stdout).toContain("no process left behind");
    expect(r.stdout).toContain(`the world is kept: ${w.home}`);
    expect(r.stdout).not.toMatch(/\x1b\[/); // not a terminal: no colours
    process.stderr.write(`world demo took ${seconds.toFixed(1)} s\n`);

    const { entries, problems } = collectEntries(w.paths.log);
    expect(problems).toEqual([]);

    // The daemons came up: the Spirit woke, the Keeper swept, and went to sleep at the end.
    expect(spirit(entries, "awake:")).toBeDefined();
    expect(spirit(entries, "asleep:")).toBeDefined();
    expect(entries.some((e) => e.kind === "event" && e.id === "keeper" && e.output.startsWith("swept:"))).toBe(true);

    // The conversation: spoken lines, a reminder spawned, a flight question asked and declined.
    expect(entries.filter((e) => e.kind === "event" && e.source === "voice")).toHaveLength(8);
    const spawn = spirit(entries, "spawn: reminder")!;
    expect(spawn.output).toContain(REMINDER_REQUEST);
    const nudge = spirit(entries, "nudge: Want me to open a search for flights to Lisbon next month?")!;
    const answer = entries.find((e) => e.kind === "event" && e.source === "user" && e.id === nudge.id)!;
    expect(answer.output).toBe(`${NUDGE_ANSWER} (from terminal)`); // the demo answers for the person watching
    expect(entries.some((e) => e.kind === "event" && e.source === "spirit" && e.id === nudge.id && e.output.startsWith("nudge declined"))).toBe(true);

    // The reminder: start → active → finish → verified, with its delivery in between.
    expect(statuses(entries, spawn.id)).toEqual(["start", "active", "finish", "verified"]);
    const reminder = agentLines(entries, spawn.id);
    expect(reminder[0]).toMatchObject({ output: REMINDER_REQUEST, need: "event notify logged" });
    const delivered = entries.find((e) => e.kind === "event" && e.source === "notify" && e.id === spawn.id)!;
    expect(delivered.output).toBe("Reminder: stretch");
    expect(delivered.line).toBeLessThan(reminder.at(-1)!.line);

    // The permit agent: three Verifier retries, failed with a need, a human's answer, retry, verified.
    const start = entries.find((e) => e.kind === "agent" && e.status === "start" && e.output === PERMIT_TASK) as Located<AgentEntry>;
    expect(start.need).toBe(PERMIT_NEED);
    const id = start.id;
    expect(statuses(entries, id)).toEqual([
      "start", "active", "finish",
      "retry", "active", "finish",
      "retry", "active", "finish",
      "retry", "active", "finish",
      "failed",
      "retry", "active", "finish",
      "verified",
    ]);
    const lines = agentLines(entries, id);
    const retries = lines.filter((e) => e.status === "retry");
    expect(retries.slice(0, 3).map((e) => e.output.slice(0, 12))).toEqual(["retry 1 of 3", "retry 2 of 3", "retry 3 of 3"]);
    const failed = lines.find((e) => e.status === "failed")!;
    expect(failed.need).toBe("The file permit.txt still does not match /plate: [A-Z]{2,3}-[0-9]{3,4}/ after 4 tries. What should it say?");
    const human = entries.find((e) => e.kind === "event" && e.source === "user" && e.id === id)!;
    expect(human.output).toBe(`${HUMAN_ANSWER} (from terminal)`);
    expect(human.line).toBeGreaterThan(failed.line);
    expect(retries[3]!.line).toBeGreaterThan(human.line);
    expect(retries[3]!.output).toMatch(new RegExp(`^human answered: ${HUMAN_ANSWER}`));
    expect(lines.at(-2)!.output).toBe("wrote permit.txt with plate LX-4711 (from the guidance)");
    expect(readFileSync(join(w.home, "permit.txt"), "utf8")).toContain("plate: LX-4711");
    // The Spirit told the user between the failure and the answer.
    const told = entries.find((e) => e.kind === "event" && e.source === "spirit" && e.id === id && e.output.startsWith("needs you"))!;
    expect(told.line).toBeGreaterThan(failed.line);
    expect(told.line).toBeLessThan(human.line);
    // In one line: no [event:system] nudge or [event:notify] saying it again.
    expect(entries.filter((e) => e.kind === "event" && e.id === id && (e.source === "notify" || (e.source === "system" && e.output.startsWith("nudge"))))).toEqual([]);

    expect(leftRunning(w)).toEqual([]);
  });

  it("stops everything on Ctrl-C in the middle of a step, exits 130 and keeps the world", { timeout: 180_000 }, async () => {
    const run = world(w.home, ["demo"], { timeout: 170_000 });
    // Interrupt while the permit agent is being retried: agents and daemons are all busy.
    // If the demo ends first (a failed step), its own one-line error is what the test shows.
    const retry = waitForEntry(w.paths, (e) => e.kind === "agent" && e.status === "retry", { timeoutMs: 120_000, what: "the first retry" });
    const early = await Promise.race([retry.then(() => undefined), run]);
    expect(early?.stderr ?? "").toBe("");
    run.kill("SIGINT");
    const r = await run;
    expect(r.exitCode).toBe(130);
    expect(r.stdout).toContain("stopping everything");
    expect(r.stdout).toContain("interrupted by SIGINT before the demo finished");
    expect(r.stdout).toContain("no process left behind");
    expect(r.stdout).not.toContain("[4/4]");
    const { entries } = collectEntries(w.paths.log);
    expect(spirit(entries, "asleep:")).toBeDefined();
    expect(existsSync(w.paths.log)).toBe(true);
    expect(leftRunning(w)).toEqual([]);
  });

  it("fails with one line naming the step when a step does not happen in time, and still stops everything", async () => {
    // No daemon can start and write its first line within a millisecond.
    const r = await world(w.home, ["demo", "--step-timeout", "1ms"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe(
      `world: demo stopped at step 1/4 (starting the daemons): expected the Spirit's [event:spirit][spirit] awake: line within 1 ms, received nothing of the kind (the world is kept: ${w.home})`,
    );
    expect(r.stdout).toContain("no process left behind");
    expect(leftRunning(w)).toEqual([]);
  });

  it("refuses a --home that already holds something (a real world is never used for the demo)", async () => {
    const r1 = await world(w.home, ["event", "user", "me", "hello"]);
    expect(r1.exitCode).toBe(0);
    const r = await world(w.home, ["demo"]);
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/^world: the demo needs a world of its own: expected --home to be a new or empty directory, received .* \(omit --home for a temporary one\)$/);
    expect(collectEntries(w.paths.log).entries).toHaveLength(2); // the format line and hello: the demo wrote nothing
  });
});
