/**
 * An answer to a session, usually a person's. Shared by the CLI, the monitor and the MCP
 * server; the line ends with who wrote it (tools/world/writer.ts), since only a person's
 * "approve" lets a refused command run.
 */
import { NotFoundError, UsageError } from "../errors.js";
import { appendOnce } from "./append.js";
import type { Entry } from "./entry.js";
import { findLastEntry } from "./last-status.js";
import { isNudgeLine } from "./nudge-state.js";
import type { WorldPaths } from "./paths.js";
import { isPerson, stamped, type Writer } from "./writer.js";

export function respondTo(
  paths: WorldPaths,
  id: string,
  text: string,
  options: { sync?: boolean; source?: string; writer: Writer },
): { entry: Entry; warning?: string } {
  if (text.trim() === "") throw new UsageError(`empty response: expected some text for session ${id}, received nothing`);
  // One backward read finds the latest agent status or Spirit nudge with this id.
  const last = findLastEntry(paths.log, id, (e) => e.kind === "agent" || isNudgeLine(e));
  if (last === undefined) {
    throw new NotFoundError(`unknown session: expected the id of an agent or a Spirit nudge in world.log, received ${JSON.stringify(id)}`);
  }
  const entry = appendOnce(paths, { kind: "event", source: options.source ?? "user", id, output: stamped(text, options.writer) }, options);
  if (last.kind === "agent" && last.status !== "failed") {
    return { entry, warning: `session ${id} is ${last.status}, not failed: the response was logged anyway` };
  }
  if (last.kind === "agent" && !isPerson(options.writer)) {
    // The Verifier relaunches a failed agent on a person's answer only (verifier/handle.ts).
    return { entry, warning: `session ${id} is failed and a program's answer does not send it back to work: a person must answer (world respond at a terminal, or the monitor)` };
  }
  return { entry };
}
