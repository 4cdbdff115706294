/**
 * The demo's long-running children: real `world` daemons (`world verifier`, `world
 * keeper`, `world spirit`, `world monitor`), each in its own process group, so a Ctrl-C
 * in the terminal reaches the demo alone and the demo stops them in order (SIGTERM,
 * SIGKILL after a grace period). Their stdout and stderr are kept in
 * .world/logs/demo-<name>.out, and read as they come (the monitor prints its URL there).
 */
import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { join } from "node:path";
import { execa, type ResultPromise } from "execa";
import { WORLD_BIN } from "../../tools/package-root.js";
import { InternalError } from "../../tools/errors.js";
import { describeExit, isSameProcess, procStat } from "../../tools/process/identity.js";
import { terminateChild } from "../../tools/process/terminate.js";
import { PRIVATE_DIR, type WorldPaths } from "../../tools/world/paths.js";

export interface Exit {
  code: number | null;
  signal: string | null;
}

/** The environment every child of the demo gets: this world, and no model key (offline). */
export function demoEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, WORLD_HOME: home };
  delete env.ANTHROPIC_API_KEY;
  return env;
}

/** `node dist/bin/world.js --home <home> <args…>` as an argument array. */
export function worldCommand(home: string, args: readonly string[]): string[] {
  return [process.execPath, WORLD_BIN, "--home", home, ...args];
}

export class Daemon {
  readonly pid: number;
  readonly startTicks: number | null;
  readonly outFile: string;
  /** Resolves when the process has ended, however it ended. */
  readonly exited: Promise<Exit>;
  exit: Exit | undefined;
  private output = "";
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly name: string,
    readonly label: string,
    proc: ResultPromise,
    out: WriteStream,
    outFile: string,
  ) {
    this.pid = proc.pid!;
    this.startTicks = procStat(this.pid)?.startTicks ?? null;
    this.outFile = outFile;
    const take = (chunk: Buffer) => {
      out.write(chunk);
      this.output += chunk.toString("utf8");
      for (const l of this.listeners) l();
    };
    proc.stdout?.on("data", take);
    proc.stderr?.on("data", take);
    this.exited = new Promise<Exit>((resolve) => {
      proc.once("exit", (code, signal) => {
        this.exit = { code, signal };
        resolve(this.exit);
      });
    });
    // Close the copy only once both pipes have drained (exit can come before the last chunk).
    void proc.then(() => out.end(), () => out.end());
  }

  get running(): boolean {
    return this.exit === undefined;
  }

  /** The first match of `re` in what the daemon printed, once it has printed it. */
  printed(re: RegExp): Promise<RegExpExecArray> {
    return new Promise((resolve) => {
      const look = () => {
        const m = re.exec(this.output);
        if (m === null) return false;
        this.listeners.delete(check);
        resolve(m);
        return true;
      };
      const check = () => void look();
      if (!look()) this.listeners.add(check);
    });
  }

  /** SIGTERM to its group (graceful), SIGKILL after `graceMs`; resolves with how it ended. */
  async stop(graceMs: number): Promise<string> {
    if (this.running) {
      await terminateChild(this.exited, (signal) => this.signal(signal), graceMs);
    }
    return describeExit(this.exit!.code, this.exit!.signal);
  }

  /** The second Ctrl-C, or the demo itself exiting: no waiting. */
  kill(): void {
    if (this.running) this.signal("SIGKILL");
  }

  private signal(signal: NodeJS.Signals): void {
    try {
      process.kill(-this.pid, signal); // the daemon leads its own group
    } catch {
      // already gone
    }
  }

  /** For the pid record: is this process (pid and start time) still running? */
  alive(): boolean {
    return isSameProcess(this.pid, this.startTicks);
  }
}

export function startDaemon(paths: WorldPaths, name: string, label: string, args: readonly string[]): Daemon {
  mkdirSync(paths.logs, { recursive: true, mode: PRIVATE_DIR });
  const outFile = join(paths.logs, `demo-${name}.out`);
  const out = createWriteStream(outFile, { flags: "a" });
  const [cmd, ...rest] = worldCommand(paths.home, args);
  const proc = execa(cmd!, rest, {
    cwd: paths.home,
    detached: true, // its own process group: the terminal's Ctrl-C is the demo's to handle
    cleanup: false, // the demo stops it itself, in order (and kills it on exit, see ui/demo/shutdown.ts)
    reject: false,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    buffer: false,
    extendEnv: false,
    env: demoEnv(paths.home),
  });
  proc.catch(() => undefined);
  if (proc.pid === undefined) throw new InternalError(`could not start ${label}: expected a runnable ${WORLD_BIN} (run npm run build), received no process`);
  return new Daemon(name, label, proc, out, outFile);
}
