/**
 * The Spirit in a synced world (issue 19.7): every machine's Spirit sees every utterance,
 * and each is decided once, by the machine that heard it, and each agent started once
 * (sync/decisions.ts). Real nats-server, real `world sync` and Spirit processes, real agents.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Located } from "../../tools/world/entry.js";
import { formatEntry } from "../../tools/world/format.js";
import { collectEntries } from "../../tools/world/read.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import { receivedFrom } from "../../sync/decisions.js";
import { ROOT, tempWorld, waitForEntry, type TempWorld } from "../support/world.js";
import { agentEnded, speak, spiritLines, startSpirit, waitForCursor } from "../spirit/helpers.js";
import { HAS_NATS, NO_NATS, startNats, startSync, useCluster, type Cluster } from "./cluster.js";

if (!HAS_NATS) console.warn(NO_NATS);

const OPENER = join(ROOT, "test/fixtures/agents/browser-opener.mjs");

/** Synced worlds, each with its Spirit (agents open pages through a fixture that records its argv in the world's home). */
async function spiritsOn(cluster: Cluster, machines: readonly string[]): Promise<TempWorld[]> {
  cluster.nats = await startNats();
  const worlds = machines.map((m) => tempWorld(`world-spirit-${m}-`));
  cluster.worlds.push(...worlds);
  for (const [i, m] of machines.entries()) cluster.procs.push(startSync(worlds[i]!.home, cluster.nats.url, m));
  for (const [i, m] of machines.entries()) {
    await waitForEntry(worlds[i]!.paths, (e) => e.kind === "event" && e.id === "sync" && e.output.startsWith(`sync on ${m}: connected`), { timeoutMs: 60_000 });
  }
  for (const w of worlds) {
    const spirit = await startSpirit(w.paths, ["--brain", "offline"], {
      WORLD_BROWSER_OPENER: OPENER,
      OPENER_RECORD: join(w.home, "opened.json"),
      // Which machine decides must not depend on load: a busy Spirit may take more than the default 2 s to claim what it heard.
      WORLD_HEARER_FIRST_MS: "60000",
    });
    cluster.procs.push(spirit.child);
  }
  return worlds;
}

/** Every log holds at least `count` lines that match, and then each Spirit has read its whole log. */
async function settled(worlds: readonly TempWorld[], match: (e: Located) => boolean, count: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!worlds.every((w) => entries(w.paths).filter(match).length >= count)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${count} matching lines in every log: ${worlds.map((w) => entries(w.paths).filter(match).length).join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const w of worlds) await waitForCursor(w.paths, undefined, 60_000);
}

function entries(paths: WorldPaths): Located[] {
  return collectEntries(paths.log).entries;
}

const isSpawn = (e: Located) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("spawn: ");
const startOf = (id: string) => (e: Located) => e.kind === "agent" && e.status === "start" && e.id === id;

describe.skipIf(!HAS_NATS)("the Spirit on several synced machines", { timeout: 400_000 }, () => {
  const cluster = useCluster();

  it("two machines: an utterance heard on a is decided once, by a; a question asked once; a yes said on b starts one agent, on b", async () => {
    const [a, b] = await spiritsOn(cluster, ["a", "b"]);
    await speak(a!.home, ["user", "remind me to stretch in 2 seconds"]);
    await settled([a!, b!], isSpawn, 1);
    const [spawnA] = spiritLines(a!.paths).filter(isSpawn);
    expect(spiritLines(b!.paths).filter(isSpawn)).toHaveLength(1);
    expect(receivedFrom(a!.paths, spawnA!)).toBeUndefined(); // written on a, the machine that heard it
    await agentEnded(a!.paths, spawnA!.id);
    await agentEnded(b!.paths, spawnA!.id);
    for (const w of [a!, b!]) expect(entries(w.paths).filter(startOf(spawnA!.id))).toHaveLength(1);

    const isNudge = (e: Located) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("nudge: ");
    await speak(a!.home, ["user", "We should book flights to Tokyo for April."]);
    await settled([a!, b!], isNudge, 1);
    for (const w of [a!, b!]) expect(spiritLines(w.paths).filter(isNudge)).toHaveLength(1);
    const nudgeId = spiritLines(a!.paths).find(isNudge)!.id;

    await speak(b!.home, ["user", "yes"]);
    await settled([a!, b!], (e) => isSpawn(e) && e.output.startsWith("spawn: open-page"), 1);
    const [open] = spiritLines(b!.paths).filter((e) => isSpawn(e) && e.output.startsWith("spawn: open-page"));
    expect(receivedFrom(b!.paths, open!)).toBeUndefined(); // b heard the yes: b decided, and started the agent
    await agentEnded(b!.paths, open!.id);
    await agentEnded(a!.paths, open!.id);
    for (const w of [a!, b!]) {
      expect(spiritLines(w.paths).filter(isSpawn)).toHaveLength(2);
      expect(entries(w.paths).filter(startOf(open!.id))).toHaveLength(1);
      expect(entries(w.paths).filter((e) => e.kind === "event" && e.source === "user" && e.id === nudgeId)).toHaveLength(1); // the yes, relayed once
    }
    expect(existsSync(join(b!.home, "opened.json"))).toBe(true);
    expect(existsSync(join(a!.home, "opened.json"))).toBe(false);
  });

  it("three machines: an utterance on each → three reminders, each decided and started once, by its own machine", async () => {
    const machines = ["a", "b", "c"] as const;
    const worlds = await spiritsOn(cluster, machines);
    for (const [i, w] of worlds.entries()) await speak(w.home, ["user", `remind me to stretch ${machines[i]} in 2 seconds`]);
    await settled(worlds, isSpawn, 3);
    for (const [i, w] of worlds.entries()) {
      const spawns = spiritLines(w.paths).filter(isSpawn);
      expect(spawns).toHaveLength(3);
      const mine = spawns.filter((s) => receivedFrom(w.paths, s) === undefined);
      expect(mine.map((s) => `${machines[i]}: ${formatEntry(s)}`).join("\n")).toContain(`stretch ${machines[i]}`);
      if (mine.length !== 1) throw new Error(`on ${machines[i]}, spawns written here: ${mine.map((s) => formatEntry(s)).join(" || ")}; all: ${spawns.map((s) => formatEntry(s)).join(" || ")}`);
      expect(mine[0]!.output).toContain(`stretch ${machines[i]}`);
    }
    for (const s of spiritLines(worlds[0]!.paths).filter(isSpawn)) {
      for (const w of worlds) await agentEnded(w.paths, s.id);
      for (const w of worlds) expect(entries(w.paths).filter(startOf(s.id))).toHaveLength(1);
    }
  });
});
