/** Durations as people write them in flags and config: "90s", "10m", "24h", "2d", "500ms", or plain milliseconds. */
import { UsageError, shown } from "../tools/errors.js";

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/;

export function parseDuration(value: string | number, what: string): number {
  if (typeof value === "number" && Number.isFinite(value) && value >= 0) return value;
  const m = DURATION.exec(String(value).trim());
  if (m === null) throw new UsageError(`invalid ${what}: expected a duration like 90s, 10m, 24h or 2d, received ${shown(value)}`);
  return Math.round(Number(m[1]) * UNIT_MS[m[2] ?? "ms"]!);
}

/** The shortest exact way to say a duration: 600000 → "10m". */
export function formatDuration(ms: number): string {
  for (const unit of ["d", "h", "m", "s"] as const) {
    const size = UNIT_MS[unit]!;
    if (ms >= size && ms % size === 0) return `${ms / size}${unit}`;
  }
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)}s` : `${ms}ms`;
}
