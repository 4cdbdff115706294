/** `world verify --once` and `world verifier` (the L2 Verifier). */
import { daemonLogger, onShutdown, surviveFullDisk } from "../../tools/process/daemon.js";
import type { Tally } from "../../verifier/handle.js";
import type { Context } from "./context.js";

function show(t: Tally): string {
  return `verify: ${t.verified} verified, ${t.retry} retry, ${t.failed} failed; ${t.answered} human answers, ${t.relaunched} agents relaunched`;
}

export async function verifyOnce(ctx: Context): Promise<void> {
  const { runVerifier } = await import("../../verifier/read-loop.js");
  const log = daemonLogger(ctx.paths, "verifier");
  ctx.out(show(await runVerifier(ctx.paths, { once: true, log })));
}

export async function verifier(ctx: Context, opts: { debounce?: string }): Promise<void> {
  const { runVerifier } = await import("../../verifier/read-loop.js");
  const { parseDuration } = await import("../../tools/duration.js");
  const log = daemonLogger(ctx.paths, "verifier");
  const stop = new AbortController();
  const remove = onShutdown(() => stop.abort(), log);
  process.stderr.write(`verifier: following ${ctx.paths.log} (operational log: .world/logs/verifier.log)\n`);
  try {
    const debounce = opts.debounce !== undefined ? { debounceMs: parseDuration(opts.debounce, "--debounce") } : {};
    // A full disk pauses it (waiting for space, then reading again from its cursor), never ends it.
    const total = await surviveFullDisk(ctx.paths, log, () => runVerifier(ctx.paths, { signal: stop.signal, log, ...debounce, onTally: (t) => ctx.out(show(t)) }), stop.signal, "verifier");
    log.info(total, "verifier stopped");
  } finally {
    remove();
  }
}
