import { afterEach, describe, expect, it } from "vitest";
import { KEEPER_DEFAULTS } from "../../keeper/config.js";
import { sweep } from "../../keeper/sweep.js";
import { appendOnce } from "../../tools/world/append.js";
import { collectEntries } from "../../tools/world/read.js";
import { tempWorld, world, type TempWorld } from "../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

// In the past, so that the Keeper's own lines (real time) are neither in the future nor out of order.
const T0 = Date.now() - 500 * 3_600_000;
const at = (ms: number) => new Date(T0 + ms).toISOString();
const H = 3_600_000;

function agentLines(id: string) {
  return collectEntries(w!.paths.log).entries.filter((e) => e.kind === "agent" && e.id === id);
}

describe("Keeper timeouts (injected clock, default thresholds)", () => {
  it("fails a start with no active after 1 h, and an active with no finish after 2 h; once", async () => {
    w = tempWorld();
    const p = w.paths;
    appendOnce(p, { kind: "agent", status: "start", id: "quiet", output: "never reports", need: "n", ts: at(0) });
    appendOnce(p, { kind: "agent", status: "start", id: "stalled", output: "stalls", need: "n", ts: at(0) });
    appendOnce(p, { kind: "agent", status: "active", id: "stalled", output: "working", ts: at(30 * 60_000) });
    appendOnce(p, { kind: "agent", status: "start", id: "fine", output: "ok", need: "n", ts: at(0) });
    appendOnce(p, { kind: "agent", status: "active", id: "fine", output: "still working", ts: at(H + 50 * 60_000) });

    // 59 minutes: nothing is late yet.
    let out = await sweep(p, KEEPER_DEFAULTS, { now: new Date(T0 + 59 * 60_000) });
    expect(out.ran && out.summary.timedOut).toEqual([]);

    // 1 h 1 min: only the start without active.
    out = await sweep(p, KEEPER_DEFAULTS, { now: new Date(T0 + H + 60_000) });
    expect(out.ran && out.summary.timedOut).toEqual(["quiet"]);
    const failed = agentLines("quiet").at(-1)!;
    expect(failed).toMatchObject({ status: "failed" });
    expect(failed.output).toMatch(/^timed out: start 1 h 1 min ago and no active since \(limit 1 h\)$/);
    expect(failed.kind === "agent" && failed.need).toBe("your word on how to go on (it wrote nothing on stderr)"); // no .err to point at

    // 2 h 31 min after stalled's active: it fails; fine's active is 40 min old.
    out = await sweep(p, KEEPER_DEFAULTS, { now: new Date(T0 + 3 * H + 60_000) });
    expect(out.ran && out.summary.timedOut).toEqual(["stalled"]);
    expect(agentLines("stalled").at(-1)!.output).toMatch(/^timed out: active 2 h 31 min ago and no finish since \(limit 2 h\)$/);

    // Again, same clock: nothing marked twice.
    out = await sweep(p, KEEPER_DEFAULTS, { now: new Date(T0 + 3 * H + 60_000) });
    expect(out.ran && out.summary.timedOut).toEqual([]);
    expect(agentLines("quiet").filter((e) => e.kind === "agent" && e.status === "failed")).toHaveLength(1);
    expect(agentLines("stalled").filter((e) => e.kind === "agent" && e.status === "failed")).toHaveLength(1);
    expect(agentLines("fine").at(-1)).toMatchObject({ status: "active" });
  });

  it("catches up after downtime in one run and writes one summary line for it; the run after, with nothing to do, writes none", async () => {
    w = tempWorld();
    for (let i = 0; i < 5; i++) appendOnce(w.paths, { kind: "agent", status: "start", id: `s${i}`, output: "t", need: "n", ts: at(0) });
    const out = await sweep(w.paths, KEEPER_DEFAULTS, { now: new Date(T0 + 72 * H) });
    expect(out.ran && out.summary.timedOut.sort()).toEqual(["s0", "s1", "s2", "s3", "s4"]);
    expect(out.ran && out.summary.logged).toBe(true);
    const quiet = await sweep(w.paths, KEEPER_DEFAULTS, { now: new Date(T0 + 72 * H) });
    expect(quiet.ran && quiet.summary).toMatchObject({ logged: false, timedOut: [], line: expect.stringMatching(/^swept: 0 running, 0 awaiting a verdict, 5 failed; 0 timed out/) });
    // Asked to announce itself (the daemon's first sweep), a quiet run still says it swept.
    const announced = await sweep(w.paths, KEEPER_DEFAULTS, { now: new Date(T0 + 72 * H), announce: true });
    expect(announced.ran && announced.summary.logged).toBe(true);
    const summaries = collectEntries(w.paths.log).entries.filter((e) => e.kind === "event" && e.id === "keeper" && e.output.startsWith("swept: "));
    expect(summaries).toHaveLength(2);
    expect(summaries[0]!.output).toMatch(/^swept: 0 running, 0 awaiting a verdict, 5 failed; 5 timed out, 0 dead, 0 orphans stopped, 0 escalated; health: \d+ new lines, 0 problems(; disk low)? \(\d+ ms\)$/);
  });

  it("world keep --once with a threshold of 0s fails a fresh start from the CLI", async () => {
    w = tempWorld();
    expect((await world(w.home, ["agent", "start", "cli1", "task", "--need", "n"])).exitCode).toBe(0);
    const r = await world(w.home, ["keep", "--once", "--start-timeout", "0s"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^swept: .*1 timed out/);
    expect(agentLines("cli1").at(-1)).toMatchObject({ status: "failed" });
    const bad = await world(w.home, ["keep", "--once", "--start-timeout", "soon"]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toBe('world: invalid --start-timeout: expected a duration with its unit, like "10m" (ms, s, m, h or d), received "soon"');
  });

  it("a parked session is quiet by design: its inactivity clock starts at its due time", async () => {
    w = tempWorld();
    const p = w.paths;
    appendOnce(p, { kind: "agent", status: "start", id: "nap", output: "wake tomorrow", need: "n", ts: at(0) });
    appendOnce(p, { kind: "agent", status: "active", id: "nap", output: `sleep until ${at(10 * H)}`, ts: at(60_000) });
    // 9 h of silence: parked until 10 h, not stalled.
    let out = await sweep(p, KEEPER_DEFAULTS, { now: new Date(T0 + 9 * H) });
    expect(out.ran && out.summary.timedOut).toEqual([]);
    // 2 h after the due time with nobody waking it (no Keeper daemon ran): timed out then.
    out = await sweep(p, KEEPER_DEFAULTS, { now: new Date(T0 + 12 * H + 60_000) });
    expect(out.ran && out.summary.timedOut).toEqual(["nap"]);
  });
});
