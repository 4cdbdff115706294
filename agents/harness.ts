/**
 * The shared harness of the task agents that ship with world.
 *
 * An agent is a process started by the spawner (agents/spawn.ts) with its task in the
 * environment (WORLD_HOME, WORLD_SESSION_ID, WORLD_TASK, WORLD_NEED, WORLD_ATTEMPT,
 * WORLD_GUIDANCE, WORLD_BIN). The spawner has already written `[agent:start]`; the agent
 * writes `active` while it works and ends with `finish <evidence>` or
 * `failed <what> | need: <blocker>`. Everything goes through one Appender (the library's
 * only writer), never through the CLI.
 *
 * Exit codes (docs/task-agents.md):
 *   0   finished (`finish` written)
 *   1   internal error (written as `failed internal error: …` when the log is reachable)
 *   2   bad environment: the spawner gave a missing or invalid WORLD_* variable
 *   3   failed with a need (`failed … | need: …` written: a human or a retry must help)
 *   4   the session was already over (failed by the Keeper, or verified): the agent stopped
 *   143 stopped by SIGTERM/SIGINT before a result (whatever the agent said is in the log)
 */
import { restoreCertificates } from "./ca-certs.js";
import { Appender } from "../tools/world/append.js";
import { checkId, type AgentStatus, type Entry } from "../tools/world/entry.js";
import { findLastStatus } from "../tools/world/last-status.js";
import { allowed, TERMINAL } from "../tools/world/lifecycle.js";
import { worldPaths, type WorldPaths } from "../tools/world/paths.js";

const AgentExit = { finished: 0, parked: 0, internal: 1, badEnv: 2, failed: 3, closed: 4, stopped: 143 } as const;

/**
 * What each variable must be, checked by hand: zod (~100 modules) is most of an agent's
 * start-up, and a reminder must say "armed" soon after it is spawned (issue 23). In the
 * order they are checked; the first that is wrong is the one line said.
 */
const ENV_RULES: readonly { name: string; expected: string; ok?: (value: string) => boolean; optional?: true }[] = [
  { name: "WORLD_HOME", expected: "the world's home directory", ok: (v) => v.length > 0 },
  { name: "WORLD_SESSION_ID", expected: "a session id: 1–200 characters, no whitespace, ']' or control characters", ok: isSessionId },
  { name: "WORLD_TASK", expected: "the task text", ok: (v) => v.trim().length > 0 },
  { name: "WORLD_NEED", expected: "the need", optional: true },
  { name: "WORLD_ATTEMPT", expected: "a whole number from 1", ok: (v) => /^[1-9]\d{0,3}$/.test(v), optional: true },
  { name: "WORLD_GUIDANCE", expected: "the guidance", optional: true },
  { name: "WORLD_BIN", expected: "the world CLI", optional: true },
];

function isSessionId(id: string): boolean {
  try {
    checkId(id, "session id");
    return true;
  } catch {
    return false;
  }
}

export interface AgentEnv {
  home: string;
  sessionId: string;
  task: string;
  need: string;
  attempt: number;
  /** On a retry: the Verifier's guidance or the human's answer. */
  guidance?: string;
  /** dist/bin/world.js, for agents that hand a CLI to something else (the model, a script). */
  bin?: string;
}

export class AgentEnvError extends Error {}

/** Validates the spawner's environment; throws AgentEnvError with one line naming what is wrong. */
export function readAgentEnv(env: NodeJS.ProcessEnv = process.env): AgentEnv {
  for (const rule of ENV_RULES) {
    const value = env[rule.name];
    if (value === undefined ? rule.optional === true : (rule.ok?.(value) ?? true)) continue;
    const received = value === undefined ? "nothing" : JSON.stringify(value.slice(0, 60));
    throw new AgentEnvError(`invalid agent environment: ${rule.name} expected ${rule.expected}, received ${received}`);
  }
  const guidance = env.WORLD_GUIDANCE?.trim() ?? "";
  return {
    home: env.WORLD_HOME!,
    sessionId: env.WORLD_SESSION_ID!,
    task: env.WORLD_TASK!.trim(),
    need: env.WORLD_NEED ?? "",
    attempt: Number(env.WORLD_ATTEMPT ?? "1"),
    ...(guidance !== "" && { guidance }),
    ...(env.WORLD_BIN !== undefined && env.WORLD_BIN !== "" && { bin: env.WORLD_BIN }),
  };
}

/** One run of an agent: its environment, its session in the log, and a stop signal. */
export class AgentRun {
  readonly paths: WorldPaths;
  readonly id: string;
  /**
   * Aborted on the first SIGTERM/SIGINT, or when the session turns out to be over
   * (someone else wrote failed or verified): wind down, say so, return.
   */
  readonly signal: AbortSignal;
  private readonly appender: Appender;
  private outcome: "finish" | "failed" | "parked" | undefined;
  private closedAs: AgentStatus | undefined;

  constructor(
    readonly env: AgentEnv,
    private readonly stop: AbortController = new AbortController(),
  ) {
    this.paths = worldPaths(env.home);
    this.id = env.sessionId;
    this.signal = stop.signal;
    this.appender = new Appender(this.paths);
  }

  /** Set when a write was refused because the session is already failed or verified. */
  get closed(): AgentStatus | undefined {
    return this.closedAs;
  }

  /** `[agent:active][id] text`: progress, or a heartbeat while waiting. */
  active(text: string): boolean {
    return this.status("active", text);
  }

  /** `[agent:finish][id] evidence`: done; the Verifier compares the evidence with the need. */
  finish(evidence: string): boolean {
    const written = this.status("finish", evidence);
    this.outcome = "finish";
    return written;
  }

  /**
   * A parking `[agent:active][id]` line (agents/parked.ts: `sleep until <ISO>` or a parked
   * armed line): the run ends here and the Keeper's scheduler wakes the session later.
   */
  park(text: string): boolean {
    const written = this.status("active", text);
    this.outcome = "parked";
    return written;
  }

  /**
   * An event and an `active` line in one write, so a crash leaves both or neither (a
   * repeating reminder's delivery and its next armed line: agents/reminder/alarm.ts).
   * `park` ends the run parked, as `park` does. Undefined when the session is over.
   */
  eventThenActive(event: { source: string; output: string }, text: string, options: { park: boolean }): Entry | undefined {
    if (!this.mayWrite("active", text)) return undefined;
    const [entry] = this.appender.appendMany([
      { kind: "event", source: event.source, id: this.id, output: event.output },
      { kind: "agent", status: "active", id: this.id, output: text },
    ]);
    if (options.park) this.outcome = "parked";
    return entry;
  }

  /** `[agent:failed][id] text | need: need`: cannot go on without what `need` names. */
  fail(text: string, need: string): boolean {
    const written = this.status("failed", text, need);
    this.outcome = "failed";
    return written;
  }

  /** `[event:source][id] output`: something the agent saw or did. */
  event(source: string, output: string): Entry {
    return this.appender.append({ kind: "event", source, id: this.id, output });
  }

  /** The appender, for tools that write their own lines (notify, bash). */
  get writer(): Appender {
    return this.appender;
  }

  get result(): "finish" | "failed" | "parked" | undefined {
    return this.outcome;
  }

  close(): void {
    this.appender.close();
  }

  /**
   * Writes a status only if the lifecycle allows it now: if the Keeper already failed
   * this session (timeout) or a human closed it, the agent's late word is not forced in.
   */
  private status(status: AgentStatus, output: string, need?: string): boolean {
    if (!this.mayWrite(status, output)) return false;
    this.appender.append({ kind: "agent", status, id: this.id, output, ...(need !== undefined && { need }) });
    return true;
  }

  /** May the session take this status now (lifecycle.ts)? If it is over, the run stops. */
  private mayWrite(status: AgentStatus, output: string): boolean {
    const last = findLastStatus(this.paths.log, this.id)?.status;
    if (!allowed(last, status)) {
      process.stderr.write(`agent ${this.id}: not writing ${status} after ${last ?? "nothing"} (lifecycle): ${output}\n`);
      if (last !== undefined && TERMINAL.includes(last) && this.closedAs === undefined) {
        this.closedAs = last;
        this.stop.abort(new Error(`session ${this.id} is ${last}`));
      }
      return false;
    }
    return true;
  }
}

/** A promise that resolves after `ms`, or at once when `signal` aborts (never a busy loop). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, Math.max(0, Math.min(ms, 2_147_483_647)));
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

/** A number of milliseconds from the environment (test hooks and tuning), else `fallback`. */
function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, 300);
}

/**
 * Runs an agent's body: reads the environment, handles signals (graceful on the first,
 * forced on the second), turns a thrown error into `failed`, and sets the exit code.
 * The body calls run.finish / run.fail; returning without either is reported as a bug
 * unless the run was stopped by a signal.
 */
export async function runAgent(body: (run: AgentRun) => Promise<void>): Promise<void> {
  restoreCertificates(); // before anything this agent runs could inherit its environment
  let env: AgentEnv;
  try {
    env = readAgentEnv();
  } catch (error) {
    process.stderr.write(`world agent: ${oneLine(error)}\n`);
    // If the session is known, the log must say why nothing happened (nothing falls through).
    const id = process.env.WORLD_SESSION_ID;
    const home = process.env.WORLD_HOME;
    if (home && id) {
      try {
        const run = new AgentRun({ home, sessionId: id, task: "?", need: "", attempt: 1 });
        run.fail(oneLine(error), "a correct spawn of this agent (see docs/task-agents.md)");
        run.close();
      } catch {
        // An invalid id cannot be logged; stderr has it.
      }
    }
    process.exitCode = AgentExit.badEnv;
    return;
  }

  const stop = new AbortController();
  const onSignal = (name: NodeJS.Signals) => {
    if (stop.signal.aborted) process.exit(AgentExit.stopped); // the second signal forces
    process.stderr.write(`agent ${env.sessionId}: ${name}: stopping\n`);
    stop.abort(new Error(name));
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);

  const run = new AgentRun(env, stop);
  try {
    await body(run);
    if (run.closed !== undefined) process.exitCode = AgentExit.closed;
    else if (run.result === "finish") process.exitCode = AgentExit.finished;
    else if (run.result === "failed") process.exitCode = AgentExit.failed;
    else if (run.result === "parked") process.exitCode = AgentExit.parked;
    else if (stop.signal.aborted) process.exitCode = AgentExit.stopped;
    else {
      run.fail("agent ended without a result (a bug in the agent)", "a human to look at the agent's output under .world/logs/");
      process.exitCode = AgentExit.internal;
    }
  } catch (error) {
    process.stderr.write(`agent ${env.sessionId}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    try {
      run.fail(`internal error: ${oneLine(error)}`, "a human to look at the agent's output under .world/logs/");
    } catch {
      // The log itself is unreachable: stderr is all we have.
    }
    process.exitCode = AgentExit.internal;
  } finally {
    run.close();
    process.off("SIGTERM", onSignal);
    process.off("SIGINT", onSignal);
  }
}
