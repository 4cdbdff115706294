/**
 * `world respond <session-id> <text…>`: a human's answer, as [event:user][session-id] text;
 * "cancel" to an agent session closes it (agents/answer.ts).
 */
import { answerSession } from "../../agents/answer.js";
import { checkId } from "../../tools/world/entry.js";
import { formatEntry } from "../../tools/world/format.js";
import type { Context } from "./context.js";

export async function respond(ctx: Context, id: string, words: string[]): Promise<void> {
  const { entry, warning } = await answerSession(ctx.paths, checkId(id, "session id"), words.join(" "), { sync: ctx.sync, writer: ctx.writer() });
  if (warning) ctx.warn(warning);
  ctx.out(formatEntry(entry));
}
