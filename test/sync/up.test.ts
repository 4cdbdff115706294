/** `world up --nats`: world sync as a supervised child, the Verifier claiming finishes from the start. */
import { execa, type ResultPromise } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { Appender } from "../../tools/world/append.js";
import { tempWorld, waitForEntry, WORLD_BIN, type TempWorld } from "../support/world.js";
import { HAS_NATS, NO_NATS, startNats, startSync, tearDown, type NatsServer } from "./cluster.js";
import { readSyncConfig } from "../../sync/config.js";

if (!HAS_NATS) console.warn(NO_NATS);

describe.skipIf(!HAS_NATS)("world up --nats", { timeout: 120_000 }, () => {
  let worlds: TempWorld[] = [];
  let procs: ResultPromise[] = [];
  let nats: NatsServer | undefined;

  afterEach(async () => {
    await tearDown(procs, nats, worlds);
    worlds = [];
    procs = [];
  });

  it("runs world sync beside the Verifier: a finish written on B is judged on A and the verdict reaches B", async () => {
    nats = await startNats();
    const [a, b] = (worlds = [tempWorld("world-up-a-"), tempWorld("world-up-b-")]);
    const up = execa("node", [WORLD_BIN, "--home", a!.home, "up", "--nats", nats.url, "--machine", "a", "--only", "sync,verifier"], {
      reject: false,
      env: { WORLD_HOME: undefined, ANTHROPIC_API_KEY: undefined },
    });
    procs.push(up, startSync(b!.home, nats.url, "b"));
    const log = new Appender(b!.paths);
    log.append({ kind: "agent", status: "start", id: "from-b", output: "say ok", need: 'output contains "ok"' });
    log.append({ kind: "agent", status: "finish", id: "from-b", output: "ok" });
    log.close();
    const verdict = await waitForEntry(b!.paths, (e) => e.kind === "agent" && e.id === "from-b" && e.status === "verified", { timeoutMs: 60_000 });
    expect(verdict.output).toMatch(/\[judge: evidence\]/);
    expect(readSyncConfig(a!.paths)).toEqual({ url: nats.url, machine: "a", stream: "WORLD" });
    up.kill("SIGTERM");
    const done = await up;
    expect(done.exitCode, String(done.stderr)).toBe(0);
    expect(String(done.stdout)).toMatch(/sync/);
  });

  it("refuses a bad --nats with one line, exit 2, starting nothing", async () => {
    const w = tempWorld();
    worlds = [w];
    const run = await execa("node", [WORLD_BIN, "--home", w.home, "up", "--nats", "not a url"], { reject: false });
    expect(run.exitCode).toBe(2);
    expect(String(run.stderr)).toMatch(/^world: world up --nats needs --nats <url>: .*received "not a url"/);
  });
});
