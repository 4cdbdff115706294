import { afterEach, describe, expect, it } from "vitest";
import { execa } from "execa";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { collectEntries } from "../../tools/world/read.js";
import { tempWorld, waitForEntry, WORLD_BIN, type TempWorld } from "../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

describe("world keeper (daemon)", () => {
  it("sweeps at start and on its schedule, and stops gracefully on SIGTERM", async () => {
    w = tempWorld();
    const daemon = execa(process.execPath, [WORLD_BIN, "--home", w.home, "keeper", "--every", "*/1 * * * * *", "--start-timeout", "0s"], { reject: false });
    await waitForEntry(w.paths, (e) => e.id === "keeper" && e.output.startsWith("swept: "));
    const r = await execa(process.execPath, [WORLD_BIN, "--home", w.home, "agent", "start", "d1", "task", "--need", "n"]);
    expect(r.exitCode).toBe(0);
    // A later scheduled sweep notices the new session and times it out.
    await waitForEntry(w.paths, (e) => e.id === "d1" && e.kind === "agent" && e.status === "failed");
    daemon.kill("SIGTERM");
    const done = await daemon;
    expect(done.exitCode).toBe(0);
    const sweeps = collectEntries(w.paths.log).entries.filter((e) => e.id === "keeper" && e.output.startsWith("swept: "));
    expect(sweeps.length).toBeGreaterThanOrEqual(2);
    expect(done.stdout.split("\n").filter((l) => l.startsWith("swept: ")).length).toBe(sweeps.length);
    const ops = readFileSync(join(w.paths.logs, "keeper.log"), "utf8");
    expect(ops).toMatch(/"msg":"keeper started"/);
    expect(ops).toMatch(/"msg":"keeper stopped"/);
  });
});
