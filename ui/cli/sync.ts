/** `world sync --nats <url>`: this world replicated through a NATS JetStream stream (docs/sync.md). */
import { RefusedError } from "../../tools/errors.js";
import { daemonLogger, onShutdown } from "../../tools/process/daemon.js";
import { tryLock } from "../../tools/process/lock.js";
import type { SyncCliOptions } from "../../sync/setup.js";
import type { Context } from "./context.js";

export async function sync(ctx: Context, given: SyncCliOptions): Promise<void> {
  // WORLD_NATS keeps credentials out of the arguments (world up passes the URL this way).
  const opts = { ...given, nats: given.nats ?? process.env.WORLD_NATS, natsCa: given.natsCa ?? process.env.WORLD_NATS_CA };
  const { checkSyncOptions } = await import("../../sync/setup.js");
  checkSyncOptions(opts, "world sync"); // a usage error says so first, whatever else runs
  // One per world: two would each append every line from the other machines (and a second
  // one's options would replace the first's in .world/sync/nats.json). Taken before anything
  // is written, held until it stops.
  const lock = tryLock(ctx.paths, "sync");
  if ("heldBy" in lock) {
    throw new RefusedError(
      `world sync is already running in ${ctx.paths.home} (pid ${lock.heldBy}): expected one per world, received a second; two would each append every line from the other machines`,
    );
  }
  try {
    await syncLocked(ctx, opts);
  } finally {
    lock.release();
  }
}

async function syncLocked(ctx: Context, opts: SyncCliOptions): Promise<void> {
  // The NATS client is loaded here only: no other command pays for it.
  const { prepareSync } = await import("../../sync/setup.js");
  const { url, stream, machine, ca } = prepareSync(ctx.paths, opts, "world sync");
  const { runSync } = await import("../../sync/replicate.js");
  const { shownUrl } = await import("../../sync/auth.js");
  const log = daemonLogger(ctx.paths, "sync");
  const stop = new AbortController();
  const remove = onShutdown(() => stop.abort(), log);
  process.stderr.write(`sync: ${ctx.paths.log} as machine ${machine}, through stream ${stream} at ${shownUrl(url)} (operational log: .world/logs/sync.log)\n`);
  const say = (text: string) => process.stderr.write(`sync: ${text}\n`);
  try {
    await runSync(ctx.paths, { url, stream, machine, ...(ca !== undefined && { ca }), signal: stop.signal, log, say });
    log.info("sync stopped");
  } catch (error) {
    // Why it ended goes in the log too: world status and the monitor show it, not an old "connected".
    const { notice, STOPPED } = await import("../../sync/notices.js");
    try {
      notice(ctx.paths, machine, `${STOPPED}${(error as Error)?.message ?? String(error)}`);
    } catch {
      // the log itself failing: the error below says enough
    }
    throw error;
  } finally {
    remove();
  }
}
