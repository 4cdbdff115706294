/** `world tail [-f] [-n N] [--json]` */
import { parseCount } from "../../tools/count.js";
import type { Located } from "../../tools/world/entry.js";
import { follow } from "../../tools/world/follow.js";
import { entryJson } from "../../tools/world/json.js";
import { lastLinesStart } from "../../tools/world/last-lines.js";
import { describeProblem, readEntries } from "../../tools/world/read.js";
import { requireHome, type Context } from "./context.js";
import { showEntry } from "./show.js";
import { onShutdown } from "../../tools/process/daemon.js";

export async function tail(ctx: Context, opts: { follow?: boolean; lines: string; json?: boolean }): Promise<void> {
  requireHome(ctx);
  const lines = parseCount(opts.lines, "--lines", { min: 0 });
  const style = { colour: process.stdout.isTTY === true && !opts.json };
  const print = (e: Located) => ctx.out(opts.json ? JSON.stringify(entryJson(e)) : showEntry(e, style));
  const read = readEntries(ctx.paths.log, lastLinesStart(ctx.paths.log, lines), (e) => {
    print(e);
  });
  for (const p of read.problems) ctx.warn(describeProblem(p));
  if (!opts.follow) return;

  // Graceful on the first signal; the second one forces.
  const stop = new AbortController();
  onShutdown(() => stop.abort());
  for await (const e of follow(ctx.paths, { from: read.end, signal: stop.signal, onProblem: (p) => ctx.warn(describeProblem(p)) })) {
    print(e);
  }
}
