/**
 * Repeating reminders with real processes: spawned and parked with their rule, delivered
 * again and again by the Keeper's scheduler (the notify line and the next armed line in one
 * write, the session never finished), by their own agent when one is near, listed with
 * their rule, moved one time at a time, and stopped by a cancel; an interval's cadence kept
 * after a late delivery.
 */
import { afterEach, describe, expect, it } from "vitest";
import { execa } from "execa";
import { armedLine, parseArmed } from "../../agents/reminder/armed.js";
import { rearmRemindersAlone } from "../../agents/rearm.js";
import { Appender, appendOnce } from "../../tools/world/append.js";
import { humanAnswerRetry } from "../../tools/world/asks/human-answer.js";
import { entriesOf, runAgentProcess, startSession } from "../agents/agent-process.js";
import type { Located } from "../../tools/world/entry.js";
import { collectEntries } from "../../tools/world/read.js";
import { tempWorld, waitForEntry, WORLD_BIN, type TempWorld } from "../support/world.js";
import { Daemons } from "../support/daemons.js";

// Every process here reads "8am" in UTC: the agents this process starts inherit it.
process.env.TZ = "UTC";

let w: TempWorld | undefined;
const daemons = new Daemons();
afterEach(async () => {
  await daemons.stop();
  w?.cleanup();
  w = undefined;
});

/** The Keeper, reading "8am" in UTC too. */
function startKeeper(home: string): void {
  void daemons.keeper(home, { TZ: "UTC" });
}

const cli = (home: string, ...args: string[]) => execa(process.execPath, [WORLD_BIN, "--home", home, ...args], { env: { TZ: "UTC" }, reject: false });
/** Moving and cancelling a reminder is a person's to do. */
const person = (home: string, ...args: string[]) => cli(home, "--as-human", ...args);
const own = (id: string): Located[] => collectEntries(w!.paths.log).entries.filter((e) => e.id === id);
const notifies = (id: string) => own(id).filter((e) => e.kind === "event" && e.source === "notify");
const WAIT = { timeoutMs: 90_000 };

/** The next 8am UTC strictly after `t`. */
function next8am(t: number): number {
  const d = new Date(t);
  const today = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 8);
  return today > t ? today : today + 86_400_000;
}

describe("repeating reminders", () => {
  it("parked with its rule, delivered twice by the Keeper's scheduler with its next time in the same write, moved one at a time, listed, snoozed once, and stopped by a cancel", async () => {
    w = tempWorld();
    const home = w.home;
    const spawned = await cli(home, "spawn", "--kind", "reminder", "--id", "pills", "remind me to take my pills every day at 8am | need: event notify logged");
    expect(spawned.exitCode, spawned.stderr).toBe(0);
    const armed = own("pills").find((e) => e.kind === "agent" && e.status === "active")!;
    expect(armed.output).toMatch(/^armed: due \S+ by reminder \(parked: the Keeper's scheduler delivers it; repeats every day at 8am\) — Reminder: take my pills$/);
    expect(parseArmed(armed.output)!.due.getTime()).toBe(next8am(Date.parse(armed.ts) - 1));

    const list = await cli(home, "reminder", "list");
    expect(list.stdout).toMatch(/^reminder pills {2}due .*, repeats every day at 8am\n {4}Reminder: take my pills$/);
    expect(JSON.parse((await cli(home, "reminder", "list", "--json")).stdout)).toMatchObject({ id: "pills", repeats: "every day at 8am", parked: true });

    startKeeper(home);
    for (const round of [1, 2]) {
      // Moving it moves the next one only: the rule goes on.
      const moved = await person(home, "reminder", "move", "pills", "in 3 seconds");
      expect(moved.exitCode, moved.stderr).toBe(0);
      const movedLine = own("pills").at(-1)!;
      expect(movedLine.output).toMatch(/\(parked: moved by a person at the terminal from \S+; repeats every day at 8am\) — Reminder: take my pills$/);

      await waitForEntry(w.paths, (e) => e.id === "pills" && e.kind === "event" && e.source === "notify" && e.line > movedLine.line, { ...WAIT, what: `delivery ${round}` });
      const delivered = notifies("pills").at(-1)!;
      const then = own("pills").at(-1)!;
      // The next armed line follows the notify line in the same write, parked, due at the next 8am after the delivery.
      expect(then.line).toBe(delivered.line + 1);
      expect(then.kind === "agent" && then.status).toBe("active");
      expect(then.output).toMatch(new RegExp(`^armed: due \\S+ by reminder \\(parked: the Keeper's scheduler delivers it; delivered at \\S+ for due ${parseArmed(movedLine.output)!.due.toISOString().replace(/\./g, "\\.")}(, late by \\d+s)?; repeats every day at 8am\\) — Reminder: take my pills$`));
      expect(parseArmed(then.output)!.due.getTime()).toBe(next8am(Date.parse(delivered.ts)));
      expect(notifies("pills")).toHaveLength(round);
    }
    // Never finished, never failed: the Verifier has nothing to judge while it repeats.
    expect(own("pills").filter((e) => e.kind === "agent" && e.status !== "start" && e.status !== "active")).toEqual([]);

    // Snoozed after it went off: that one comes back once, as a new one-off reminder; the rule goes on untouched.
    const pending = own("pills").at(-1)!.output;
    const snoozed = await person(home, "reminder", "snooze", "pills", "10m");
    expect(snoozed.exitCode, snoozed.stderr).toBe(0);
    expect(own("pills").at(-1)!.output).toBe(pending);
    const listed = (await cli(home, "reminder", "list", "--json")).stdout.split("\n").map((l) => JSON.parse(l) as { id: string; repeats?: string; message: string });
    expect(listed).toHaveLength(2);
    const again = listed.find((r) => r.id !== "pills")!;
    expect(again).toMatchObject({ message: "Reminder: take my pills" });
    expect(again.repeats).toBeUndefined();
    expect(listed.find((r) => r.id === "pills")).toMatchObject({ repeats: "every day at 8am" });
    expect((await person(home, "reminder", "cancel", again.id)).exitCode).toBe(0);

    // Cancelled with its next time near: it is not delivered again. A one-off reminder due
    // after it is the witness that the scheduler went past that time.
    expect((await person(home, "reminder", "move", "pills", "in 4 seconds")).exitCode).toBe(0);
    const cancelled = await person(home, "reminder", "cancel", "pills");
    expect(cancelled.exitCode, cancelled.stderr).toBe(0);
    expect((await cli(home, "spawn", "--kind", "reminder", "--id", "witness", "remind me in 8 seconds to look up | need: event notify logged")).exitCode).toBe(0);
    await waitForEntry(w.paths, (e) => e.id === "witness" && e.kind === "agent" && e.status === "finish", { ...WAIT, what: "the witness delivered" });
    expect(notifies("pills")).toHaveLength(2);
    expect((await cli(home, "reminder", "list", "--json")).stdout).toBe("");
  });

  it("said with no time of day, its agent asks when, and the answer read with the task keeps the repetition", async () => {
    w = tempWorld();
    startSession(w.paths, "trash", "remind me to take out the trash weekly");
    const first = await runAgentProcess(w.paths, "reminder", { id: "trash", task: "remind me to take out the trash weekly", env: { TZ: "UTC" } });
    expect(first.exitCode).not.toBe(0);
    expect(entriesOf(w.paths, "trash").at(-1)).toMatchObject({ status: "failed", need: "when to remind you" });
    const guidance = humanAnswerRetry("tuesday at 7pm (from terminal)", "when to remind you");
    appendOnce(w.paths, { kind: "agent", status: "retry", id: "trash", output: guidance });
    const result = await runAgentProcess(w.paths, "reminder", { id: "trash", task: "remind me to take out the trash weekly", attempt: 2, guidance, env: { TZ: "UTC" } });
    expect(result.exitCode, result.stderr).toBe(0);
    const armed = parseArmed(entriesOf(w.paths, "trash").at(-1)!.output)!;
    expect(armed).toMatchObject({ message: "Reminder: take out the trash", every: { unit: "week", weekday: 2, hour: 19, minute: 0 } });
    expect(armed.due.getUTCDay()).toBe(2);
    expect(armed.due.getUTCHours()).toBe(19);
    // A repetition is no subject: "remind me every week" asks for both.
    startSession(w.paths, "weekly", "remind me every week");
    expect((await runAgentProcess(w.paths, "reminder", { id: "weekly", task: "remind me every week" })).exitCode).not.toBe(0);
    expect(entriesOf(w.paths, "weekly").at(-1)).toMatchObject({ status: "failed", need: "what to remind you of, and when" });
  });

  it("delivered by its own agent when it is near: the notify line and the next, parked, armed line in one write, and its process ends", async () => {
    w = tempWorld();
    // A session whose near armed line outlived its process (a restart): `world rearm` starts its agent again, which holds it.
    const due = new Date(Date.now() + 3000);
    const every = { unit: "day" as const, hour: 8, minute: 0 };
    const appender = new Appender(w.paths);
    try {
      appender.appendMany([
        { kind: "agent", status: "start", id: "stretch", output: "remind me to stretch every day at 8am", need: "event notify logged" },
        { kind: "agent", status: "active", id: "stretch", output: armedLine({ kind: "reminder", due, message: "Reminder: stretch", every }) },
      ]);
    } finally {
      appender.close();
    }
    const started = await rearmRemindersAlone(w.paths);
    expect(started.map((s) => s.id)).toEqual(["stretch"]);
    await waitForEntry(w.paths, (e) => e.id === "stretch" && e.kind === "event" && / exited with code 0$/.test(e.output), { ...WAIT, what: "the agent's exit" });

    const delivered = notifies("stretch");
    expect(delivered.map((e) => e.output)).toEqual(["Reminder: stretch"]);
    expect(Date.parse(delivered[0]!.ts)).toBeGreaterThanOrEqual(due.getTime());
    const after = own("stretch").find((e) => e.line === delivered[0]!.line + 1)!;
    expect(after.kind === "agent" && after.status).toBe("active");
    const next = parseArmed(after.output)!;
    expect(after.output).toMatch(/^armed: due \S+ by reminder \(parked: the Keeper's scheduler delivers it; delivered at \S+ for due \S+; repeats every day at 8am\) — Reminder: stretch$/);
    expect(next.every).toEqual(every);
    expect(next.due.getTime()).toBe(next8am(Date.parse(delivered[0]!.ts)));
    expect(own("stretch").filter((e) => e.kind === "agent" && (e.status === "finish" || e.status === "failed"))).toEqual([]);
  });

  it("an interval keeps its cadence after a late delivery, by the Keeper's scheduler and by its own agent: the next is the due time and its intervals, never moved by the lateness", async () => {
    w = tempWorld();
    const every = { unit: "minute" as const, interval: 2, hour: 0, minute: 0 };
    // Parked, due 150 s ago (the Keeper was not running): delivered late, the next one 4 minutes after that due, not 2 after now.
    const parkedDue = new Date(Math.floor((Date.now() - 150_000) / 1000) * 1000);
    // Held by its own agent, due 150 s ago too (a restart): the same.
    const heldDue = new Date(parkedDue.getTime() + 1000);
    const appender = new Appender(w.paths);
    try {
      appender.appendMany([
        { kind: "agent", status: "start", id: "water", output: "remind me to drink water every 2 minutes", need: "event notify logged" },
        { kind: "agent", status: "active", id: "water", output: armedLine({ kind: "reminder", due: parkedDue, message: "Reminder: drink water", every }, "parked: the Keeper's scheduler delivers it") },
        { kind: "agent", status: "start", id: "stand", output: "remind me to stand up every 2 minutes", need: "event notify logged" },
        { kind: "agent", status: "active", id: "stand", output: armedLine({ kind: "reminder", due: heldDue, message: "Reminder: stand up", every }) },
      ]);
    } finally {
      appender.close();
    }
    expect((await rearmRemindersAlone(w.paths)).map((s) => s.id)).toEqual(["stand"]);
    startKeeper(w.home);
    for (const [id, due] of [["water", parkedDue], ["stand", heldDue]] as const) {
      await waitForEntry(w.paths, (e) => e.id === id && e.kind === "event" && e.source === "notify", { ...WAIT, what: `${id} delivered` });
      const delivered = notifies(id)[0]!;
      const after = own(id).find((e) => e.line === delivered.line + 1)!;
      expect(after.output, id).toMatch(/; repeats every 2 minutes\) — Reminder: /);
      const next = parseArmed(after.output)!;
      expect(next.every, id).toEqual(every);
      // The first of due + k·2 minutes after the delivery: 2 steps on, whatever the lateness was.
      expect(next.due.getTime() - due.getTime(), id).toBe(Math.floor((Date.parse(delivered.ts) - due.getTime()) / 120_000 + 1) * 120_000);
      expect(notifies(id), id).toHaveLength(1);
    }
  });
});
