/**
 * Running a need's `command exits 0:` check so that no command can take the Verifier down
 * with it (issue: `cat /dev/zero` once grew the Verifier to 1.5 GB, again at every restart):
 *
 *   - a time limit: the whole process group is SIGKILLed when it is up;
 *   - an output cap: stdout and stderr are streamed and only counted (the last few KiB are
 *     kept for the reason); past the cap the group is SIGKILLed;
 *   - a memory bound: the command runs under `ulimit -d` (RLIMIT_DATA, its heap and
 *     private mappings), set by a fixed /bin/sh line; the command and its arguments are
 *     passed to it as positional arguments ("$@"), never as shell text.
 *
 * It never throws: how it ended is in the result, for the verdict to say.
 */
import { spawn } from "node:child_process";

export interface CommandLimits {
  timeoutMs: number;
  maxOutputBytes: number;
  memoryMiB: number;
}

export interface BoundedResult {
  /** Exit code, or null when a signal ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Why we stopped it, if we did. */
  stopped?: "timeout" | "output";
  /** Could not be started at all (no /bin/sh?). */
  startError?: string;
  /** The end of what it printed (stdout and stderr as they came). */
  tail: string;
  bytes: number;
}

const TAIL_BYTES = 4096;
// Wait for our go (a newline on stdin, written once the check's record is on disk: a
// Verifier killed in between leaves no unrecorded check, since EOF ends the shell), set the
// limit, drop it from the arguments, and become the command: no text of ours is parsed.
const WRAPPER = 'read -r _ || exit 125; ulimit -d "$1" || exit 125; shift; exec "$@"';

/** Told when a check's process (its group's leader) starts and when it has ended: check-groups.ts. */
export interface CheckWatcher {
  started(pid: number, argv: readonly string[]): void;
  ended(pid: number): void;
}

export function runBounded(argv: readonly string[], options: CommandLimits & { cwd: string; env: NodeJS.ProcessEnv; watcher?: CheckWatcher }): Promise<BoundedResult> {
  return new Promise((resolve) => {
    let bytes = 0;
    let tail = Buffer.alloc(0);
    let stopped: BoundedResult["stopped"];
    const child = spawn("/bin/sh", ["-c", WRAPPER, "sh", String(options.memoryMiB * 1024), ...argv], {
      cwd: options.cwd,
      env: options.env,
      stdio: ["pipe", "pipe", "pipe"], // stdin: the go, then EOF (what the command reads)
      detached: true, // its own process group, so what it started dies with it
    });
    if (child.pid !== undefined) options.watcher?.started(child.pid, argv);
    child.stdin.on("error", () => undefined); // a command that ended at once: nothing to tell
    child.stdin.end("\n");
    let groupEnded = false;
    const endGroup = () => {
      // The check is over: whatever it left in its group goes with it, and so does its record.
      if (groupEnded || child.pid === undefined) return;
      groupEnded = true;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // the group is empty already
      }
      options.watcher?.ended(child.pid);
    };
    const stop = (why: NonNullable<BoundedResult["stopped"]>) => {
      if (stopped !== undefined) return;
      stopped = why;
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => stop("timeout"), options.timeoutMs);
    const take = (chunk: Buffer) => {
      bytes += chunk.length;
      tail = Buffer.concat([tail, chunk]);
      if (tail.length > TAIL_BYTES) tail = tail.subarray(tail.length - TAIL_BYTES);
      if (bytes > options.maxOutputBytes) stop("output");
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.on("error", (error) => {
      clearTimeout(timer);
      endGroup();
      resolve({ code: null, signal: null, startError: error.message, tail: "", bytes });
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      endGroup();
      resolve({ code, signal, ...(stopped !== undefined && { stopped }), tail: tail.toString("utf8"), bytes });
    });
  });
}
