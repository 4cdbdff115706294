/**
 * A file opened for reading, or undefined when it cannot be (not there yet, gone, not
 * readable): the readers that have nothing to say about a missing file ask this instead
 * of each catching openSync's error.
 */
import { openSync } from "node:fs";

export function openToRead(path: string): number | undefined {
  try {
    return openSync(path, "r");
  } catch {
    return undefined;
  }
}
