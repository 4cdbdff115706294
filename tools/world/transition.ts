/**
 * The lifecycle check a writer makes before appending an agent status (the CLI, MCP):
 * the transition table of lifecycle.ts, read against the log, plus the one rule the table
 * cannot hold alone: `failed → retry` only after a human answered (an `[event:user]` line
 * for the session after its failure), as docs/format.md says. The Verifier writes that
 * retry itself when the answer comes; an agent cannot send itself back to work.
 */
import { RefusedError } from "../errors.js";
import type { AgentStatus } from "./entry.js";
import { findLastEntry, findLastStatus } from "./last-status.js";
import { checkTransition } from "./lifecycle.js";

export function checkNextStatus(logPath: string, id: string, next: AgentStatus): void {
  const from = findLastStatus(logPath, id)?.status;
  checkTransition(id, from, next);
  if (from === "failed" && next === "retry" && !answeredSinceFailure(logPath, id)) {
    throw new RefusedError(`refused transition for session ${id}: latest status failed allows retry only after a human answered (world respond ${id} <text>), received retry with no answer since the failure (use --force to override)`);
  }
}

/** Is there an [event:user] line for this session after its latest agent status? */
function answeredSinceFailure(logPath: string, id: string): boolean {
  const last = findLastEntry(logPath, id, (e) => e.kind === "agent" || (e.kind === "event" && e.source === "user"));
  return last?.kind === "event";
}
