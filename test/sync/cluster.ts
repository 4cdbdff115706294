/**
 * A real nats-server with JetStream on the loopback (port chosen by the server, store in
 * a temporary directory) and real `world sync` processes, for the sync suites and bench.
 */
import { existsSync, readFileSync } from "node:fs";
import { afterEach } from "vitest";
import { execa, type ResultPromise } from "execa";
import { isFormatLine } from "../../tools/world/log-format.js";
import { parseLine } from "../../tools/world/parse.js";
import { watchFile } from "../../tools/fs/watch.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import type { NatsServer } from "../../bench/nats-server.js";
import { WORLD_BIN, type TempWorld } from "../support/world.js";
import { worldPaths } from "../../tools/world/paths.js";
import { ownKey } from "../../sync/machine-key.js";
import { enrol } from "../../sync/machines.js";

export { HAS_NATS, NO_NATS, startNats, type NatsServer } from "../../bench/nats-server.js";

/**
 * A `world sync` process for one world (its own machine name); kill it as the test needs.
 * A URL without credentials gets --insecure: the test servers on the loopback ask for none.
 */
export function startSync(home: string, url: string, machine: string, more: readonly string[] = []): ResultPromise {
  enrolTogether(url, [{ home, machine }]);
  const insecure = url.includes("@") ? [] : ["--insecure"];
  return execa("node", [WORLD_BIN, "--home", home, "sync", "--nats", url, "--machine", machine, ...insecure, ...more], {
    reject: false,
    env: { WORLD_HOME: undefined, ANTHROPIC_API_KEY: undefined, WORLD_NATS: undefined, WORLD_NATS_CA: undefined },
  });
}

/** The worlds that synced through each server (by host and port), to enrol each new one with the others. */
const members = new Map<string, { home: string; machine: string }[]>();

/**
 * Every world syncing through one server enrolled on every other, as the people at their
 * terminals would (world sync enroll on both sides: sync/machines.ts): each enrolment is a
 * line of the log, `[event:system][sync] …`, which entryLines leaves out like the notices.
 */
export function enrolTogether(url: string, worlds: readonly { home: string; machine: string }[]): void {
  const server = url.replace(/^[a-z]+:\/\//, "").replace(/^.*@/, "");
  const known = (members.get(server) ?? []).filter((m) => existsSync(m.home));
  for (const w of worlds) {
    if (known.some((m) => m.home === w.home)) continue;
    const paths = worldPaths(w.home);
    for (const other of known) {
      const theirs = worldPaths(other.home);
      enrol(paths, w.machine, other.machine, ownKey(theirs).text);
      enrol(theirs, other.machine, w.machine, ownKey(paths).text);
    }
    known.push(w);
  }
  members.set(server, known);
}

/** The log's entry lines, as text (what is not an entry, and world sync's own notices, left out). */
export function entryLines(paths: WorldPaths): string[] {
  let text: string;
  try {
    text = readFileSync(paths.log, "utf8");
  } catch {
    return [];
  }
  // Without format lines or world sync's notices (sync/notices.ts). Format lines: each machine writes its own (tools/world/log-format.ts), and they travel like any line.
  return text.split("\n").filter((l) => parseLine(l).ok && !isFormatLine(l) && !l.includes("][event:system][sync] "));
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
    for (const w of worlds) stops.push(watchFile(w.log, check, 250));
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

/** After each test: its processes stopped (SIGTERM, and waited for), the server stopped, its worlds removed. */
/** A suite's cluster: its worlds, processes and server, all ended after each test. */
export interface Cluster {
  worlds: TempWorld[];
  procs: ResultPromise[];
  nats: NatsServer | undefined;
}

export function useCluster(): Cluster {
  const c: Cluster = { worlds: [], procs: [], nats: undefined };
  afterEach(async () => {
    await tearDown(c.procs, c.nats, c.worlds);
    c.worlds = [];
    c.procs = [];
    c.nats = undefined;
  });
  return c;
}

export async function tearDown(procs: readonly ResultPromise[], nats: NatsServer | undefined, worlds: readonly TempWorld[]): Promise<void> {
  for (const p of procs) p.kill("SIGTERM");
  await Promise.all(procs);
  await nats?.stop();
  for (const w of worlds) w.cleanup();
}

/** world sync's own notices in a log (sync/notices.ts). */
export function syncNotices(paths: WorldPaths): string[] {
  try {
    return readFileSync(paths.log, "utf8").split("\n").filter((l) => l.includes("][event:system][sync] "));
  } catch {
    return [];
  }
}
