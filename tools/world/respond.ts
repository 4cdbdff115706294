/** A human's answer to a session. Shared by the CLI, the monitor and the MCP server. */
import { NotFoundError, UsageError } from "../errors.js";
import { appendOnce } from "./append.js";
import type { Entry } from "./entry.js";
import { findLastStatus } from "./last-status.js";
import type { WorldPaths } from "./paths.js";

export function respondTo(
  paths: WorldPaths,
  id: string,
  text: string,
  options: { sync?: boolean; source?: string } = {},
): { entry: Entry; warning?: string } {
  if (text.trim() === "") throw new UsageError(`empty response: expected some text for session ${id}, received nothing`);
  const last = findLastStatus(paths.log, id);
  if (last === undefined) {
    throw new NotFoundError(`unknown session: expected the id of an agent in world.log, received ${JSON.stringify(id)}`);
  }
  const entry = appendOnce(paths, { kind: "event", source: options.source ?? "user", id, output: text }, options);
  const warning =
    last.status === "failed" ? undefined : `session ${id} is ${last.status}, not failed: the response was logged anyway`;
  return warning === undefined ? { entry } : { entry, warning };
}
