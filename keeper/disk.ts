/**
 * Disk space where world.log lives. When the disk fills, appends fail and nothing that
 * happens after that is on record, so the Keeper says it early: once when free space
 * drops below the threshold (`[event:system][keeper-disk] low: …`, and the notify
 * command if one is configured), once when it is back above. What it said last is read
 * from the log (the index), so running twice, or after a restart, says nothing twice.
 */
import { diskSpace, showDisk } from "../tools/proc/disk.js";
import type { SweepContext } from "./context.js";
import { notify } from "./notify.js";

export const DISK_ID = "keeper-disk";

export interface DiskState {
  freeBytes: number;
  totalBytes: number;
  low: boolean;
  /** What the Keeper wrote this run, if anything. */
  said?: string;
}

const MIB = 2 ** 20;

export async function checkDisk(ctx: SweepContext): Promise<DiskState | undefined> {
  const disk = diskSpace(ctx.paths.home);
  if (disk === undefined) {
    ctx.log?.warn({ home: ctx.paths.home }, "cannot read free disk space");
    return undefined;
  }
  const { freeBytes, totalBytes } = disk;
  const low = freeBytes < ctx.config.diskLowMiB * MIB;
  // Ours only: the Spirit's notice and the notification are written under the same id.
  // The unary + keeps SQLite on the per-id index; by source it would walk every system
  // line backwards (measured: +75 ms a sweep on a 1M-line log).
  const last = ctx.index.db
    .prepare("SELECT output FROM entries WHERE id = ? AND +kind = 'event' AND +label = 'system' ORDER BY line DESC LIMIT 1")
    .get(DISK_ID) as { output: string } | undefined;
  const saidLow = last?.output.startsWith("low: ") === true;
  if (low === saidLow) return { freeBytes, totalBytes, low };
  const where = `${showDisk(disk)} where world.log lives (${ctx.paths.home})`;
  const said = low
    ? `low: ${where}, below the ${ctx.config.diskLowMiB} MiB the Keeper warns at; free some space before world.log can take no more entries`
    : `ok: ${where}, above the ${ctx.config.diskLowMiB} MiB the Keeper warns at`;
  ctx.appender.append({ kind: "event", source: "system", id: DISK_ID, output: said });
  ctx.log?.info({ freeBytes, low }, "disk");
  if (low && ctx.config.notify) await notify(ctx, ctx.config.notify, `world: disk ${said}`);
  return { freeBytes, totalBytes, low, said };
}
