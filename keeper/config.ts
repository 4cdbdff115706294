/**
 * The Keeper's thresholds: defaults, then `.world/config.json` (`{"keeper": {...}}`),
 * then command-line flags. Durations are "90s", "5m", "2h", "1d" or seconds.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import cron from "node-cron";
import { z } from "zod";
import { UsageError, shown } from "../tools/errors.js";
import { parseDuration } from "../tools/proc/duration.js";
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
  every: "*/5 * * * *",
};

const duration = z.union([z.string(), z.number()]);
const FileSchema = z
  .object({
    startTimeout: duration,
    activeTimeout: duration,
    escalateAfter: duration,
    verdictTimeout: duration,
    killGrace: duration,
    orphanGrace: duration,
    futureSkew: duration,
    disorder: duration,
    diskLowMiB: z.number().int().nonnegative(),
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
  const fromFile = readSection(paths);
  const pick = (flag: string | undefined, file: string | number | undefined, fallback: number, what: string) =>
    flag !== undefined ? parseDuration(flag, what) : file !== undefined ? parseDuration(file, `keeper.${what} in config.json`) : fallback;
  const every = flags.every ?? fromFile.every ?? KEEPER_DEFAULTS.every;
  if (!cron.validate(every)) throw new UsageError(`invalid schedule: expected a cron expression like "*/5 * * * *", received ${shown(every)}`);
  return {
    startTimeoutMs: pick(flags.startTimeout, fromFile.startTimeout, KEEPER_DEFAULTS.startTimeoutMs, "startTimeout"),
    activeTimeoutMs: pick(flags.activeTimeout, fromFile.activeTimeout, KEEPER_DEFAULTS.activeTimeoutMs, "activeTimeout"),
    escalateAfterMs: pick(flags.escalateAfter, fromFile.escalateAfter, KEEPER_DEFAULTS.escalateAfterMs, "escalateAfter"),
    verdictTimeoutMs: pick(undefined, fromFile.verdictTimeout, KEEPER_DEFAULTS.verdictTimeoutMs, "verdictTimeout"),
    killGraceMs: pick(flags.killGrace, fromFile.killGrace, KEEPER_DEFAULTS.killGraceMs, "killGrace"),
    orphanGraceMs: pick(undefined, fromFile.orphanGrace, KEEPER_DEFAULTS.orphanGraceMs, "orphanGrace"),
    futureSkewMs: pick(undefined, fromFile.futureSkew, KEEPER_DEFAULTS.futureSkewMs, "futureSkew"),
    disorderMs: pick(undefined, fromFile.disorder, KEEPER_DEFAULTS.disorderMs, "disorder"),
    diskLowMiB: fromFile.diskLowMiB ?? KEEPER_DEFAULTS.diskLowMiB,
    every,
    ...(fromFile.notify && { notify: fromFile.notify }),
  };
}

function readSection(paths: WorldPaths): z.infer<typeof FileSchema> {
  const file = join(paths.dir, "config.json");
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new UsageError(`invalid ${file}: expected JSON, received unreadable text (${(error as Error).message})`);
  }
  const section = (data as { keeper?: unknown } | null)?.keeper;
  if (section === undefined) return {};
  const parsed = FileSchema.safeParse(section);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = issue.path[0] as string | undefined;
    const value = key === undefined ? section : (section as Record<string, unknown>)[key];
    throw new UsageError(`invalid ${file}: keeper.${issue.path.join(".")}: ${issue.message.toLowerCase().replace(/, received \w+$/, "")}, received ${shown(JSON.stringify(value))}`);
  }
  return parsed.data;
}
