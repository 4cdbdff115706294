import { afterEach, describe, expect, it } from "vitest";
import { readProcRecord } from "../../agents/procs.js";
import { rearmRemindersAlone } from "../../agents/rearm.js";
import { armedLine } from "../../agents/reminder/alarm.js";
import { KEEPER_DEFAULTS } from "../../keeper/config.js";
import { sweep } from "../../keeper/sweep.js";
import { spawnAgent } from "../../agents/spawn.js";
import { ownGroupAlive, signalGroup } from "../../tools/process/identity.js";
import { appendOnce } from "../../tools/world/append.js";
import { tempWorld, waitForEntry, world, type TempWorld } from "../support/world.js";
import { waitUntil } from "../support/wait.js";
import { entriesOf, isEvent, isStatus, startSession } from "./agent-process.js";

let w: TempWorld | undefined;
const groups: number[] = [];
afterEach(() => {
  for (const pgid of groups.splice(0)) signalGroup(pgid, "SIGKILL");
  w?.cleanup();
});

function track(id: string): number {
  const pgid = readProcRecord(w!.paths, id)!.pgid!; // held by its process here: it has one
  groups.push(pgid);
  return pgid;
}


describe("rearmReminders", () => {
  it("starts an orphaned reminder again with the same session id; it keeps its due time", async () => {
    w = tempWorld();
    const due = new Date(Date.now() + 1500);
    startSession(w.paths, "o1", "remind me in 2 seconds to check the oven");
    appendOnce(w.paths, { kind: "agent", status: "active", id: "o1", output: armedLine({ kind: "reminder", due, message: "Reminder: check the oven" }) });
    // Its process is gone (there is not even a record: the machine rebooted).
    const started = await rearmRemindersAlone(w.paths);
    expect(started).toEqual([{ id: "o1", kind: "reminder", due: due.toISOString(), pid: expect.any(Number) }]);
    track("o1");
    await waitForEntry(w.paths, isEvent("o1", "system", /^re-arming reminder after a restart: due /));
    await waitForEntry(w.paths, isStatus("o1", "active", /^armed: due \S+ by reminder \(re-armed after a restart\) — Reminder: check the oven$/));
    const notified = await waitForEntry(w.paths, isEvent("o1", "notify"));
    expect(Date.parse(notified.ts)).toBeGreaterThanOrEqual(due.getTime());
    await waitForEntry(w.paths, isStatus("o1", "finish", new RegExp(`\\(due ${due.toISOString()}\\)$`)));
    // Finished sessions are not re-armed.
    expect(await rearmRemindersAlone(w.paths)).toEqual([]);
  });

  it("leaves a running reminder alone and re-arms it once its process is gone; it fires once", async () => {
    w = tempWorld();
    const { id } = await spawnAgent(w.paths, { task: "remind me in 10 minutes to stretch", need: "reminded", kind: "reminder", env: { WORLD_PARK_AFTER_MS: "3600000" } });
    const pgid = track(id);
    await waitForEntry(w.paths, isStatus(id, "active", /^armed: due /));
    expect(await rearmRemindersAlone(w.paths)).toEqual([]);

    // A SIGKILL of the whole group, as a reboot: nothing parked it, so rearm starts it again.
    signalGroup(pgid, "SIGKILL");
    // The agent's exit is not in the log: poll /proc.
    await waitUntil(() => !ownGroupAlive(pgid, readProcRecord(w!.paths, id)!.startTicks), { what: "the agent to exit" });
    const again = await rearmRemindersAlone(w.paths);
    expect(again.map((r) => r.id)).toEqual([id]);
    track(id);
    await waitForEntry(w.paths, isStatus(id, "active", /re-armed after a restart/));
    expect(await rearmRemindersAlone(w.paths)).toEqual([]); // the new process is alive
    expect(entriesOf(w.paths, id).filter(isEvent(id, "notify"))).toHaveLength(0);
  });

  it("a re-armed timer that was already delivered finishes without firing again", async () => {
    w = tempWorld();
    startSession(w.paths, "o3", "set a timer for 1 second");
    appendOnce(w.paths, { kind: "agent", status: "active", id: "o3", output: armedLine({ kind: "timer", due: new Date(Date.now() - 1000), message: "Timer done: 1 second" }) });
    appendOnce(w.paths, { kind: "event", source: "notify", id: "o3", output: "Timer done: 1 second" });
    expect((await rearmRemindersAlone(w.paths)).map((r) => r.kind)).toEqual(["timer"]);
    track("o3");
    await waitForEntry(w.paths, isStatus("o3", "finish", /^delivered at /));
    expect(entriesOf(w.paths, "o3").filter(isEvent("o3", "notify"))).toHaveLength(1);
  });

  it("is there as `world rearm`", async () => {
    w = tempWorld();
    startSession(w.paths, "o9", "set a timer for 1 second");
    const due = new Date(Date.now() + 500);
    appendOnce(w.paths, { kind: "agent", status: "active", id: "o9", output: armedLine({ kind: "timer", due, message: "Timer done: 1 second" }) });
    const result = await world(w.home, ["rearm"]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^re-armed timer o9: due ${due.toISOString()}, pid \\d+$`));
    track("o9");
    await waitForEntry(w.paths, isStatus("o9", "finish"));
    expect((await world(w.home, ["rearm"])).stdout).toBe("nothing to re-arm");
  });

  it("ignores active sessions that are not armed reminders", async () => {
    w = tempWorld();
    startSession(w.paths, "x1", "book a table");
    appendOnce(w.paths, { kind: "agent", status: "active", id: "x1", output: "calling the restaurant" });
    expect(await rearmRemindersAlone(w.paths)).toEqual([]);
  });

  it("leaves a parked reminder to the Keeper's scheduler: no process is started for it", async () => {
    w = tempWorld();
    startSession(w.paths, "p1", "remind me tomorrow at 9 to water the plants");
    const due = new Date(Date.now() + 3_600_000);
    appendOnce(w.paths, { kind: "agent", status: "active", id: "p1", output: armedLine({ kind: "reminder", due, message: "Reminder: water the plants" }, "parked: the Keeper's scheduler delivers it") });
    expect(await rearmRemindersAlone(w.paths)).toEqual([]);
  });

  it("in the Keeper's first sweep: the sweep's writer, so its line carries the sweep's (injected) clock", async () => {
    w = tempWorld();
    startSession(w.paths, "o5", "set a timer for 1 second");
    appendOnce(w.paths, { kind: "agent", status: "active", id: "o5", output: armedLine({ kind: "timer", due: new Date(Date.now() + 500), message: "Timer done: 1 second" }) });
    const now = new Date(Math.ceil(Date.now() / 1000) * 1000 + 1000);
    expect((await sweep(w.paths, KEEPER_DEFAULTS, { rearm: true, now })).ran).toBe(true);
    track("o5");
    const rearming = await waitForEntry(w.paths, isEvent("o5", "system", /^re-arming timer after a restart: due /));
    expect(rearming.ts).toBe(now.toISOString());
    await waitForEntry(w.paths, isStatus("o5", "finish"));
  });
});
