/** `world keep --once` and `world keeper` (the L1 System Keeper). */
import { loadKeeperConfig, type KeeperFlags } from "../../keeper/config.js";
import type { Context } from "./context.js";

export async function keepOnce(ctx: Context, flags: KeeperFlags & { rearm?: boolean }): Promise<void> {
  const { sweep } = await import("../../keeper/sweep.js");
  const outcome = await sweep(ctx.paths, loadKeeperConfig(ctx.paths, flags), { rearm: flags.rearm === true, wakeOverdue: true });
  if (outcome.ran) ctx.out(outcome.summary.line);
  else ctx.warn(`${outcome.reason}: skipped this run`);
}

export async function keeper(ctx: Context, flags: KeeperFlags): Promise<void> {
  const config = loadKeeperConfig(ctx.paths, flags);
  const { runKeeper } = await import("../../keeper/daemon.js");
  ctx.warn(`keeper: sweeping ${ctx.paths.log} on "${config.every}" (operational log: .world/logs/keeper.log)`);
  await runKeeper(ctx.paths, config, { onSweep: (line) => ctx.out(line) });
}
