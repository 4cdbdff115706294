/**
 * `world up`: the Keeper, the Verifier (and the Spirit and the monitor when present),
 * supervised: threads of this process by default (daemons/level-thread.ts), processes of
 * their own with --processes (docs/daemons.md weighs the two).
 */
import { readFileSync, statSync } from "node:fs";
import { InternalError, RefusedError, UsageError, shown } from "../../tools/errors.js";
import { endOrphans } from "../../daemons/orphans.js";
import { endLeftChecks } from "../../verifier/check-groups.js";
import { lockHolder, tryLock } from "../../tools/process/lock.js";
import { childSpecs, syncChild, WORLD_CHILDREN, type ChildEntry } from "../../daemons/children.js";
import { RESTART_DEFAULTS, statusLine, Supervisor, type ChildSpec, type RestartPolicy } from "../../daemons/supervisor.js";
import { daemonLogger, onShutdown } from "../../tools/process/daemon.js";
import { parseDuration } from "../../tools/duration.js";
import { parseCount } from "../../tools/count.js";
import type { Context } from "./context.js";
import { monitorUrlFile } from "../monitor/token.js";
import { DEFAULT_PORT } from "./monitor.js";
import { loadKeeperConfig } from "../../keeper/config.js";
import { loadConfig as loadSpiritConfig } from "../../spirit/daemon/config.js";
import { createServer } from "node:net";
import { listProcRecords, recordedGroupAlive } from "../../agents/procs.js";

/**
 * What would stop a child at its start, asked before any starts: `.world/config.json` as the
 * Keeper and the Spirit read it, and a --port already taken. Each is a UsageError (exit 2).
 */
async function checkChildren(ctx: Context, names: readonly string[], port: string | undefined): Promise<void> {
  if (names.includes("keeper")) loadKeeperConfig(ctx.paths);
  if (names.includes("spirit")) loadSpiritConfig(ctx.paths);
  if (names.includes("monitor") && port !== undefined && /^\d+$/.test(port) && Number(port) > 0 && Number(port) <= 65535) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.listen(Number(port), "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (!free) throw new UsageError(`port in use: expected a free port for --port, received ${port} (try --port 0 for any free port); nothing started`);
  }
}

export interface UpOptions {
  only?: string;
  maxRestarts?: string;
  window?: string;
  backoff?: string;
  stopTimeout?: string;
  port?: string;
  /** With --nats, `world sync` runs too (docs/sync.md). */
  nats?: string;
  stream?: string;
  machine?: string;
  natsCa?: string;
  insecure?: boolean;
  /** Each level a process of its own instead of a thread of `up`. */
  processes?: boolean;
}

export async function up(ctx: Context, given: UpOptions): Promise<void> {
  // WORLD_NATS: the server's URL (it may hold credentials) out of the arguments, as for
  // world sync. Read once, then out of this process's environment: every child, and every
  // agent they start, would inherit it; the sync child gets it on its own (children.ts).
  const opts = { ...given, nats: given.nats ?? process.env.WORLD_NATS, natsCa: given.natsCa ?? process.env.WORLD_NATS_CA };
  delete process.env.WORLD_NATS;
  delete process.env.WORLD_NATS_CA;
  // Any sync option asks for sync (then a missing URL is an error); WORLD_NATS_CA alone does not.
  const wantsSync = opts.nats !== undefined || given.stream !== undefined || given.machine !== undefined || given.natsCa !== undefined;
  const syncEntry: ChildEntry = { name: "sync", args: ["sync"] }; // its options once settled, below
  const known = [...(wantsSync ? [syncEntry] : []), ...WORLD_CHILDREN].map((c) => c.name);
  const only = opts.only?.split(",").map((s) => s.trim()).filter(Boolean);
  for (const name of only ?? []) {
    if (!known.includes(name)) throw new UsageError(`unknown child for --only: expected some of ${known.join(", ")}, received ${shown(name)}`);
  }
  const extraArgs: Record<string, string[]> = opts.port === undefined ? {} : { monitor: ["--port", opts.port] };
  const names = childSpecs(ctx.paths.home, only, extraArgs, wantsSync ? [syncEntry] : []).map((s) => s.name);
  if (names.length === 0) {
    throw new UsageError(`nothing to run: expected children among ${known.join(", ")}, received ${shown(opts.only)}`);
  }
  // The usage errors a child would die of, before any child starts (a race left is caught by the supervisor).
  await checkChildren(ctx, names, opts.port);
  // Its usage errors before anything is written (sync's modules only when asked for).
  if (wantsSync) (await import("../../sync/setup.js")).checkSyncOptions(opts, "world up --nats");
  const policy = {
    ...RESTART_DEFAULTS,
    ...(opts.maxRestarts !== undefined && { maxRestarts: parseCount(opts.maxRestarts, "--max-restarts", { min: 0 }) }),
    ...(opts.window !== undefined && { windowMs: parseDuration(opts.window, "--window") }),
    ...(opts.backoff !== undefined && { backoffMs: parseDuration(opts.backoff, "--backoff") }),
    ...(opts.stopTimeout !== undefined && { stopTimeoutMs: parseDuration(opts.stopTimeout, "--stop-timeout") }),
  };
  // One `world up` per world: a second would run a second Keeper and crash-loop the rest.
  const lock = tryLock(ctx.paths, "up");
  if ("heldBy" in lock) {
    throw new RefusedError(`world up is already running in ${ctx.paths.home} (pid ${lock.heldBy}): expected one per world, received a second; stop it first (Ctrl-C there, or kill -TERM ${lock.heldBy})`);
  }
  try {
    // Settled holding the lock (a refused second `up` writes nothing) and before any child
    // starts: the Verifier claims finishes from its first one.
    const extra = wantsSync ? [await syncChildFor(ctx, opts)] : [];
    const threads = opts.processes !== true;
    // A process child starts in the home; a thread cannot change directory, so `up` does, once.
    if (threads) process.chdir(ctx.paths.home);
    await supervise(ctx, childSpecs(ctx.paths.home, only, extraArgs, extra, threads), policy, opts.port);
  } finally {
    lock.release();
  }
}

async function supervise(ctx: Context, specs: ChildSpec[], policy: RestartPolicy, portAsked: string | undefined): Promise<void> {
  const log = daemonLogger(ctx.paths, "up");
  const sup = new Supervisor(ctx.paths, specs, log, policy, (s) => ctx.out(statusLine(s)));
  let forced = false;
  const stopped = new Promise<void>((resolve) => {
    const remove = onShutdown(() => {
      // A second signal comes to onShutdown's own handler (exit 130/143); kill the children first.
      process.prependListener("SIGINT", killAll);
      process.prependListener("SIGTERM", killAll);
      void sup.stop().then(() => {
        remove();
        resolve();
      });
    }, log);
  });
  function killAll() {
    forced = true;
    sup.kill();
  }
  // The lock was free, so any `up` before us is dead: end the children it left behind.
  // After the signal handlers: a Ctrl-C meanwhile is a graceful stop, not a default death.
  const orphans = await endOrphans(ctx.paths, policy.stopTimeoutMs);
  if (orphans) sup.fact(`ended what a dead world up (pid ${orphans.upPid}) left running: ${orphans.ended.join(", ")}`);
  // And the checks of a Verifier that died with it (its checks run in groups of their own).
  const checks = endLeftChecks(ctx.paths);
  if (checks.length > 0) sup.fact(`ended checks a dead verifier left running: ${checks.join(", ")}`);
  const startedAt = Date.now();
  sup.start();
  if (specs.some((c) => c.name === "monitor")) void showMonitorUrl(ctx, startedAt, stopped, portAsked);
  await Promise.race([stopped, sup.settled()]);
  if (forced) return;
  sayAgentsLeft(ctx);
  if (sup.usageError !== undefined) {
    const { name, last } = sup.usageError;
    const why = (last ?? "").replace(/^exited with code 2: (world: )?/, "");
    throw new UsageError(`${name} cannot start, so world up stopped: ${why}`);
  }
  const statuses = sup.statuses();
  if (statuses.every((s) => s.state === "given-up")) {
    throw new InternalError(`every child gave up: expected at least one running, received ${statuses.map((s) => `${s.name} ${s.last ?? ""}`).join("; ")}`);
  }
}

/**
 * Task agents are not `up`'s children: each runs detached under its own parent and outlives
 * `up` (docs/agents.md). Stopping `up` leaves them running, and a person should hear that.
 */
function sayAgentsLeft(ctx: Context): void {
  const running = listProcRecords(ctx.paths).filter((r) => r.exit === undefined && recordedGroupAlive(r));
  if (running.length === 0) return;
  ctx.out(`agents    ${running.length} still running: they outlive world up (the Keeper watches them again at the next world up; kill -TERM -<pid> ends one)`);
  for (const r of running.slice(0, 10)) ctx.out(`          ${r.id} (pid ${r.pid}): ${r.command.join(" ").slice(0, 80)}`);
  if (running.length > 10) ctx.out(`          … and ${running.length - 10} more (.world/procs/)`);
}

/**
 * Prints the monitor's URL once the monitor child has written it (ui/cli/monitor.ts), and
 * says so when the default port was taken and the monitor listens elsewhere.
 */
async function showMonitorUrl(ctx: Context, since: number, stopped: Promise<void>, portAsked: string | undefined): Promise<void> {
  let done = false;
  void stopped.then(() => (done = true));
  const file = monitorUrlFile(ctx.paths);
  for (let waited = 0; !done && waited < 30_000; waited += 100) {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat !== undefined && stat.mtimeMs >= since - 1000) {
      const url = readFileSync(file, "utf8").trim();
      const port = /^http:\/\/[^/]*:(\d+)\//.exec(url)?.[1];
      if (portAsked === undefined && port !== undefined && port !== String(DEFAULT_PORT)) {
        ctx.out(`monitor   port ${DEFAULT_PORT} is taken: listening on ${port} instead (world up --port N to choose one)`);
      }
      ctx.out(`monitor   ${url}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100).unref());
  }
}

async function syncChildFor(ctx: Context, opts: UpOptions): Promise<ChildEntry> {
  // A `world sync` of its own already runs here: its settings stay, and a second would double every line.
  const running = lockHolder(ctx.paths, "sync");
  if (running !== undefined) {
    throw new RefusedError(`world sync is already running in ${ctx.paths.home} (pid ${running}): expected world up --nats to run the only one; stop it first, or run world up without --nats`);
  }
  const { prepareSync } = await import("../../sync/setup.js");
  const { url, stream, machine, ca } = prepareSync(ctx.paths, opts, "world up --nats");
  return syncChild(url, stream, machine, ca, opts.insecure === true);
}
