/** `world sync --nats <url>`: this world replicated through a NATS JetStream stream (docs/sync.md). */
import { daemonLogger, onShutdown } from "../../tools/proc/daemon.js";
import { UsageError, shown } from "../../tools/errors.js";
import type { Context } from "./context.js";

/** nats://host:port (or tls://, ws://, wss://), or host:port. */
const NATS_URL = /^(?:(?:nats|tls|ws|wss):\/\/\S+|[^\s:/]+:\d+)$/;

export interface SyncCliOptions {
  nats?: string;
  stream?: string;
  machine?: string;
}

export async function sync(ctx: Context, opts: SyncCliOptions): Promise<void> {
  if (opts.nats === undefined || !NATS_URL.test(opts.nats)) {
    const received = opts.nats === undefined ? "no --nats" : shown(opts.nats);
    throw new UsageError(`world sync needs --nats <url>: expected a NATS server address like nats://127.0.0.1:4222, received ${received}`);
  }
  // The NATS client is loaded here only: no other command pays for it.
  const { checkMachine, checkStream, defaultMachine, DEFAULT_STREAM } = await import("../../sync/names.js");
  const { SyncState } = await import("../../sync/state.js");
  const { runSync } = await import("../../sync/run.js");
  const stream = checkStream(opts.stream ?? DEFAULT_STREAM);
  const machine = new SyncState(ctx.paths).machine(opts.machine === undefined ? undefined : checkMachine(opts.machine), defaultMachine());
  const { writeSyncConfig } = await import("../../sync/config.js");
  writeSyncConfig(ctx.paths, { url: opts.nats, stream, machine }); // the Verifier now claims before it judges
  const log = daemonLogger(ctx.paths, "sync");
  const stop = new AbortController();
  const remove = onShutdown(() => stop.abort(), log);
  process.stderr.write(`sync: ${ctx.paths.log} as machine ${machine}, through stream ${stream} at ${opts.nats} (operational log: .world/logs/sync.log)\n`);
  try {
    await runSync(ctx.paths, { url: opts.nats, stream, machine, signal: stop.signal, log });
    log.info("sync stopped");
  } finally {
    remove();
  }
}
