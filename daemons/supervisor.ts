/**
 * Supervising long-running children (`world up`): start each one, restart it with
 * exponential backoff when it dies, give up after too many restarts in a window (and
 * say so in world.log), stop them all gracefully on the first SIGINT/SIGTERM (SIGKILL
 * after a timeout) and at once on the second. A child is a process, or a thread of this
 * process (daemons/level-thread.ts: a stop message for SIGTERM, terminate for SIGKILL).
 */
import { closeSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { describeExit, procStat } from "../tools/process/identity.js";
import { terminateChild } from "../tools/process/terminate.js";
import { Backoff, backoffMs } from "../tools/backoff.js";
import { ExitCode } from "../tools/errors.js";
import { lastLine } from "../tools/world/last-lines.js";
import { pause, type Logger } from "../tools/process/daemon.js";
import { appendOnce } from "../tools/world/append.js";
import { PRIVATE_DIR, type WorldPaths } from "../tools/world/paths.js";
import { looksFull, waitForSpace } from "../tools/disk.js";
import { writeUpStatus } from "./up-status.js";
import { runThread } from "./level-thread.js";

export interface ChildSpec {
  name: string;
  command: string[];
  /** More environment for this child (children.ts). */
  env?: Record<string, string>;
  /** Run as a thread of this process: `command` is then `[node, script, …args]` (daemons/level-thread.ts). */
  thread?: boolean;
}

/** One run of a child, a process or a thread, until it ends. */
export interface ChildRun {
  pid: number | undefined;
  /** A thread of this process (its pid is then ours). */
  thread?: number;
  /** How it ended; `how` where an exit code and a signal would not say it. */
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null; how?: string }>;
  /** Graceful: SIGTERM, or a thread's stop message. */
  stop(): void;
  /** Forced: SIGKILL, or the thread terminated. */
  kill(): void;
}

export interface RestartPolicy {
  /** First restart delay; doubles with each crash in a row (default 500 ms). */
  backoffMs: number;
  /** Longest delay (default 30 s). */
  maxBackoffMs: number;
  /** Give up after this many crashes within windowMs (default 5 in 60 s). */
  maxRestarts: number;
  windowMs: number;
  /** After SIGTERM on shutdown, SIGKILL after this long (default 10 s). */
  stopTimeoutMs: number;
}

export const RESTART_DEFAULTS: RestartPolicy = { backoffMs: 500, maxBackoffMs: 30_000, maxRestarts: 5, windowMs: 60_000, stopTimeoutMs: 10_000 };

export type ChildState = "starting" | "running" | "backoff" | "given-up" | "stopping" | "stopped";

export interface ChildStatus {
  name: string;
  state: ChildState;
  pid: number | null;
  /** With the pid, the child's identity (a later `up` cleans up only this very process). */
  startTicks?: number | null;
  /** A level run as a thread of `up` (its pid is up's): the thread's id. */
  thread?: number;
  restarts: number;
  since: string;
  last?: string;
}

/**
 * Descriptor 3: a pipe whose write end only we hold; it closes when we die (tools/process/daemon.ts).
 * Detached: a process group of its own, so a terminal's Ctrl-C (SIGINT to the foreground
 * group) reaches only `up`, whose one SIGTERM is then the child's first signal (graceful),
 * not its second (forced).
 */
function launch(cmd: string, args: string[], home: string, out: number, env: Record<string, string> = {}) {
  return execa(cmd, args, {
    cwd: home,
    detached: true,
    reject: false,
    stdio: ["ignore", out as 3, out as 3, "pipe"],
    buffer: false,
    cleanup: true,
    env: { ...env, WORLD_HOME: home, WORLD_SUPERVISOR_FD: "3" },
  });
}

/** Starts `spec` as a process; `out` (its .out file) is closed here once the process has its own. */
function runProcess(spec: ChildSpec, paths: WorldPaths, out: number): ChildRun {
  const [cmd, ...args] = spec.command;
  let proc: ReturnType<typeof launch>;
  try {
    proc = launch(cmd!, args, paths.home, out, spec.env);
  } finally {
    closeSync(out);
  }
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    proc.once("exit", (code, signal) => resolve({ code, signal }));
    proc.once("error", () => undefined);
  });
  proc.catch(() => undefined);
  return { pid: proc.pid, ended, stop: () => proc.kill("SIGTERM"), kill: () => proc.kill("SIGKILL") };
}

/**
 * Where a child's stdout and stderr go: `.world/logs/<name>.out`; /dev/null when that cannot
 * be created (a full disk): a child is never left unstarted, nor `up` ended, for its output.
 */
function openOutput(paths: WorldPaths, name: string): number {
  try {
    mkdirSync(paths.logs, { recursive: true, mode: PRIVATE_DIR });
    return openSync(join(paths.logs, `${name}.out`), "a");
  } catch {
    return openSync("/dev/null", "a");
  }
}

/** What `up` logs to world.log about its children: `[event:system][up] …`. */
const UP_ID = "up";

/** A child's last words that say it died of a full disk (tools/disk.ts diskFullMessage, or the raw codes). */
const FULL_DISK_SAID = /\b(ENOSPC|EDQUOT|SQLITE_FULL)\b|disk .* is full|database or disk is full/;

class Child {
  status: ChildStatus;
  private run: ChildRun | undefined;
  private crashes: number[] = [];
  /** The wait before a start after a death on a full disk; grows while the disk stays full. */
  private readonly fullDisk: Backoff;
  private startedAt = 0;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    readonly spec: ChildSpec,
    private readonly sup: Supervisor,
  ) {
    this.status = { name: spec.name, state: "starting", pid: null, restarts: 0, since: new Date().toISOString() };
    this.fullDisk = new Backoff(1000, sup.policy.maxBackoffMs);
  }

  start(): void {
    const { paths } = this.sup;
    const out = openOutput(paths, this.spec.name);
    const run = this.spec.thread === true ? runThread(this.spec, paths, out) : runProcess(this.spec, paths, out);
    this.run = run;
    this.set("running", run.pid ?? null, run.thread);
    this.startedAt = Date.now();
    const where = run.thread === undefined ? `pid ${run.pid}` : `thread ${run.thread} of pid ${run.pid}`;
    this.sup.fact(`started ${this.spec.name} (${where}): ${this.spec.command.slice(1).join(" ")}`);
    this.exited = run.ended.then(({ code, signal, how }) => {
      this.run = undefined;
      // Whatever goes wrong in handling an exit is logged; it must never end `up` itself.
      return this.onExit(code, signal, how).catch((error: unknown) => this.sup.log.error({ err: error, child: this.spec.name }, "could not handle the exit"));
    });
  }

  private async onExit(code: number | null, signal: NodeJS.Signals | null, howSaid?: string): Promise<void> {
    const how = howSaid ?? describeExit(code, signal);
    if (this.sup.stopping) {
      this.status.last = how;
      this.set("stopped", null);
      this.sup.log.info({ child: this.spec.name, how }, "stopped");
      return;
    }
    // Why it failed is in its output, not in its exit code: its last line goes on the status line.
    const said = lastLine(join(this.sup.paths.logs, `${this.spec.name}.out`));
    this.status.last = said === undefined ? how : `${how}: ${said}`;
    if (looksFull(this.sup.paths.home) === true || FULL_DISK_SAID.test(said ?? "")) return this.restartWhenThereIsSpace(how);
    if (code === ExitCode.usage) {
      // A usage error (a bad option, a port in use) comes back the same at every restart.
      this.set("given-up", null);
      this.sup.fact(`gave up on ${this.spec.name}: it ${this.status.last} — a usage error, so not restarted; fix it and start world up again`);
      this.sup.usageFailed(this.status);
      return;
    }
    const now = Date.now();
    const policy = this.sup.policy;
    this.crashes = [...this.crashes.filter((t) => now - t < policy.windowMs), now];
    if (this.crashes.length > policy.maxRestarts) {
      this.set("given-up", null);
      this.sup.fact(`gave up on ${this.spec.name}: it ${how}, ${this.crashes.length} times within ${Math.round(policy.windowMs / 1000)} s; start it by hand to see why (.world/logs/${this.spec.name}.out)`);
      return;
    }
    const delay = backoffMs(policy.backoffMs, policy.maxBackoffMs, this.crashes.length);
    this.set("backoff", null);
    this.sup.fact(`${this.spec.name} ${how}; restarting in ${delay} ms (crash ${this.crashes.length} of ${policy.maxRestarts} allowed per ${Math.round(policy.windowMs / 1000)} s)`);
    await pause(delay, this.sup.stopSignal);
    if (this.sup.stopping) {
      this.set("stopped", null);
      return;
    }
    this.status.restarts += 1;
    this.start();
  }

  /**
   * A child that died on a full disk did not crash: it is never given up for it (a supervisor
   * never dies of, nor abandons a child to, an I/O error). Started again once the disk has
   * room, waiting longer each time (1 s to 30 s) while it stays full.
   */
  private async restartWhenThereIsSpace(how: string): Promise<void> {
    if (Date.now() - this.startedAt > 60_000) this.fullDisk.reset(); // it ran a good while: a new episode
    const delay = this.fullDisk.next();
    this.set("backoff", null);
    this.sup.fact(`${this.spec.name} ${how} on a full disk; starting it again once there is space (not counted as a crash)`);
    await waitForSpace(this.sup.paths.home, delay, this.sup.stopSignal);
    if (this.sup.stopping) {
      this.set("stopped", null);
      return;
    }
    this.status.restarts += 1;
    this.start();
  }

  async stop(): Promise<void> {
    const run = this.run;
    if (run === undefined) return this.exited;
    this.set("stopping", run.pid ?? null, run.thread);
    await terminateChild(this.exited, (signal) => (signal === "SIGTERM" ? run.stop() : run.kill()), this.sup.policy.stopTimeoutMs);
  }

  kill(): void {
    this.run?.kill();
  }

  private set(state: ChildState, pid: number | null, thread?: number): void {
    const startTicks = pid === null ? null : (procStat(pid)?.startTicks ?? null);
    const next: ChildStatus = { ...this.status, state, pid, startTicks, since: new Date().toISOString() };
    if (pid !== null && thread !== undefined) next.thread = thread;
    else delete next.thread;
    this.status = next;
    this.sup.changed(this);
  }
}

export class Supervisor {
  stopping = false;
  /** The first child that ended with a usage error: the whole world up stops for it (it cannot run without it). */
  usageError: ChildStatus | undefined;
  private stopped: Promise<void> | undefined;
  private readonly stopper = new AbortController();
  private readonly children: Child[];
  private waitingForSettled: (() => void)[] = [];

  constructor(
    readonly paths: WorldPaths,
    specs: ChildSpec[],
    readonly log: Logger,
    readonly policy: RestartPolicy = RESTART_DEFAULTS,
    private readonly onStatus: (status: ChildStatus) => void = () => undefined,
  ) {
    this.children = specs.map((s) => new Child(s, this));
  }

  get stopSignal(): AbortSignal {
    return this.stopper.signal;
  }

  start(): void {
    // A signal before the start (while a dead `up`'s orphans were being ended) stops nothing twice.
    if (this.stopping) return;
    for (const c of this.children) c.start();
  }

  /** Graceful: SIGTERM to each child, SIGKILL after the timeout; resolves when all are down. Once. */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      this.stopping = true;
      this.stopper.abort();
      await Promise.all(this.children.map((c) => c.stop()));
      this.fact("stopped all children");
    })();
    return this.stopped;
  }

  /**
   * A child's usage error (a port in use, a bad .world/config.json) comes back at every start:
   * a world up without that part would look up and not be, so every other child stops too.
   */
  usageFailed(status: ChildStatus): void {
    if (this.usageError !== undefined || this.stopping) return;
    this.usageError = { ...status };
    this.fact(`stopping every child: ${status.name} cannot start`);
    void this.stop();
  }

  /** Forced: SIGKILL to every child now. */
  kill(): void {
    this.stopping = true;
    this.stopper.abort();
    this.fact("forced stop: SIGKILL to every child");
    for (const c of this.children) c.kill();
  }

  statuses(): ChildStatus[] {
    return this.children.map((c) => c.status);
  }

  /** Resolves when every child is stopped or given up on. */
  async settled(): Promise<void> {
    // Event-driven (no polling: an idle `up` must sleep): changed() resolves it on the last child's final state.
    if (!this.allSettled()) await new Promise<void>((resolve) => this.waitingForSettled.push(resolve));
    // A stop under way has its last word after the last child ("stopped all children"): wait for it.
    if (this.stopped !== undefined) await this.stopped;
  }

  private allSettled(): boolean {
    return this.children.every((c) => c.status.state === "stopped" || c.status.state === "given-up");
  }

  fact(text: string): void {
    this.log.info(text);
    try {
      appendOnce(this.paths, { kind: "event", source: "system", id: UP_ID, output: text });
    } catch (error) {
      this.log.error({ err: error }, "could not write to world.log");
    }
  }

  changed(child: Child): void {
    this.onStatus(child.status);
    if (this.waitingForSettled.length > 0 && this.allSettled()) {
      const waiting = this.waitingForSettled;
      this.waitingForSettled = [];
      for (const resolve of waiting) resolve();
    }
    // A file for monitors and `world up` status questions; replaced atomically.
    try {
      writeUpStatus(this.paths, process.pid, this.statuses());
    } catch {
      // status file is a convenience; world.log and the pino log have the facts
    }
  }
}

export function statusLine(s: ChildStatus): string {
  // The state is padded only where a pid follows, so that pids line up and nothing leaves a stray space.
  const state = s.pid === null ? s.state : `${s.state.padEnd(8)} pid ${s.pid}${s.thread === undefined ? "" : ` thread ${s.thread}`}`;
  const restarts = s.restarts > 0 ? `, ${s.restarts} restart${s.restarts === 1 ? "" : "s"}` : "";
  const last = s.last && s.state !== "running" ? ` (last: ${s.last})` : "";
  return `${s.name.padEnd(9)} ${state}${restarts}${last}`;
}
