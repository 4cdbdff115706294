/** `world spawn "<task> | need: <criteria>" [--kind <agent>] [-- <command> [args…]]` */
import { spawnAgent } from "../../agents/spawn.js";
import { parseEnvPairs } from "../../agents/spawn-env.js";
import { isPerson } from "../../tools/world/writer.js";
import { needHints } from "../../verifier/need-hints.js";
import { splitNeed } from "./write.js";
import { existsSync } from "node:fs";
import { announceNewWorld, type Context } from "./context.js";

export async function spawn(ctx: Context, words: string[], opts: { kind?: string; need?: string; id?: string; env?: string[]; plain?: boolean }, command: string[]): Promise<void> {
  const { output, need } = splitNeed(words.join(" "), opts.need);
  const env = parseEnvPairs(opts.env ?? []); // refused before anything is written
  const homeExisted = existsSync(ctx.paths.home);
  // A reminder or timer due far off is parked by this process (agents/park-at-spawn.ts), which
  // reads its time with V8's default regexp flags: changing them here, after this process has
  // compiled expressions of its own (zod's, for --env), once ended `world spawn` by a signal in CI.
  const { id } = await spawnAgent(ctx.paths, {
    task: output,
    need: need ?? "",
    // Typed by a person at a terminal: its command checks may run any command. Called by
    // a program (an agent, a script without a terminal): only the allow-listed ones.
    needFrom: isPerson(ctx.writer()) ? "human" : "program",
    ...(opts.kind !== undefined && { kind: opts.kind }),
    ...(command.length > 0 && { command }),
    ...(opts.id !== undefined && { id: opts.id }),
    ...(Object.keys(env).length > 0 && { env }),
    ...(opts.plain === true && { plain: true }),
  });
  announceNewWorld(ctx, homeExisted);
  if (need !== undefined) for (const hint of needHints(need)) ctx.warn(hint);
  ctx.out(id);
}
