/**
 * A line's identity in world sync's side tables: 16 hex digits of its sha1 (no line text
 * is copied). The one-shot crypto.hash: a createHash object per line was a fifth of a
 * catch-up's time. Its own module: `world query` uses it without the rest of sync.
 * node:crypto is loaded at the first use, not at the top: `world query` loads this module
 * and uses it only in a world that syncs (~15 modules, a few ms of its start otherwise).
 */
let hash: typeof import("node:crypto").hash | undefined;

export function lineHash(line: string): string {
  hash ??= process.getBuiltinModule("node:crypto").hash;
  return hash("sha1", line, "hex").slice(0, 16);
}
