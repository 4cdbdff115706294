/**
 * Test helpers shared by every suite: temporary worlds, the real `world` binary, and
 * waiting for something to appear in a log (tests wait on the log, never on sleeps).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { Appender } from "../../tools/world/append.js";
import type { Located } from "../../tools/world/entry.js";
import { follow } from "../../tools/world/follow.js";
import { isFormatEntry, isFormatLine } from "../../tools/world/log-format.js";
import { worldPaths, type WorldPaths } from "../../tools/world/paths.js";
import { collectEntries, START } from "../../tools/world/read.js";
import { stopWorldProcesses } from "./stop-world.js";
import { WAIT_MS } from "./wait.js";
import { needLineOf } from "../../agents/need-author.js";
import { writeProcRecord } from "../../agents/procs.js";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** The compiled CLI (`npm test` builds first). */
export const WORLD_BIN = join(ROOT, "dist/bin/world.js");

export interface TempWorld {
  home: string;
  paths: WorldPaths;
  /** Stops every process of the world (stop-world.ts), then removes its home. */
  cleanup: () => void;
}

export function tempWorld(prefix = "world-test-"): TempWorld {
  const home = mkdtempSync(join(tmpdir(), prefix));
  return { home, paths: worldPaths(home), cleanup: () => removeWorld(home) };
}

/** Stops what the world at `home` started and waits for it to be gone, then removes the home. */
function removeWorld(home: string): void {
  stopWorldProcesses(home);
  rmSync(home, { recursive: true, force: true });
}

/** Runs the real binary in a world; never rejects, so tests can assert exit codes. */
export function world(home: string, args: readonly string[], options: WorldCallOptions = {}) {
  return execa("node", [WORLD_BIN, "--home", home, ...args], {
    ...options,
    reject: false,
    env: { WORLD_HOME: undefined, ANTHROPIC_API_KEY: undefined, WORLD_NATS: undefined, WORLD_NATS_CA: undefined, ...options.env },
    extendEnv: true,
  });
}

/** What tests pass on to execa (a narrow set, so results keep their string stdout/stderr types). */
export interface WorldCallOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  timeout?: number;
  stripFinalNewline?: boolean;
}

/**
 * Resolves with the first entry (from the start of the log) that matches, following
 * the log as it grows; rejects after `timeoutMs` with what it was waiting for.
 */
export async function waitForEntry(
  paths: WorldPaths,
  match: (entry: Located) => boolean,
  { timeoutMs = WAIT_MS, what = "a matching entry" }: { timeoutMs?: number; what?: string } = {},
): Promise<Located> {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), timeoutMs);
  try {
    for await (const entry of follow(paths, { from: START, signal: stop.signal, pollMs: 200 })) {
      if (match(entry)) return entry;
    }
    throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} in ${paths.log}`);
  } finally {
    clearTimeout(timer);
    stop.abort();
  }
}

/**
 * Every log our appender starts begins with its format line (`[…][event:system][world]
 * format 2`, tools/world/log-format.ts): a test that looks at the entries or lines it wrote
 * itself passes them through these.
 */
export function ownEntries<E extends { kind: string; id: string; output: string; source?: string }>(entries: readonly E[]): E[] {
  return entries.filter((e) => !isFormatEntry(e));
}

/** The lines of a log's text, without the newline at the end and without the format line. */
export function ownLines(text: string): string[] {
  return text.split("\n").slice(0, -1).filter((l) => !isFormatLine(l));
}

/**
 * The process record `world spawn` leaves for a session whose start line is in the log
 * already: a person's need is bound to that latest start line (agents/need-author.ts).
 */
export function writeSpawnRecord(paths: WorldPaths, id: string, needFrom: "human" | "program"): void {
  const start = collectEntries(paths.log).entries.filter((e) => e.kind === "agent" && e.id === id && e.status === "start").at(-1);
  if (start === undefined || start.kind !== "agent") throw new Error(`no start line for ${id} in ${paths.log}`);
  const need = start.need ?? "";
  writeProcRecord(paths, {
    id, pid: 1, pgid: 1, startedAt: new Date().toISOString(), startTicks: null, command: ["true"], kind: null, attempt: 1, task: start.output, need, needFrom,
    ...(needFrom === "human" && { needLine: needLineOf({ id, ts: start.ts, task: start.output, need }) }),
  });
}

/** Appends `n` plain event lines (ids t-<from>…, outputs "line <i>") through the one writer. */
export function appendTestLines(paths: WorldPaths, n: number, from = 0): void {
  const appender = new Appender(paths);
  try {
    for (let i = 0; i < n; i++) appender.append({ kind: "event", source: "test", id: `t-${from + i}`, output: `line ${from + i}` });
  } finally {
    appender.close();
  }
}
