/**
 * An answer to a session or a question, as people give it (`world respond`, the monitor's
 * answer box, MCP's respond): "cancel" (or "close", "dismiss", "never mind"…) to an agent
 * session that is not over closes it (agents/close.ts) instead of sending the agent back
 * to work with "cancel" as its guidance; anything else is logged as the answer
 * (tools/world/asks/respond.ts).
 */
import type { Entry } from "../tools/world/entry.js";
import { findLastStatus } from "../tools/world/last-status.js";
import { OVER } from "../tools/world/lifecycle.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { respondTo } from "../tools/world/asks/respond.js";
import type { Writer } from "../tools/world/writer.js";
import { closeSession, isCancelAnswer, type Closed } from "./close.js";

export interface Answered {
  entry: Entry;
  warning?: string;
  /** Set when the answer closed the session. */
  closed?: Closed;
}

/** Would this answer close the session (an agent session not over, answered "cancel")? */
export function answerCloses(paths: WorldPaths, id: string, text: string): boolean {
  if (!isCancelAnswer(text)) return false;
  const last = findLastStatus(paths.log, id)?.status;
  return last !== undefined && !OVER.includes(last);
}

export async function answerSession(paths: WorldPaths, id: string, text: string, options: { writer: Writer; sync?: boolean }): Promise<Answered> {
  if (answerCloses(paths, id, text)) {
    const closed = await closeSession(paths, id, `answered ${JSON.stringify(text.trim())}`, { person: options.writer }, options.sync === undefined ? {} : { sync: options.sync });
    return { entry: closed.entry, closed };
  }
  return respondTo(paths, id, text, options.sync === undefined ? { writer: options.writer } : { writer: options.writer, sync: options.sync });
}
