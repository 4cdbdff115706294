/**
 * A line's identity in world sync's side tables: 16 hex digits of its sha1 (no line text
 * is copied). The one-shot crypto.hash: a createHash object per line was a fifth of a
 * catch-up's time. Its own module: `world query` uses it without the rest of sync.
 */
import { hash } from "node:crypto";

export function lineHash(line: string): string {
  return hash("sha1", line, "hex").slice(0, 16);
}
