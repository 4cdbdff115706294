/**
 * The Spirit's settings. Each one comes from, in order: a command-line flag, the
 * environment, `.world/config.json` (`{"spirit": {...}}`, see docs/spirit.md), a default.
 */
import { z } from "zod";
import { UsageError } from "../tools/errors.js";
import { parseDuration } from "../tools/duration.js";
import { configDuration, configSection, readWorldConfig, type WorldConfig } from "../tools/world/config.js";
import type { WorldPaths } from "../tools/world/paths.js";

export interface SpiritConfig {
  /** Which transcript speaker is the user (compared case-insensitively). */
  user: string;
  /** An unanswered nudge expires, without action, after this long. */
  nudgeExpiryMs: number;
  /** The same (normalised) question is not asked again within this window. */
  dedupeWindowMs: number;
  /** A "no" to a kind of nudge weighs on future nudges of that kind for this long. */
  declineMemoryMs: number;
  /** Voice lines older than this when the Spirit reaches them are context, not requests. */
  staleVoiceMs: number;
  /** An .ics path or an http(s) URL; none: no calendar. */
  calendar?: string;
  /** Meeting prep starts when a meeting is this close. */
  calendarLeadMs: number;
  calendarPollMs: number;
  brain: "auto" | "offline" | "claude";
  /** The Claude brain has this long from when the words were said; then the offline brain decides. */
  brainDeadlineMs: number;
  /** The assistant's name: "world, book the train" is said to the assistant even in a conversation. */
  assistantName: string;
  /** A conversation ends after this long without speech (spirit/conversation.ts). */
  conversationGapMs: number;
}

export interface SpiritFlags {
  user?: string;
  nudgeExpiry?: string;
  dedupeWindow?: string;
  declineMemory?: string;
  staleVoice?: string;
  calendar?: string;
  calendarLead?: string;
  calendarPoll?: string;
  brain?: string;
  brainDeadline?: string;
  assistantName?: string;
  conversationGap?: string;
}

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

function speakerFrom(config: WorldConfig, flag: string | undefined, env: NodeJS.ProcessEnv): string {
  return flag ?? env.WORLD_USER_SPEAKER ?? configSection(config, "spirit", SpiritSection).user ?? configSection(config, "userSpeaker", UserSpeakerKey) ?? "user";
}

/** Who the user is, for `world listen` as much as for the Spirit. */
export function userSpeaker(paths: WorldPaths | undefined, flag?: string, env: NodeJS.ProcessEnv = process.env): string {
  return speakerFrom(readWorldConfig(paths), flag, env);
}

/** `paths` undefined: no world, only flags, environment and defaults (`npm run eval:conversations`). */
export function loadConfig(paths: WorldPaths | undefined, flags: SpiritFlags = {}, env: NodeJS.ProcessEnv = process.env): SpiritConfig {
  const config = readWorldConfig(paths);
  const file = configSection(config, "spirit", SpiritSection);
  const pick = <T>(flag: T | undefined, envName: string, fromFile: T | undefined, fallback: T): T =>
    flag ?? (env[envName] as T | undefined) ?? fromFile ?? fallback;
  /** A flag or variable is read here (units required); the file's value was read by its schema. */
  const duration = (flag: string | undefined, option: string, envName: string, fromFile: number | undefined, fallback: string): number => {
    if (flag !== undefined) return parseDuration(flag, option);
    const fromEnv = env[envName];
    if (fromEnv !== undefined) return parseDuration(fromEnv, envName);
    return fromFile ?? parseDuration(fallback, "default");
  };
  const brain = pick<string>(flags.brain, "WORLD_SPIRIT_BRAIN", file.brain, "auto");
  if (brain !== "auto" && brain !== "offline" && brain !== "claude") {
    throw new UsageError(`invalid brain: expected auto, offline or claude, received ${JSON.stringify(brain)}`);
  }
  const calendar = pick<string | undefined>(flags.calendar, "WORLD_CALENDAR", file.calendar, undefined);
  return {
    user: speakerFrom(config, flags.user, env),
    nudgeExpiryMs: duration(flags.nudgeExpiry, "--nudge-expiry", "WORLD_NUDGE_EXPIRY", file.nudgeExpiry, "10m"),
    dedupeWindowMs: duration(flags.dedupeWindow, "--dedupe-window", "WORLD_NUDGE_DEDUPE", file.dedupeWindow, "12h"),
    declineMemoryMs: duration(flags.declineMemory, "--decline-memory", "WORLD_DECLINE_MEMORY", file.declineMemory, "7d"),
    staleVoiceMs: duration(flags.staleVoice, "--stale-voice", "WORLD_STALE_VOICE", file.staleVoice, "10m"),
    calendarLeadMs: duration(flags.calendarLead, "--calendar-lead", "WORLD_CALENDAR_LEAD", file.calendarLead, "15m"),
    calendarPollMs: duration(flags.calendarPoll, "--calendar-poll", "WORLD_CALENDAR_POLL", file.calendarPoll, "60s"),
    brain,
    brainDeadlineMs: duration(flags.brainDeadline, "--brain-deadline", "WORLD_BRAIN_DEADLINE", file.brainDeadline, "5s"),
    assistantName: pick<string>(flags.assistantName, "WORLD_ASSISTANT_NAME", file.assistantName, "world"),
    conversationGapMs: duration(flags.conversationGap, "--conversation-gap", "WORLD_CONVERSATION_GAP", file.conversationGap, "3m"),
    ...(calendar !== undefined && { calendar }),
  };
}
