/** The notify command of the Keeper's config (e.g. ["notify-send", "world"]), with the text as its last argument. */
import { execa } from "execa";
import type { SweepContext } from "./context.js";

export async function notify(ctx: SweepContext, command: readonly string[], text: string): Promise<void> {
  const result = await execa(command[0]!, [...command.slice(1), text], { reject: false, timeout: 10_000, stdin: "ignore" });
  if (result.failed) ctx.log?.warn({ command, error: result.shortMessage }, "notify command failed");
}
