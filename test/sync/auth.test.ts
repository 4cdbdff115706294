/**
 * A NATS server that wants credentials: given in the URL (nats://user:password@host,
 * nats://token@host) or in WORLD_NATS, passed to the client as its options (it does not
 * read them from a URL), and never shown: not in the log's notices (which reach every
 * machine), `world status`, the operational log, nor `world up`'s child's arguments.
 * Wrong credentials: one line, exit 2, not a retry loop.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { credentialsGiven, natsAuth, shownUrl } from "../../sync/auth.js";
import { Appender } from "../../tools/world/append.js";
import { tempWorld, waitForEntry, world } from "../support/world.js";
import { HAS_NATS, NO_NATS, startNats, startSync, useCluster, enrolTogether } from "./cluster.js";

if (!HAS_NATS) console.warn(NO_NATS);

describe("credentials in a NATS URL", () => {
  it("are split off for the client and left out where the URL is shown", () => {
    expect(natsAuth("nats://alice:s%40cret@host:4222")).toEqual({ servers: "nats://host:4222", user: "alice", pass: "s@cret" });
    expect(natsAuth("tls://t0ken@host:4222")).toEqual({ servers: "tls://host:4222", token: "t0ken" });
    expect(natsAuth("nats://host:4222")).toEqual({ servers: "nats://host:4222" });
    expect(shownUrl("nats://alice:s3cret@host:4222")).toBe("nats://host:4222");
    expect(credentialsGiven("nats://alice:s3cret@host:4222")).toBe('the user "alice" and a password');
    expect(credentialsGiven("nats://t0ken@host:4222")).toBe("a token");
    // Generated passwords hold "/", "@" and "%": the host is after the last "@".
    expect(natsAuth("nats://alice:pa/ss@host:4222")).toEqual({ servers: "nats://host:4222", user: "alice", pass: "pa/ss" });
    expect(natsAuth("nats://alice:p@ss@host:4222")).toEqual({ servers: "nats://host:4222", user: "alice", pass: "p@ss" });
    expect(natsAuth("nats://alice:100%pure@host:4222")).toEqual({ servers: "nats://host:4222", user: "alice", pass: "100%pure" });
    for (const url of ["nats://alice:pa/ss@host:4222", "nats://alice:p@ss@host:4222", "alice:s3cret@host:4222", "nat://alice:s3cret@host"]) {
      expect(shownUrl(url)).not.toMatch(/ss|s3cret|alice/);
    }
  });

  it("a rejected URL is not echoed with its credentials", async () => {
    const w = tempWorld("world-auth-usage-");
    try {
      for (const url of ["alice:s3cret@host:4222", "nat://alice:s3cret@host:4222"]) {
        const r = await world(w.home, ["sync", "--nats", url]);
        expect(r.exitCode).toBe(2);
        expect(r.stderr).toMatch(/received "(?:nat:\/\/)?host:4222" \(credentials not shown\)$/);
        expect(r.stderr).not.toContain("s3cret");
      }
    } finally {
      w.cleanup();
    }
  });
});

const SECRET = "s3cret-Pa55";

describe.skipIf(!HAS_NATS)("world sync with a server that wants a user and password", { timeout: 120_000 }, () => {
  const cluster = useCluster();

  it("replicates, and the password is nowhere to be read; a wrong one is one line, exit 2", async () => {
    cluster.nats = await startNats(["--user", "alice", "--pass", SECRET]);
    const [a, b] = [tempWorld("world-auth-a-"), tempWorld("world-auth-b-")];
    cluster.worlds.push(a, b);
    const withCredentials = cluster.nats.url.replace("nats://", `nats://alice:${SECRET}@`);
    enrolTogether(cluster.nats.url, [{ home: a.home, machine: "a" }, { home: b.home, machine: "b" }]); // one of them under world up: enrolled as people would
    cluster.procs.push(startSync(a.home, withCredentials, "a"));
    // B through world up: the URL reaches its sync child in the environment, not the arguments.
    // --processes: each level a process, so that /proc shows which one holds the URL (as
    // threads, every level is up's process, which the person gave the URL).
    cluster.procs.push(world(b.home, ["up", "--processes", "--only", "sync,keeper", "--machine", "b"], { env: { WORLD_NATS: withCredentials } }));
    const log = new Appender(a.paths);
    log.append({ kind: "event", source: "bash", id: "from-a", output: "over an authenticated server" });
    log.close();
    await waitForEntry(b.paths, (e) => e.output === "over an authenticated server");

    const status = await world(a.home, ["status"]);
    const places = [
      readFileSync(a.paths.log, "utf8"),
      readFileSync(b.paths.log, "utf8"),
      status.stdout,
      ...[a, b].flatMap((w) => readdirSync(w.paths.logs).map((f) => readFileSync(join(w.paths.logs, f), "utf8"))), // sync.log, sync.out, up.log…
    ];
    for (const text of places) expect(text).not.toContain(SECRET);
    expect(status.stdout).toContain(`at ${cluster.nats.url}: running`);
    // The config the Verifier and the Keeper read holds the URL whole: for this user only.
    expect(statSync(join(a.paths.dir, "sync", "nats.json")).mode & 0o777).toBe(0o600);
    const child = readFileSync(join(b.paths.dir, "up-status.json"), "utf8");
    const pid = (JSON.parse(child) as { children: { name: string; pid: number }[] }).children.find((d) => d.name === "sync")!.pid;
    expect(readFileSync(`/proc/${pid}/cmdline`, "utf8")).not.toContain(SECRET);
    // Only the sync child has the URL: not the Keeper (nor the agents the daemons start).
    const keeper = (JSON.parse(child) as { children: { name: string; pid: number }[] }).children.find((d) => d.name === "keeper")!.pid;
    expect(readFileSync(`/proc/${keeper}/environ`, "utf8")).not.toContain(SECRET);
    expect(readFileSync(`/proc/${pid}/environ`, "utf8")).toContain(`WORLD_NATS=${withCredentials}`);

    // The Verifiers' and Keepers' claims (sync/claims.ts) connect with the same credentials.
    const { Claims } = await import("../../sync/claims.js");
    const claims = await Claims.open({ url: withCredentials, stream: "WORLD", machine: "a" });
    expect(await claims.claim("verdict.test")).toBe(true);
    await claims.close();
    await expect(Claims.open({ url: cluster.nats.url, stream: "WORLD", machine: "a" })).rejects.toThrow(/Authorization Violation/);

    const c = tempWorld("world-auth-c-");
    cluster.worlds.push(c);
    const wrong = await world(c.home, ["sync", "--nats", cluster.nats.url.replace("nats://", "nats://alice:wrong@"), "--machine", "c"]);
    // After world sync's start-up line, the error in one line.
    expect(wrong.exitCode, wrong.stderr).toBe(2);
    expect(wrong.stderr.split("\n").at(-1)).toMatch(/^world: the NATS server at nats:\/\/127\.0\.0\.1:\d+ turned down the credentials .*received the user "alice" and a password$/);
    expect(wrong.stderr).not.toContain("wrong");
  });
});
