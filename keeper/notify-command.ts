/** The notify command of the Keeper's config (e.g. ["notify-send", "world"]), with the text as its last argument. */
import { commandFailed, runQuickCommand } from "../tools/process/run-command.js";
import type { SweepContext } from "./context.js";

export async function runNotifyCommand(ctx: SweepContext, command: readonly string[], text: string): Promise<void> {
  const failed = commandFailed(await runQuickCommand(command[0]!, [...command.slice(1), text], { timeoutMs: 10_000 }));
  if (failed !== undefined) ctx.log?.warn({ command, error: failed }, "notify command failed");
}
