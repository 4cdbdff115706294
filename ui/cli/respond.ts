/** `world respond <session-id> <text…>`: a human's answer, as [event:user][session-id] text. */
import { checkId } from "../../tools/world/entry.js";
import { formatEntry } from "../../tools/world/format.js";
import { respondTo } from "../../tools/world/respond.js";
import type { Context } from "./context.js";

export function respond(ctx: Context, id: string, words: string[]): void {
  const { entry, warning } = respondTo(ctx.paths, checkId(id, "session id"), words.join(" "), { sync: ctx.sync, writer: ctx.writer() });
  if (warning) ctx.warn(warning);
  ctx.out(formatEntry(entry));
}
