/**
 * The Spirit's settings from a world: `.world/config.json`'s `spirit` section checked by its
 * schema, then resolved with flags and environment (spirit/daemon/settings.ts; see docs/spirit.md).
 */
import { z } from "zod";
import { configDuration, configSection, readWorldConfig, type WorldConfig } from "../../tools/world/config.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import { settingsFrom, speakerFrom, type SpiritConfig, type SpiritFlags, type SpiritSectionValue } from "./settings.js";

export type { SpiritConfig, SpiritFlags } from "./settings.js";

const SpiritSection = z
  .object({
    user: z.string().min(1).optional(),
    nudgeExpiry: configDuration.optional(),
    dedupeWindow: configDuration.optional(),
    declineMemory: configDuration.optional(),
    staleVoice: configDuration.optional(),
    calendar: z.string().min(1).optional(),
    calendarLead: configDuration.optional(),
    calendarPoll: configDuration.optional(),
    brain: z.enum(["auto", "offline", "claude"]).optional(),
    brainDeadline: configDuration.optional(),
    assistantName: z.string().trim().min(1).optional(),
    conversationGap: configDuration.optional(),
  })
  .loose();
/** The older top-level key for the user's speaker label, still read. */
const UserSpeakerKey = z.string().min(1).optional();

/** What the file says for the Spirit, checked: its `spirit` section and the older `userSpeaker` key. */
function fromFile(config: WorldConfig): { section: SpiritSectionValue; userSpeakerKey: () => string | undefined } {
  return { section: configSection(config, "spirit", SpiritSection), userSpeakerKey: () => configSection(config, "userSpeaker", UserSpeakerKey) };
}

/** Who the user is, for `world listen` as much as for the Spirit. */
export function userSpeaker(paths: WorldPaths | undefined, flag?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (flag !== undefined || env.WORLD_USER_SPEAKER !== undefined) return speakerFrom({}, () => undefined, flag, env);
  const { section, userSpeakerKey } = fromFile(readWorldConfig(paths));
  return speakerFrom(section, userSpeakerKey, flag, env);
}

/** `paths` undefined: no world, only flags, environment and defaults (`npm run eval:conversations`). */
export function loadConfig(paths: WorldPaths | undefined, flags: SpiritFlags = {}, env: NodeJS.ProcessEnv = process.env): SpiritConfig {
  const { section, userSpeakerKey } = fromFile(readWorldConfig(paths));
  return settingsFrom(section, userSpeakerKey, flags, env);
}
