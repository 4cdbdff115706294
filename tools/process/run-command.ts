/**
 * Running a short command to its end, for the small paths (a desktop notification, the
 * Keeper's notify command): node:child_process with an argument array, never a shell,
 * stdin closed, a time limit, stderr kept for the reason. execa costs ~100 ms to load,
 * more than these commands take; it stays where it earns it (tools/command, world listen's
 * speech-to-text command, world up's children). node:child_process itself (with net, dgram
 * and the streams: ~40 internal modules) is loaded at the first command, not with this file:
 * a reminder agent imports it for its delivery but must arm first (issue 23).
 */

export interface CommandResult {
  /** null when it was ended by a signal, or never started. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** The last 4 KiB of its stderr. */
  stderr: string;
  /** Why it could not start (ENOENT…) or that it ran out of time; undefined when it ran and ended by itself. */
  error?: string;
}

export interface CommandOptions {
  /** SIGKILL after this long (default 10 s). */
  timeoutMs?: number;
  /** The whole environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
}

/** Never rejects: the result says what happened. */
export function runQuickCommand(file: string, args: readonly string[], options: CommandOptions = {}): Promise<CommandResult> {
  return new Promise((resolve) => {
    let stderr = "";
    let error: string | undefined;
    const child = process.getBuiltinModule("node:child_process").spawn(file, args, { stdio: ["ignore", "ignore", "pipe"], env: options.env ?? process.env });
    const timeoutMs = options.timeoutMs ?? 10_000;
    const timer = setTimeout(() => {
      error = `timed out after ${timeoutMs} ms`;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-4096);
    });
    child.on("error", (e) => {
      error ??= e.message;
    });
    child.on("close", (exitCode, signal) => {
      clearTimeout(timer);
      // A command that never started has no exit code (node says -2 for ENOENT).
      resolve({ exitCode: child.pid === undefined ? null : exitCode, signal, stderr, ...(error !== undefined && { error }) });
    });
  });
}

/** Failed: could not start, ran out of time, or did not exit 0. */
export function commandFailed(r: CommandResult): string | undefined {
  if (r.error !== undefined) return r.error;
  if (r.exitCode === 0) return undefined;
  return r.exitCode !== null ? `exited ${r.exitCode}` : `killed by ${r.signal}`;
}
