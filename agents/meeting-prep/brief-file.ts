/**
 * Where a meeting brief lives: `.world/briefs/<name>.md`, one per session. The agent writes
 * it; the monitor reads it back by name only (GET /api/brief/<name>), so a request can never
 * reach outside that folder.
 */
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { NotFoundError, UsageError, shown } from "../../tools/errors.js";
import type { WorldPaths } from "../../tools/world/paths.js";

const BRIEF_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,200}\.md$/;

export function briefsDir(paths: WorldPaths): string {
  return join(paths.dir, "briefs");
}

/** A session id may hold characters a file name must not ('/'): kept safe and readable. */
export function briefName(sessionId: string): string {
  return `${sessionId.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^\./, "_")}.md`;
}

export function readBrief(paths: WorldPaths, name: string): string {
  if (!BRIEF_NAME.test(name)) throw new UsageError(`invalid brief name: expected <name>.md (letters, digits, '.', '_' or '-'; no path), received ${shown(name)}`);
  try {
    return readFileSync(join(briefsDir(paths), name), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new NotFoundError(`brief not found: expected .world/briefs/${name} to exist, received no such file`);
    throw error;
  }
}
