/** `world check <reader>` */
import { InternalError } from "../../tools/errors.js";
import { checkAsync } from "../../tools/world/check.js";
import { checkReader } from "../../tools/world/cursor.js";
import { formatEntry } from "../../tools/world/format.js";
import { entryJson } from "../../tools/world/json.js";
import { describeProblem } from "../../tools/world/read.js";
import { parseCount } from "../../tools/count.js";
import { requireHome, type Context } from "./context.js";

export async function check(ctx: Context, reader: string, opts: { peek?: boolean; json?: boolean; limit?: string }): Promise<void> {
  requireHome(ctx);
  const limit = parseCount(opts.limit, "--limit", { fallback: Infinity });
  await checkAsync(
    ctx.paths,
    checkReader(reader),
    async ({ entries, problems, reset }) => {
      if (reset) ctx.warn(reset);
      for (const p of problems) ctx.warn(describeProblem(p));
      if (entries.length === 0) {
        // A person at a terminal gets an answer; a program reading a pipe gets nothing to parse.
        if (process.stdout.isTTY === true && !opts.json) ctx.out(`(nothing new for ${reader})`);
        return;
      }
      // Handed over means stdout took every line: a pipe whose reader went away (`| head -1`)
      // fails the write (EPIPE), and then the cursor must not move. Pipe writes can also be
      // queued when the pipe is full, so the last write's callback is what says "written".
      const lines = entries.map((e) => (opts.json ? JSON.stringify(entryJson(e)) : formatEntry(e)) + "\n");
      // (bin/world.ts ends the process on EPIPE before this callback's rejection is seen.)
      await new Promise<void>((resolve, reject) => {
        for (const line of lines.slice(0, -1)) process.stdout.write(line);
        process.stdout.write(lines.at(-1)!, (error) => {
          if (error) reject(new InternalError(`cannot hand over to stdout (${error.message}): ${reader}'s cursor was not moved`));
          else resolve();
        });
      });
    },
    { peek: opts.peek === true, limit },
  );
}
