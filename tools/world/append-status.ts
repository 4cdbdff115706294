/**
 * A session's next status, checked against its latest one and appended as one step.
 *
 * Checking and appending separately let concurrent writers both pass the check: 8 processes
 * running `world agent finish s` at once wrote up to 5 finish lines. The check and the
 * append run under one world-wide lock (`lifecycle`, tools/process/lock.ts): short, since the
 * latest status is almost always in the log's last chunk; its cost is in `npm run bench`.
 */
import { withLock } from "../process/lock.js";
import { appendOnce, type AgentDraft, type AppendOptions } from "./append.js";
import type { Entry } from "./entry.js";
import type { WorldPaths } from "./paths.js";
import { checkNextStatus, checkWriterMay } from "./transition.js";
import type { Writer } from "./writer.js";

export interface StatusOptions extends AppendOptions {
  /** Skip the lifecycle check (`--force`): then there is nothing to hold a lock for. */
  force?: boolean;
  /** Who writes (the CLI, MCP): what only a person may write is refused to a program, forced or not. Asked only when it matters. */
  writer?: Writer | (() => Writer);
}

export function appendStatus(paths: WorldPaths, draft: Omit<AgentDraft, "kind">, options: StatusOptions = {}): Entry {
  const { force, writer, ...append } = options;
  const full: AgentDraft = { kind: "agent", ...draft };
  if (force === true) {
    checkWriterMay(draft.id, draft.status, writer, true);
    return appendOnce(paths, full, append);
  }
  return withLock(paths, "lifecycle", () => {
    checkNextStatus(paths.log, draft.id, draft.status); // the lifecycle's refusal first: it says what the session allows
    checkWriterMay(draft.id, draft.status, writer, false);
    return appendOnce(paths, full, append);
  });
}
