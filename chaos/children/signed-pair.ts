/**
 * Two machines of one world for the signed-sync attacks (chaos/sync-*.ts): a real
 * nats-server, worlds a and b enrolled on each other by a person (`world sync enroll
 * --as-human`, both sides), their `world sync` running. What b refused is read back from
 * .world/sync/refused.jsonl; what b applied, from its log.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ResultPromise } from "execa";
import { startNats, type NatsServer } from "../../bench/nats-server.js";
import { daemon, waitFor, world } from "../support.js";
import type { ChaosContext } from "../types.js";

export interface Pair {
  nats: NatsServer;
  a: string;
  b: string;
  stop(): Promise<void>;
}

async function keyOf(ctx: ChaosContext, home: string, machine: string): Promise<string> {
  const r = await world(ctx, home, ["sync", "--machine", machine, "key"]);
  if (r.exitCode !== 0) throw new Error(`world sync key failed: ${String(r.stderr)}`);
  return String(r.stdout).trim().split(" ")[0]!;
}

/** Every pair of the machines enrolled on each other, as people at their terminals do. */
export async function enrolEachOther(ctx: ChaosContext, machines: readonly { home: string; machine: string }[]): Promise<void> {
  const keys = await Promise.all(machines.map((m) => keyOf(ctx, m.home, m.machine)));
  for (const [i, m] of machines.entries()) {
    for (const [j, other] of machines.entries()) {
      if (i === j) continue;
      const r = await world(ctx, m.home, ["--as-human", "sync", "--machine", m.machine, "enroll", keys[j]!, "--name", other.machine]);
      if (r.exitCode !== 0) throw new Error(`world sync enroll failed: ${String(r.stderr)}`);
    }
  }
}

export async function startPair(ctx: ChaosContext): Promise<Pair> {
  const nats = await startNats();
  const a = ctx.tmp();
  const b = ctx.tmp();
  await enrolEachOther(ctx, [{ home: a, machine: "a" }, { home: b, machine: "b" }]);
  const procs: ResultPromise[] = [a, b].map((home, i) => daemon(ctx, home, ["sync", "--nats", nats.url, "--machine", "ab"[i]!, "--insecure"]));
  for (const [home, m] of [[a, "a"], [b, "b"]] as const) {
    if (!(await waitFor(home, (e) => e.kind === "event" && e.id === "sync" && e.output.startsWith(`sync on ${m}: connected`), 60_000))) throw new Error(`world sync on ${m} never connected`);
  }
  return {
    nats,
    a,
    b,
    async stop() {
      for (const p of procs) p.kill("SIGTERM");
      await Promise.all(procs);
      await nats.stop();
      nats.remove();
    },
  };
}

export interface RefusedChunk {
  machine: string;
  kind: string;
  lines: string[];
}

export function refusedOn(home: string): RefusedChunk[] {
  try {
    return readFileSync(join(home, ".world", "sync", "refused.jsonl"), "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as RefusedChunk);
  } catch {
    return [];
  }
}

/** Resolves true once `home` has kept aside at least `count` chunks, false after `timeoutMs`. */
export async function waitForRefused(home: string, count: number, timeoutMs = 60_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (refusedOn(home).length < count) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}
