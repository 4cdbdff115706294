/**
 * `world sync`'s usage errors: one line, exit 2, before any network. And one `world sync`
 * per world: a second is refused (exit 3), since both would append every received line.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { expectOneLineError } from "../ui/cli/helpers.js";
import { tempWorld, waitForEntry, world, type TempWorld } from "../support/world.js";
import { HAS_NATS, startNats, startSync, useCluster } from "./cluster.js";

describe("world sync usage", () => {
  let w: TempWorld;
  afterEach(() => w.cleanup());

  it("refuses a missing --nats, a bad machine name, and a machine name different from the stored one", async () => {
    w = tempWorld();
    expectOneLineError(await world(w.home, ["sync"]), 2, /needs --nats <url>.*received no --nats/);
    expectOneLineError(await world(w.home, ["sync", "--nats", "nats://127.0.0.1:1", "--machine", "Bad Name"]), 2, /invalid --machine.*received "Bad Name"/);
    expectOneLineError(await world(w.home, ["sync", "--nats", "nats://127.0.0.1:1", "--stream", "a.b"]), 2, /invalid --stream.*received "a.b"/);
    const { SyncState } = await import("../../sync/state.js");
    new SyncState(w.paths).machine("laptop", "x");
    expectOneLineError(await world(w.home, ["sync", "--nats", "nats://127.0.0.1:1", "--machine", "desktop"]), 2, /expected "laptop".*received "desktop"/);
  });
});

describe.skipIf(!HAS_NATS)("one world sync per world", () => {
  const cluster = useCluster();

  it("refuses a second one while the first runs, and the first goes on", async () => {
    cluster.nats = await startNats();
    const w = tempWorld("world-sync-once-");
    cluster.worlds.push(w);
    cluster.procs.push(startSync(w.home, cluster.nats.url, "a"));
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.id === "sync" && e.output.startsWith("sync on a: connected"));
    const second = await world(w.home, ["sync", "--nats", cluster.nats.url, "--machine", "a"]);
    expectOneLineError(second, 3, /world sync is already running in .* \(pid \d+\): expected one per world, received a second/);
    expect(cluster.procs[0]!.exitCode).toBeNull(); // still running
    // Nor does world up --nats run a second one, or change the first's settings.
    const config = readFileSync(join(w.paths.dir, "sync", "nats.json"), "utf8");
    const up = await world(w.home, ["up", "--only", "sync", "--nats", "nats://127.0.0.1:1"]);
    expectOneLineError(up, 3, /^world: world sync is already running in .* \(pid \d+\): expected world up --nats to run the only one/);
    expect(readFileSync(join(w.paths.dir, "sync", "nats.json"), "utf8")).toBe(config);
    // A usage error is still said as one, before the lock.
    expectOneLineError(await world(w.home, ["sync", "--nats", "not a url"]), 2, /needs --nats <url>/);
  });
});
