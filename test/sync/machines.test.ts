/**
 * The machine each agent runs on, on every machine: `world query` (text and JSON) and the
 * monitor's API say which machine wrote a session's latest start or active line; a world
 * without sync says null.
 */
import { describe, expect, it } from "vitest";
import { Appender } from "../../tools/world/append.js";
import { openIndex } from "../../tools/world/index-db.js";
import { read } from "../../ui/monitor/api.js";
import { tempWorld, world } from "../support/world.js";
import { HAS_NATS, NO_NATS, startNats, startSync, waitForCounts, useCluster } from "./cluster.js";

if (!HAS_NATS) console.warn(NO_NATS);

describe.skipIf(!HAS_NATS)("the machine of each session", { timeout: 120_000 }, () => {
  const cluster = useCluster();

  it("query and monitor on each machine show where each agent runs; it moves with the agent", async () => {
    cluster.nats = await startNats();
    cluster.worlds = ["a", "b"].map((m) => tempWorld(`world-machines-${m}-`));
    cluster.procs = ["a", "b"].map((m, i) => startSync(cluster.worlds[i]!.home, cluster.nats!.url, m));
    const [a, b] = [new Appender(cluster.worlds[0]!.paths), new Appender(cluster.worlds[1]!.paths)];
    a.append({ kind: "agent", status: "start", id: "on-a", output: "runs on a", need: "x" });
    b.append({ kind: "agent", status: "start", id: "on-b", output: "runs on b", need: "x" });
    a.append({ kind: "agent", status: "start", id: "moves", output: "starts on a", need: "x" });
    await waitForCounts(cluster.worlds.map((w) => w.paths), 3);
    b.append({ kind: "agent", status: "active", id: "moves", output: "relaunched on b" });
    await waitForCounts(cluster.worlds.map((w) => w.paths), 4);
    a.close();
    b.close();
    const expected = { "on-a": "a", "on-b": "b", moves: "b" };
    for (const w of cluster.worlds) {
      const out = await world(w.home, ["query", "active", "--json"]);
      expect(out.exitCode, out.stderr).toBe(0);
      const sessions = out.stdout.trim().split("\n").map((l) => JSON.parse(l) as { id: string; machine: string | null });
      expect(Object.fromEntries(sessions.map((s) => [s.id, s.machine]))).toEqual(expected);
      const text = await world(w.home, ["query", "active"]);
      expect(text.stdout).toMatch(/on-b .*  on b\n/);
      const index = openIndex(w.paths);
      try {
        const api = read(index, w.paths, "/api/active", new URLSearchParams()) as { id: string; machine: string | null }[];
        expect(Object.fromEntries(api.map((s) => [s.id, s.machine]))).toEqual(expected);
        const one = read(index, w.paths, "/api/session/on-a", new URLSearchParams()) as { session: { machine: string | null } };
        expect(one.session.machine).toBe("a");
      } finally {
        index.close();
      }
    }
  });

  it("a world without sync: machine is null", async () => {
    cluster.worlds = [tempWorld("world-machines-none-")];
    const log = new Appender(cluster.worlds[0]!.paths);
    log.append({ kind: "agent", status: "start", id: "here", output: "alone", need: "x" });
    log.close();
    const out = await world(cluster.worlds[0]!.home, ["query", "active", "--json"]);
    expect(JSON.parse(out.stdout.trim())).toMatchObject({ id: "here", machine: null });
  });
});
