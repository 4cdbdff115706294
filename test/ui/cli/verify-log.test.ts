import { afterEach, describe, expect, it } from "vitest";
import { TAMPERINGS } from "../../../chaos/log-tampering.js";
import { tempWorld, world, type TempWorld } from "../../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

async function events(n: number, from = 0): Promise<void> {
  for (let i = 0; i < n; i++) expect((await world(w!.home, ["event", "test", `e-${from + i}`, `line ${from + i}`, "-q"])).exitCode).toBe(0);
}

describe("world verify-log", () => {
  it("proves, extends, and reports what it proved in text, JSON and world status", async () => {
    w = tempWorld();
    await events(3);
    const first = await world(w.home, ["verify-log"]);
    expect(first.exitCode).toBe(0);
    expect(first.stdout).toContain("lines 1..4 first seen now, at checkpoint 1 (signed), not proven before");
    await events(2, 3);
    const json = await world(w.home, ["verify-log", "--json"]);
    expect(json.exitCode).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, lines: 6, proven: 6, checkpoints: 2, extendedBy: 2, rebuiltUpTo: 4 });
    const status = await world(w.home, ["status"]);
    expect(status.stdout).toMatch(/^proof +proven .* by verify-log: 6 of 6 lines under 2 signed checkpoints$/m);
    expect(JSON.parse((await world(w.home, ["status", "--json"])).stdout).proof).toMatchObject({ ok: true, proven: 6, checkpoints: 2 });
  });

  it("exits 3 with one line naming the first line changed; JSON says the same; status shows it; --restart accepts the log as it is", async () => {
    w = tempWorld();
    await events(6);
    expect((await world(w.home, ["verify-log"])).exitCode).toBe(0);
    TAMPERINGS.find((t) => t.name === "remove")!.apply(w.paths, 3);
    const text = await world(w.home, ["verify-log"]);
    expect(text.exitCode).toBe(3);
    expect(text.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^world: world.log's history no longer matches its checkpoints: line 3 was removed/)]);
    const json = await world(w.home, ["verify-log", "--json"]);
    expect(json.exitCode).toBe(3);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, problem: { kind: "removed", line: 3, checkpoint: 1 } });
    expect((await world(w.home, ["status"])).stdout).toMatch(/^proof +HISTORY DOES NOT MATCH .*line 3 was removed/m);
    const restart = await world(w.home, ["verify-log", "--restart"]);
    expect(restart.exitCode).toBe(0);
    expect(restart.stderr).toContain("1 checkpoint moved aside");
    expect((await world(w.home, ["verify-log"])).exitCode).toBe(0);
  });

  it("refuses a home that does not exist (exit 4)", async () => {
    w = tempWorld();
    const r = await world(`${w.home}/nowhere`, ["verify-log"]);
    expect(r.exitCode).toBe(4);
  });
});
