/**
 * Putting a Spirit together: settings, memory, the brain (Claude when a key is set and
 * the brain is not forced offline), the real spawner, the operational log, and the
 * shutdown rule. Used by `world spirit`, `world listen --spirit` and spirit/daemon/main.ts.
 */
import { UsageError } from "../../tools/errors.js";
import { parseCount } from "../../tools/count.js";
import { anthropicFromEnv, modelFromEnv } from "../../tools/llm/provider.js";
import { Conversation } from "../../tools/llm/session.js";
import { daemonLogger, type Logger } from "../../tools/process/daemon.js";
import { readWorldConfig } from "../../tools/world/config-file.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import type { Brain, BrainInput, Proposal } from "../decide/brain.js";
import { settingsFrom, type SpiritConfig, type SpiritFlags } from "./settings.js";
import { SpiritMemory } from "./memory.js";
import { loadLanguage, Spirit, type Spawner } from "./spirit.js";

export interface StartOptions {
  flags?: SpiritFlags;
  env?: NodeJS.ProcessEnv;
  spawn?: Spawner;
  log?: Logger;
}

/**
 * The offline brain, whose code (the detector, the grammars, plans and questions) is loaded
 * at its first decision: not before the Spirit is awake (issue 23, start-up).
 */
class BrainOnFirstUse implements Brain {
  private brain: Promise<Brain> | undefined;

  constructor(
    readonly name: string,
    private readonly build: () => Promise<Brain>,
  ) {}

  async decide(input: BrainInput): Promise<Proposal> {
    return (await (this.brain ??= this.build())).decide(input);
  }
}

async function chooseBrain(
  paths: WorldPaths,
  config: SpiritConfig,
  memory: SpiritMemory,
  report: (id: string, output: string) => void,
  env: NodeJS.ProcessEnv,
  log: Logger,
): Promise<Brain> {
  // The Spirit talks continuously: one quick retry, then the offline brain takes the turn.
  const client = anthropicFromEnv({ env, maxRetries: parseCount(env.WORLD_SPIRIT_RETRIES, "WORLD_SPIRIT_RETRIES", { min: 0, fallback: 1 }), timeoutMs: 30_000 });
  // With a key, a general agent has a model: the offline brain may offer it web searches too.
  const offlineBrain = async () => new (await import("../decide/brain-offline.js")).OfflineBrain({ agentHasModel: client !== undefined });
  const offline = new BrainOnFirstUse("offline", offlineBrain);
  if (config.brain === "offline") return offline;
  if (client === undefined) {
    if (config.brain === "claude") throw new UsageError("brain claude: expected ANTHROPIC_API_KEY in the environment, received none");
    return offline;
  }
  // The model has a deadline counted from the words (brainDeadline): what it and its offline
  // fallback need is loaded before the Spirit is awake, so the first words wait for no code.
  const [{ ClaudeBrain }, fallback] = await Promise.all([import("../decide/brain-claude.js"), offlineBrain(), loadLanguage()]);
  return new ClaudeBrain({ client, model: modelFromEnv(env), conversation: new Conversation(paths, "spirit"), fallback, memory, report, log, deadlineMs: config.brainDeadlineMs });
}

/**
 * The settings. The config file's `spirit` section is checked by its schema (spirit/daemon/config.ts,
 * zod: loaded then) only when the file says something to the Spirit; otherwise flags,
 * environment and defaults are all there is, and the Spirit starts without zod.
 */
async function spiritConfig(paths: WorldPaths, flags: SpiritFlags, env: NodeJS.ProcessEnv): Promise<SpiritConfig> {
  const file = readWorldConfig(paths);
  if (file.data.spirit === undefined && file.data.userSpeaker === undefined) return settingsFrom({}, () => undefined, flags, env);
  return (await import("./config.js")).loadConfig(paths, flags, env);
}

/** The real spawner, loaded at the first spawn (agents/spawn.ts and what it needs are not the Spirit's start-up). */
const spawnOnFirstUse: Spawner = async (paths, request) => (await import("../../agents/spawn.js")).spawnAgent(paths, request);

/** Builds a Spirit ready to `run(signal)`. */
export async function createSpirit(paths: WorldPaths, options: StartOptions = {}): Promise<Spirit> {
  const env = options.env ?? process.env;
  const config = await spiritConfig(paths, options.flags ?? {}, env);
  const log = options.log ?? daemonLogger(paths, "spirit");
  const memory = new SpiritMemory(config.user, config);
  let spirit: Spirit | undefined;
  const report = (id: string, output: string) => void spirit!.report(id, output);
  const brain = await chooseBrain(paths, config, memory, report, env, log);
  spirit = new Spirit({ paths, config, memory, brain, spawn: options.spawn ?? spawnOnFirstUse, log });
  return spirit;
}
