/**
 * The Keeper's thresholds: defaults, then `.world/config.json` (`{"keeper": {...}}`),
 * then command-line flags. Durations carry their unit: "90s", "5m", "2h", "1d" (tools/duration.ts).
 */
import cron from "node-cron";
import { z } from "zod";
import { UsageError, shown } from "../tools/errors.js";
import { parseDuration } from "../tools/duration.js";
import { configDuration, configSection, readWorldConfig } from "../tools/world/config.js";
import type { WorldPaths } from "../tools/world/paths.js";

export interface KeeperConfig {
  /** `start` (or `retry`) with no `active` for this long → failed. */
  startTimeoutMs: number;
  /** `active` with no `finish` for this long (since the latest `active`) → failed. */
  activeTimeoutMs: number;
  /** `failed` with no human response for this long → escalate, again every period. */
  escalateAfterMs: number;
  /** `finish` with no verdict for this long → a nudge (is the Verifier running?), again every escalation period. */
  verdictTimeoutMs: number;
  /** SIGTERM, then SIGKILL after this long. */
  killGraceMs: number;
  /** An agent still running after its verdict is left this long to write its last line and exit before it is signalled. */
  orphanGraceMs: number;
  /** Log health: a timestamp this far ahead of the clock is "in the future". */
  futureSkewMs: number;
  /** Log health: a timestamp this far before the previous line's is "out of order". */
  disorderMs: number;
  /** Free space (MiB) where world.log lives below which the Keeper warns (keeper/disk.ts). */
  diskLowMiB: number;
  /** Operational logs (keeper/retention.ts): an agent's .out/.err kept this long after its last write. */
  agentLogsMs: number;
  /** Operational logs: a daemon's log in .world/logs/ over this many MiB is moved to <name>.1 (one kept). */
  daemonLogMiB: number;
  /** The daemon's schedule (node-cron; six fields means seconds first). */
  every: string;
  /** A command run with the escalation text as its last argument (e.g. ["notify-send", "world"]). */
  notify?: string[];
}

export const KEEPER_DEFAULTS: KeeperConfig = {
  startTimeoutMs: 3_600_000,
  activeTimeoutMs: 7_200_000,
  escalateAfterMs: 86_400_000,
  verdictTimeoutMs: 900_000,
  killGraceMs: 10_000,
  orphanGraceMs: 5_000,
  futureSkewMs: 300_000,
  disorderMs: 600_000,
  diskLowMiB: 1024,
  agentLogsMs: 7 * 86_400_000,
  daemonLogMiB: 10,
  every: "*/5 * * * *",
};

const FileSchema = z
  .object({
    startTimeout: configDuration,
    activeTimeout: configDuration,
    escalateAfter: configDuration,
    verdictTimeout: configDuration,
    killGrace: configDuration,
    orphanGrace: configDuration,
    futureSkew: configDuration,
    disorder: configDuration,
    diskLowMiB: z.number().int().nonnegative(),
    agentLogs: configDuration,
    daemonLogMiB: z.number().int().positive(),
    every: z.string(),
    notify: z.array(z.string()).min(1),
  })
  .partial();

/** Flag values as commander gives them (strings). */
export interface KeeperFlags {
  startTimeout?: string;
  activeTimeout?: string;
  escalateAfter?: string;
  killGrace?: string;
  every?: string;
}

export function loadKeeperConfig(paths: WorldPaths, flags: KeeperFlags = {}): KeeperConfig {
  const fromFile = configSection(readWorldConfig(paths), "keeper", FileSchema);
  const pick = (flag: string | undefined, file: number | undefined, fallback: number, what: string) =>
    flag !== undefined ? parseDuration(flag, what) : (file ?? fallback);
  const every = flags.every ?? fromFile.every ?? KEEPER_DEFAULTS.every;
  if (!cron.validate(every)) throw new UsageError(`invalid schedule: expected a cron expression like "*/5 * * * *", received ${shown(every)}`);
  return {
    startTimeoutMs: pick(flags.startTimeout, fromFile.startTimeout, KEEPER_DEFAULTS.startTimeoutMs, "--start-timeout"),
    activeTimeoutMs: pick(flags.activeTimeout, fromFile.activeTimeout, KEEPER_DEFAULTS.activeTimeoutMs, "--active-timeout"),
    escalateAfterMs: pick(flags.escalateAfter, fromFile.escalateAfter, KEEPER_DEFAULTS.escalateAfterMs, "--escalate-after"),
    verdictTimeoutMs: fromFile.verdictTimeout ?? KEEPER_DEFAULTS.verdictTimeoutMs,
    killGraceMs: pick(flags.killGrace, fromFile.killGrace, KEEPER_DEFAULTS.killGraceMs, "--kill-grace"),
    orphanGraceMs: fromFile.orphanGrace ?? KEEPER_DEFAULTS.orphanGraceMs,
    futureSkewMs: fromFile.futureSkew ?? KEEPER_DEFAULTS.futureSkewMs,
    disorderMs: fromFile.disorder ?? KEEPER_DEFAULTS.disorderMs,
    diskLowMiB: fromFile.diskLowMiB ?? KEEPER_DEFAULTS.diskLowMiB,
    agentLogsMs: fromFile.agentLogs ?? KEEPER_DEFAULTS.agentLogsMs,
    daemonLogMiB: fromFile.daemonLogMiB ?? KEEPER_DEFAULTS.daemonLogMiB,
    every,
    ...(fromFile.notify && { notify: fromFile.notify }),
  };
}
