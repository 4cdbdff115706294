/**
 * Closing from the CLI: `world close`, `world respond <id> cancel` (which used to relaunch
 * the agent), `world agent closed` refused, `world query closed`, `world reminder`.
 */
import { afterEach, describe, expect, it } from "vitest";
import { appendStatus } from "../../../tools/world/append-status.js";
import { collectEntries } from "../../../tools/world/read.js";
import type { SessionJson } from "../../../tools/world/query.js";
import { tempWorld, world, type TempWorld } from "../../support/world.js";
import { expectOneLineError, jsonLines } from "./helpers.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());
const person = (args: string[]) => world(w!.home, ["--as-human", ...args]);

function statuses(id: string): string[] {
  return collectEntries(w!.paths.log).entries.flatMap((e) => (e.id === id && e.kind === "agent" ? [e.status] : []));
}

describe("world close", () => {
  it("closes a session for a person; refused to a program (exit 3), twice (exit 3), unknown (exit 4)", async () => {
    w = tempWorld();
    appendStatus(w.paths, { status: "start", id: "s1", output: "tidy the garage", need: "photo of the garage" });
    expectOneLineError(await world(w.home, ["close", "s1", "done by hand"]), 3, /only a person may close session s1/);
    const r = await person(["close", "s1", "done", "by", "hand"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^\[\S+\]\[agent:closed\]\[s1\] closed by a person: done by hand \(from terminal\)$/);
    expectOneLineError(await person(["close", "s1"]), 3, /already closed/);
    expectOneLineError(await person(["close", "nope"]), 4);
    // A verified session is over: refused, without pointing at a --force that world close has not.
    appendStatus(w.paths, { status: "start", id: "s2", output: "water the plants", need: "a photo" });
    appendStatus(w.paths, { status: "finish", id: "s2", output: "watered" });
    appendStatus(w.paths, { status: "verified", id: "s2", output: "photo seen" });
    const over = await person(["close", "s2"]);
    expectOneLineError(over, 3, /session s2 is already verified: expected a session that is not over/);
    expect(over.stderr).not.toMatch(/--force/);
    const rows = jsonLines<SessionJson>((await world(w.home, ["query", "closed", "--json"])).stdout);
    expect(rows.map((s) => [s.id, s.state, s.status])).toEqual([["s1", "closed", "closed"]]);
  });

  it("`world agent closed` is refused to everyone: closing is `world close`", async () => {
    w = tempWorld();
    appendStatus(w.paths, { status: "start", id: "s2", output: "x", need: "y" });
    expectOneLineError(await person(["agent", "closed", "s2", "bye"]), 3, /closed only by a person, with world close s2/);
    expectOneLineError(await person(["agent", "closed", "s2", "bye", "--force"]), 3);
    expect(statuses("s2")).toEqual(["start"]);
  });

  it("`world respond <id> cancel` on a failed session closes it instead of sending the agent back", async () => {
    w = tempWorld();
    appendStatus(w.paths, { status: "start", id: "f1", output: "book a table", need: "a confirmation" });
    appendStatus(w.paths, { status: "failed", id: "f1", output: "gave up", need: "a credit card" });
    const r = await person(["respond", "f1", "cancel"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\[agent:closed\]\[f1\] closed by a person: answered "cancel" \(from terminal\)$/);
    expect(statuses("f1")).toEqual(["start", "failed", "closed"]);
    expect(collectEntries(w.paths.log).entries.some((e) => e.kind === "event" && e.source === "user")).toBe(false);
    // Any other answer still goes to the agent.
    appendStatus(w.paths, { status: "start", id: "f2", output: "x", need: "y" });
    appendStatus(w.paths, { status: "failed", id: "f2", output: "stuck", need: "which file" });
    expect((await person(["respond", "f2", "cancel", "the", "second", "file"])).stdout).toMatch(/\[event:user\]\[f2\] cancel the second file \(from terminal\)$/);
  });

  it("world reminder: list, move to a time in words, snooze, cancel", async () => {
    w = tempWorld();
    const due = new Date(Date.now() + 3 * 3_600_000);
    appendStatus(w.paths, { status: "start", id: "r1", output: "remind me to stretch", need: "event notify logged" });
    appendStatus(w.paths, { status: "active", id: "r1", output: `armed: due ${due.toISOString()} by reminder (parked: the Keeper's scheduler delivers it) — Reminder: stretch` });
    const list = await world(w.home, ["reminder", "list"], { env: { TZ: "UTC" } });
    expect(list.stdout).toMatch(/^reminder r1 {2}due .* \(in (2h 59m|3h)\)\n {4}Reminder: stretch$/);
    const moved = await person(["reminder", "move", "r1", "in", "5", "hours"]);
    expect(moved.exitCode, moved.stderr).toBe(0);
    const [r] = jsonLines<{ id: string; due: string }>((await world(w.home, ["reminder", "list", "--json"])).stdout);
    expect(Math.abs(Date.parse(r!.due) - (Date.now() + 5 * 3_600_000))).toBeLessThan(60_000);
    expect((await person(["reminder", "snooze", "r1", "15m"])).exitCode).toBe(0);
    const [s] = jsonLines<{ due: string }>((await world(w.home, ["reminder", "list", "--json"])).stdout);
    expect(Date.parse(s!.due) - Date.parse(r!.due)).toBe(15 * 60_000);
    expectOneLineError(await person(["reminder", "move", "r1", "whenever"]), 2, /invalid time/);
    expectOneLineError(await person(["reminder", "snooze", "r1", "15"]), 2, /duration/);
    expectOneLineError(await person(["reminder", "frobnicate"]), 2, /unknown reminder action/);
    expect((await person(["reminder", "cancel", "r1"])).exitCode).toBe(0);
    expect((await world(w.home, ["reminder", "list"])).stdout).toBe("(no reminders or timers pending)");
  });
});
