/**
 * Where a world lives: `world.log` at the top of its home, everything derived in `.world/` beside it.
 * The home is `--home`, else WORLD_HOME, else the current directory.
 */
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

export function worldHome(home?: string): string {
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
