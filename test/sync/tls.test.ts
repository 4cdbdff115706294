/**
 * A NATS server with TLS, its certificate signed by a private certificate authority (made
 * here with openssl): `--nats-ca` (or WORLD_NATS_CA) lets world sync and `world up`'s sync
 * child check it; without it, one line, exit 2, instead of retrying for ever.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Appender } from "../../tools/world/append.js";
import { expectOneLineError } from "../ui/cli/helpers.js";
import { tempWorld, waitForEntry, world } from "../support/world.js";
import { HAS_NATS, NO_NATS, startNats, startSync, useCluster, enrolTogether } from "./cluster.js";

const HAS_OPENSSL = spawnSync("openssl", ["version"]).status === 0;
if (!HAS_NATS) console.warn(NO_NATS);
if (!HAS_OPENSSL) console.warn("openssl is not installed (apt-get install openssl; .ci/run does it): the TLS test is skipped");

/** A certificate authority and a server certificate for localhost signed by it. */
function makeCertificates(dir: string): { ca: string; cert: string; key: string } {
  const run = (args: string[]) => {
    const r = spawnSync("openssl", args, { cwd: dir, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`openssl ${args[0]} failed: ${r.stderr}`);
  };
  run(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=world test CA"]);
  run(["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost"]);
  writeFileSync(join(dir, "ext.cnf"), "subjectAltName=DNS:localhost\n");
  run(["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem", "-days", "2", "-extfile", "ext.cnf"]);
  return { ca: join(dir, "ca.pem"), cert: join(dir, "server.pem"), key: join(dir, "server.key") };
}

describe.skipIf(!HAS_NATS || !HAS_OPENSSL)("world sync over TLS with a private certificate authority", { timeout: 120_000 }, () => {
  const cluster = useCluster();
  let certs: string | undefined;
  afterEach(() => {
    if (certs) rmSync(certs, { recursive: true, force: true });
  });

  it("checks the server's certificate with --nats-ca; without it, one line, exit 2", async () => {
    certs = mkdtempSync(join(tmpdir(), "world-tls-"));
    const { ca, cert, key } = makeCertificates(certs);
    cluster.nats = await startNats(["--tls", "--tlscert", cert, "--tlskey", key]);
    // A host name, as in the certificate (TLS checks the name, not the address).
    const url = cluster.nats.url.replace("nats://127.0.0.1", "tls://localhost");
    const [a, b] = [tempWorld("world-tls-a-"), tempWorld("world-tls-b-")];
    cluster.worlds.push(a, b);
    enrolTogether(url, [{ home: a.home, machine: "a" }, { home: b.home, machine: "b" }]); // one of them under world up: enrolled as people would
    cluster.procs.push(startSync(a.home, url, "a", ["--nats-ca", ca]));
    cluster.procs.push(world(b.home, ["up", "--only", "sync", "--machine", "b", "--insecure"], { env: { WORLD_NATS: url, WORLD_NATS_CA: ca } }));
    const log = new Appender(a.paths);
    log.append({ kind: "event", source: "bash", id: "from-a", output: "over TLS" });
    log.close();
    await waitForEntry(b.paths, (e) => e.output === "over TLS");

    const c = tempWorld("world-tls-c-");
    cluster.worlds.push(c);
    const unchecked = await world(c.home, ["sync", "--nats", url, "--machine", "c"]);
    expect(unchecked.exitCode, unchecked.stderr).toBe(2);
    expect(unchecked.stderr.split("\n").at(-1)).toMatch(/^world: cannot check the TLS certificate of the NATS server at tls:\/\/localhost:\d+ \(.+\): expected one signed by a certificate authority this machine trusts, or by the one given with --nats-ca \(or WORLD_NATS_CA\), received no --nats-ca$/);
    expectOneLineError(await world(c.home, ["sync", "--nats", url, "--nats-ca", join(certs, "server.key")]), 2, /^world: invalid --nats-ca: expected a PEM file of the server's certificate authority/);
    expectOneLineError(await world(c.home, ["sync", "--nats", url, "--nats-ca", join(certs, "none.pem")]), 2, /^world: unreadable --nats-ca: .*\(ENOENT\)$/);
  });
});
