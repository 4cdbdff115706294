/** `world sync --nats <url>`: this world replicated through a NATS JetStream stream (docs/sync.md). */
import { daemonLogger, onShutdown } from "../../tools/process/daemon.js";
import type { SyncCliOptions } from "../../sync/setup.js";
import type { Context } from "./context.js";

export async function sync(ctx: Context, opts: SyncCliOptions): Promise<void> {
  // The NATS client is loaded here only: no other command pays for it.
  const { prepareSync } = await import("../../sync/setup.js");
  const { url, stream, machine } = prepareSync(ctx.paths, opts, "world sync");
  const { runSync } = await import("../../sync/replicate.js");
  const log = daemonLogger(ctx.paths, "sync");
  const stop = new AbortController();
  const remove = onShutdown(() => stop.abort(), log);
  process.stderr.write(`sync: ${ctx.paths.log} as machine ${machine}, through stream ${stream} at ${url} (operational log: .world/logs/sync.log)\n`);
  try {
    await runSync(ctx.paths, { url, stream, machine, signal: stop.signal, log });
    log.info("sync stopped");
  } finally {
    remove();
  }
}
