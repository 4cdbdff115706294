/**
 * The machinery the demo's steps share: the world, the narrator, the log watch, the
 * daemons, one-shot `world` commands, and one rule for every wait: it ends with what it
 * waited for, or with an error (the step's deadline, Ctrl-C, a daemon that died).
 */
import { join } from "node:path";
import { execa } from "execa";
import { InternalError } from "../../tools/errors.js";
import { showDuration } from "../../tools/duration.js";
import type { Located } from "../../tools/world/entry.js";
import { PRIVATE_DIR, type WorldPaths } from "../../tools/world/paths.js";
import { Daemon, demoEnv, startDaemon, worldCommand } from "./daemons.js";
import { writeUpStatus } from "../../daemons/up-status.js";
import type { Narrator } from "./narrate.js";
import { LogWatch, type Match } from "./watch.js";
import { writeJsonAtomic } from "../../tools/fs/atomic-write.js";

/** The person pressed Ctrl-C (or sent SIGTERM): not an error, the demo just stops. */
export class Interrupted extends Error {
  constructor(
    by: string,
    /** 130 for a signal (as for Ctrl-C); 1 when the reader of the output went away. */
    readonly exitCode = 130,
  ) {
    super(`interrupted by ${by}`);
  }
}

export interface DemoSettings {
  paths: WorldPaths;
  narrator: Narrator;
  /** How long a step may take to happen before the demo gives up on it. */
  stepTimeoutMs: number;
  /** SIGKILL a daemon this long after SIGTERM. */
  stopTimeoutMs: number;
  /** The daemons and the monitor stay up after the summary, until Ctrl-C. */
  keepRunning?: boolean;
  warn: (message: string) => void;
}

/** Where the demo records the processes it started, for whoever checks none is left. */
function pidRecordFile(paths: WorldPaths): string {
  return join(paths.dir, "demo.json");
}

export class Demo {
  readonly paths: WorldPaths;
  readonly n: Narrator;
  readonly watch: LogWatch;
  readonly daemons: Daemon[] = [];
  /** "2/4 (the conversation)": named in a timeout's error. */
  step = "1";
  stopping = false;
  private failure: Error | undefined;
  private readonly failed: Promise<never>;
  private rejectFailed!: (error: Error) => void;

  constructor(readonly settings: DemoSettings) {
    this.paths = settings.paths;
    this.n = settings.narrator;
    this.watch = new LogWatch(this.paths, (e) => this.n.entry(e), settings.warn);
    this.failed = new Promise<never>((_, reject) => (this.rejectFailed = reject));
    this.failed.catch(() => undefined); // read through `within`; never unhandled
  }

  get failedWith(): Error | undefined {
    return this.failure;
  }

  /** The first failure wins; every current and later wait ends with it. */
  fail(error: Error): void {
    if (this.failure !== undefined) return;
    this.failure = error;
    this.rejectFailed(error);
  }

  /** Resolves with the failure (or interrupt) that ends the demo, whenever it comes. */
  stopped(): Promise<Error> {
    return this.failed.catch((error: Error) => error);
  }

  /** `work`, unless the step's deadline passes or the demo fails first. */
  async within<T>(what: string, work: Promise<T>): Promise<T> {
    if (this.failure) throw this.failure;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      const ms = this.settings.stepTimeoutMs;
      timer = setTimeout(
        () => reject(new InternalError(`demo stopped at step ${this.step}: expected ${what} within ${showDuration(ms)}, received nothing of the kind (the world is kept: ${this.paths.home})`)),
        ms,
      );
    });
    try {
      return await Promise.race([work, deadline, this.failed]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The `count`-th log entry matching, within the step's deadline. */
  async wait(what: string, match: Match, count = 1): Promise<Located> {
    const found = await this.within(what, this.watch.until(match, count));
    return found[count - 1]!;
  }

  /** Starts a daemon; if it ends before the demo stops it, the demo fails and says so. */
  start(name: string, label: string, args: readonly string[]): Daemon {
    const daemon = startDaemon(this.paths, name, label, args);
    this.daemons.push(daemon);
    this.recordPids();
    this.recordDaemons("running");
    void daemon.exited.then((exit) => {
      if (this.stopping) return;
      const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
      this.fail(new InternalError(`demo stopped at step ${this.step}: expected ${label} to keep running, received: it ${how} (see ${daemon.outFile})`));
    });
    return daemon;
  }

  /** Runs `world --home <home> <args…>` to the end and returns its stdout; a failure is the step's. */
  async world(args: readonly string[]): Promise<string> {
    const [cmd, ...rest] = worldCommand(this.paths.home, args);
    const run = execa(cmd!, rest, { cwd: this.paths.home, reject: false, stdin: "ignore", extendEnv: false, env: demoEnv(this.paths.home) });
    const result = await this.within(`\`world ${args[0]}\` to finish`, run);
    if (result.exitCode !== 0) {
      const said = (result.stderr || result.stdout || "").trim().split("\n").pop() ?? "";
      throw new InternalError(`demo stopped at step ${this.step}: expected \`world ${args[0]}\` to succeed, received exit ${result.exitCode ?? result.signal}: ${said}`);
    }
    return result.stdout;
  }

  /**
   * .world/up-status.json, as world up writes it: the monitor's daemon bar and world status
   * show the demo's daemons as they would world up's (the demo stands in for world up).
   */
  recordDaemons(state: "running" | "stopped"): void {
    const since = new Date().toISOString();
    writeUpStatus(
      this.paths,
      process.pid,
      this.daemons.map((d) => ({ name: d.name, state, pid: state === "running" ? d.pid : null, startTicks: state === "running" ? d.startTicks : null, restarts: 0, since })),
    );
  }

  /** .world/demo.json: this process and each daemon (pid, start time), rewritten atomically. */
  private recordPids(): void {
    const file = pidRecordFile(this.paths);
    const record = {
      demo: process.pid,
      daemons: this.daemons.map((d) => ({ name: d.name, pid: d.pid, startTicks: d.startTicks })),
    };
    writeJsonAtomic(file, record, { dirMode: PRIVATE_DIR });
  }
}
