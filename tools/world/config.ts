/**
 * `.world/config.json`, the one reader: the file is read and parsed once per load, and
 * each part of world (`keeper`, `spirit`, …) checks its own section with its own zod
 * schema; keys of other sections are left alone. Every error is one line naming the key:
 *   invalid /w/.world/config.json: keeper.killGrace: expected a duration with its unit, like "10m" (ms, s, m, h or d), received "600"
 */
import { z } from "zod";
import { UsageError } from "../errors.js";
import { DURATION_EXPECTED, durationMs } from "../duration.js";
import type { WorldConfig } from "./config-file.js";
import { describeIssue, receivedAt } from "../zod-problem.js";

export { readWorldConfig, type WorldConfig } from "./config-file.js";

/** A duration in a config file, in milliseconds; a bare number is refused (units required). */
export const configDuration = z.unknown().transform((value, ctx) => {
  const ms = durationMs(value);
  if (ms === undefined) {
    ctx.addIssue({ code: "custom", message: `expected ${DURATION_EXPECTED}` });
    return z.NEVER;
  }
  return ms;
});

/** One section checked by its schema: `{}` when absent. */
export function configSection<S extends z.ZodType>(config: WorldConfig, section: string, schema: S): z.output<S> {
  const raw = config.data[section];
  const parsed = schema.safeParse(raw === undefined && schema instanceof z.ZodObject ? {} : raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new UsageError(`invalid ${config.file}: ${[section, ...issue.path].join(".")}: ${describeIssue(issue)}, received ${receivedAt(raw, issue.path)}`);
}
