/**
 * `world sync` pointed at a server that does not answer: it says so on the terminal and, once,
 * in world.log, so `world status` (and the monitor, from the same status) show why it is
 * offline rather than only how many lines wait. No nats-server needed: nothing listens there.
 */
import { createServer, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { ResultPromise } from "execa";
import { tempWorld, waitForEntry, world, type TempWorld } from "../support/world.js";
import { startSync } from "./cluster.js";

let w: TempWorld | undefined;
let sync: ResultPromise | undefined;
afterEach(async () => {
  if (sync) {
    sync.kill("SIGKILL");
    await sync;
  }
  sync = undefined;
  w?.cleanup();
  w = undefined;
});

/** A loopback port nothing listens on (taken from the system, then let go). */
async function refusingPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("world sync with the server down", () => {
  it("says it cannot be reached on stderr and in world.log; world status shows it", async () => {
    w = tempWorld("world-unreachable-");
    const url = `nats://127.0.0.1:${await refusingPort()}`;
    let stderr = "";
    sync = startSync(w.home, url, "a");
    sync.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
    const said = await waitForEntry(w.paths, (e) => e.kind === "event" && e.id === "sync" && e.output.includes("cannot reach the server"));
    expect(said.output).toMatch(new RegExp(`^sync on a: cannot reach the server at ${url.replaceAll(".", "\\.")} \\(.+\\): working offline, trying again$`));
    await expect.poll(() => stderr).toMatch(/^sync: the NATS server at nats:\/\/127\.0\.0\.1:\d+ cannot be reached \(.+\): working offline, trying again; lines are kept and sent once it answers$/m);
    const status = await world(w.home, ["status", "--json"]);
    const report = JSON.parse(String(status.stdout)) as { sync: { connection: string; pid: number | null; last: { text: string } } };
    expect(report.sync.connection).toBe("offline");
    expect(report.sync.pid).not.toBeNull();
    expect(report.sync.last.text).toMatch(/^cannot reach the server at /);
    const human = await world(w.home, ["status"]);
    expect(String(human.stdout)).toMatch(/^sync +machine a, .*running \(pid \d+\); said .*: cannot reach the server at /m);
    sync.kill("SIGTERM");
    expect((await sync).exitCode).toBe(0);
    sync = undefined;
  });
});
