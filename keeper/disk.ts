/**
 * Disk space where world.log lives. When the disk fills, appends fail and nothing that
 * happens after that is on record, so the Keeper says it early: once when free space
 * drops below the threshold (`[event:system][keeper-disk] low: …`, and the notify
 * command if one is configured), once when it is back above. What it said last is read
 * from the log (the index), so running twice, or after a restart, says nothing twice.
 */
import { diskSpace, showDisk, type DiskSpace } from "../tools/disk.js";
import type { WorldIndex } from "../tools/world/index-db.js";
import type { EntryJson } from "../tools/world/json.js";
import { history } from "../tools/world/query.js";
import type { SweepContext } from "./context.js";
import { runNotifyCommand } from "./notify-command.js";

export const DISK_ID = "keeper-disk";

export interface DiskState extends DiskSpace {
  low: boolean;
}

const MIB = 2 ** 20;

/**
 * The Keeper's latest disk line, if it says low: the warning that stands. What the Keeper
 * decides from and what the monitor shows. Its own lines only: the Spirit's notice and the
 * notification are written under the same id. (By id, on its index: a lookup by source
 * walked every system line, +75 ms a sweep on a 1M-line log.)
 */
export function standingDiskWarning(index: WorldIndex): EntryJson | undefined {
  const last = history(index, DISK_ID).filter((e) => e.kind === "event" && e.source === "system").at(-1);
  return last?.output.startsWith("low: ") ? last : undefined;
}

export async function checkDisk(ctx: SweepContext): Promise<DiskState | undefined> {
  const disk = diskSpace(ctx.paths.home);
  if (disk === undefined) {
    ctx.log?.warn({ home: ctx.paths.home }, "cannot read free disk space");
    return undefined;
  }
  const low = disk.freeBytes < ctx.config.diskLowMiB * MIB;
  const saidLow = standingDiskWarning(ctx.index) !== undefined;
  if (low === saidLow) return { ...disk, low };
  const where = `${showDisk(disk)} where world.log lives (${ctx.paths.home})`;
  const said = low
    ? `low: ${where}, below the ${ctx.config.diskLowMiB} MiB the Keeper warns at; free some space before world.log can take no more entries`
    : `ok: ${where}, above the ${ctx.config.diskLowMiB} MiB the Keeper warns at`;
  ctx.appender.append({ kind: "event", source: "system", id: DISK_ID, output: said });
  ctx.log?.info({ freeBytes: disk.freeBytes, low }, "disk");
  if (low && ctx.config.notify) await runNotifyCommand(ctx, ctx.config.notify, `world: disk ${said}`);
  return { ...disk, low };
}
