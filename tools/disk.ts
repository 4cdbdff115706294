/** Free space on the disk a path lives on (statfs): what is left for world.log to grow into. */
import { statfsSync } from "node:fs";

export interface DiskSpace {
  /** Bytes an unprivileged process can still write. */
  freeBytes: number;
  totalBytes: number;
}

/** Undefined when the path cannot be examined (it does not exist, say). */
export function diskSpace(path: string): DiskSpace | undefined {
  try {
    const fs = statfsSync(path);
    return { freeBytes: fs.bavail * fs.bsize, totalBytes: fs.blocks * fs.bsize };
  } catch {
    return undefined;
  }
}

/** "812 MiB", "78.1 GiB". */
function showBytes(bytes: number): string {
  return bytes >= 2 ** 30 ? `${(bytes / 2 ** 30).toFixed(1)} GiB` : `${Math.floor(bytes / 2 ** 20)} MiB`;
}

/** "78.1 GiB free of 252.0 GiB (31%)". */
export function showDisk(d: DiskSpace): string {
  return `${showBytes(d.freeBytes)} free of ${showBytes(d.totalBytes)} (${Math.round((100 * d.freeBytes) / Math.max(1, d.totalBytes))}%)`;
}
