/**
 * `world listen`: transcript lines → `[event:voice][<speaker>] <text>`.
 *
 *   world listen < talk.jsonl                       JSON Lines on stdin
 *   world listen --file talk.jsonl [--follow]       a file (or FIFO), followed as it grows
 *   world listen --format whisper --from-command -- whisper-stream -m model.bin
 *   world listen --spirit …                         and run the Spirit in this process too
 */
import { UsageError, shown } from "../../tools/errors.js";
import { onShutdown } from "../../tools/process/daemon.js";
import { userSpeaker } from "../../spirit/daemon/config.js";
import { listen as listenTo, type ListenSource } from "../../spirit/input/listen.js";
import { createSpirit } from "../../spirit/daemon/assemble.js";
import { FORMATS, type TranscriptFormat } from "../../spirit/input/transcript.js";
import type { Context } from "./context.js";
import { spiritFlags } from "./spirit.js";

export interface ListenOpts {
  file?: string;
  follow?: boolean;
  fromCommand?: boolean;
  format: string;
  speaker?: string;
  user?: string;
  spirit?: boolean;
  [flag: string]: unknown;
}

function sourceOf(command: string[], opts: ListenOpts): ListenSource {
  if (opts.fromCommand) {
    if (opts.file !== undefined) throw new UsageError("two sources: expected either --file or --from-command, received both");
    if (command.length === 0) throw new UsageError("no speech-to-text command: expected `world listen --from-command -- <program> [args…]`, received nothing");
    return { from: "command", command };
  }
  if (command.length > 0) throw new UsageError(`unexpected arguments: expected --from-command before \`-- <program> [args…]\`, received ${shown(command.join(" "))}`);
  if (opts.file !== undefined) return { from: "file", path: opts.file, follow: opts.follow === true };
  if (opts.follow) throw new UsageError("--follow without a file: expected --file <path> --follow, received --follow alone");
  return { from: "stdin" };
}

/** The Spirit's options that mean nothing to `listen` alone (--user also names the speaker). */
const SPIRIT_ONLY = ["calendar", "nudgeExpiry", "dedupeWindow", "declineMemory", "staleVoice", "calendarLead", "calendarPoll", "brain"] as const;

const flagName = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

export async function listen(ctx: Context, command: string[], opts: ListenOpts): Promise<void> {
  const ignored = SPIRIT_ONLY.filter((key) => opts[key] !== undefined).map(flagName);
  if (!opts.spirit && ignored.length > 0) {
    throw new UsageError(`Spirit options without --spirit: expected --spirit with ${ignored.join(", ")} (they set up the Spirit), received ${ignored.join(", ")} alone`);
  }
  if (!(FORMATS as readonly string[]).includes(opts.format)) {
    throw new UsageError(`unknown transcript format: expected one of ${FORMATS.join(", ")}, received ${shown(opts.format)}`);
  }
  const source = sourceOf(command, opts);
  const speaker = opts.speaker ?? userSpeaker(ctx.paths, opts.user);
  const stop = new AbortController();
  const off = onShutdown((_signal, cause) => stop.abort(cause));
  const spirit = opts.spirit ? (await createSpirit(ctx.paths, { flags: spiritFlags(opts) })).run(stop.signal) : undefined;
  try {
    const result = await listenTo(ctx.paths, {
      source,
      format: opts.format as TranscriptFormat,
      speaker,
      signal: stop.signal,
      warn: (message) => process.stderr.write(`world: listen: ${message}\n`),
    });
    process.stderr.write(`world: listen: ${result.logged} utterance(s) logged, ${result.skipped} line(s) skipped\n`);
    // With --spirit the Spirit keeps listening to the log until a signal, like `world spirit`.
    await spirit;
  } finally {
    off();
  }
}
