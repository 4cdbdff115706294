/** `world event` and `world agent`: the write path. No SQLite, no heavy modules. */
import { UsageError } from "../../tools/errors.js";
import { appendOnce } from "../../tools/world/append.js";
import { appendStatus } from "../../tools/world/append-status.js";
import { checkId, checkStatus, checkSource } from "../../tools/world/entry.js";
import { formatEntry } from "../../tools/world/format.js";
import { refuseClosedStatus } from "../../tools/world/lifecycle.js";
import { stamped } from "../../tools/world/writer.js";
import { needHints } from "../../verifier/need-hints.js";
import { existsSync } from "node:fs";
import { announceNewWorld, type Context } from "./context.js";

export function event(ctx: Context, source: string, id: string, words: string[], opts: { quiet?: boolean }): void {
  const checked = checkSource(source);
  // An [event:user] line is an answer: it carries its writer, as `world respond` writes it (tools/world/writer.ts).
  const output = checked === "user" ? stamped(words.join(" "), ctx.writer()) : words.join(" ");
  const homeExisted = existsSync(ctx.paths.home);
  const entry = appendOnce(ctx.paths, { kind: "event", source: checked, id: checkId(id), output }, { sync: ctx.sync });
  announceNewWorld(ctx, homeExisted);
  if (!opts.quiet) ctx.out(formatEntry(entry));
}

// What people type: "task text | need: criteria", with or without the spaces.
const NEED_IN_TEXT = /\s*\|\s*need:\s*/;

export function splitNeed(text: string, flag: string | undefined): { output: string; need?: string } {
  const m = NEED_IN_TEXT.exec(text);
  if (m && flag !== undefined) {
    throw new UsageError(`need given twice: expected either '| need:' in the text or --need, received both`);
  }
  if (flag !== undefined) return { output: text, need: flag };
  if (!m) return { output: text };
  return { output: text.slice(0, m.index), need: text.slice(m.index + m[0].length) };
}

export function agent(
  ctx: Context,
  status: string,
  id: string,
  words: string[],
  opts: { need?: string; force?: boolean; quiet?: boolean },
): void {
  const next = checkStatus(status);
  refuseClosedStatus(next, id);
  checkId(id, "session id");
  const { output, need } = splitNeed(words.join(" "), opts.need);
  const entry = appendStatus(ctx.paths, { status: next, id, output, ...(need !== undefined && { need }) }, { sync: ctx.sync, force: opts.force === true, writer: ctx.writer });
  if (next === "start" && need !== undefined) for (const hint of needHints(need)) ctx.warn(hint);
  if (!opts.quiet) ctx.out(formatEntry(entry));
}
