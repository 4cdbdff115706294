/** What every CLI command gets: the world's paths and where to write. */
import { existsSync, statSync } from "node:fs";
import { NotFoundError, UsageError, shown } from "../../tools/errors.js";
import { syncFromEnv } from "../../tools/world/append.js";
import { worldPaths, type WorldPaths } from "../../tools/world/paths.js";
import { cliWriter, type Writer } from "../../tools/world/writer.js";

export interface GlobalOptions {
  home?: string;
  sync?: boolean;
  /** The caller says it is a person although stdin is not a terminal (refused to agents). */
  asHuman?: boolean;
}

export interface Context {
  paths: WorldPaths;
  sync: boolean;
  /** Who is calling: a person at a terminal or a program (docs/trust.md); asked only where it matters. */
  writer: () => Writer;
  out: (line: string) => void;
  warn: (message: string) => void;
}

/** A home that exists but is a file is a typo, not an internal error (a missing home is created on first write). */
function checkHome(paths: WorldPaths): WorldPaths {
  const kind = statSync(paths.home, { throwIfNoEntry: false });
  if (kind !== undefined && !kind.isDirectory()) {
    throw new UsageError(`invalid world home: expected a directory (--home or WORLD_HOME), received ${shown(paths.home)}, which is a file`);
  }
  return paths;
}

export function makeContext(options: GlobalOptions): Context {
  if (options.asHuman === true) cliWriter(true); // refused at once to an agent, whatever the command
  return {
    paths: checkHome(worldPaths(options.home)),
    sync: options.sync === true || syncFromEnv(), // the same rule as every other writer (WORLD_FSYNC=1 or true)
    writer: () => cliWriter(options.asHuman === true),
    out: (line) => process.stdout.write(line + "\n"),
    warn: (message) => process.stderr.write(`world: warning: ${message}\n`),
  };
}

/**
 * Commands that only read must not create a world where a mistyped --home points:
 * the home has to exist (world.log itself may not yet: an empty world answers empty).
 */
export function requireHome(ctx: Context): Context {
  if (!existsSync(ctx.paths.home)) {
    throw new NotFoundError(`no world at ${ctx.paths.home}: expected an existing directory (--home or WORLD_HOME), received a path that does not exist`);
  }
  return ctx;
}

/**
 * Commands that write (`event`, `spawn`) create the world where --home points. When that
 * directory did not even exist, say so once, on stderr: it is how a typo in --home or
 * WORLD_HOME shows (the next call finds the directory and says nothing).
 * Call with whether the home existed before the write.
 */
export function announceNewWorld(ctx: Context, homeExisted: boolean): void {
  if (homeExisted || !existsSync(ctx.paths.log)) return;
  process.stderr.write(`world: created a new world at ${ctx.paths.home} (no such directory before: check --home or WORLD_HOME if you meant another)\n`);
}
