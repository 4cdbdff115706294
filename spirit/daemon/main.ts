#!/usr/bin/env node
/**
 * The Spirit as a process of its own, without the CLI: `node dist/spirit/daemon/main.js --home
 * DIR [flags]` (the tests and the bench start it so; `world up` runs `world spirit`, the
 * same daemon through the CLI). The same flags as `world spirit`; runs until SIGINT/SIGTERM
 * (graceful), a second signal forces. Exit codes as the CLI's (docs/spirit.md).
 */
import { parseArgs } from "node:util";
import { UsageError } from "../../tools/errors.js";
import { onShutdown } from "../../tools/process/daemon.js";
import { worldPaths } from "../../tools/world/paths.js";
import { report } from "../../tools/report.js";
import { createSpirit } from "./assemble.js";

const FLAGS = ["user", "calendar", "nudge-expiry", "dedupe-window", "decline-memory", "stale-voice", "calendar-lead", "calendar-poll", "brain", "brain-deadline", "assistant-name", "conversation-gap"] as const;

async function main(argv: string[]): Promise<number> {
  const options = Object.fromEntries([["home", { type: "string" as const }], ...FLAGS.map((f) => [f, { type: "string" as const }])]);
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values as Record<string, string | undefined>;
  } catch (error) {
    throw new UsageError(`invalid arguments: expected --home DIR and ${FLAGS.map((f) => `--${f}`).join(", ")}, received: ${(error as Error).message}`);
  }
  const camel = (f: string) => f.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  const flags = Object.fromEntries(FLAGS.filter((f) => values[f] !== undefined).map((f) => [camel(f), values[f] as string]));
  const stop = new AbortController();
  const spirit = await createSpirit(worldPaths(values.home as string | undefined), { flags });
  const off = onShutdown((_signal, cause) => stop.abort(cause), spirit.log);
  try {
    await spirit.run(stop.signal);
  } finally {
    off();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.exit(report(error));
  },
);
