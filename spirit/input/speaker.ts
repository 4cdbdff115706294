/**
 * Voice lines, `[event:voice][<speaker>] <text>`: their source, and the speaker label as an
 * identifier. Their own file: the Spirit needs them without the transcript readers (and
 * their schemas) that `world listen` loads.
 */
export const VOICE_SOURCE = "voice";

/**
 * A transcript's speaker label as a log identifier: trimmed, at most 64 characters, and
 * without what an identifier cannot hold (whitespace, ']', control characters), so
 * "Alice Smith" becomes "Alice_Smith".
 */
export function speakerId(speaker: string): string {
  const id = speaker.trim().replace(/[\s\]\p{Cc}\u2028\u2029]+/gu, "_").slice(0, 64);
  return id === "" ? "unknown" : id;
}
