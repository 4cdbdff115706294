import { afterEach, describe, expect, it } from "vitest";
import { execa } from "execa";
import { readdirSync, readFileSync, statSync } from "node:fs";
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

  it("an idle Keeper writes nothing: after its first sweep says it is up, sweeps that find nothing leave world.log and every file of the world as they were", async () => {
    w = tempWorld();
    // Every second; at debug level the quiet sweeps are counted in its operational log (at the default level, info, they are not written at all).
    const daemon = execa(process.execPath, [WORLD_BIN, "--home", w.home, "keeper", "--every", "*/1 * * * * *"], { reject: false, env: { WORLD_LOG_LEVEL: "debug" } });
    const ops = join(w.paths.logs, "keeper.log");
    const quiet = () => (readFileSync(ops, "utf8").match(/"msg":"swept: nothing to do"/g) ?? []).length;
    await waitForEntry(w.paths, (e) => e.id === "keeper" && e.output.startsWith("swept: "));
    // The first quiet sweep still puts the announcement under a checkpoint and indexes it: watched from the second on.
    await expect.poll(quiet, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(2);
    const before = files(w.home, ops);
    const seen = quiet();
    await expect.poll(quiet, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(seen + 3);
    expect(files(w.home, ops)).toEqual(before);
    daemon.kill("SIGTERM");
    const done = await daemon;
    expect(done.exitCode).toBe(0);
    expect(collectEntries(w.paths.log).entries.filter((e) => e.id === "keeper" && e.output.startsWith("swept: "))).toHaveLength(1);
    expect(done.stdout.split("\n").filter((l) => l.startsWith("swept: "))).toHaveLength(1);
  });
});

/** Every file under `dir` but `except`, with its size and modification time. */
function files(dir: string, except: string, into: Record<string, string> = {}): Record<string, string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) files(p, except, into);
    else if (p !== except) {
      const s = statSync(p);
      into[p] = `${s.size} bytes, modified ${s.mtimeMs}`;
    }
  }
  return into;
}
