/**
 * A file's bytes, or a directory's entries, on disk: fsync through a descriptor of our own,
 * closed at once. For a directory this makes a rename or a new name in it survive a power
 * loss. (Closing a descriptor drops every POSIX lock this process holds on the file,
 * SQLite's included: sync a database's file only while no connection of this process has it open.)
 */
import { closeSync, fsyncSync, openSync } from "node:fs";

export function syncPath(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
