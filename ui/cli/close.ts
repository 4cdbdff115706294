/** `world close <session-id> [reason…]`: a person ends a session for good (agents/close.ts). */
import { closeSession, type Closed } from "../../agents/close.js";
import { checkId } from "../../tools/world/entry.js";
import { formatEntry } from "../../tools/world/format.js";
import { requireHome, type Context } from "./context.js";

const PROCESSES: Record<Closed["processes"], string> = {
  none: "",
  stopped: " (its processes were stopped)",
  killed: " (its processes were killed: they ignored SIGTERM)",
};

export async function close(ctx: Context, id: string, words: string[]): Promise<void> {
  const { paths } = requireHome(ctx);
  const closed = await closeSession(paths, checkId(id, "session id"), words.join(" "), { person: ctx.writer() }, { sync: ctx.sync });
  ctx.out(formatEntry(closed.entry) + PROCESSES[closed.processes]);
}
