/**
 * The Keeper's actions once cluster-wide: three synced worlds, a Keeper sweep on each at
 * the same moment, sessions stuck on all of them (a start with no active for two hours, a
 * failure nobody answered, a finish nobody judged) → one timeout and one nudge each, in
 * every log, whichever machine wrote it.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Appender } from "../../tools/world/append.js";
import { parseLine } from "../../tools/world/parse.js";
import { tempWorld, world } from "../support/world.js";
import { entryLines, HAS_NATS, NO_NATS, startNats, startSync, waitForCounts, useCluster } from "./cluster.js";

if (!HAS_NATS) console.warn(NO_NATS);

const MACHINES = ["a", "b", "c"] as const;

describe.skipIf(!HAS_NATS)("the Keeper with a sweep on each of three machines", { timeout: 240_000 }, () => {
  const cluster = useCluster();

  it("a timeout and a nudge are written once, not once per machine", async () => {
    cluster.nats = await startNats();
    cluster.worlds = MACHINES.map((m) => tempWorld(`world-keep-${m}-`));
    cluster.procs.push(...MACHINES.map((m, i) => startSync(cluster.worlds[i]!.home, cluster.nats!.url, m)));
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    // Lines two hours old after world sync's "connected" notice: not a disorder worth a health line here.
    for (const w of cluster.worlds) mkdirSync(w.paths.dir, { recursive: true });
    for (const w of cluster.worlds) writeFileSync(join(w.paths.dir, "config.json"), JSON.stringify({ keeper: { disorder: "1d" } }));
    const logs = cluster.worlds.map((w) => new Appender(w.paths));
    const [a, b, c] = [logs[0]!, logs[1]!, logs[2]!];
    a.append({ kind: "agent", status: "start", id: "stalled", output: "never reports", need: "anything", ts: ago(120) });
    b.append({ kind: "agent", status: "start", id: "broken", output: "fails", need: "anything", ts: ago(121) });
    b.append({ kind: "agent", status: "failed", id: "broken", output: "gave up", need: "a human", ts: ago(120) });
    c.append({ kind: "agent", status: "start", id: "unjudged", output: "finishes", need: "anything", ts: ago(121) });
    c.append({ kind: "agent", status: "finish", id: "unjudged", output: "done", ts: ago(120) });
    for (const log of logs) log.close();
    await waitForCounts(cluster.worlds.map((w) => w.paths), 5);
    // The sweeps as at the same minute: none sees another's lines before it acts (the sync
    // processes stopped; the server still up for the claims). world sync wrote
    // .world/sync/nats.json in every world: the Keepers claim.
    for (const p of cluster.procs) p.kill("SIGTERM");
    await Promise.all(cluster.procs);
    const sweeps = await Promise.all(cluster.worlds.map((w) => world(w.home, ["keep", "--once", "--start-timeout", "1m", "--escalate-after", "1m"])));
    for (const s of sweeps) expect(s.exitCode, s.stderr).toBe(0);
    // A sweep writes its summary only when it did something (keeper/sweep.ts): the machines
    // whose Keeper won a claim. Each log holds only its own lines yet (sync is stopped).
    const summarised = MACHINES.filter((_, i) => summaryMachines(cluster.worlds[i]!.paths).length > 0);
    expect(summarised.length).toBeGreaterThanOrEqual(1);
    cluster.procs = MACHINES.map((m, i) => startSync(cluster.worlds[i]!.home, cluster.nats!.url, m));
    // 5 lines, a summary per machine that acted, one timeout, two nudges; then a last line
    // from each, after whatever its Keeper wrote, so that an extra line would have shown by then.
    const written = 5 + summarised.length + 3;
    await waitForCounts(cluster.worlds.map((w) => w.paths), written);
    for (const [i, w] of cluster.worlds.entries()) {
      const log = new Appender(w.paths);
      log.append({ kind: "event", source: "system", id: `${MACHINES[i]}-last`, output: "the last line" });
      log.close();
    }
    await waitForCounts(cluster.worlds.map((w) => w.paths), written + 3);
    for (const w of cluster.worlds) {
      const entries = entryLines(w.paths).map((l) => parseLine(l)).flatMap((p) => (p.ok ? [p.entry] : []));
      const timeouts = entries.filter((e) => e.kind === "agent" && e.status === "failed" && e.output.startsWith("timed out"));
      const nudges = entries.filter((e) => e.kind === "event" && e.output.startsWith("nudge: "));
      if (entries.length !== written + 3) console.log(entries.map((e) => `${e.kind} ${e.id} ${e.output.slice(0, 60)}`).join("\n"));
      expect(timeouts.map((e) => e.id)).toEqual(["stalled"]);
      expect(nudges.map((e) => e.id).sort()).toEqual(["broken", "unjudged"]);
      // Each machine's summary is about its own log and processes, and says whose.
      expect(summaryMachines(w.paths).sort()).toEqual(summarised);
      expect(entries).toHaveLength(written + 3);
    }
  });
});

/** The machines named by the Keeper summaries in a world's log. */
function summaryMachines(paths: Parameters<typeof entryLines>[0]): (string | undefined)[] {
  const entries = entryLines(paths).map((l) => parseLine(l)).flatMap((p) => (p.ok ? [p.entry] : []));
  return entries.filter((e) => e.kind === "event" && e.output.startsWith("swept: ")).map((e) => /; machine (\w+)\)$/.exec(e.output)?.[1]);
}
