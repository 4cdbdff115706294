/**
 * The Spirit's settings. Each one comes from, in order: a command-line flag, the
 * environment, `.world/config.json` (`{"spirit": {...}}`, see docs/spirit.md), a default.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { UsageError } from "../tools/errors.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { parseDuration } from "./duration.js";

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
  assistantName?: string;
  conversationGap?: string;
}

const Duration = z.union([z.string(), z.number()]);
const FileSchema = z
  .object({
    userSpeaker: z.string().min(1).optional(),
    spirit: z
      .object({
        user: z.string().min(1).optional(),
        nudgeExpiry: Duration.optional(),
        dedupeWindow: Duration.optional(),
        declineMemory: Duration.optional(),
        staleVoice: Duration.optional(),
        calendar: z.string().min(1).optional(),
        calendarLead: Duration.optional(),
        calendarPoll: Duration.optional(),
        brain: z.enum(["auto", "offline", "claude"]).optional(),
        assistantName: z.string().trim().min(1).optional(),
        conversationGap: Duration.optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
type FileConfig = z.infer<typeof FileSchema>;

/** .world/config.json, shared with other parts of world: only our keys are checked. No world (the eval): nothing. */
function readConfigFile(paths: WorldPaths | undefined): FileConfig {
  if (paths === undefined) return {};
  const file = join(paths.dir, "config.json");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return {};
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`invalid ${file}: expected JSON, received a parse error: ${(error as Error).message}`);
  }
  const parsed = FileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UsageError(`invalid ${file}: ${issue.path.join(".") || "(top)"} expected ${issue.message}`);
  }
  return parsed.data;
}

/** Who the user is, for `world listen` as much as for the Spirit. */
export function userSpeaker(paths: WorldPaths | undefined, flag?: string, env: NodeJS.ProcessEnv = process.env): string {
  const file = readConfigFile(paths);
  return flag ?? env.WORLD_USER_SPEAKER ?? file.spirit?.user ?? file.userSpeaker ?? "user";
}

/** `paths` undefined: no world, only flags, environment and defaults (`npm run eval:conversations`). */
export function loadConfig(paths: WorldPaths | undefined, flags: SpiritFlags = {}, env: NodeJS.ProcessEnv = process.env): SpiritConfig {
  const file = readConfigFile(paths).spirit ?? {};
  const pick = <T>(flag: T | undefined, envName: string, fromFile: T | undefined, fallback: T): T =>
    flag ?? (env[envName] as T | undefined) ?? fromFile ?? fallback;
  const brain = pick<string>(flags.brain, "WORLD_SPIRIT_BRAIN", file.brain, "auto");
  if (brain !== "auto" && brain !== "offline" && brain !== "claude") {
    throw new UsageError(`invalid brain: expected auto, offline or claude, received ${JSON.stringify(brain)}`);
  }
  const calendar = pick<string | undefined>(flags.calendar, "WORLD_CALENDAR", file.calendar, undefined);
  return {
    user: userSpeaker(paths, flags.user, env),
    nudgeExpiryMs: parseDuration(pick<string | number>(flags.nudgeExpiry, "WORLD_NUDGE_EXPIRY", file.nudgeExpiry, "10m"), "nudge expiry"),
    dedupeWindowMs: parseDuration(pick<string | number>(flags.dedupeWindow, "WORLD_NUDGE_DEDUPE", file.dedupeWindow, "12h"), "dedupe window"),
    declineMemoryMs: parseDuration(pick<string | number>(flags.declineMemory, "WORLD_DECLINE_MEMORY", file.declineMemory, "7d"), "decline memory"),
    staleVoiceMs: parseDuration(pick<string | number>(flags.staleVoice, "WORLD_STALE_VOICE", file.staleVoice, "10m"), "stale voice age"),
    calendarLeadMs: parseDuration(pick<string | number>(flags.calendarLead, "WORLD_CALENDAR_LEAD", file.calendarLead, "15m"), "calendar lead"),
    calendarPollMs: parseDuration(pick<string | number>(flags.calendarPoll, "WORLD_CALENDAR_POLL", file.calendarPoll, "60s"), "calendar poll"),
    brain,
    assistantName: pick<string>(flags.assistantName, "WORLD_ASSISTANT_NAME", file.assistantName, "world"),
    conversationGapMs: parseDuration(pick<string | number>(flags.conversationGap, "WORLD_CONVERSATION_GAP", file.conversationGap, "3m"), "conversation gap"),
    ...(calendar !== undefined && { calendar }),
  };
}
