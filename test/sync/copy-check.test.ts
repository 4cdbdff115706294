/**
 * `world sync machines --check` (sync/copy-check.ts): each machine's signed chunks read back
 * from the stream, its signed head named, and this machine's copy of its lines checked
 * against them: matches, behind (chunks not applied yet), differs (a line of it changed in
 * this log: exit 3). Real nats-server, real `world sync` processes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Appender } from "../../tools/world/append.js";
import { tempWorld, world } from "../support/world.js";
import { waitUntil } from "../support/wait.js";
import { entryLines, HAS_NATS, NO_NATS, startNats, startSync, useCluster, waitForCounts } from "./cluster.js";

if (!HAS_NATS) console.warn(NO_NATS);

interface Copy {
  machine: string;
  state: string;
  chunks: number;
  applied: number;
  lines: number;
  head: { seq: number; chain: string } | null;
  detail: string;
}

async function copies(home: string, url: string): Promise<{ exitCode: number | undefined; stderr: string; copy: Map<string, Copy | null> }> {
  const r = await world(home, ["sync", "machines", "--check", "--json", "--nats", url]);
  const copy = new Map<string, Copy | null>();
  for (const l of r.stdout.trim().split("\n").filter(Boolean)) {
    const m = JSON.parse(l) as { machine: string; copy?: Copy | null };
    if (m.copy !== undefined) copy.set(m.machine, m.copy);
  }
  return { exitCode: r.exitCode, stderr: r.stderr, copy };
}

describe.skipIf(!HAS_NATS)("this machine's copy of the others' lines, checked against their signed chunks", { timeout: 240_000 }, () => {
  const cluster = useCluster();

  it("matches up to each one's signed head; behind while chunks wait; differs, exit 3, once a line of it is changed here", async () => {
    cluster.nats = await startNats();
    const url = cluster.nats.url;
    const [a, b] = ["a", "b"].map((m) => tempWorld(`world-copy-${m}-`));
    cluster.worlds.push(a!, b!);
    const syncA = startSync(a!.home, url, "a");
    const syncB = startSync(b!.home, url, "b");
    cluster.procs.push(syncA, syncB);
    const la = new Appender(a!.paths);
    for (const text of ["one", "two", "three"]) la.append({ kind: "event", source: "bash", id: "from-a", output: text });
    await waitForCounts([b!.paths], 3);
    // Once b has applied all a sent (a's notices too), its copy matches a's signed head.
    let last: Copy | null | undefined;
    await waitUntil(async () => {
      last = (await copies(b!.home, url)).copy.get("a");
      return last?.state === "matches";
    }, { what: "b's copy of a matching", timeoutMs: 60_000 });
    expect(last!.applied).toBe(last!.chunks);
    expect(last!.head!.chain).toMatch(/^[0-9a-f]{64}$/);
    const held = (await world(b!.home, ["sync", "machines", "--json"])).stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l) as { machine: string; held: { chain: string } | null });
    expect(held.find((m) => m.machine === "a")!.held!.chain).toBe(last!.head!.chain); // the head held here is a's signed head
    const text = (await world(b!.home, ["sync", "machines", "--check", "--nats", url])).stdout;
    expect(text).toMatch(/^ +copy MATCHES: every line received from it is the one it signed, in place, up to its signed head \(stream sequence \d+, chain [0-9a-f]{16}…\)/m);

    // b stopped: a's next line waits in the stream.
    syncB.kill("SIGTERM");
    await syncB;
    la.append({ kind: "event", source: "bash", id: "from-a", output: "four" });
    la.close();
    await waitUntil(async () => (await copies(b!.home, url)).copy.get("a")?.state === "behind", { what: "b's copy of a behind", timeoutMs: 60_000 });

    // One of a's lines changed in b's log (same length, so nothing else moves).
    const log = readFileSync(b!.paths.log, "utf8");
    expect(log).toContain("[from-a] two\n");
    writeFileSync(b!.paths.log, log.replace("[from-a] two\n", "[from-a] TWO\n"));
    const changed = await copies(b!.home, url);
    expect(changed.exitCode).toBe(3);
    expect(changed.copy.get("a")!.state).toBe("differs");
    expect(changed.copy.get("a")!.detail).toMatch(/^line \d+ of stream sequence \d+: world\.log at byte \d+ no longer holds the line appended there$/);
    expect(changed.stderr).toMatch(/^world: this copy differs from what a signed: /);
    expect(entryLines(a!.paths).some((l) => l.endsWith("[from-a] two"))).toBe(true); // a's own log untouched
  });
});
