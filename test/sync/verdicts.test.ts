/**
 * One judge per finish across machines: three synced worlds, a Verifier on each, 300
 * finishes written across the three → exactly 300 verdicts in every log, one per session.
 */
import type { ResultPromise } from "execa";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { Appender } from "../../tools/world/append.js";
import { parseLine } from "../../tools/world/parse.js";
import { tempWorld, WORLD_BIN } from "../support/world.js";
import { entryLines, HAS_NATS, NO_NATS, startNats, startSync, waitForCounts, useCluster } from "./cluster.js";

if (!HAS_NATS) console.warn(NO_NATS);

const MACHINES = ["a", "b", "c"] as const;
const PER_MACHINE = 100;

function startVerifier(home: string): ResultPromise {
  return execa("node", [WORLD_BIN, "--home", home, "verifier"], { reject: false, env: { WORLD_HOME: undefined, ANTHROPIC_API_KEY: undefined } });
}

/** Resolves when the process has printed `text` on stderr. */
function said(proc: ResultPromise, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = "";
    proc.stderr!.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes(text)) resolve();
    });
    void proc.then((r) => reject(new Error(`exited (${r.exitCode}) before saying ${text}: ${seen}`)));
  });
}

describe.skipIf(!HAS_NATS)("one verdict per finish with a Verifier on each of three machines", { timeout: 400_000 }, () => {
  const cluster = useCluster();

  it("300 finishes → exactly 300 verdicts, in every log", async () => {
    cluster.nats = await startNats();
    cluster.worlds = MACHINES.map((m) => tempWorld(`world-judge-${m}-`));
    const syncs = MACHINES.map((m, i) => startSync(cluster.worlds[i]!.home, cluster.nats!.url, m));
    cluster.procs.push(...syncs);
    await Promise.all(syncs.map((s) => said(s, "sync:"))); // .world/sync/nats.json is written
    cluster.procs.push(...cluster.worlds.map((w) => startVerifier(w.home)));
    for (const [i, w] of cluster.worlds.entries()) {
      const log = new Appender(w.paths);
      for (let n = 0; n < PER_MACHINE; n++) {
        const id = `${MACHINES[i]}-job-${n}`;
        log.append({ kind: "agent", status: "start", id, output: "say ok", need: 'output contains "ok"' });
        log.append({ kind: "agent", status: "finish", id, output: "ok" });
      }
      log.close();
    }
    const sessions = MACHINES.length * PER_MACHINE;
    await waitForCounts(cluster.worlds.map((w) => w.paths), 3 * sessions, 150_000);
    // Let any extra verdict show: a last line from each machine, after whatever its Verifier wrote.
    for (const [i, w] of cluster.worlds.entries()) {
      const log = new Appender(w.paths);
      log.append({ kind: "event", source: "system", id: `${MACHINES[i]}-last`, output: "the last line" });
      log.close();
    }
    await waitForCounts(cluster.worlds.map((w) => w.paths), 3 * sessions + 3, 150_000);
    for (const w of cluster.worlds) {
      const verdicts = new Map<string, number>();
      for (const line of entryLines(w.paths)) {
        const p = parseLine(line);
        if (p.ok && p.entry.kind === "agent" && ["verified", "retry", "failed"].includes(p.entry.status)) verdicts.set(p.entry.id, (verdicts.get(p.entry.id) ?? 0) + 1);
      }
      const other = entryLines(w.paths).filter((l) => !/\[agent:(start|finish|verified)\]/.test(l));
      if (verdicts.size !== sessions) console.log(other.slice(0, 5), other.length);
      expect(verdicts.size).toBe(sessions);
      expect([...verdicts.values()].every((n) => n === 1)).toBe(true);
      expect(entryLines(w.paths)).toHaveLength(3 * sessions + 3);
    }
  });
});
