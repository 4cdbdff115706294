/** Finished agents that nobody judged: the Keeper says so, once per period, until a verdict comes. */
import { afterEach, describe, expect, it } from "vitest";
import { KEEPER_DEFAULTS } from "../../keeper/config.js";
import { sweep } from "../../keeper/sweep.js";
import { appendOnce } from "../../tools/world/append.js";
import { collectEntries } from "../../tools/world/read.js";
import { tempWorld, type TempWorld } from "../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

const T0 = Date.now() - 500 * 3_600_000;
const M = 60_000;
const H = 60 * M;
const at = (ms: number) => new Date(T0 + ms).toISOString();
const nudges = (id: string) =>
  collectEntries(w!.paths.log).entries.filter((e) => e.kind === "event" && e.source === "system" && e.id === id && e.output.startsWith("nudge: "));

describe("Keeper: a finish with no verdict", () => {
  it("is reported after the verdict timeout, once per escalation period, and no more once judged", async () => {
    w = tempWorld();
    appendOnce(w.paths, { kind: "agent", status: "start", id: "j1", output: "write the report", need: "file exists report.md", ts: at(0) });
    appendOnce(w.paths, { kind: "agent", status: "finish", id: "j1", output: "wrote report.md", ts: at(M) });

    await sweep(w.paths, KEEPER_DEFAULTS, { now: new Date(T0 + 10 * M) });
    expect(nudges("j1")).toHaveLength(0);

    const first = await sweep(w.paths, KEEPER_DEFAULTS, { now: new Date(T0 + 21 * M) });
    expect(nudges("j1").map((e) => e.output)).toEqual([
      'nudge: agent "write the report" finished 20 min ago and has no verdict: is the Verifier running? (world verifier, or world up; world verify --once judges it now)',
    ]);
    expect(first.ran && first.summary.line).toMatch(/1 finished with no verdict/);

    await sweep(w.paths, KEEPER_DEFAULTS, { now: new Date(T0 + 5 * H) }); // same period: nothing new
    expect(nudges("j1")).toHaveLength(1);
    await sweep(w.paths, KEEPER_DEFAULTS, { now: new Date(T0 + 30 * H) }); // a day later: once more
    expect(nudges("j1")).toHaveLength(2);

    appendOnce(w.paths, { kind: "agent", status: "verified", id: "j1", output: "report.md exists", ts: at(31 * H) });
    await sweep(w.paths, KEEPER_DEFAULTS, { now: new Date(T0 + 80 * H) });
    expect(nudges("j1")).toHaveLength(2);
  });
});
