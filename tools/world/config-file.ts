/**
 * `.world/config.json`, read and parsed: the one reader of the file (tools/world/config.ts
 * checks each section with its schema). Apart from the schemas, so that a daemon whose
 * config has nothing to check starts without loading zod (issue 23, start-up).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { UsageError, shown } from "../errors.js";
import type { WorldPaths } from "./paths.js";

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
