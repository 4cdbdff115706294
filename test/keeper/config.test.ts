import { afterEach, describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { KEEPER_DEFAULTS, loadKeeperConfig } from "../../keeper/config.js";
import { lockDir, tryLock } from "../../tools/process/lock.js";
import { sweep } from "../../keeper/sweep.js";
import { tempWorld, type TempWorld } from "../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

describe("Keeper config", () => {
  it("defaults, then .world/config.json, then flags", () => {
    w = tempWorld();
    expect(loadKeeperConfig(w.paths)).toEqual(KEEPER_DEFAULTS);
    mkdirSync(w.paths.dir, { recursive: true });
    writeFileSync(join(w.paths.dir, "config.json"), JSON.stringify({ spirit: { anything: 1 }, keeper: { startTimeout: "30m", killGrace: "2s", every: "*/10 * * * *" } }));
    const c = loadKeeperConfig(w.paths, { startTimeout: "5m" });
    expect(c.startTimeoutMs).toBe(300_000); // the flag wins
    expect(c.killGraceMs).toBe(2000);
    expect(c.every).toBe("*/10 * * * *");
    expect(c.activeTimeoutMs).toBe(KEEPER_DEFAULTS.activeTimeoutMs);
  });

  it("refuses a bad config with one line", () => {
    w = tempWorld();
    mkdirSync(w.paths.dir, { recursive: true });
    writeFileSync(join(w.paths.dir, "config.json"), JSON.stringify({ keeper: { notify: [] } }));
    expect(() => loadKeeperConfig(w!.paths)).toThrow(/^invalid .*config\.json: keeper\.notify: too small: .*, received \[\]$/);
    writeFileSync(join(w.paths.dir, "config.json"), JSON.stringify({ keeper: { diskLowMiB: "1G" } }));
    expect(() => loadKeeperConfig(w!.paths)).toThrow(/^invalid .*config\.json: keeper\.diskLowMiB: invalid input: expected number, received "1G"$/);
    writeFileSync(join(w.paths.dir, "config.json"), JSON.stringify({ keeper: { killGrace: 600 } }));
    expect(() => loadKeeperConfig(w!.paths)).toThrow(/^invalid .*config\.json: keeper\.killGrace: expected a duration with its unit, like "10m" \(ms, s, m, h or d\), received 600$/);
    writeFileSync(join(w.paths.dir, "config.json"), "{}");
    expect(() => loadKeeperConfig(w!.paths, { killGrace: "10" })).toThrow(/^invalid --kill-grace: expected .*, received "10"$/);
    writeFileSync(join(w.paths.dir, "config.json"), "{}");
    expect(() => loadKeeperConfig(w!.paths, { every: "every five minutes" })).toThrow(/invalid schedule/);
  });
});

describe("Keeper lock", () => {
  it("one sweep at a time; a lock left by a dead process is taken over", async () => {
    w = tempWorld();
    const held = tryLock(w.paths, "keeper");
    expect("release" in held).toBe(true);
    const out = await sweep(w.paths, KEEPER_DEFAULTS);
    expect(out).toEqual({ ran: false, reason: `another keeper (pid ${process.pid}) holds the Keeper's lock: a \`world keeper\` (or \`world up\`) keeps this world, or a sweep is running` });
    if ("release" in held) held.release();
    // A generation whose owner is gone (no such pid) is free: the sweep takes the next one.
    writeFileSync(join(lockDir(w.paths, "keeper"), "9"), JSON.stringify({ pid: 2 ** 22 + 7, startTicks: 1 }));
    expect((await sweep(w.paths, KEEPER_DEFAULTS)).ran).toBe(true);
  });
});
