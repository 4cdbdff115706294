/**
 * A small JSON file only its owner may read, replaced atomically: written to a temporary
 * file created 0600 in the same directory, then renamed over the old one, so a reader (or
 * a crash) sees the old file or the new one, never half of either, and never a moment
 * when others could read it. For what may be secret (an agent's spawn environment) or
 * private (the text of a watched page).
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { PRIVATE_DIR, PRIVATE_FILE } from "../world/paths.js";

export function writePrivateJson(file: string, data: unknown): void {
  mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIR });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`;
  const fd = openSync(tmp, "wx", PRIVATE_FILE); // "x": never through an existing file or link
  try {
    writeSync(fd, JSON.stringify(data) + "\n");
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(tmp, file);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}

/** The parsed file, or undefined when it is missing or not JSON. */
export function readJsonFile(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

export function removeFile(file: string): void {
  rmSync(file, { force: true });
}
