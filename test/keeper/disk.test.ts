import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { KEEPER_DEFAULTS, loadKeeperConfig } from "../../keeper/config.js";
import { DISK_ID } from "../../keeper/disk.js";
import { sweep } from "../../keeper/sweep.js";
import { collectEntries } from "../../tools/world/read.js";
import { ROOT, tempWorld, type TempWorld } from "../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

const diskLines = () => collectEntries(w!.paths.log).entries.filter((e) => e.kind === "event" && e.source === "system" && e.id === DISK_ID).map((e) => e.output);

describe("Keeper: disk space where world.log lives", () => {
  it("says once that it is low, once that it is back, whatever the number of sweeps", async () => {
    w = tempWorld();
    // No real disk is this small or this big: the thresholds make it "low", then "ok".
    const low = { ...KEEPER_DEFAULTS, diskLowMiB: Number.MAX_SAFE_INTEGER };
    const first = await sweep(w.paths, low);
    expect(first.ran && first.summary.disk?.low).toBe(true);
    expect(first.ran && first.summary.line).toMatch(/; disk low \(\d+ ms\)$/);
    await sweep(w.paths, low);
    expect(diskLines()).toEqual([
      expect.stringMatching(new RegExp(`^low: [\\d.]+ [MG]iB free of [\\d.]+ [MG]iB \\(\\d+%\\) where world.log lives \\(${w.home}\\), below the ${Number.MAX_SAFE_INTEGER} MiB the Keeper warns at; free some space before world.log can take no more entries$`)),
    ]);
    const ok = { ...KEEPER_DEFAULTS, diskLowMiB: 0 };
    await sweep(w.paths, ok);
    await sweep(w.paths, ok);
    expect(diskLines()).toHaveLength(2);
    expect(diskLines()[1]).toMatch(/^ok: [\d.]+ [MG]iB free of [\d.]+ [MG]iB \(\d+%\) where world.log lives \(.*\), above the 0 MiB the Keeper warns at$/);
  });

  it("a world whose disk was never low says nothing; low runs the notify command", async () => {
    w = tempWorld();
    await sweep(w.paths, { ...KEEPER_DEFAULTS, diskLowMiB: 0 });
    expect(diskLines()).toEqual([]);
    const out = join(w.home, "notified.txt");
    mkdirSync(w.paths.dir, { recursive: true });
    writeFileSync(join(w.paths.dir, "config.json"), JSON.stringify({ keeper: { notify: [process.execPath, join(ROOT, "test/fixtures/agents/record-args.mjs"), out], diskLowMiB: 2 ** 40 } }));
    const config = loadKeeperConfig(w.paths);
    expect(config.diskLowMiB).toBe(2 ** 40);
    await sweep(w.paths, config);
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual([expect.stringMatching(/^world: disk low: /)]);
  });
});
