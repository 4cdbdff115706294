/**
 * world sync with a real nats-server and three worlds (three homes as three machines),
 * each with its own `world sync` process: every line reaches every log exactly once, each
 * session's lines in the same order everywhere, through concurrent writers, a partition
 * (the server stopped while all three keep writing) and kill -9 of sync processes.
 */
import { setImmediate as yieldToEvents } from "node:timers/promises";
import type { ResultPromise } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { Appender } from "../../tools/world/append.js";
import { tempWorld, waitForEntry, type TempWorld } from "../support/world.js";
import { entryLines, HAS_NATS, NO_NATS, sessionOrders, startNats, startSync, syncNotices, waitForCounts, tearDown, type NatsServer } from "./cluster.js";

if (!HAS_NATS) console.warn(NO_NATS);

const MACHINES = ["a", "b", "c"] as const;

describe.skipIf(!HAS_NATS)("world sync across three machines", { timeout: 180_000 }, () => {
  let worlds: TempWorld[] = [];
  let syncs: ResultPromise[] = [];
  let nats: NatsServer | undefined;

  afterEach(async () => {
    await tearDown(syncs, nats, worlds);
    worlds = [];
    syncs = [];
    nats = undefined;
  });

  async function cluster(): Promise<void> {
    nats = await startNats();
    worlds = MACHINES.map((m) => tempWorld(`world-sync-${m}-`));
    syncs = MACHINES.map((m, i) => startSync(worlds[i]!.home, nats!.url, m));
  }

  /** Each machine writes `perMachine` lines over 4 sessions of its own, interleaved, in small batches. */
  async function writeConcurrently(perMachine: number, tag: string): Promise<void> {
    await Promise.all(
      worlds.map(async (w, i) => {
        const log = new Appender(w.paths);
        for (let n = 0; n < perMachine; ) {
          const batch = Math.min(1 + (n % 7), perMachine - n);
          for (let k = 0; k < batch; k++, n++) {
            log.append({ kind: "event", source: "system", id: `${MACHINES[i]}-${tag}-s${n % 4}`, output: `${tag} line ${n} from ${MACHINES[i]}` });
          }
          await yieldToEvents();
        }
        log.close();
      }),
    );
  }

  /**
   * Every log has the same lines, none twice, and each session's lines in one order. First
   * each machine writes a last line and all wait for the three: a machine's lines go out
   * in log order, so a line it were to send twice would have arrived before its last one.
   */
  async function expectConverged(total: number): Promise<void> {
    for (const [i, w] of worlds.entries()) {
      const log = new Appender(w.paths);
      log.append({ kind: "event", source: "system", id: `${MACHINES[i]}-last`, output: "the last line" });
      log.close();
    }
    const expectedTotal = total + worlds.length;
    await waitForCounts(worlds.map((w) => w.paths), expectedTotal);
    const logs = worlds.map((w) => entryLines(w.paths));
    for (const lines of logs) {
      expect(lines).toHaveLength(expectedTotal);
      expect(new Set(lines).size).toBe(expectedTotal);
    }
    const sorted = logs.map((l) => [...l].sort());
    expect(sorted[1]).toEqual(sorted[0]);
    expect(sorted[2]).toEqual(sorted[0]);
    const orders = logs.map(sessionOrders);
    for (const [id, order] of orders[0]!) {
      expect(orders[1]!.get(id), id).toEqual(order);
      expect(orders[2]!.get(id), id).toEqual(order);
    }
  }

  it("concurrent writers on all three converge: same lines, none lost or doubled, each session in order", async () => {
    await cluster();
    await writeConcurrently(400, "w");
    // A session that moves from machine to machine: each step written after the previous one arrived.
    const [a, b, c] = worlds.map((w) => new Appender(w.paths));
    a!.append({ kind: "agent", status: "start", id: "roaming", output: "travel", need: "all three saw it" });
    await waitForEntry(worlds[1]!.paths, (e) => e.id === "roaming" && e.kind === "agent" && e.status === "start");
    b!.append({ kind: "agent", status: "active", id: "roaming", output: "on b" });
    await waitForEntry(worlds[2]!.paths, (e) => e.id === "roaming" && e.kind === "agent" && e.status === "active");
    c!.append({ kind: "agent", status: "finish", id: "roaming", output: "on c" });
    for (const log of [a, b, c]) log!.close();
    await waitForCounts(worlds.map((w) => w.paths), 3 * 400 + 3);
    await expectConverged(3 * 400 + 3);
    for (const w of worlds) {
      const roaming = sessionOrders(entryLines(w.paths)).get("roaming")!;
      expect(roaming.map((l) => /\]\[agent:(\w+)\]/.exec(l)![1])).toEqual(["start", "active", "finish"]);
    }
  });

  it("a partition: the server stops, all three keep writing, the server comes back: nothing lost or doubled", async () => {
    await cluster();
    await writeConcurrently(50, "before");
    await waitForCounts(worlds.map((w) => w.paths), 150);
    await nats!.stop();
    await writeConcurrently(300, "cut"); // each machine on its own: its log only
    for (const [i, w] of worlds.entries()) expect(entryLines(w.paths), MACHINES[i]).toHaveLength(150 + 300);
    await nats!.start();
    await waitForCounts(worlds.map((w) => w.paths), 3 * 350);
    await expectConverged(3 * 350);
    // world sync said so in the log, once per machine and change, and every log has it all.
    for (const w of worlds) {
      const notices = syncNotices(w.paths);
      for (const m of MACHINES) {
        expect(notices.filter((l) => l.includes(`sync on ${m}: lost the server`)), m).toHaveLength(1);
        expect(notices.filter((l) => l.includes(`sync on ${m}: the server at`)), m).toHaveLength(1);
      }
    }
  });

  it("kill -9 of sync processes mid-stream: after a restart, no line lost or doubled", async () => {
    await cluster();
    const total = 3 * 1500;
    const writing = writeConcurrently(1500, "k");
    // Kill a's sync (a sender) and b's (a receiver) once lines are flowing, then start them again.
    await waitForCounts([worlds[1]!.paths], 1500 + 200);
    syncs[0]!.kill("SIGKILL");
    syncs[1]!.kill("SIGKILL");
    await Promise.all([syncs[0], syncs[1]]);
    syncs[0] = startSync(worlds[0]!.home, nats!.url, "a");
    syncs[1] = startSync(worlds[1]!.home, nats!.url, "b");
    await writing;
    await waitForEntry(worlds[2]!.paths, (e) => e.id.startsWith("a-k-"), { what: "a line from a in c's log" });
    syncs[0]!.kill("SIGKILL");
    await syncs[0];
    syncs[0] = startSync(worlds[0]!.home, nats!.url, "a");
    await waitForCounts(worlds.map((w) => w.paths), total);
    await expectConverged(total);
  });
});
