/**
 * A real nats-server with JetStream on the loopback (port chosen by the server, store in
 * a temporary directory) and real `world sync` processes, for the sync suites and bench.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa, type ResultPromise } from "execa";
import { parseLine } from "../../tools/world/parse.js";
import { watchLog } from "../../tools/world/log-watch.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import { WORLD_BIN } from "../support/world.js";

export const HAS_NATS = spawnSync("nats-server", ["--version"]).status === 0;
export const NO_NATS = "nats-server is not installed (apt-get install nats-server; .ci/run does it): the sync tests are skipped";

export interface NatsServer {
  url: string;
  /** Stop the server (SIGTERM, waits for the exit): the partition. */
  stop: () => Promise<void>;
  /** Start it again on the same port and store. */
  start: () => Promise<void>;
}

export async function startNats(): Promise<NatsServer> {
  const store = mkdtempSync(join(tmpdir(), "nats-js-"));
  let port = -1; // the server picks a free one the first time
  let proc: ResultPromise | undefined;
  const start = async () => {
    const child = execa("nats-server", ["-js", "-a", "127.0.0.1", "-p", String(port), "-sd", store], { reject: false, buffer: false });
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
    start,
  };
}

/** A `world sync` process for one world (its own machine name); kill it as the test needs. */
export function startSync(home: string, url: string, machine: string): ResultPromise {
  return execa("node", [WORLD_BIN, "--home", home, "sync", "--nats", url, "--machine", machine], {
    reject: false,
    env: { WORLD_HOME: undefined, ANTHROPIC_API_KEY: undefined },
  });
}

/** The log's entry lines, as text (what is not an entry is left out). */
export function entryLines(paths: WorldPaths): string[] {
  let text: string;
  try {
    text = readFileSync(paths.log, "utf8");
  } catch {
    return [];
  }
  return text.split("\n").filter((l) => parseLine(l).ok);
}

/** Resolves once every log holds at least `count` entries; rejects after `timeoutMs`, saying how far each got. */
export async function waitForCounts(worlds: readonly WorldPaths[], count: number, timeoutMs = 60_000): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const stops: (() => void)[] = [];
    const done = (error?: Error) => {
      clearTimeout(timer);
      for (const stop of stops) stop();
      if (error) reject(error);
      else resolve();
    };
    const check = () => {
      if (worlds.every((w) => entryLines(w).length >= count)) done();
    };
    const timer = setTimeout(() => {
      const got = worlds.map((w) => entryLines(w).length).join(", ");
      done(new Error(`timed out after ${timeoutMs} ms waiting for ${count} entries in every log; they have ${got}`));
    }, timeoutMs);
    for (const w of worlds) stops.push(watchLog(w, check, 250));
    check();
  });
}

/** Per session, the order of its lines in one log. */
export function sessionOrders(lines: readonly string[]): Map<string, string[]> {
  const orders = new Map<string, string[]>();
  for (const line of lines) {
    const parsed = parseLine(line);
    if (!parsed.ok) continue;
    const id = parsed.entry.id;
    orders.set(id, [...(orders.get(id) ?? []), line]);
  }
  return orders;
}
