/** What every CLI command gets: the world's paths and where to write. */
import { worldPaths, type WorldPaths } from "../../tools/world/paths.js";

export interface GlobalOptions {
  home?: string;
  sync?: boolean;
}

export interface Context {
  paths: WorldPaths;
  sync: boolean;
  out: (line: string) => void;
  warn: (message: string) => void;
}

export function makeContext(options: GlobalOptions): Context {
  return {
    paths: worldPaths(options.home),
    sync: options.sync === true || process.env.WORLD_FSYNC === "1",
    out: (line) => process.stdout.write(line + "\n"),
    warn: (message) => process.stderr.write(`world: warning: ${message}\n`),
  };
}
