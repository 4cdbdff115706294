/**
 * How a person can run this very `world` from any directory, for hints printed to them:
 * `world` when the PATH finds this installation (npm install -g, npm link), otherwise
 * `node <absolute path of the CLI>`, which works as typed anywhere.
 */
import { realpathSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { shellQuote } from "./narrate.js";

const CLI = fileURLToPath(new URL("../../bin/world.js", import.meta.url));

function real(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

export function worldCommand(path = process.env.PATH ?? "", cli = CLI): string {
  const ours = real(cli);
  for (const dir of path.split(delimiter)) {
    if (dir !== "" && ours !== undefined && real(join(dir, "world")) === ours) return "world";
  }
  return `node ${shellQuote(cli)}`;
}
