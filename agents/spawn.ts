/**
 * Starting task agents: `[agent:start]` in the log, then the agent as a detached child
 * process in its own process group (it outlives whoever spawned it), under a small `sh`
 * parent that records how it ended (agents/parent.ts), its output in
 * .world/logs/agents/<id>.out/.err, and a process record for the Keeper.
 *
 * A reminder or timer due later than the park threshold starts no process: it is parked here,
 * as its agent's first run would park it (agents/park-at-spawn.ts).
 *
 * The agent gets its assignment in the environment (WORLD_SESSION_ID, WORLD_TASK,
 * WORLD_NEED, WORLD_ATTEMPT, WORLD_GUIDANCE, WORLD_HOME, WORLD_BIN) and reports back
 * through the log with `world agent active|finish|failed` (docs/agents.md).
 */
import { accessSync, closeSync, constants, fstatSync, mkdirSync, openSync } from "node:fs";
import { delimiter, isAbsolute, join, resolve } from "node:path";
import { InternalError, UsageError, shown } from "../tools/errors.js";
import { appendOnce } from "../tools/world/append.js";
import { appendStatus } from "../tools/world/append-status.js";
import { checkSessionId } from "../tools/world/entry.js";
import { findLastStatus } from "../tools/world/last-status.js";
import { PRIVATE_DIR, type WorldPaths } from "../tools/world/paths.js";
import { procStat } from "../tools/process/identity.js";
import { readProcRecord, writeProcRecord, type NeedFrom, type ProcRecord } from "./procs.js";
import { kindNeed } from "./kind-need.js";
import { needLineOf, type NeedLine } from "./need-author.js";
import { parentArgs, PARENT_SHELL } from "./parent.js";
import { checkEnvName, loadSpawnEnv, saveSpawnEnv } from "./spawn-env.js";
import { WORLD_BIN } from "../tools/package-root.js";
import { builtInAgent, knownKinds, NOTE_EXIT } from "./registry.js";
import { withoutCertificateLoad } from "./ca-certs.js";
import { parkAtSpawn } from "./park-at-spawn.js";

export interface SpawnOptions {
  task: string;
  /** Empty: the built-in kind's own criterion (agents/kind-need.ts); required for any other agent. */
  need: string;
  kind?: string;
  command?: string[];
  /** Extra environment, kept for every later launch of the session (agents/spawn-env.ts). */
  env?: Record<string, string>;
  id?: string;
  /** Who wrote the need (see ProcRecord.needFrom). Default "program": only `world spawn` says "human". */
  needFrom?: NeedFrom;
  /** A plain command: its exit and stdout are its finish (ProcRecord.plain). */
  plain?: boolean;
}

export interface LaunchOptions {
  id: string;
  task: string;
  need: string;
  command: string[];
  kind?: string | null;
  attempt: number;
  /** Default: what the session's previous record said (a retry keeps its provenance). */
  needFrom?: NeedFrom;
  /** The start line a person's need is bound to; default: the previous record's. */
  needLine?: NeedLine;
  guidance?: string;
  /** For this launch only, on top of what the session was spawned with (agents/spawn-env.ts). */
  env?: Record<string, string>;
  /** Default: what the session's previous record said (a retry of a plain command stays plain). */
  plain?: boolean;
}

/** The command for a kind or an explicit command line; a UsageError when neither works. */
function agentCommand(options: { kind?: string; command?: string[] }): string[] {
  if (options.command !== undefined && options.command.length > 0) {
    if (options.kind !== undefined) throw new UsageError(`both --kind and a command: expected one of them, received --kind ${shown(options.kind)} and ${shown(options.command.join(" "))}`);
    return [resolveExecutable(options.command[0]!), ...options.command.slice(1)];
  }
  if (options.kind === undefined) {
    throw new UsageError(`no agent to run: expected --kind <${knownKinds().join("|") || "kind"}> or -- <command> [args…], received neither`);
  }
  const command = builtInAgent(options.kind);
  if (command === undefined) {
    const kinds = knownKinds();
    throw new UsageError(`unknown agent kind: expected one of ${kinds.length ? kinds.join(", ") : "(none built yet: run npm run build)"}, received ${shown(options.kind)}`);
  }
  return command;
}

/** An executable path, or a name found on PATH; checked before anything is logged. */
function resolveExecutable(name: string): string {
  const candidates = name.includes("/") ? [resolve(name)] : (process.env.PATH ?? "").split(delimiter).filter(Boolean).map((dir) => join(dir, name));
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      return isAbsolute(file) ? file : resolve(file);
    } catch {
      // try the next one
    }
  }
  throw new UsageError(`cannot run the agent: expected an executable file or a command on PATH, received ${shown(name)}`);
}

/**
 * Log the start of a new session and launch its first attempt; `pid` null when no process was
 * needed: a reminder or timer due beyond the park threshold, parked here (agents/park-at-spawn.ts).
 */
export async function spawnAgent(paths: WorldPaths, options: SpawnOptions & { command: string[] }): Promise<{ id: string; pid: number }>;
export async function spawnAgent(paths: WorldPaths, options: SpawnOptions): Promise<{ id: string; pid: number | null }>;
export async function spawnAgent(paths: WorldPaths, options: SpawnOptions): Promise<{ id: string; pid: number | null }> {
  const task = options.task.trim();
  const given = options.need.trim();
  if (task === "") throw new UsageError("empty task: expected \"<task> | need: <criteria>\", received no task");
  // A built-in kind knows what done means for itself (a reminder: its delivery line); any other agent is told.
  if (given === "" && kindNeed(options.kind, "") === undefined) {
    throw new UsageError(`missing need: expected "<task> | need: <criteria>", received ${shown(options.task)} with no criteria`);
  }
  const command = agentCommand(options);
  // ulid (and the node:crypto it loads, ~20 internal modules) only when an id must be made:
  // a reminder spawned with its id starts sooner (issue 23).
  const id = options.id === undefined ? (await import("ulid")).ulid() : checkSessionId(options.id);
  const need = given !== "" ? given : kindNeed(options.kind, id)!;
  const env = options.env ?? {};
  for (const name of Object.keys(env)) checkEnvName(name);
  const started = appendStatus(paths, { status: "start", id, output: task, need });
  const needFrom = options.needFrom ?? "program";
  try {
    // Kept before the first launch, so the first and every later launch read the same file.
    if (Object.keys(env).length > 0) saveSpawnEnv(paths, id, env);
    // A person's authority is bound to this very line (agents/need-author.ts).
    const needLine = needFrom === "human" ? needLineOf({ id, ts: started.ts, task, need }) : undefined;
    if (options.plain !== true && (await parkAtSpawn(paths, { id, task, need, kind: options.kind, command, needFrom, env, ...(needLine !== undefined && { needLine }) }))) {
      return { id, pid: null };
    }
    const pid = await launchAgent(paths, {
      id, task, need, command, kind: options.kind ?? null, attempt: 1, needFrom,
      ...(options.plain === true && { plain: true }),
      ...(needLine !== undefined && { needLine }),
    });
    return { id, pid };
  } catch (error) {
    // No ghost: a start that could not launch says so, or it would wait an hour for the Keeper.
    if (findLastStatus(paths.log, id)?.status === "start") {
      const why = error instanceof Error ? error.message : String(error);
      appendOnce(paths, { kind: "agent", status: "failed", id, output: `could not start ${command.join(" ")}: ${why}`, need: "a command that can be started" });
    }
    throw error;
  }
}

/** Start one attempt of a session whose status line is already in the log (start or retry). */
export async function launchAgent(paths: WorldPaths, options: LaunchOptions): Promise<number> {
  const { id, attempt, command } = options;
  const dir = join(paths.logs, "agents");
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  const out = openSync(join(dir, `${id}.out`), "a");
  const stdoutFrom = fstatSync(out).size;
  const err = openSync(join(dir, `${id}.err`), "a");
  // node:child_process, not execa: this is every agent's start (and execa takes ~100 ms to load).
  // Loaded here, not with this file: with net, dgram and the streams it is ~35 internal modules,
  // and a reminder parked by its spawner starts no process (agents/park-at-spawn.ts, issue 23).
  const { spawn } = process.getBuiltinModule("node:child_process");
  const start = () =>
    spawn(PARENT_SHELL, parentArgs(process.execPath, NOTE_EXIT, command), {
      cwd: paths.home,
      detached: true, // its own process group, and it survives us
      // Descriptors go straight to the child (no pipe through us, so it outlives us).
      stdio: ["ignore", out, err],
      // An alarm agent's Node starts without loading NODE_EXTRA_CA_CERTS (agents/ca-certs.ts).
      env: withoutCertificateLoad(options.kind, {
        ...process.env,
        ...loadSpawnEnv(paths, id),
        ...options.env,
        WORLD_HOME: paths.home,
        WORLD_SESSION_ID: id,
        WORLD_TASK: options.task,
        WORLD_NEED: options.need,
        WORLD_ATTEMPT: String(attempt),
        WORLD_GUIDANCE: options.guidance ?? "",
        WORLD_BIN,
      }),
    });
  const child = (() => {
    try {
      return start();
    } finally {
      closeSync(out); // the child has its own copies
      closeSync(err);
    }
  })();
  const pid = child.pid;
  if (pid === undefined) {
    const reason = await new Promise<string>((resolve) => child.once("error", (error) => resolve(error.message)));
    appendOnce(paths, { kind: "agent", status: "failed", id, output: `could not start ${command.join(" ")}: ${reason}`, need: "a command that can be started" });
    throw new InternalError(`could not start the agent: expected a runnable command, received ${shown(command.join(" "))}: ${reason}`);
  }
  const startedAt = new Date().toISOString();
  const previous = readProcRecord(paths, id);
  const needLine = options.needLine ?? previous?.needLine;
  const record: ProcRecord = {
    id, pid, pgid: pid, startedAt, startTicks: procStat(pid)?.startTicks ?? null,
    command, kind: options.kind ?? null, attempt, task: options.task, need: options.need,
    needFrom: options.needFrom ?? previous?.needFrom ?? "program",
    ...(needLine !== undefined && { needLine }),
    ...((options.plain ?? readProcRecord(paths, id)?.plain) === true && { plain: true, stdoutFrom }),
  };
  // The line first, then the record: the exit note waits for the record before it writes
  // the exit line, so a quick agent's lines still come in order.
  appendOnce(paths, { kind: "event", source: "system", id, output: `spawned pid ${pid} (attempt ${attempt}): ${command.join(" ")}` });
  writeProcRecord(paths, record);
  child.on("error", () => undefined);
  child.unref();
  return pid;
}
