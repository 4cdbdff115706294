/**
 * `world sync` started while the server is down: it says so once in its operational log,
 * keeps trying, and sends the lines written meanwhile when the server comes up; and a first
 * SIGTERM ends the wait (a daemon stops gracefully on the first signal).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Appender } from "../../tools/world/append.js";
import { watchFile } from "../../tools/fs/watch.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import { tempWorld, waitForEntry } from "../support/world.js";
import { HAS_NATS, NO_NATS, startNats, startSync, useCluster } from "./cluster.js";

if (!HAS_NATS) console.warn(NO_NATS);

/** Resolves once world sync's operational log says the server cannot be reached. */
function offlineSaid(paths: WorldPaths): Promise<void> {
  const file = join(paths.logs, "sync.log");
  const said = () => existsSync(file) && readFileSync(file, "utf8").includes("the NATS server cannot be reached");
  return new Promise((resolve) => {
    const stop = watchFile(file, () => {
      if (said()) {
        stop();
        resolve();
      }
    }, 100);
  });
}

describe.skipIf(!HAS_NATS)("world sync started while the server is down", { timeout: 120_000 }, () => {
  const cluster = useCluster();

  it("waits for it, sends what was written meanwhile, and stops on the first signal", async () => {
    cluster.nats = await startNats();
    await cluster.nats.stop(); // its port now refuses
    const [a, b, c] = [tempWorld("world-offline-a-"), tempWorld("world-offline-b-"), tempWorld("world-offline-c-")];
    cluster.worlds.push(a, b, c);
    const syncA = startSync(a.home, cluster.nats.url, "a");
    cluster.procs.push(syncA);
    await offlineSaid(a.paths);
    const log = new Appender(a.paths);
    log.append({ kind: "event", source: "bash", id: "while-down", output: "written before the server was up" });
    log.close();
    await cluster.nats.start();
    cluster.procs.push(startSync(b.home, cluster.nats.url, "b"));
    await waitForEntry(b.paths, (e) => e.output === "written before the server was up");

    await cluster.nats.stop();
    const syncC = startSync(c.home, cluster.nats.url, "c");
    await offlineSaid(c.paths);
    syncC.kill("SIGTERM");
    const ended = await syncC;
    expect(ended.exitCode, String(ended.stderr)).toBe(0);
  });
});
