/**
 * Which agent status may follow which. Refused transitions are errors unless forced.
 *
 *   (none)   → start
 *   start    → active, finish, failed
 *   active   → active, finish, failed
 *   finish   → verified, retry, failed
 *   retry    → active, finish, failed
 *   failed   → retry, closed    (retry after a human answered: enforced by transition.ts, which reads the log)
 *   verified → nothing          (terminal)
 *   closed   → nothing          (terminal: a person closed it, agents/close.ts)
 *
 * `closed` may follow every status but verified and closed: a person can end any session,
 * running, waiting for its verdict or failed, for good.
 */
import { NotFoundError, RefusedError } from "../errors.js";
import type { AgentStatus } from "./entry.js";

const TRANSITIONS: { readonly [S in AgentStatus | "none"]: readonly AgentStatus[] } = {
  none: ["start"],
  start: ["active", "finish", "failed", "closed"],
  active: ["active", "finish", "failed", "closed"],
  finish: ["verified", "retry", "failed", "closed"],
  retry: ["active", "finish", "failed", "closed"],
  failed: ["retry", "closed"],
  verified: [],
  closed: [],
};

/** Statuses of a session whose agent is at work (an `active` session, for world query). */
export const RUNNING = ["start", "active", "retry"] as const satisfies readonly AgentStatus[];

/** Statuses after which the agent has nothing more to do (failed waits for a person). */
export const TERMINAL: readonly AgentStatus[] = ["verified", "failed", "closed"];

export function isRunning(status: string): boolean {
  return (RUNNING as readonly string[]).includes(status);
}

export function isTerminal(status: string): boolean {
  return (TERMINAL as readonly string[]).includes(status);
}

/** Statuses after which nothing may follow: the session is over for good. */
export const OVER: readonly AgentStatus[] = ["verified", "closed"];

/**
 * `closed` is written only by closing (agents/close.ts: a person, with who and why on the
 * line), never as a plain status by `world agent`, MCP's log_agent_status or an agent.
 */
export function refuseClosedStatus(status: AgentStatus, id: string): void {
  if (status === "closed") {
    throw new RefusedError(`refused: a session is closed only by a person, with world close ${id} [reason] (or the monitor's Close button), received a plain closed status`);
  }
}

export function allowed(from: AgentStatus | undefined, to: AgentStatus): boolean {
  return TRANSITIONS[from ?? "none"].includes(to);
}

export function checkTransition(id: string, from: AgentStatus | undefined, to: AgentStatus): void {
  if (allowed(from, to)) return;
  // A session that never started is unknown (exit 4), not a transition to force: --force
  // would write a status for a session nobody started.
  if (from === undefined) {
    throw new NotFoundError(`unknown session: expected the id of a started session (world agent start ${id} … or world spawn), received ${to} for ${JSON.stringify(id)}, which has no start line`);
  }
  const options = TRANSITIONS[from];
  const expected = options.length === 0 ? "nothing (the session is over)" : options.map((s) => (s === "closed" ? "closed (by a person: world close)" : s)).join(", ");
  const was = `latest status ${from}`;
  throw new RefusedError(
    // Closing is never forced (world close has no --force): the hint would send a person nowhere.
    `refused transition for session ${id}: ${was} allows ${expected}, received ${to}${to === "closed" ? "" : " (use --force to override)"}`,
  );
}
