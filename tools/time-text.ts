/**
 * Times for people, the one formatter of every human output (`world status`, `query`,
 * `tail`, `up`'s daemons): local time (TZ), the date only when it is not today, and how far
 * off it is where that helps — "parked until 14:05:00 (in 2h 5m)", "since 09:12:44 (5h 2m
 * ago)". The JSON contract keeps ISO UTC.
 */
function two(n: number): string {
  return String(n).padStart(2, "0");
}

/** "14:05:00" today, "2026-11-26 14:05:00" another day; local time. */
export function clockText(at: Date, now: Date): string {
  const time = `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
  const sameDay = at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  return sameDay ? time : `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${time}`;
}

/** "2026-11-26 14:05:00": local, always with the date (for a file read on another day). */
export function dateTimeText(at: Date): string {
  return clockText(at, new Date(0));
}

/** "42s", "7m", "2h 5m", "3d 4h": rounded down, so "in 2h 5m" is never late. */
function span(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h}h ${m % 60}m` : `${h}h`;
  return h % 24 ? `${Math.floor(h / 24)}d ${h % 24}h` : `${Math.floor(h / 24)}d`;
}

/** "14:05:00 (in 2h 5m)", or "14:05:00 (due 3m ago)" once it has passed. */
export function whenText(at: Date, now: Date): string {
  const ms = at.getTime() - now.getTime();
  return `${clockText(at, now)} (${ms >= 0 ? `in ${span(ms)}` : `due ${span(-ms)} ago`})`;
}

/** "14:05:00 (3m ago)": when something was said. */
export function sinceText(at: Date, now: Date): string {
  return `${clockText(at, now)} (${span(now.getTime() - at.getTime())} ago)`;
}

/** A day of the month as said: 1 → "1st", 22 → "22nd", 13 → "13th". */
export function ordinal(n: number): string {
  return `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;
}
