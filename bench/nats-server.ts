/**
 * A real nats-server with JetStream on the loopback (a port the server picks, its store
 * in a temporary directory), for the sync tests and `npm run bench -- sync`.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa, type ResultPromise } from "execa";

export const HAS_NATS = spawnSync("nats-server", ["--version"]).status === 0;
export const NO_NATS = "nats-server is not installed (apt-get install nats-server; .ci/run does it): the sync tests are skipped";

export interface NatsServer {
  url: string;
  /** Stop the server (SIGTERM, waits for the exit): the partition. */
  stop: () => Promise<void>;
  /** Start it again on the same port and store. */
  start: () => Promise<void>;
  /** Delete its store (after stop). */
  remove: () => void;
}

/** `args`: more of nats-server's options (the tests' `--user alice --pass …`). */
export async function startNats(args: readonly string[] = []): Promise<NatsServer> {
  const store = mkdtempSync(join(tmpdir(), "nats-js-"));
  let port = -1; // the server picks a free one the first time
  let proc: ResultPromise | undefined;
  const start = async () => {
    const child = execa("nats-server", ["-js", "-a", "127.0.0.1", "-p", String(port), "-sd", store, ...args], { reject: false, buffer: false });
    proc = child;
    port = await new Promise<number>((resolve, reject) => {
      let seen = "";
      let found = 0;
      child.stderr!.on("data", (chunk: Buffer) => {
        seen += chunk.toString();
        const m = /Listening for client connections on 127\.0\.0\.1:(\d+)/.exec(seen);
        if (m) found = Number(m[1]);
        if (found && seen.includes("Server is ready")) resolve(found);
      });
      void child.then((r) => reject(new Error(`nats-server exited (${r.exitCode}) before it was ready: ${seen.slice(-500)}`)));
    });
  };
  await start();
  return {
    get url() {
      return `nats://127.0.0.1:${port}`;
    },
    stop: async () => {
      proc?.kill("SIGTERM");
      await proc;
    },
    remove: () => rmSync(store, { recursive: true, force: true }),
    start,
  };
}

