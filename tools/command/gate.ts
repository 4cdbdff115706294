/**
 * The policy gate every agent's command goes through (the shell agent, the general
 * agent's bash_run tool): allowed commands run; others run only if a human approved
 * exactly this command for this session, in the log.
 *
 * Asking: the agent fails with `failed refused: <command> (<reason>) | need: a human
 * to approve: <command>`. Approving: the human answers that session with a response
 * whose first word is "approve" (`world respond <id> approve`, which appends
 * `[event:user][<id>] approve`). When the session is sent back to work (a retry), the
 * gate finds that answer after the refusal and lets the command run. An approval is
 * for that command in that session only; anything else is asked again. Only a person's
 * answer approves: the line must be stamped `(from terminal)` or `(from monitor)`
 * (tools/world/writer.ts); an "approve" from MCP, an agent or the Spirit is not one.
 */
import type { Entry } from "../world/entry.js";
import { findLastEntry } from "../world/last-status.js";
import type { WorldPaths } from "../world/paths.js";
import { isPerson, writerOf } from "../world/writer.js";
import { vetCommand } from "./policy.js";
import { showCommand } from "./words.js";

const APPROVE_PREFIX = "a human to approve: ";
const APPROVAL = /^\s*(approve|approved)\b/i;

/** The `need` of a refusal: what the human is asked to approve. */
export function approvalNeed(argv: readonly string[]): string {
  return APPROVE_PREFIX + showCommand(argv);
}

/**
 * Did a person approve exactly this command for this session, after it was refused?
 * The latest user answer must say "approve…", be stamped as a person's, and come after (in log order, not by
 * timestamp: both may share a millisecond) a refusal whose need names this command.
 */
export function isApproved(paths: WorldPaths, sessionId: string, argv: readonly string[]): boolean {
  const need = approvalNeed(argv);
  let answer: Entry | undefined;
  let approved = false;
  // findLastEntry walks this session's entries backwards until the callback says stop.
  findLastEntry(paths.log, sessionId, (e) => {
    if (answer === undefined) {
      if (e.kind !== "event" || e.source !== "user") return false;
      answer = e;
      // The latest answer is not a person's approval: stop.
      return !(APPROVAL.test(e.output) && isPerson(writerOf(e.output)));
    }
    approved = e.kind === "agent" && e.status === "failed" && e.need === need;
    return approved;
  });
  return approved;
}

export type Authorization =
  | { allowed: true; approvedBy: "policy" | "human" }
  | { allowed: false; command: string; reason: string; need: string };

/** May `argv` run in this session: on the allow-list, or approved by a human in the log? */
export function authorize(paths: WorldPaths, sessionId: string, argv: readonly string[]): Authorization {
  const verdict = vetCommand(argv);
  if (verdict.allowed) return { allowed: true, approvedBy: "policy" };
  if (isApproved(paths, sessionId, argv)) return { allowed: true, approvedBy: "human" };
  return { allowed: false, command: showCommand(argv), reason: verdict.reason, need: approvalNeed(argv) };
}
