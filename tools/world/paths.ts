/**
 * Where a world lives: `world.log` at the top of its home, everything derived in `.world/` beside it.
 * The home is `--home`, else WORLD_HOME, else the current directory.
 */
import { lstatSync } from "node:fs";
import { join, resolve } from "node:path";

export interface WorldPaths {
  home: string;
  log: string;
  /** .world/: derived state only; deleting it loses nothing the log cannot rebuild (except cursors). */
  dir: string;
  index: string;
  cursors: string;
  attachments: string;
  /** Records of the processes the world started (pid, group, start time), for the Keeper. */
  procs: string;
  /** Operational logs of the daemons themselves (pino), and agents' stdout/stderr. */
  logs: string;
}

/**
 * .world/ and the directories in it are created owner-only, world.log 0600 (tools/world/append.ts):
 * the log holds what was said and done, attachments whole outputs. Existing ones are left as
 * they are (a person may share a world on purpose); `world status` warns when others can read them.
 */
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

function worldHome(home?: string): string {
  return resolve(home ?? process.env.WORLD_HOME ?? process.cwd());
}

export function worldPaths(home?: string): WorldPaths {
  const root = worldHome(home);
  const dir = join(root, ".world");
  return {
    home: root,
    log: join(root, "world.log"),
    dir,
    index: join(dir, "index.db"),
    cursors: join(dir, "cursors"),
    attachments: join(dir, "attachments"),
    procs: join(dir, "procs"),
    logs: join(dir, "logs"),
  };
}

/** What `world status` warns about: world.log or .world/ open to other users, world.log a link. */
export function accessWarnings(paths: WorldPaths): string[] {
  const warnings: string[] = [];
  const log = lstatSync(paths.log, { throwIfNoEntry: false });
  if (log?.isSymbolicLink()) warnings.push(`world.log is a symbolic link: appends are refused until it is replaced with the file itself (${paths.log})`);
  else if (log && (log.mode & 0o077) !== 0) warnings.push(`world.log can be read or written by other users (mode ${octal(log.mode)}): chmod 600 ${paths.log}`);
  const dir = lstatSync(paths.dir, { throwIfNoEntry: false });
  if (dir?.isDirectory() && (dir.mode & 0o077) !== 0) warnings.push(`.world/ can be read by other users (mode ${octal(dir.mode)}; attachments hold whole outputs): chmod 700 ${paths.dir}`);
  return warnings;
}

function octal(mode: number): string {
  return (mode & 0o777).toString(8).padStart(4, "0");
}
