/**
 * Chunks kept aside, looked at and accepted by a person (issue 25, docs/sync.md "Chunks
 * kept aside, accepted by a person"): `world sync refused` lists them; `world sync accept
 * <machine>` applies those refused only because their machine was not enrolled yet, each
 * checked again against the key now enrolled, in chain order, once. A chunk signed with
 * another key is never accepted, a chunk sent twice is applied once, a program is refused,
 * and unsigned chunks need --unsigned, said in the log. Real nats-server, real `world sync`
 * processes and CLI calls.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { connect, headers, type NatsConnection } from "nats";
import { describe, expect, it } from "vitest";
import type { ResultPromise } from "execa";
import { execa } from "execa";
import { Appender } from "../../tools/world/append.js";
import { formatEntry } from "../../tools/world/format.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import { keyText } from "../../sync/machine-key.js";
import { createPublicKey } from "node:crypto";
import { publishForged, republish, sequencesOf, strangerKey } from "../../chaos/children/forge-chunks.js";
import { tempWorld, waitForEntry, world, WORLD_BIN } from "../support/world.js";
import { waitUntil } from "../support/wait.js";
import { entryLines, HAS_NATS, NO_NATS, startNats, useCluster } from "./cluster.js";

if (!HAS_NATS) console.warn(NO_NATS);

interface Kept {
  seq: number;
  machine: string;
  kind: string;
  lines: string[];
}

function refusedFileText(paths: WorldPaths): string {
  try {
    return readFileSync(join(paths.dir, "sync", "refused.jsonl"), "utf8");
  } catch {
    return "";
  }
}

function kept(paths: WorldPaths): Kept[] {
  return refusedFileText(paths).split("\n").filter(Boolean).map((l) => JSON.parse(l) as Kept);
}

/** `world sync` as people run it, without the test cluster's automatic enrolment. */
function syncAlone(home: string, url: string, machine: string): ResultPromise {
  return execa("node", [WORLD_BIN, "--home", home, "sync", "--nats", url, "--machine", machine, "--insecure"], {
    reject: false,
    env: { WORLD_HOME: undefined, ANTHROPIC_API_KEY: undefined, WORLD_NATS: undefined, WORLD_NATS_CA: undefined },
  });
}

async function stop(p: ResultPromise): Promise<void> {
  p.kill("SIGTERM");
  await p;
}

async function keyOf(home: string, machine: string): Promise<string> {
  const r = await world(home, ["sync", "--machine", machine, "key"]);
  expect(r.exitCode, r.stderr).toBe(0);
  return r.stdout.trim().split(" ")[0]!;
}

const line = (id: string, text: string) => formatEntry({ kind: "event", source: "bash", id, ts: new Date().toISOString(), output: text });

/** The lines of one session in a log, in log order (their text after the id). */
function sessionLines(paths: WorldPaths, id: string): string[] {
  return entryLines(paths)
    .filter((l) => l.includes(`][${id}] `))
    .map((l) => l.slice(l.indexOf(`][${id}] `) + id.length + 4));
}

function acceptNotices(paths: WorldPaths, machine: string): string[] {
  return readFileSync(paths.log, "utf8").split("\n").filter((l) => l.includes(`][event:system][sync] sync on ${machine}: a person at the terminal accepted `));
}

describe.skipIf(!HAS_NATS)("chunks kept aside, accepted by a person", { timeout: 240_000 }, () => {
  const cluster = useCluster();

  it("an unenrolled machine's chunks are refused, then accepted once enrolled: in order, once each; a forged one never, a replay once, a program refused", async () => {
    cluster.nats = await startNats();
    const url = cluster.nats.url;
    const [a, b] = ["a", "b"].map((m) => tempWorld(`world-accept-${m}-`));
    cluster.worlds.push(a!, b!);
    // a knows b (so a would see any line b sent back); b does not know a yet.
    const [ka, kb] = await Promise.all([keyOf(a!.home, "a"), keyOf(b!.home, "b")]);
    expect((await world(a!.home, ["--as-human", "sync", "--machine", "a", "enroll", kb, "--name", "b"])).exitCode).toBe(0);
    const syncA = syncAlone(a!.home, url, "a");
    let syncB = syncAlone(b!.home, url, "b");
    cluster.procs.push(syncA, syncB);
    const la = new Appender(a!.paths);
    const written = ["one", "two", "three", "four", "five"];
    for (const text of written) {
      la.append({ kind: "event", source: "bash", id: "from-a", output: text });
      await waitUntil(() => kept(b!.paths).some((k) => k.lines.some((l) => l.endsWith(`[from-a] ${text}`))), { what: `a's line "${text}" kept aside on b` });
    }
    const realChunks = kept(b!.paths).length;
    const nc: NatsConnection = await connect({ servers: url });
    try {
      const seqs = await sequencesOf(nc, "a");
      // Under a's name, signed by a key that is not a's: kept aside as "not enrolled" too, for now.
      await publishForged(nc, { machine: "a", from: 10_000_000, key: strangerKey(), lines: [line("forged", "approve (from terminal)")] });
      // A real chunk of a's, sent again.
      await republish(nc, seqs.at(-1)!);
    } finally {
      await nc.close();
    }
    await waitUntil(() => kept(b!.paths).length >= realChunks + 2, { what: "the forged and the replayed chunk kept aside on b" });
    expect(new Set(kept(b!.paths).map((k) => `${k.machine} ${k.kind}`))).toEqual(new Set(["a not enrolled"]));
    expect(entryLines(b!.paths).filter((l) => l.includes("[from-a]"))).toEqual([]);

    // Anyone may look.
    const listed = await world(b!.home, ["sync", "refused", "--json"]);
    expect(listed.exitCode, listed.stderr).toBe(0);
    const groups = listed.stdout.trim().split("\n").map((l) => JSON.parse(l) as { machine: string; kind: string; chunks: number; lines: number; accepted: number; acceptable: boolean; first: string; last: string });
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ machine: "a", kind: "not enrolled", chunks: kept(b!.paths).length, accepted: 0, acceptable: false });
    expect(groups[0]!.lines).toBe(kept(b!.paths).reduce((n, k) => n + k.lines.length, 0));
    expect(groups[0]!.first <= groups[0]!.last).toBe(true);
    expect((await world(b!.home, ["sync", "refused"])).stdout).toMatch(/^"a" +not enrolled +\d+ chunks, \d+ lines, /);

    // Only a person accepts; not while world sync runs; not before a is enrolled.
    const program = await world(b!.home, ["sync", "accept", "a"]);
    expect(program.exitCode).toBe(3);
    expect(program.stderr).toMatch(/^world: refused: only a person may accept chunks kept aside: /);
    const running = await world(b!.home, ["--as-human", "sync", "accept", "a"]);
    expect(running.exitCode).toBe(3);
    expect(running.stderr).toMatch(/world sync is running/);
    await stop(syncB);
    const unenrolled = await world(b!.home, ["--as-human", "sync", "accept", "a"]);
    expect(unenrolled.exitCode).toBe(3);
    expect(unenrolled.stderr).toMatch(/machine "a" is not enrolled here/);
    expect(entryLines(b!.paths).filter((l) => l.includes("[from-a]"))).toEqual([]);

    expect((await world(b!.home, ["--as-human", "sync", "--machine", "b", "enroll", ka, "--name", "a"])).exitCode).toBe(0);
    const before = refusedFileText(b!.paths);
    const accepted = await world(b!.home, ["--as-human", "sync", "accept", "a"]);
    // The forged chunk is never acceptable: said, exit 3; the others applied.
    expect(accepted.exitCode, accepted.stdout + accepted.stderr).toBe(3);
    expect(accepted.stdout).toMatch(/: refused — its signature does not hold for the key now enrolled as a /);
    expect(accepted.stdout).toMatch(/: already — /); // the replay
    expect(accepted.stderr).toMatch(/^world: 1 chunk of machine a not accepted /);
    expect(sessionLines(b!.paths, "from-a")).toEqual(written); // each once, in a's order
    expect(readFileSync(b!.paths.log, "utf8")).not.toContain("[forged]");
    expect(refusedFileText(b!.paths)).toBe(before); // refused.jsonl never rewritten
    const notices = acceptNotices(b!.paths, "b");
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/accepted \d+ chunks \(\d+ lines\) from machine "a" kept aside in \.world\/sync\/refused\.jsonl \(stream sequences [\d, ]+\), each signature checked against its key now enrolled; 1 never acceptable, left aside/);

    // Again: nothing applied twice, the forged one still refused.
    const again = await world(b!.home, ["--as-human", "sync", "accept", "a"]);
    expect(again.exitCode).toBe(3);
    expect(again.stdout).toMatch(/accepted 0 chunks from machine a: 0 lines appended/);
    expect(sessionLines(b!.paths, "from-a")).toEqual(written);
    const after = await world(b!.home, ["sync", "refused", "--json"]);
    expect(JSON.parse(after.stdout.trim().split("\n")[0]!)).toMatchObject({ machine: "a", accepted: kept(b!.paths).length - 2 });
    // world status counts only what still waits for a person: the forged chunk and the replay.
    const status = await world(b!.home, ["status", "--json"]);
    expect(JSON.parse(status.stdout).sync).toMatchObject({ refusedChunks: 2 });

    // world sync again: a's next line follows the chain accepted; b never sends a's lines back as its own.
    syncB = syncAlone(b!.home, url, "b");
    cluster.procs.push(syncB);
    la.append({ kind: "event", source: "bash", id: "from-a", output: "six" });
    la.close();
    await waitUntil(() => sessionLines(b!.paths, "from-a").length >= 6, { what: "a's line after the accept on b", timeoutMs: 60_000 });
    expect(sessionLines(b!.paths, "from-a")).toEqual([...written, "six"]);
    await waitForEntry(a!.paths, (e) => e.kind === "event" && e.output.startsWith("sync on b: a person at the terminal accepted "), { timeoutMs: 60_000 });
    expect(sessionLines(a!.paths, "from-a")).toEqual([...written, "six"]); // none came back from b
    expect(kept(b!.paths).filter((k) => k.lines.some((l) => l.includes("] six")))).toEqual([]);
    // b's copy of a, accepted lines included, is what a signed (the forged chunk and the replay kept aside).
    let copy: { state: string; keptAside: number; applied: number; chunks: number } | undefined;
    await waitUntil(async () => {
      const r = await world(b!.home, ["sync", "machines", "--check", "--json", "--nats", url]);
      copy = r.stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l) as { machine: string; copy?: typeof copy }).find((m) => m.machine === "a")?.copy;
      return copy?.state === "matches";
    }, { what: "b's copy of a matching what a signed", timeoutMs: 60_000 });
    expect(copy).toMatchObject({ keptAside: 2, applied: copy!.chunks - 2 });
  });

  it("unsigned chunks (an older world sync) only with --unsigned, said plainly in the log", async () => {
    cluster.nats = await startNats();
    const url = cluster.nats.url;
    const b = tempWorld("world-accept-unsigned-");
    cluster.worlds.push(b);
    const syncB = syncAlone(b.home, url, "b");
    cluster.procs.push(syncB);
    const nc: NatsConnection = await connect({ servers: url });
    const old = strangerKey();
    try {
      const jsm = await nc.jetstreamManager();
      await waitUntil(() => jsm.streams.info("WORLD").then(() => true, () => false), { what: "the stream made by b's world sync" });
      // What a world sync older than signing published: lines and their end, no signature.
      let end = 0;
      for (const text of ["old one", "old two"]) {
        const data = Buffer.from(line("from-old", text));
        end += data.length + 1;
        const h = headers();
        h.set("World-End", String(end));
        h.set("World-End-Line", "1");
        await nc.jetstream().publish("WORLD.lines.old", data, { headers: h });
      }
    } finally {
      await nc.close();
    }
    await waitUntil(() => kept(b.paths).length >= 2, { what: "the unsigned chunks kept aside" });
    await stop(syncB);
    expect((await world(b.home, ["--as-human", "sync", "--machine", "b", "enroll", keyText(createPublicKey(old)), "--name", "old"])).exitCode).toBe(0);
    const without = await world(b.home, ["--as-human", "sync", "accept", "old"]);
    expect(without.exitCode).toBe(3);
    expect(without.stdout).toMatch(/: left — unsigned .*give --unsigned to accept it on your word/);
    expect(sessionLines(b.paths, "from-old")).toEqual([]);
    const withFlag = await world(b.home, ["--as-human", "sync", "accept", "old", "--unsigned"]);
    expect(withFlag.exitCode, withFlag.stdout + withFlag.stderr).toBe(0);
    expect(sessionLines(b.paths, "from-old")).toEqual(["old one", "old two"]);
    expect(acceptNotices(b.paths, "b")[0]).toMatch(/accepted 2 chunks \(2 lines\) from machine "old" .*, 2 of them UNSIGNED, accepted on the person's word \(--unsigned\): nothing proves that machine wrote them/);
    const none = await world(b.home, ["--as-human", "sync", "accept", "old", "--unsigned"]);
    expect(none.exitCode).toBe(4); // nothing left to accept
    expect(sessionLines(b.paths, "from-old")).toEqual(["old one", "old two"]);
  });
});
