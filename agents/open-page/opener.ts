/** Which program shows a page in the person's browser (agents/open-page). */
import { platform } from "node:os";
import { onPath } from "../../tools/notify.js";

/**
 * The program that opens a URL in the person's browser, run as [program, url]:
 * WORLD_BROWSER_OPENER (a path or a name on PATH), else `open` on macOS, else `xdg-open`.
 */
export function opener(env: NodeJS.ProcessEnv = process.env): { argv0: string } | { missing: string } {
  const chosen = env.WORLD_BROWSER_OPENER?.trim();
  if (chosen) {
    const found = chosen.includes("/") ? chosen : onPath(chosen, env.PATH);
    return found === undefined ? { missing: `WORLD_BROWSER_OPENER ${JSON.stringify(chosen)} is not on PATH` } : { argv0: found };
  }
  const name = platform() === "darwin" ? "open" : "xdg-open";
  const found = onPath(name, env.PATH);
  return found === undefined ? { missing: `${name} is not installed` } : { argv0: found };
}
