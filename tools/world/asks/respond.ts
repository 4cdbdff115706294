/**
 * An answer to a session, usually a person's. Shared by the CLI, the monitor and the MCP
 * server; the line ends with who wrote it (tools/world/writer.ts), since only a person's
 * "approve" lets a refused command run.
 */
import { NotFoundError, RefusedError, UsageError } from "../../errors.js";
import { appendOnce } from "../append.js";
import type { Entry } from "../entry.js";
import { findLastEntry } from "../last-status.js";
import { openIndex } from "../index-db.js";
import { isNudgeLine } from "./nudge-state.js";
import { nudgeById } from "./nudges.js";
import type { WorldPaths } from "../paths.js";
import { isPerson, stamped, type Writer } from "../writer.js";

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
  if (last.kind === "event") refuseClosedQuestion(paths, id);
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

const WHAT_HAPPENED = { answered: "answered already (its yes started what it offered)", declined: "declined", expired: "not answered in time and expired" } as const;

/**
 * An answer to a question that is no longer open does nothing (the Spirit would only write
 * `nudge closed: … nothing done`): refused with what happened, instead of "sent".
 */
function refuseClosedQuestion(paths: WorldPaths, id: string): void {
  const index = openIndex(paths);
  let nudge;
  try {
    index.catchUp();
    nudge = nudgeById(index, id);
  } finally {
    index.close();
  }
  if (nudge === undefined || nudge.state === "open") return;
  const when = nudge.state === "expired" ? ` at ${nudge.expiresAt}` : "";
  throw new RefusedError(`refused: question ${id} was ${WHAT_HAPPENED[nudge.state]}${when}: an answer now does nothing, so none was written (say what you want to the Spirit again)`);
}
