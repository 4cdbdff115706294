/** `world sync`'s usage errors: one line, exit 2, before any network. */
import { afterEach, describe, it } from "vitest";
import { expectOneLineError } from "../ui/cli/helpers.js";
import { tempWorld, world, type TempWorld } from "../support/world.js";

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
