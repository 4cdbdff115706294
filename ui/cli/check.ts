/** `world check <reader>` */
import { check as checkLog } from "../../tools/world/check.js";
import { checkReader } from "../../tools/world/cursor.js";
import { formatEntry } from "../../tools/world/format.js";
import { entryJson } from "../../tools/world/json.js";
import { describeProblem } from "../../tools/world/read.js";
import type { Context } from "./context.js";

export function check(ctx: Context, reader: string, opts: { peek?: boolean; json?: boolean }): void {
  checkLog(
    ctx.paths,
    checkReader(reader),
    ({ entries, problems, reset }) => {
      if (reset) ctx.warn(reset);
      for (const p of problems) ctx.warn(describeProblem(p));
      // stdout is synchronous for files and pipes on Linux: written means handed over.
      for (const e of entries) ctx.out(opts.json ? JSON.stringify(entryJson(e)) : formatEntry(e));
    },
    { peek: opts.peek === true },
  );
}
