/**
 * The one way durations are read and shown. In flags, config and environment variables a
 * duration carries its unit ("500ms", "90s", "10m", "2h", "1d"): a bare "600" meant seconds
 * to one part of world and milliseconds to another, so it is refused, naming where it was
 * found. Only environment variables whose name ends in _MS (WORLD_HEARTBEAT_MS, …) hold a
 * bare number, of milliseconds (msFromEnv).
 */
import { UsageError, shown } from "./errors.js";
import { countFromEnv } from "./count.js";

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)$/;

/** What a duration looks like, for error messages: `expected ${DURATION_EXPECTED}, received …`. */
export const DURATION_EXPECTED = 'a duration with its unit, like "10m" (ms, s, m, h or d)';

/** Milliseconds, or undefined when `value` is not a duration with its unit. */
export function durationMs(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const m = DURATION.exec(value.trim());
  return m === null ? undefined : Math.round(Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS]);
}

/** `what` names where the value came from: "--kill-grace", "WORLD_NUDGE_EXPIRY", "keeper.killGrace in …/config.json". */
export function parseDuration(value: unknown, what: string): number {
  const ms = durationMs(value);
  if (ms === undefined) throw new UsageError(`invalid ${what}: expected ${DURATION_EXPECTED}, received ${shown(value)}`);
  return ms;
}

/** A WORLD_…_MS variable: a positive whole number of milliseconds, else the fallback (an agent's environment is no place to stop at). */
export function msFromEnv(name: `${string}_MS`, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  return countFromEnv(name, fallback, env);
}

/** "1 h 5 min", "42 s", "350 ms": for log lines. */
export function showDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  if (ms < 86_400_000) {
    const h = Math.floor(ms / 3_600_000);
    const min = Math.round((ms % 3_600_000) / 60_000);
    return min ? `${h} h ${min} min` : `${h} h`;
  }
  const d = Math.floor(ms / 86_400_000);
  const h = Math.round((ms % 86_400_000) / 3_600_000);
  return h ? `${d} d ${h} h` : `${d} d`;
}

/** The shortest exact way to write a duration as it is read back: 600000 → "10m". */
export function formatDuration(ms: number): string {
  for (const unit of ["d", "h", "m", "s"] as const) {
    const size = UNIT_MS[unit];
    if (ms >= size && ms % size === 0) return `${ms / size}${unit}`;
  }
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)}s` : `${ms}ms`;
}
