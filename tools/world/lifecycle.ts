/**
 * Which agent status may follow which. Refused transitions are errors unless forced.
 *
 *   (none)   → start
 *   start    → active, finish, failed
 *   active   → active, finish, failed
 *   finish   → verified, retry, failed
 *   retry    → active, finish, failed
 *   failed   → retry            (after a human answered: enforced by transition.ts, which reads the log)
 *   verified → nothing          (terminal)
 */
import { NotFoundError, RefusedError } from "../errors.js";
import type { AgentStatus } from "./entry.js";

const TRANSITIONS: { readonly [S in AgentStatus | "none"]: readonly AgentStatus[] } = {
  none: ["start"],
  start: ["active", "finish", "failed"],
  active: ["active", "finish", "failed"],
  finish: ["verified", "retry", "failed"],
  retry: ["active", "finish", "failed"],
  failed: ["retry"],
  verified: [],
};

export const TERMINAL: readonly AgentStatus[] = ["verified", "failed"];

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
  const options = TRANSITIONS[from ?? "none"];
  const expected = options.length === 0 ? "nothing (the session is over)" : options.join(", ");
  const was = from === undefined ? "no session yet" : `latest status ${from}`;
  throw new RefusedError(
    `refused transition for session ${id}: ${was} allows ${expected}, received ${to} (use --force to override)`,
  );
}
