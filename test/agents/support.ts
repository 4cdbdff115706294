/**
 * Shared by the agent, Keeper and Verifier tests: fixture paths and processes. (Stopping
 * what a world started is TempWorld.cleanup's: test/support/stop-world.ts.)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { procStat } from "../../tools/process/identity.js";
import { ROOT } from "../support/world.js";
import { WAIT_MS, waitUntil } from "../support/wait.js";

export const FIXTURES = join(ROOT, "test/fixtures/agents");
export const fixture = (name: string) => join(FIXTURES, name);

/** Resolves once `pid` is no longer running (exited, or a zombie): polls /proc, bounded. */
export function waitGone(pid: number, timeoutMs = WAIT_MS): Promise<void> {
  return waitUntil(
    () => {
      const s = procStat(pid);
      return s === undefined || s.state === "Z" || s.state === "X";
    },
    { what: `process ${pid} to end`, timeoutMs, intervalMs: 20 },
  );
}

/** The one child of a process (an agent under its sh parent), from /proc. */
export function childOf(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  if (children.length !== 1) throw new Error(`expected one child of ${pid}, found ${children.length}`);
  return children[0]!;
}
