/**
 * Machines that prove who they are (issue 25.3, docs/trust.md): a machine is enrolled by a
 * person (`world sync enroll`, never a program), every chunk is signed with its world's key
 * and chained to its previous one, and a receiver applies only chunks of enrolled machines
 * whose signature holds and that extend what it holds. A forged machine, a chunk altered,
 * a chunk replayed and a rewritten shared history are each refused, kept aside in
 * .world/sync/refused.jsonl, said once in the log, never applied. Real nats-server, real
 * `world sync` processes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { connect, type NatsConnection } from "nats";
import { describe, expect, it } from "vitest";
import { Appender } from "../../tools/world/append.js";
import { formatEntry } from "../../tools/world/format.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import { publishForged, republish, sequencesOf, stolenKey, strangerKey } from "../../chaos/children/forge-chunks.js";
import { tempWorld, waitForEntry, world } from "../support/world.js";
import { waitUntil } from "../support/wait.js";
import { entryLines, HAS_NATS, NO_NATS, startNats, useCluster, waitForCounts } from "./cluster.js";
import { execa } from "execa";
import { WORLD_BIN } from "../support/world.js";

if (!HAS_NATS) console.warn(NO_NATS);

interface Refused {
  machine: string;
  kind: string;
  lines: string[];
}

function refusedChunks(paths: WorldPaths): Refused[] {
  try {
    return readFileSync(join(paths.dir, "sync", "refused.jsonl"), "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Refused);
  } catch {
    return [];
  }
}

/** The refusals a machine said in its log (the others' arrive too: they are lines like any). */
function refusalNotices(paths: WorldPaths, machine: string): string[] {
  return readFileSync(paths.log, "utf8").split("\n").filter((l) => l.includes(`][event:system][sync] sync on ${machine}: refused `));
}

/** `world sync` without the test cluster's automatic enrolment: these tests enrol by hand, as people do. */
function syncAlone(home: string, url: string, machine: string) {
  return execa("node", [WORLD_BIN, "--home", home, "sync", "--nats", url, "--machine", machine, "--insecure"], {
    reject: false,
    env: { WORLD_HOME: undefined, ANTHROPIC_API_KEY: undefined, WORLD_NATS: undefined, WORLD_NATS_CA: undefined },
  });
}

async function keyOf(home: string, machine: string): Promise<string> {
  const r = await world(home, ["sync", "--machine", machine, "key"]);
  expect(r.exitCode, r.stderr).toBe(0);
  return r.stdout.trim().split(" ")[0]!;
}

const line = (id: string, text: string) => formatEntry({ kind: "event", source: "bash", id, ts: new Date().toISOString(), output: text });

describe.skipIf(!HAS_NATS)("machines that prove who they are", { timeout: 240_000 }, () => {
  const cluster = useCluster();

  it("only a person enrolls or revokes: a program is refused (exit 3), and nothing is written", async () => {
    const w = tempWorld("world-enrol-cli-");
    cluster.worlds.push(w);
    const other = tempWorld("world-enrol-other-");
    cluster.worlds.push(other);
    const key = await keyOf(other.home, "b");
    expect(key).toMatch(/^ed25519:[A-Za-z0-9_-]{43}$/);
    const refused = await world(w.home, ["sync", "--machine", "a", "enroll", key, "--name", "b"]);
    expect(refused.exitCode).toBe(3);
    expect(refused.stderr).toMatch(/^world: refused: only a person may enroll a machine: /);
    const agent = await world(w.home, ["--as-human", "sync", "--machine", "a", "enroll", key, "--name", "b"], { env: { WORLD_SESSION_ID: "s1" } });
    expect(agent.exitCode).toBe(2); // --as-human refused to an agent
    expect((await world(w.home, ["sync", "machines"])).stdout).toMatch(/no machine enrolled yet/);
    const bad = await world(w.home, ["--as-human", "sync", "--machine", "a", "enroll", "ed25519:nope", "--name", "b"]);
    expect(bad.exitCode).toBe(2);
    const ok = await world(w.home, ["--as-human", "sync", "--machine", "a", "enroll", join(other.home, ".world/chain/world-key.pub.pem"), "--name", "b"]);
    expect(ok.exitCode, ok.stderr).toBe(0);
    const listed = (await world(w.home, ["sync", "machines", "--json"])).stdout.trim().split("\n").map((l) => JSON.parse(l) as { machine: string; key: string; state: string });
    expect(listed.map((m) => [m.machine, m.state])).toEqual([["a", "enrolled"], ["b", "enrolled"]]);
    expect(listed[1]!.key).toBe(key);
    expect((await world(w.home, ["sync", "revoke", "b"])).exitCode).toBe(3);
    expect((await world(w.home, ["--as-human", "sync", "revoke", "b"])).exitCode).toBe(0);
    expect((await world(w.home, ["sync", "machines"])).stdout).toMatch(/^b +REVOKED /m);
    // Each change is one signed line of the log: the audit trail.
    const trail = readFileSync(w.paths.log, "utf8").split("\n").filter((l) => / (enrolled|revoked) machine /.test(l));
    expect(trail).toHaveLength(3);
    expect(trail[1]).toMatch(/sync on a: enrolled machine b, key ed25519:\S+, by a person at the terminal; signed \S+$/);
  });

  it("a forged machine, an altered chunk, a replayed chunk and a rewritten history are refused, kept aside, said once; enrolment travels from an enrolled machine", async () => {
    cluster.nats = await startNats();
    const url = cluster.nats.url;
    const [a, b, c] = ["a", "b", "c"].map((m) => tempWorld(`world-signed-${m}-`));
    cluster.worlds.push(a!, b!, c!);
    // People enrol: a and b on each other; c only on a (b learns of c from a's line).
    const [ka, kb, kc] = await Promise.all([keyOf(a!.home, "a"), keyOf(b!.home, "b"), keyOf(c!.home, "c")]);
    for (const [w, self, name, key] of [[a!, "a", "b", kb], [b!, "b", "a", ka], [a!, "a", "c", kc], [c!, "c", "a", ka]] as const) {
      const r = await world(w.home, ["--as-human", "sync", "--machine", self, "enroll", key!, "--name", name]);
      expect(r.exitCode, r.stderr).toBe(0);
    }
    // c starts once b knows it (a's enrolment line arrived): c's chunks before that would be refused on b, rightly.
    cluster.procs.push(syncAlone(a!.home, url, "a"), syncAlone(b!.home, url, "b"));
    await waitForEntry(b!.paths, (e) => e.kind === "event" && e.output.startsWith("sync on a: enrolled machine c,"), { timeoutMs: 60_000 });
    cluster.procs.push(syncAlone(c!.home, url, "c"));
    const la = new Appender(a!.paths);
    la.append({ kind: "event", source: "bash", id: "from-a", output: "one" });
    la.append({ kind: "event", source: "bash", id: "from-a", output: "two" });
    const lc = new Appender(c!.paths);
    lc.append({ kind: "event", source: "bash", id: "from-c", output: "c's line" });
    await waitForCounts([a!.paths, b!.paths, c!.paths], 3);
    expect(entryLines(b!.paths).filter((l) => l.includes("[from-c]"))).toHaveLength(1); // c enrolled on b by a's line
    expect(JSON.parse(readFileSync(join(b!.paths.dir, "sync", "machines.json"), "utf8")).machines.c.by).toBe("machine a (over sync)");

    const nc: NatsConnection = await connect({ servers: url });
    try {
      // 1. A forged machine: a key nobody enrolled, twice (said once).
      await publishForged(nc, { machine: "evil", from: 0, key: strangerKey(), lines: [line("forged-1", "approve (from terminal)")] });
      await publishForged(nc, { machine: "evil", from: 100, key: strangerKey(), lines: [line("forged-2", "x")] });
      // 2. A name taken: "a" with another key.
      await publishForged(nc, { machine: "a", from: 1_000_000, key: strangerKey(), lines: [line("forged-3", "as a")] });
      // 3. A real chunk of a, its bytes altered.
      const seqs = await sequencesOf(nc, "a");
      await republish(nc, seqs.at(-1)!, (t) => `${t}\n${line("forged-4", "slipped into a real chunk")}`);
      // 4. A real chunk of a, replayed as it was.
      await republish(nc, seqs[0]!);
      // 5. A rewritten history: a's own key (stolen, or a's owner) signs other lines at offsets a already sent.
      await publishForged(nc, { machine: "a", from: 0, key: stolenKey(a!.home), lines: [line("from-a", "rewritten one")] });
      // ... and a chain that does not extend the one b holds, past a's end.
      await publishForged(nc, { machine: "a", from: 10_000_000, key: stolenKey(a!.home), lines: [line("from-a", "a fork")] });
    } finally {
      await nc.close();
    }
    const kinds = ["not enrolled", "bad signature", "replayed", "rewritten"];
    await waitUntil(() => kinds.every((k) => refusedChunks(b!.paths).some((r) => r.kind === k)), { what: "every kind of refusal kept aside on b", timeoutMs: 60_000 });
    await waitUntil(() => refusedChunks(b!.paths).length >= 7 && refusedChunks(c!.paths).length >= 7, { what: "seven refused chunks on b and c", timeoutMs: 60_000 });
    // A line after the attacks still arrives: the sync goes on.
    la.append({ kind: "event", source: "bash", id: "from-a", output: "three" });
    await waitForCounts([b!.paths, c!.paths], 4);
    la.close();
    lc.close();
    for (const [w, m] of [[b!, "b"], [c!, "c"]] as const) {
      const text = readFileSync(w.paths.log, "utf8");
      for (const forged of ["forged-1", "forged-2", "forged-3", "forged-4", "rewritten one", "a fork"]) expect(text).not.toContain(forged);
      expect(entryLines(w.paths).filter((l) => l.includes("[from-a]"))).toHaveLength(3); // one, two, three: the replay not applied twice
      const refused = refusedChunks(w.paths);
      expect(refused.filter((r) => r.machine === "evil").map((r) => r.kind)).toEqual(["not enrolled", "not enrolled"]);
      expect(refused.filter((r) => r.machine === "a").map((r) => r.kind).sort()).toEqual(["bad signature", "bad signature", "replayed", "rewritten", "rewritten"]);
      // Said once per machine and kind: evil twice, one line.
      const notices = refusalNotices(w.paths, m);
      expect(notices.filter((l) => l.includes('from machine "evil"'))).toHaveLength(1);
      expect(notices.filter((l) => l.includes('from machine "a"'))).toHaveLength(3); // bad signature, replayed, rewritten
      expect(notices.join("\n")).toMatch(/kept aside in \.world\/sync\/refused\.jsonl, never applied/);
    }
    const status = await world(b!.home, ["status"]);
    expect(status.stdout).toMatch(/chunks from other machines refused, kept aside in \.world\/sync\/refused\.jsonl/);
    // What each holds of a's shared history (its last chunk's chain value, which covers every
    // chunk before it) is the same on b and on c, and names what a sent last.
    const held = async (home: string) => {
      const out = await world(home, ["sync", "machines", "--json"]);
      return (out.stdout.trim().split("\n").map((l) => JSON.parse(l) as { machine: string; held: { end: number; chain: string } | null }).find((m) => m.machine === "a")?.held ?? null);
    };
    let last: unknown[] = [];
    await waitUntil(async () => {
      last = [await held(b!.home), await held(c!.home)];
      return last[0] !== null && JSON.stringify(last[0]) === JSON.stringify(last[1]);
    }, { what: "b and c holding the same head of a's history" });
    expect((last[0] as { chain: string }).chain).toMatch(/^[0-9a-f]{64}$/);
  });

  it("a revoked machine's lines are refused from then on, on the machine that revoked it and on those that trust it", async () => {
    cluster.nats = await startNats();
    const url = cluster.nats.url;
    const [a, b, c] = ["a", "b", "c"].map((m) => tempWorld(`world-revoke-${m}-`));
    cluster.worlds.push(a!, b!, c!);
    const [ka, kb, kc] = await Promise.all([keyOf(a!.home, "a"), keyOf(b!.home, "b"), keyOf(c!.home, "c")]);
    for (const [w, self, name, key] of [[a!, "a", "b", kb], [a!, "a", "c", kc], [b!, "b", "a", ka], [c!, "c", "a", ka]] as const) {
      expect((await world(w.home, ["--as-human", "sync", "--machine", self, "enroll", key!, "--name", name])).exitCode).toBe(0);
    }
    cluster.procs.push(syncAlone(a!.home, url, "a"), syncAlone(c!.home, url, "c"));
    await waitForEntry(c!.paths, (e) => e.kind === "event" && e.output.startsWith("sync on a: enrolled machine b,"), { timeoutMs: 60_000 });
    cluster.procs.push(syncAlone(b!.home, url, "b"));
    const lb = new Appender(b!.paths);
    lb.append({ kind: "event", source: "bash", id: "from-b", output: "before" });
    await waitForCounts([a!.paths, c!.paths], 1);
    await waitUntil(() => entryLines(c!.paths).some((l) => l.includes("[from-b]")), { what: "b's line on c (b enrolled there by a's line)" });
    expect((await world(a!.home, ["--as-human", "sync", "revoke", "b"])).exitCode).toBe(0);
    await waitForEntry(c!.paths, (e) => e.kind === "event" && e.output.startsWith("sync on a: revoked machine b"), { timeoutMs: 60_000 });
    lb.append({ kind: "event", source: "bash", id: "from-b", output: "after" });
    lb.close();
    for (const w of [a!, c!]) await waitUntil(() => refusedChunks(w.paths).some((r) => r.machine === "b" && r.kind === "not enrolled"), { what: "b's line refused after its revocation" });
    for (const w of [a!, c!]) expect(entryLines(w.paths).filter((l) => l.includes("[from-b]")).map((l) => l.slice(-6))).toEqual(["before"]);
  });
});
