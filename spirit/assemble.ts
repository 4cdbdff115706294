/**
 * Putting a Spirit together: settings, memory, the brain (Claude when a key is set and
 * the brain is not forced offline), the real spawner, the operational log, and the
 * shutdown rule. Used by `world spirit`, `world listen --spirit` and spirit/main.ts.
 */
import { spawnAgent } from "../agents/spawn.js";
import { UsageError } from "../tools/errors.js";
import { parseCount } from "../tools/count.js";
import { anthropicFromEnv, modelFromEnv } from "../tools/llm/provider.js";
import { Conversation } from "../tools/llm/session.js";
import { daemonLogger, type Logger } from "../tools/process/daemon.js";
import type { WorldPaths } from "../tools/world/paths.js";
import type { Brain } from "./brain.js";
import { ClaudeBrain } from "./brain-claude.js";
import { OfflineBrain } from "./brain-offline.js";
import { loadConfig, type SpiritConfig, type SpiritFlags } from "./config.js";
import { SpiritMemory } from "./memory.js";
import { Spirit, type Spawner } from "./spirit.js";

export interface StartOptions {
  flags?: SpiritFlags;
  env?: NodeJS.ProcessEnv;
  spawn?: Spawner;
  log?: Logger;
}

function chooseBrain(
  paths: WorldPaths,
  config: SpiritConfig,
  memory: SpiritMemory,
  report: (id: string, output: string) => void,
  env: NodeJS.ProcessEnv,
  log: Logger,
): Brain {
  // The Spirit talks continuously: one quick retry, then the offline brain takes the turn.
  const client = anthropicFromEnv({ env, maxRetries: parseCount(env.WORLD_SPIRIT_RETRIES, "WORLD_SPIRIT_RETRIES", { min: 0, fallback: 1 }), timeoutMs: 30_000 });
  // With a key, a general agent has a model: the offline brain may offer it web searches too.
  const offline = new OfflineBrain({ agentHasModel: client !== undefined });
  if (config.brain === "offline") return offline;
  if (client === undefined) {
    if (config.brain === "claude") throw new UsageError("brain claude: expected ANTHROPIC_API_KEY in the environment, received none");
    return offline;
  }
  return new ClaudeBrain({ client, model: modelFromEnv(env), conversation: new Conversation(paths, "spirit"), fallback: offline, memory, report, log, deadlineMs: config.brainDeadlineMs });
}

/** Builds a Spirit ready to `run(signal)`. */
export function createSpirit(paths: WorldPaths, options: StartOptions = {}): Spirit {
  const env = options.env ?? process.env;
  const config = loadConfig(paths, options.flags ?? {}, env);
  const log = options.log ?? daemonLogger(paths, "spirit");
  const memory = new SpiritMemory(config.user, config);
  let spirit: Spirit | undefined;
  const report = (id: string, output: string) => void spirit!.report(id, output);
  const brain = chooseBrain(paths, config, memory, report, env, log);
  spirit = new Spirit({ paths, config, memory, brain, spawn: options.spawn ?? spawnAgent, log });
  return spirit;
}
