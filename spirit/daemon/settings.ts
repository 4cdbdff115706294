/**
 * The Spirit's settings, resolved: a command-line flag, else the environment, else
 * `.world/config.json` (its `spirit` section, checked by spirit/daemon/config.ts), else a default.
 * No schema here: a Spirit whose config file says nothing about it starts without zod
 * (spirit/daemon/assemble.ts; issue 23, start-up).
 */
import { UsageError } from "../../tools/errors.js";
import { parseDuration } from "../../tools/duration.js";

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
  /** A conversation ends after this long without speech (spirit/decide/conversation.ts). */
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

/** The `spirit` section of the config file, once checked (durations in ms): what the file says, if anything. */
export interface SpiritSectionValue {
  user?: string;
  nudgeExpiry?: number;
  dedupeWindow?: number;
  declineMemory?: number;
  staleVoice?: number;
  calendar?: string;
  calendarLead?: number;
  calendarPoll?: number;
  brain?: "auto" | "offline" | "claude";
  brainDeadline?: number;
  assistantName?: string;
  conversationGap?: number;
}

/** The user's speaker label: flag, environment, the file (`spirit.user`, else the older top-level `userSpeaker`, read only then), else `user`. */
export function speakerFrom(file: SpiritSectionValue, userSpeakerKey: () => string | undefined, flag: string | undefined, env: NodeJS.ProcessEnv): string {
  return flag ?? env.WORLD_USER_SPEAKER ?? file.user ?? userSpeakerKey() ?? "user";
}

/** Every setting from flags, environment and what the file said (`{}`: nothing), with the defaults. */
export function settingsFrom(file: SpiritSectionValue, userSpeakerKey: () => string | undefined, flags: SpiritFlags, env: NodeJS.ProcessEnv): SpiritConfig {
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
    user: speakerFrom(file, userSpeakerKey, flags.user, env),
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
