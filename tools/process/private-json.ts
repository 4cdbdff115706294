/**
 * A small JSON file only its owner may read, replaced atomically (tools/fs/atomic-write.ts):
 * written to a temporary file created 0600 (O_EXCL) in the same directory, then renamed over
 * the old one, so a reader (or a crash) sees the old file or the new one, never half of
 * either, and never a moment when others could read it. For what may be secret (an agent's
 * spawn environment) or private (the text of a watched page).
 */
import { rmSync } from "node:fs";
import { writeJsonAtomic } from "../fs/atomic-write.js";
import { PRIVATE_DIR, PRIVATE_FILE } from "../world/paths.js";

export function writePrivateJson(file: string, data: unknown): void {
  // "exclusive": never through an existing file or link; 0600 from its creation, so never readable by others.
  writeJsonAtomic(file, data, { mode: PRIVATE_FILE, dirMode: PRIVATE_DIR, exclusive: true });
}

export function removeFile(file: string): void {
  rmSync(file, { force: true });
}
