/**
 * `.world/config.json`, the one reader: the file is read and parsed once per load, and
 * each part of world (`keeper`, `spirit`, …) checks its own section with its own zod
 * schema; keys of other sections are left alone. Every error is one line naming the key:
 *   invalid /w/.world/config.json: keeper.killGrace: expected a duration with its unit, like "10m" (ms, s, m, h or d), received "600"
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { UsageError, shown } from "../errors.js";
import { DURATION_EXPECTED, durationMs } from "../duration.js";
import type { WorldPaths } from "./paths.js";
import { describeIssue, receivedAt } from "../zod-problem.js";

/** The whole file, parsed: what each section is read from. */
export interface WorldConfig {
  file: string;
  data: Record<string, unknown>;
}

/** No world (`paths` undefined, the eval) or no file: an empty config. */
export function readWorldConfig(paths: WorldPaths | undefined): WorldConfig {
  if (paths === undefined) return { file: "(no world)", data: {} };
  const file = join(paths.dir, "config.json");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { file, data: {} };
    throw new UsageError(`unreadable ${file}: expected a readable JSON file, received ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`invalid ${file}: expected JSON, received a parse error: ${(error as Error).message}`);
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new UsageError(`invalid ${file}: expected a JSON object ({"keeper": {…}, "spirit": {…}}), received ${shown(JSON.stringify(data))}`);
  }
  return { file, data: data as Record<string, unknown> };
}

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
