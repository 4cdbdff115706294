/**
 * Running the real task agents (dist/agents/<kind>/main.js or main.cjs) the way the spawner does:
 * a child process with the agent environment, in a temporary world whose log already
 * holds the session's `[agent:start]` line.
 */
import { join } from "node:path";
import { execa } from "execa";
import { builtInAgent } from "../../agents/registry.js";
import { appendOnce } from "../../tools/world/append.js";
import type { Located } from "../../tools/world/entry.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import { collectEntries } from "../../tools/world/read.js";
import { ROOT, WORLD_BIN } from "../support/world.js";

/** node's arguments as the spawner gives them for `--kind <kind>` (main.cjs where the build made one, the alarm agents' flag). */
export function agentArgs(kind: string): string[] {
  return builtInAgent(kind)?.slice(1) ?? [join(ROOT, "dist", "agents", kind, "main.js")];
}

/** The spawner's `[agent:start][id] task | need: need`. */
export function startSession(paths: WorldPaths, id: string, task: string, need = "the task is done"): void {
  appendOnce(paths, { kind: "agent", status: "start", id, output: task, need });
}

export interface AgentCall {
  id: string;
  task: string;
  need?: string;
  attempt?: number;
  guidance?: string;
  env?: Record<string, string | undefined>;
}

/** Starts the agent as a child process; the returned promise never rejects (assert exitCode). */
export function runAgentProcess(paths: WorldPaths, kind: string, call: AgentCall) {
  return execa(process.execPath, agentArgs(kind), {
    reject: false,
    stdin: "ignore",
    cwd: paths.home,
    extendEnv: true,
    env: {
      // Offline and headless unless a test says otherwise.
      ANTHROPIC_API_KEY: undefined,
      ANTHROPIC_BASE_URL: undefined,
      DISPLAY: undefined,
      WAYLAND_DISPLAY: undefined,
      WORLD_HOME: paths.home,
      WORLD_SESSION_ID: call.id,
      WORLD_TASK: call.task,
      WORLD_NEED: call.need ?? "the task is done",
      WORLD_ATTEMPT: String(call.attempt ?? 1),
      WORLD_GUIDANCE: call.guidance ?? "",
      WORLD_BIN,
      ...call.env,
    },
  });
}

/** Every entry of the log with this identifier, in order. */
export function entriesOf(paths: WorldPaths, id: string): Located[] {
  return collectEntries(paths.log).entries.filter((e) => e.id === id);
}

export function isStatus(id: string, status: string, pattern?: RegExp) {
  return (e: Located) => e.kind === "agent" && e.id === id && e.status === status && (pattern === undefined || pattern.test(e.output));
}

export function isEvent(id: string, source: string, pattern?: RegExp) {
  return (e: Located) => e.kind === "event" && e.id === id && e.source === source && (pattern === undefined || pattern.test(e.output));
}
