/**
 * Running one command: execa with an argv array (never a shell), stdin closed, a
 * timeout, bounded output capture. It never throws for the command's own failure: the
 * result says whether it ran, how it ended and what it printed.
 */
import { execa } from "execa";
import { z } from "zod";

export const RunInput = z.object({
  argv: z.array(z.string()).min(1, "a command"),
  cwd: z.string().min(1).optional(),
  /** Killed (SIGTERM, then SIGKILL) after this long. Default 60 s. */
  timeoutMs: z.number().int().positive().max(3_600_000).default(60_000),
  /** Bytes of output kept; the rest is cut (the command is not stopped for it). Default 1 MiB. */
  maxOutputBytes: z.number().int().positive().default(1 << 20),
});
export type RunInput = z.input<typeof RunInput>;

export interface RunResult {
  argv: string[];
  /** undefined when the command did not start or was killed by a signal. */
  exitCode: number | undefined;
  signal: string | undefined;
  timedOut: boolean;
  /** Why it did not start (ENOENT…), if it did not. */
  startError: string | undefined;
  stdout: string;
  stderr: string;
  /** stdout and stderr interleaved as printed. */
  all: string;
  truncated: boolean;
  durationMs: number;
}

export async function runCommand(input: RunInput, signal?: AbortSignal): Promise<RunResult> {
  const { argv, cwd, timeoutMs, maxOutputBytes } = RunInput.parse(input);
  const [file, ...args] = argv as [string, ...string[]];
  const started = Date.now();
  const result = await execa(file, args, {
    reject: false,
    all: true,
    stdin: "ignore",
    timeout: timeoutMs,
    forceKillAfterDelay: 2000,
    maxBuffer: maxOutputBytes,
    stripFinalNewline: true,
    ...(cwd !== undefined && { cwd }),
    ...(signal !== undefined && { cancelSignal: signal }),
  });
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  const startError = result.exitCode === undefined && !result.timedOut && !result.isCanceled && result.signal === undefined
    ? (result.cause instanceof Error ? result.cause.message : result.shortMessage)
    : undefined;
  return {
    argv: [file, ...args],
    exitCode: result.exitCode,
    signal: result.signal,
    timedOut: result.timedOut === true,
    startError,
    stdout: text(result.stdout),
    stderr: text(result.stderr),
    all: text(result.all),
    truncated: result.isMaxBuffer === true,
    durationMs: Date.now() - started,
  };
}

/** How the command ended: "exit 0 in 12 ms", "timed out after 60000 ms", "did not start: …". */
export function howItEnded(result: RunResult): string {
  if (result.startError !== undefined) return `did not start: ${result.startError}`;
  if (result.timedOut) return `timed out after ${result.durationMs} ms`;
  if (result.exitCode === undefined) return `killed by ${result.signal ?? "a signal"} after ${result.durationMs} ms`;
  return `exit ${result.exitCode} in ${result.durationMs} ms`;
}

/** One line for a log or evidence: `exit 0 in 12 ms, 3 lines of output: first line …`. */
export function summarize(result: RunResult, max = 160): string {
  const how = howItEnded(result);
  const lines = result.all.split("\n").filter((l) => l.trim() !== "");
  if (lines.length === 0) return `${how}, no output`;
  const first = lines[0]!.length > max ? `${lines[0]!.slice(0, max - 1)}…` : lines[0]!;
  return `${how}, ${lines.length} line${lines.length === 1 ? "" : "s"} of output: ${first}${lines.length > 1 ? " …" : ""}`;
}
