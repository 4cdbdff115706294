/**
 * Managing reminders (agents/reminders.ts) against real agents: list what is pending,
 * move one held by its own process (stopped first, so the new time is the latest line),
 * snooze a pending one and a delivered one, cancel one (one repeating at an interval too);
 * refused to programs.
 */
import { afterEach, describe, expect, it } from "vitest";
import { cancelReminder, listReminders, moveReminder, snoozeReminder } from "../../agents/reminders.js";
import { parseArmed } from "../../agents/reminder/armed.js";
import { appendStatus } from "../../tools/world/append-status.js";
import { appendOnce } from "../../tools/world/append.js";
import { openIndex } from "../../tools/world/index-db.js";
import { findLastStatus } from "../../tools/world/last-status.js";
import { session } from "../../tools/world/query.js";
import { collectEntries } from "../../tools/world/read.js";
import { tempWorld, waitForEntry, world, type TempWorld } from "../support/world.js";
import { isStatus, startSession } from "./agent-process.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());
const H = 3_600_000;
const person = { person: "terminal" } as const;

function list() {
  const index = openIndex(w!.paths);
  try {
    return listReminders(index);
  } finally {
    index.close();
  }
}

async function spawnTimer(id: string, task: string) {
  const r = await world(w!.home, ["spawn", "--kind", "timer", "--id", id, `${task} | need: event notify logged`]);
  expect(r.exitCode, r.stderr).toBe(0);
  await waitForEntry(w!.paths, isStatus(id, "active", /^armed: due /), { what: `${id} armed` });
}

describe("reminders", () => {
  it("list, move (its process stopped first), snooze, cancel", async () => {
    w = tempWorld();
    const later = new Date(Date.now() + 3 * H);
    startSession(w.paths, "rem", "remind me to stretch", "event notify logged");
    appendStatus(w.paths, { status: "active", id: "rem", output: `armed: due ${later.toISOString()} by reminder (parked: the Keeper's scheduler delivers it) — Reminder: stretch` });
    await spawnTimer("tea", "set a timer for 50 seconds");

    const pending = list();
    expect(pending.map((r) => [r.id, r.kind, r.parked])).toEqual([["tea", "timer", false], ["rem", "reminder", true]]);

    const to = new Date(Date.now() + 2 * H);
    const moved = await moveReminder(w.paths, "tea", to, person);
    expect(moved).toMatchObject({ id: "tea", due: to.toISOString() });
    // The timer's own process parked on SIGTERM with the old time before the move was written.
    const last = findLastStatus(w.paths.log, "tea")!;
    expect(parseArmed(last.output)?.due.toISOString()).toBe(to.toISOString());
    expect(last.output).toMatch(/\(parked: moved by a person at the terminal from \S+\) — Timer done: 50 seconds$/);
    const index = openIndex(w.paths);
    try {
      expect(session(index, "tea")?.parkedUntil).toBe(to.toISOString());
    } finally {
      index.close();
    }

    const snoozed = await snoozeReminder(w.paths, "rem", 10 * 60_000, person);
    expect(snoozed.due).toBe(new Date(later.getTime() + 10 * 60_000).toISOString());

    await cancelReminder(w.paths, "rem", person);
    expect(list().map((r) => r.id)).toEqual(["tea"]);
    await expect(moveReminder(w.paths, "rem", to, person)).rejects.toThrow(/not a pending reminder/);
    await expect(moveReminder(w.paths, "tea", new Date(Date.now() - 1000), person)).rejects.toThrow(/in the future/);
    await expect(snoozeReminder(w.paths, "tea", 60_000, { person: "program" })).rejects.toThrow(/only a person/);
  });

  it("one parked by `world spawn` itself (no process): listed as parked, moved, snoozed and cancelled with no process to stop", async () => {
    w = tempWorld();
    const r = await world(w.home, ["spawn", "--kind", "reminder", "--id", "later", "remind me in 2 hours to stretch | need: event notify logged"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(list()).toMatchObject([{ id: "later", kind: "reminder", message: "Reminder: stretch", parked: true }]);
    const to = new Date(Date.now() + 3 * H);
    await moveReminder(w.paths, "later", to, person);
    expect(parseArmed(findLastStatus(w.paths.log, "later")!.output)?.due.toISOString()).toBe(to.toISOString());
    const snoozed = await snoozeReminder(w.paths, "later", 10 * 60_000, person);
    expect(snoozed.due).toBe(new Date(to.getTime() + 10 * 60_000).toISOString());
    await cancelReminder(w.paths, "later", person);
    expect(list()).toEqual([]);
    const own = collectEntries(w.paths.log).entries.filter((e) => e.id === "later");
    expect(own.filter((e) => e.kind === "event" && e.source === "system")).toEqual([]); // no spawn, no exit, no signal: no process
    expect(own.map((e) => (e.kind === "agent" ? e.status : e.kind))).toEqual(["start", "active", "active", "active", "closed"]);
  });

  it("snoozing a delivered reminder starts a new one with the same message, due that long from now", async () => {
    w = tempWorld();
    startSession(w.paths, "done", "remind me to call mom", "event notify logged");
    appendStatus(w.paths, { status: "active", id: "done", output: `armed: due ${new Date().toISOString()} by reminder — Reminder: call mom` });
    appendOnce(w.paths, { kind: "event", source: "notify", id: "done", output: "Reminder: call mom" });
    appendStatus(w.paths, { status: "finish", id: "done", output: "delivered" });
    const now = new Date();
    const again = await snoozeReminder(w.paths, "done", 5 * 60_000, person, { now });
    expect(again.id).not.toBe("done");
    expect(again.due).toBe(new Date(now.getTime() + 5 * 60_000).toISOString());
    const [r] = list();
    expect(r).toMatchObject({ id: again.id, kind: "reminder", message: "Reminder: call mom", parked: true });
    const index = openIndex(w.paths);
    try {
      expect(session(index, again.id)).toMatchObject({ status: "active", need: "event notify logged", parkedUntil: again.due });
    } finally {
      index.close();
    }
  });

  it("one repeating every 30 minutes, spawned by `world spawn`: listed with its interval, snoozed before it goes off (the rule kept), snoozed after (a one-off, the rule untouched), cancelled", async () => {
    w = tempWorld();
    const r = await world(w.home, ["spawn", "--kind", "reminder", "--id", "eyes", "remind me to rest my eyes every 30 minutes | need: event notify logged"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(list()).toMatchObject([{ id: "eyes", message: "Reminder: rest my eyes", repeats: "every 30 minutes", parked: true }]);
    const first = parseArmed(findLastStatus(w.paths.log, "eyes")!.output)!;
    expect(first.every).toEqual({ unit: "minute", interval: 30, hour: 0, minute: 0 });
    const snoozed = await snoozeReminder(w.paths, "eyes", 10 * 60_000, person);
    expect(snoozed).toMatchObject({ id: "eyes", due: new Date(first.due.getTime() + 10 * 60_000).toISOString() });
    expect(parseArmed(findLastStatus(w.paths.log, "eyes")!.output)?.every).toEqual(first.every);
    // It went off (as the scheduler writes it: the notify line, then its next armed line).
    const next = new Date(first.due.getTime() + 40 * 60_000);
    appendOnce(w.paths, { kind: "event", source: "notify", id: "eyes", output: "Reminder: rest my eyes" });
    appendStatus(w.paths, { status: "active", id: "eyes", output: `armed: due ${next.toISOString()} by reminder (parked: the Keeper's scheduler delivers it; delivered at ${new Date().toISOString()} for due ${snoozed.due}; repeats every 30 minutes) — Reminder: rest my eyes` });
    const again = await snoozeReminder(w.paths, "eyes", 5 * 60_000, person);
    expect(again.id).not.toBe("eyes");
    expect(list().map((x) => [x.id, x.repeats])).toEqual([[again.id, undefined], ["eyes", "every 30 minutes"]]);
    expect(parseArmed(findLastStatus(w.paths.log, "eyes")!.output)?.due.toISOString()).toBe(next.toISOString());
    await cancelReminder(w.paths, "eyes", person);
    await cancelReminder(w.paths, again.id, person);
    expect(list()).toEqual([]);
  });
});
