/**
 * What to watch, how often, for how long, from the task's words:
 *   "watch http://127.0.0.1:8080/ every 5 seconds for 2 minutes"
 * The URL is the first http(s) URL; "every N <unit>" sets the interval (default 60 s,
 * at least 1 s: a watcher must not hammer a site); "for N <unit>" a duration (default:
 * until stopped). "with the browser" (or "chrome", "javascript", "js") reads the page in
 * headless Chromium instead of fetching its HTML, for pages that scripts build.
 */

export interface WatchPlan {
  url: string;
  intervalMs: number;
  /** undefined: until stopped (SIGTERM). */
  durationMs: number | undefined;
  /** Read the page in the headless browser (pages built by JavaScript): "with the browser", "(js)". */
  browser: boolean;
}

const DEFAULT_INTERVAL_MS = 60_000;
const MIN_INTERVAL_MS = 1000;

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const AMOUNT = String.raw`(\d+(?:\.\d+)?|an?|one|two|three|five|ten|half an?)`;
const UNIT = String.raw`(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d)\b`;
const WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, five: 5, ten: 10, "half a": 0.5, "half an": 0.5 };

function duration(amount: string | undefined, unit: string): number {
  const n = amount === undefined ? 1 : (WORDS[amount.toLowerCase()] ?? Number(amount));
  return n * UNIT_MS[unit.toLowerCase()[0]!]!;
}

export function planWatch(task: string): WatchPlan | undefined {
  const url = /https?:\/\/[^\s"'<>`]+/i.exec(task)?.[0]?.replace(/[.,;:!?)\]]+$/, "");
  if (url === undefined) return undefined;
  const rest = task.replace(url, " ");
  const every = new RegExp(String.raw`\bevery\s+(?:${AMOUNT}\s*)?${UNIT}`, "i").exec(rest);
  const lasting = new RegExp(String.raw`\bfor\s+(?:the\s+next\s+)?${AMOUNT}\s*${UNIT}`, "i").exec(rest);
  const intervalMs = every ? Math.max(MIN_INTERVAL_MS, duration(every[1], every[2]!)) : DEFAULT_INTERVAL_MS;
  const browser = /\b(?:browser|chrome|chromium|javascript|js)\b/i.test(rest);
  return { url, intervalMs, durationMs: lasting ? duration(lasting[1], lasting[2]!) : undefined, browser };
}

export function showMs(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${ms / 1000} s`;
}
