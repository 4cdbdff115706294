/** `world up --nats`: world sync as a supervised child, the Verifier claiming finishes from the start. */
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { Appender } from "../../tools/world/append.js";
import { tempWorld, waitForEntry, WORLD_BIN } from "../support/world.js";
import { HAS_NATS, NO_NATS, startNats, startSync, useCluster, enrolTogether } from "./cluster.js";
import { readSyncConfig } from "../../sync/config.js";

if (!HAS_NATS) console.warn(NO_NATS);

describe.skipIf(!HAS_NATS)("world up --nats", { timeout: 120_000 }, () => {
  const cluster = useCluster();

  it("runs world sync beside the Verifier: a finish written on B is judged on A and the verdict reaches B", async () => {
    cluster.nats = await startNats();
    const [a, b] = (cluster.worlds = [tempWorld("world-up-a-"), tempWorld("world-up-b-")]);
    enrolTogether(cluster.nats.url, [{ home: a!.home, machine: "a" }, { home: b!.home, machine: "b" }]); // one of them under world up: enrolled as people would
    const up = execa("node", [WORLD_BIN, "--home", a!.home, "up", "--nats", cluster.nats.url, "--insecure", "--machine", "a", "--only", "sync,verifier"], {
      reject: false,
      env: { WORLD_HOME: undefined, ANTHROPIC_API_KEY: undefined },
    });
    cluster.procs.push(up, startSync(b!.home, cluster.nats.url, "b"));
    const log = new Appender(b!.paths);
    log.append({ kind: "agent", status: "start", id: "from-b", output: "say ok", need: 'output contains "ok"' });
    log.append({ kind: "agent", status: "finish", id: "from-b", output: "ok" });
    log.close();
    const verdict = await waitForEntry(b!.paths, (e) => e.kind === "agent" && e.id === "from-b" && e.status === "verified", { timeoutMs: 60_000 });
    expect(verdict.output).toMatch(/\[judge: evidence\]/);
    expect(readSyncConfig(a!.paths)).toEqual({ url: cluster.nats.url, machine: "a", stream: "WORLD" });
    up.kill("SIGTERM");
    const done = await up;
    expect(done.exitCode, String(done.stderr)).toBe(0);
    expect(String(done.stdout)).toMatch(/sync/);
  });

  it("refuses a bad --nats with one line, exit 2, starting nothing", async () => {
    const w = tempWorld();
    cluster.worlds = [w];
    const run = await execa("node", [WORLD_BIN, "--home", w.home, "up", "--nats", "not a url"], { reject: false });
    expect(run.exitCode).toBe(2);
    expect(String(run.stderr)).toMatch(/^world: world up --nats needs --nats <url> \(or WORLD_NATS\): .*received "not a url"/);
  });
});
