/**
 * `world status` in a synced world: this machine's name and server, whether `world sync`
 * runs, what it last said, and how many of this machine's lines wait to be sent (lines
 * received from the other machine are not counted). A world without sync says nothing of it.
 */
import { describe, expect, it } from "vitest";
import { Appender } from "../../tools/world/append.js";
import { tempWorld, world } from "../support/world.js";
import { waitUntil } from "../support/wait.js";
import { HAS_NATS, NO_NATS, startNats, startSync, useCluster, waitForCounts } from "./cluster.js";

if (!HAS_NATS) console.warn(NO_NATS);

async function status(home: string): Promise<{ text: string; json: { sync: { machine: string; pid: number | null; last: { text: string } | null; unsentLines: number } | null } }> {
  const text = await world(home, ["status"]);
  const json = await world(home, ["status", "--json"]);
  expect(text.exitCode, text.stderr).toBe(0);
  return { text: text.stdout, json: JSON.parse(json.stdout) };
}

describe.skipIf(!HAS_NATS)("world status in a synced world", { timeout: 120_000 }, () => {
  const cluster = useCluster();

  it("says whether world sync runs, what it last said, and what is left to send", async () => {
    const lone = tempWorld("world-status-lone-");
    cluster.worlds.push(lone);
    new Appender(lone.paths).append({ kind: "event", source: "bash", id: "x", output: "a world of its own" });
    const alone = await status(lone.home);
    expect(alone.json.sync).toBeNull();
    expect(alone.text).not.toMatch(/^sync /m);

    cluster.nats = await startNats();
    const [a, b] = [tempWorld("world-status-a-"), tempWorld("world-status-b-")];
    cluster.worlds.push(a, b);
    cluster.procs.push(startSync(a.home, cluster.nats.url, "a"), startSync(b.home, cluster.nats.url, "b"));
    const write = (paths: typeof a.paths, id: string, n: number) => {
      const log = new Appender(paths);
      for (let i = 0; i < n; i++) log.append({ kind: "event", source: "bash", id, output: `line ${i}` });
      log.close();
    };
    write(a.paths, "from-a", 2);
    write(b.paths, "from-b", 3);
    await waitForCounts([a.paths, b.paths], 5);
    const running = await status(a.home);
    expect(running.json.sync).toMatchObject({ machine: "a", pid: cluster.procs[0]!.pid, last: { text: expect.stringMatching(/^connected to /) } });
    // sent.json follows the acknowledgements within 200 ms: wait for "every line sent".
    await waitUntil(async () => (await status(a.home)).json.sync!.unsentLines === 0, { what: "every line sent", intervalMs: 100 });
    expect((await status(a.home)).text).toMatch(new RegExp(`^sync       machine a, stream WORLD at ${cluster.nats.url.replace(/[.]/g, "\\.")}: running \\(pid ${cluster.procs[0]!.pid}\\); said \\S+ \\(\\S+ ago\\): connected to .*; every line sent$`, "m"));

    cluster.procs[0]!.kill("SIGTERM");
    await cluster.procs[0];
    write(a.paths, "offline", 4);
    const stopped = await status(a.home);
    expect(stopped.json.sync).toMatchObject({ machine: "a", pid: null, unsentLines: 4 });
    expect(stopped.text).toMatch(/^sync       machine a, .*: not running \(world sync, or world up --nats\); said .*; 4 lines to send$/m);
  });
});
