/**
 * Helpers for the Spirit's integration tests: the real daemon (dist/spirit/daemon/main.js) as a
 * child process, waiting until it has read the log up to a point (its cursor file), and
 * the lines it wrote.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { execa, type ResultPromise } from "execa";
import type { SpiritConfig } from "../../spirit/daemon/config.js";
import type { EventEntry, Located } from "../../tools/world/entry.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import { collectEntries } from "../../tools/world/read.js";
import { afterEach, beforeEach } from "vitest";
import { ROOT, tempWorld, waitForEntry, world, type TempWorld } from "../support/world.js";
import { WAIT_MS, waitUntil } from "../support/wait.js";

/** The settings the decision-path unit tests hear with: the user "me", the offline brain, the defaults' windows. */
export const DECIDE_CONFIG: SpiritConfig = {
  user: "me",
  nudgeExpiryMs: 600_000,
  dedupeWindowMs: 3_600_000,
  declineMemoryMs: 86_400_000,
  brainDeadlineMs: 5_000,
  staleVoiceMs: 600_000,
  calendarLeadMs: 900_000,
  calendarPollMs: 60_000,
  brain: "offline",
  assistantName: "world",
  conversationGapMs: 180_000,
};

export const SPIRIT_MAIN = join(ROOT, "dist/spirit/daemon/main.js");

/**
 * A running Spirit. Wrapped, because the execa result is a thenable: returned bare from
 * an async function it would be awaited, i.e. until the process exits.
 */
export interface SpiritProcess {
  child: ResultPromise<{ reject: false }>;
}

/** Starts the Spirit and waits for its `awake` line (the n-th one in this world). */
export async function startSpirit(paths: WorldPaths, args: string[] = [], env: Record<string, string | undefined> = {}): Promise<SpiritProcess> {
  const awakeBefore = spiritLines(paths, true).filter((e) => e.id === "spirit" && e.output.startsWith("awake:")).length;
  const child = execa("node", [SPIRIT_MAIN, "--home", paths.home, ...args], {
    reject: false,
    env: { WORLD_HOME: undefined, ANTHROPIC_API_KEY: undefined, ANTHROPIC_BASE_URL: undefined, ...env },
    extendEnv: true,
  });
  let seen = 0;
  await Promise.race([
    waitForEntry(paths, (e) => e.kind === "event" && e.source === "spirit" && e.id === "spirit" && e.output.startsWith("awake:") && ++seen > awakeBefore, {
      what: "the Spirit's awake line",
    }),
    child.then((r) => {
      throw new Error(`the Spirit exited early (${r.exitCode}): ${r.stderr}`);
    }),
  ]);
  return { child };
}

/** SIGTERM, then the exit; a graceful stop writes `asleep`. */
export async function stopSpirit(spirit: SpiritProcess): Promise<{ exitCode?: number; stderr: string }> {
  spirit.child.kill("SIGTERM");
  const r = await spirit.child;
  return { ...(r.exitCode !== undefined && { exitCode: r.exitCode }), stderr: String(r.stderr) };
}

function cursorOffset(paths: WorldPaths): number {
  try {
    return (JSON.parse(readFileSync(join(paths.cursors, "spirit.json"), "utf8")) as { offset: number }).offset;
  } catch {
    return -1;
  }
}

/** Resolves once the Spirit has handled every entry before `offset` (its cursor moves only after handling). */
export function waitForCursor(paths: WorldPaths, offset = statSync(paths.log).size, timeoutMs = WAIT_MS): Promise<void> {
  return waitUntil(() => cursorOffset(paths) >= offset, { what: `the Spirit's cursor to reach ${offset}`, timeoutMs });
}

/** The Spirit's lines, without its own awake/asleep lines unless asked. */
export function spiritLines(paths: WorldPaths, withSelf = false): Located<EventEntry>[] {
  return collectEntries(paths.log).entries.filter(
    (e): e is Located<EventEntry> => e.kind === "event" && e.source === "spirit" && (withSelf || e.id !== "spirit"),
  );
}

export function outputs(entries: readonly { output: string }[]): string[] {
  return entries.map((e) => e.output);
}

/** Says things into the world through the real `world listen` (JSON Lines on stdin). */
export async function speak(home: string, ...utterances: [speaker: string, text: string][]): Promise<void> {
  const input = utterances.map(([speaker, text], i) => JSON.stringify({ ts: i, speaker, text })).join("\n") + "\n";
  const r = await world(home, ["listen"], { input });
  if (r.exitCode !== 0) throw new Error(`world listen failed (${r.exitCode}): ${r.stderr}`);
}

/** Agents outlive the Spirit: wait for them to end before the world is deleted. */
export async function agentEnded(paths: WorldPaths, id: string): Promise<void> {
  await waitForEntry(paths, (e) => e.kind === "agent" && e.id === id && (e.status === "finish" || e.status === "failed"), {
    what: `the end of agent ${id}`,
  });
}

/** What a Spirit daemon test works with: a fresh world per test, and the Spirit it started. */
export interface SpiritWorld {
  readonly w: TempWorld;
  /** The Spirit running now (start() first). */
  readonly spirit: SpiritProcess;
  start(args?: string[], env?: Record<string, string | undefined>): Promise<SpiritProcess>;
  /** Stops the running Spirit (SIGTERM) and says how it ended. */
  stop(): Promise<{ exitCode?: number; stderr: string }>;
}

/**
 * The set-up the Spirit's daemon tests share: a temporary world for each test, and after it
 * the Spirit stopped (if one runs) before the world is removed.
 */
export function useSpiritWorld(): SpiritWorld {
  let w: TempWorld | undefined;
  let spirit: SpiritProcess | undefined;
  beforeEach(() => {
    w = tempWorld();
  });
  afterEach(async () => {
    if (spirit) await stopSpirit(spirit);
    spirit = undefined;
    w?.cleanup();
  });
  return {
    get w() {
      if (w === undefined) throw new Error("the world is made for each test: use it inside one");
      return w;
    },
    get spirit() {
      if (spirit === undefined) throw new Error("no Spirit is running: start() first");
      return spirit;
    },
    async start(args = [], env = {}) {
      spirit = await startSpirit(w!.paths, args, env);
      return spirit;
    },
    async stop() {
      const running = spirit;
      spirit = undefined;
      if (running === undefined) throw new Error("no Spirit is running: start() first");
      return stopSpirit(running);
    },
  };
}
