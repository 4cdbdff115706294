/**
 * The lifecycle check a writer makes before appending an agent status (the CLI, MCP):
 * the transition table of lifecycle.ts, read against the log, plus the one rule the table
 * cannot hold alone: `failed → retry` only after a human answered (an `[event:user]` line
 * for the session after its failure), as docs/format.md says. The Verifier writes that
 * retry itself when the answer comes; an agent cannot send itself back to work, nor can a
 * program's answer (MCP `respond`, `world respond` without a terminal) count as one.
 *
 * And who may write what (docs/trust.md), when the caller says who writes: a verdict
 * (`verified`) is the Verifier's or a person's, never a program's through the CLI or MCP;
 * a program never forces a `retry` (it would relaunch a failed agent in a person's place).
 */
import { RefusedError } from "../errors.js";
import type { AgentStatus } from "./entry.js";
import { findLastEntry, findLastStatus } from "./last-status.js";
import { checkTransition } from "./lifecycle.js";
import { isPerson, isProgram, writerOf, type Writer } from "./writer.js";

/** Refuses what only a person may write; `writer` undefined: the world's own code, which decides itself. */
export function checkWriterMay(id: string, next: AgentStatus, writerOrAsk: Writer | (() => Writer) | undefined, force: boolean): void {
  // Who writes is asked only when it matters: a CLI's answer reads isatty(0), whose module
  // (node:tty, with node:net and the streams) is ~8 ms of a `world agent` start.
  if (next !== "verified" && !(next === "retry" && force)) return;
  const writer = typeof writerOrAsk === "function" ? writerOrAsk() : writerOrAsk;
  if (writer === undefined || isPerson(writer)) return;
  if (next === "verified") {
    throw new RefusedError(`refused verified for session ${id}: expected a verdict from the Verifier or a person (a terminal, --as-human, the monitor), received one from a program (${writer}); finish the session and the Verifier judges it`);
  }
  if (next === "retry" && force) {
    throw new RefusedError(`refused a forced retry for session ${id}: expected a person's answer (world respond at a terminal, or the monitor) to send a session back to work, received --force from a program (${writer})`);
  }
}

export function checkNextStatus(logPath: string, id: string, next: AgentStatus): void {
  const from = findLastStatus(logPath, id)?.status;
  checkTransition(id, from, next);
  if (from === "failed" && next === "retry" && !answeredSinceFailure(logPath, id)) {
    throw new RefusedError(`refused transition for session ${id}: latest status failed allows retry only after a human answered (world respond ${id} <text>), received retry with no answer since the failure (use --force to override)`);
  }
}

/** Is there an [event:user] line for this session after its latest agent status, not stamped by a program? */
function answeredSinceFailure(logPath: string, id: string): boolean {
  const last = findLastEntry(logPath, id, (e) => e.kind === "agent" || (e.kind === "event" && e.source === "user" && !isProgram(writerOf(e.output))));
  return last?.kind === "event";
}
