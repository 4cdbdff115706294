/** `world spirit`: the Spirit in the foreground, until SIGINT/SIGTERM (a second one forces). */
import { onShutdown } from "../../tools/process/daemon.js";
import type { SpiritFlags } from "../../spirit/daemon/config.js";
import { createSpirit } from "../../spirit/daemon/assemble.js";
import type { Context } from "./context.js";

export async function spirit(ctx: Context, flags: SpiritFlags): Promise<void> {
  const stop = new AbortController();
  const the = await createSpirit(ctx.paths, { flags });
  const off = onShutdown((_signal, cause) => stop.abort(cause), the.log);
  try {
    await the.run(stop.signal);
  } finally {
    off();
  }
}

/** The options of `world spirit` (and `world listen --spirit`), as commander names them (`--nudge-expiry` is nudgeExpiry). */
export const SPIRIT_FLAGS = ["user", "calendar", "nudgeExpiry", "dedupeWindow", "declineMemory", "staleVoice", "calendarLead", "calendarPoll", "brain", "brainDeadline", "assistantName", "conversationGap"] as const;

/** A flag's name on the command line: nudgeExpiry is `--nudge-expiry`. */
export const optionOf = (flag: (typeof SPIRIT_FLAGS)[number]): string => `--${flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The flags of `world spirit` (and `world listen --spirit`), from commander's option names. */
export function spiritFlags(opts: Record<string, unknown>): SpiritFlags {
  const flags: SpiritFlags = {};
  for (const key of SPIRIT_FLAGS) if (typeof opts[key] === "string") flags[key] = opts[key] as string;
  return flags;
}
