/** After a reboot: the Keeper re-arms reminders (agents/rearm.ts) before it judges dead processes. */
import { afterEach, describe, expect, it } from "vitest";
import { readProcRecord } from "../../agents/procs.js";
import { collectEntries } from "../../tools/world/read.js";
import { tempWorld, waitForEntry, world, type TempWorld } from "../support/world.js";
import { waitGone } from "../agents/support.js";

let w: TempWorld | undefined;
afterEach(() => {
  w?.cleanup();
  w = undefined;
});

describe("Keeper and reminders after a restart", () => {
  it("--rearm starts a reminder whose process is gone again instead of failing it; the re-armed run parks and is left to the scheduler", async () => {
    w = tempWorld();
    // An agent that waits in its own process (not parked: agents/parked.ts), as before parking existed.
    const r = await world(w.home, ["spawn", "remind me in 10 minutes to stretch | need: reminded", "--kind", "reminder"], { env: { WORLD_PARK_AFTER_MS: "3600000" } });
    expect(r.stderr).toBe("");
    const id = String(r.stdout).trim();
    await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === id && e.status === "active" && e.output.startsWith("armed: due "));
    const first = readProcRecord(w.paths, id)!; // held by its process (not parked): it has one
    process.kill(-first.pgid!, "SIGKILL"); // as a reboot would
    await waitGone(first.pid!);

    const kept = await world(w.home, ["keep", "--once", "--rearm"]);
    expect(kept.stdout).toMatch(/0 dead, 0 orphans stopped, 0 escalated, 1 re-armed;/);
    await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === id && e.status === "active" && /re-armed after a restart/.test(e.output));
    const second = readProcRecord(w.paths, id)!;
    expect(second.pid).not.toBe(first.pid);

    // The re-armed run is a default one: ten minutes is a long wait, so it parks and ends;
    // the sweep leaves the parked session to the scheduler instead of failing it.
    await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === id && e.status === "active" && /^armed: due \S+ by reminder \(parked/.test(e.output));
    await waitGone(second.pid!); // a launch: a process
    const plain = await world(w.home, ["keep", "--once"]);
    expect(plain.stdout).toMatch(/ 0 dead,/);
    const last = collectEntries(w.paths.log).entries.filter((e) => e.kind === "agent" && e.id === id).at(-1)!;
    expect(last).toMatchObject({ status: "active" });
    expect(last.output).toMatch(/\(parked: the Keeper's scheduler delivers it; re-armed after a restart\)/);
    // One armed line for the re-armed run: its parking line (issue 22).
    expect(collectEntries(w.paths.log).entries.filter((e) => e.kind === "agent" && e.id === id && /re-armed after a restart/.test(e.output))).toHaveLength(1);
  });
});
