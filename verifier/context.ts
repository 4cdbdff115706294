/** What the Verifier's parts share: the world, the index, the one appender, the judges' settings. */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Appender } from "../tools/world/append.js";
import type { WorldIndex } from "../tools/world/index-db.js";
import type { WorldPaths } from "../tools/world/paths.js";
import type { Logger } from "../tools/process/daemon.js";
import type { ClusterJudging } from "./cluster.js";
import type { ModelJudge } from "./model-judge.js";
import { msFromEnv } from "../tools/duration.js";
import { z } from "zod";
import { configSection, readWorldConfig } from "../tools/world/config.js";
import type { RunningChecks } from "./check-groups.js";

export interface VerifierSettings {
  /** Retries the Verifier grants before escalating to a human (default 3). */
  maxRetries: number;
  /** Timeout of a `command exits 0:` check (default 30 s; WORLD_CHECK_TIMEOUT_MS). */
  commandTimeoutMs: number;
  /** Output a command check may print before it is stopped (default 1 MiB). */
  maxOutputBytes: number;
  /** Memory (RLIMIT_DATA) a command check may use (default 512 MiB). */
  memoryMiB: number;
  /** Time a `matches /re/` check may take (default 2 s; WORLD_REGEX_DEADLINE_MS). */
  regexDeadlineMs: number;
  /** Judgements run at once, each with its checks (default 4; `verifier.concurrentChecks` in .world/config.json). */
  concurrentChecks: number;
}

const VERIFIER_DEFAULTS: VerifierSettings = {
  maxRetries: 3,
  commandTimeoutMs: msFromEnv("WORLD_CHECK_TIMEOUT_MS", 30_000),
  maxOutputBytes: 1 << 20,
  memoryMiB: 512,
  regexDeadlineMs: msFromEnv("WORLD_REGEX_DEADLINE_MS", 2_000),
  concurrentChecks: 4,
};

const FileSchema = z.object({ concurrentChecks: z.number().int().min(1).max(16) }).partial();

/** The defaults, then .world/config.json's `verifier` section, then what the caller asks for. */
export function verifierSettings(paths: WorldPaths, given: Partial<VerifierSettings> = {}): VerifierSettings {
  const fromFile = configSection(readWorldConfig(paths), "verifier", FileSchema);
  return { ...VERIFIER_DEFAULTS, ...(fromFile.concurrentChecks !== undefined && { concurrentChecks: fromFile.concurrentChecks }), ...given };
}

export interface VerifierContext {
  paths: WorldPaths;
  index: WorldIndex;
  appender: Appender;
  settings: VerifierSettings;
  model?: ModelJudge;
  log?: Logger;
  /** Claims a finish cluster-wide before judging it, when the world is synced (docs/sync.md). */
  cluster?: ClusterJudging;
  /** The command checks running now, ended with the Verifier (check-groups.ts). */
  checks?: RunningChecks;
  /** Stopping: a judgement cut short by it writes no verdict. */
  signal?: AbortSignal;
}

/** A field in full: the line may hold a prefix, with the whole text in .world/<ref>. */
export function fullText(ctx: VerifierContext, text: string, ref: string | undefined | null): string {
  if (!ref) return text;
  // A reference is written by the appender as attachments/<name>; one that leads anywhere
  // else (a hand-written `../../etc/passwd`) is not followed.
  const file = resolve(ctx.paths.dir, ref);
  if (dirname(file) !== ctx.paths.attachments) return text;
  try {
    return readFileSync(file, "utf8");
  } catch {
    return text; // the attachment is gone: judge the prefix, which is still honest evidence
  }
}

/** Verifier retries start with this; a human's answer turns into a retry starting with HUMAN_PREFIX (tools/world/asks/human-answer.ts). */
export const RETRY_PREFIX = "retry ";
