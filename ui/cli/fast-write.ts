/**
 * `world event` and `world agent` without commander: these are called by every agent
 * for every step, so their start-up is measured against a bare `node -e ''` (see
 * bench/). Commander alone costs about half that budget, so the two write commands
 * parse their few options here. Anything unusual (help, an unknown option) returns
 * undefined and the full CLI handles it, with the same messages. The build bundles
 * this module into one file: loading a dozen small ES modules cost ~10 ms.
 */
import { makeContext } from "./context.js";
import { report } from "./report.js";
import { agent, event } from "./write.js";

const BOOLEAN = new Set(["--sync", "--force", "-q", "--quiet"]);
const VALUED = new Set(["--home", "--need"]);

/** Returns the exit code, or undefined when the full CLI should handle the call. */
export function fastWrite(argv: readonly string[]): number | undefined {
  try {
    return write(argv) ? 0 : undefined;
  } catch (error) {
    // Reported here: this module is bundled (scripts/bundle-write-path.mjs), so its error
    // classes are its own copies and must not cross into the unbundled report module.
    return report(error);
  }
}

function write(argv: readonly string[]): boolean {
  const options: Record<string, string | boolean> = {};
  const words: string[] = [];
  let command: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      words.push(...argv.slice(i + 1));
      break;
    }
    if (arg.startsWith("-") && arg.length > 1 && !/^-\d/.test(arg)) {
      const [name, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
      if (BOOLEAN.has(name) && inline === undefined) options[name.replace(/^-+/, "")] = true;
      else if (VALUED.has(name) && (inline !== undefined || i + 1 < argv.length)) options[name.slice(2)] = inline ?? argv[++i]!;
      else return false;
    } else if (command === undefined) command = arg;
    else words.push(arg);
  }
  const ctx = makeContext({ home: options.home as string | undefined, sync: options.sync === true });
  const quiet = options.q === true || options.quiet === true;
  if (command === "event" && words.length >= 3) {
    event(ctx, words[0]!, words[1]!, words.slice(2), { quiet });
    return true;
  }
  if (command === "agent" && words.length >= 2) {
    const need = options.need as string | undefined;
    agent(ctx, words[0]!, words[1]!, words.slice(2), { force: options.force === true, quiet, ...(need !== undefined && { need }) });
    return true;
  }
  return false;
}
