/**
 * Which machine wrote each line of a synced log, for the health check's order rule: lines
 * received from another machine carry that machine's times, and after a partition they
 * arrive hours after the local lines around them. That is not a clock gone wrong, so the
 * order is checked per machine (docs/sync.md). A received line has a row in
 * .world/sync/received.tsv, written before the line and giving the log's size then; the
 * rows are followed forwards beside the log, so memory holds only the rows whose lines are
 * still ahead, however long the log.
 */
import { lineHash } from "../sync/line-hash.js";
import { ReceivedRows } from "../sync/state.js";
import type { WorldPaths } from "../tools/world/paths.js";

/** A row whose line was not met yet: carried to the next check. */
export type PendingRow = [hash: string, machine: string, sizeBefore: number];

/** A row this far behind the end of the check without its line is given up (an intent whose line never landed). */
const GIVE_UP_BYTES = 1 << 20;

export class LineOrigins {
  private readonly rows: ReceivedRows;
  private readonly pending = new Map<string, PendingRow[]>();

  /** `from`: where this check starts in the log; `rowsAt` and `carried`: where the last one left the table. */
  constructor(
    paths: WorldPaths,
    private readonly from: number,
    rowsAt: number,
    carried: readonly PendingRow[],
  ) {
    this.rows = new ReceivedRows(paths, rowsAt);
    for (const row of carried) this.add(row);
  }

  /** The machine a line came from, or undefined for a line written here. */
  of(text: string, offset: number): string | undefined {
    for (let row = this.rows.peek(); row !== undefined && row.sizeBefore <= offset; row = this.rows.peek()) {
      this.rows.take();
      if (row.sizeBefore >= this.from) this.add([row.hash, row.machine, row.sizeBefore]); // else its line was checked before
    }
    if (this.pending.size === 0) return undefined;
    const hash = lineHash(text);
    const rows = this.pending.get(hash);
    if (rows === undefined) return undefined;
    const [, machine] = rows.shift()!;
    if (rows.length === 0) this.pending.delete(hash);
    return machine;
  }

  /** What the next check needs: where the table's unread rows start, and the rows still waiting for their line. */
  close(end: number): { rowsAt: number; carried: PendingRow[] } {
    this.rows.close();
    const carried = [...this.pending.values()].flat().filter(([, , sizeBefore]) => sizeBefore + GIVE_UP_BYTES >= end);
    return { rowsAt: this.rows.at, carried };
  }

  private add(row: PendingRow): void {
    const rows = this.pending.get(row[0]);
    if (rows === undefined) this.pending.set(row[0], [row]);
    else rows.push(row);
  }
}
