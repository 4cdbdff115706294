/** Durations in flags and config: "500ms", "90s", "5m", "2h", "1d", or a number of seconds. */
import { UsageError, shown } from "../errors.js";

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const RULE = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/;

export function parseDuration(value: string | number, what: string): number {
  if (typeof value === "number" && Number.isFinite(value) && value >= 0) return value * 1000;
  const m = RULE.exec(String(value).trim());
  if (!m) throw new UsageError(`invalid ${what}: expected a duration like 500ms, 90s, 5m, 2h or 1d, received ${shown(value)}`);
  return Math.round(Number(m[1]) * UNITS[m[2] ?? "s"]!);
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
