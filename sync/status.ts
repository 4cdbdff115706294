/**
 * How this machine's part of a synced world stands, for `world status`: which machine and
 * server, whether `world sync` runs (it holds the `sync` lock), what it last said in the
 * log (connected, offline, back: sync/notices.ts) and how many lines of this log it has
 * not sent yet. Read from files and the index only: no NATS client, no network.
 */
import { lastEventWith } from "../tools/world/event-queries.js";
import type { WorldIndex } from "../tools/world/index-db.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { lockHolder } from "../tools/process/lock.js";
import { shownUrl } from "./auth.js";
import { readSyncConfig } from "./config.js";
import { connectionIn, noticePrefix, SYNC_ID } from "./notices.js";
import { SyncState } from "./state.js";
import { readRefused, refusedCount } from "./refused.js";
import { acceptedSeqs } from "./accept.js";

export interface SyncStatus {
  machine: string;
  /** Without credentials (sync/auth.ts). */
  url: string;
  stream: string;
  /** The running `world sync`, or null. */
  pid: number | null;
  /** Its latest notice in the log (without the `sync on <machine>: ` prefix). */
  last: { ts: string; text: string } | null;
  /** What that notice says of the connection (null: none yet). While `pid` is null, only what it was. */
  connection: "connected" | "offline" | null;
  /** This machine's lines after what was last published (sent.json lags up to 200 ms). */
  unsentLines: number;
  /** Chunks from other machines refused and kept aside in .world/sync/refused.jsonl (sync/refused.ts), for a person to look at; those a person accepted since (sync/accept.ts) are not counted. */
  refusedChunks: number;
}

/** Null for a world that never ran `world sync`. `logLines`: the index's line count. */
export function syncStatus(paths: WorldPaths, index: WorldIndex, logLines: number): SyncStatus | null {
  const config = readSyncConfig(paths);
  if (config === undefined) return null;
  const prefix = noticePrefix(config.machine);
  const notice = lastEventWith(index, SYNC_ID, "system", prefix);
  const state = new SyncState(paths);
  const sent = state.sent();
  // Lines received from other machines after the cursor are passed over, never sent: not counted.
  const received = state.receivedTail((r) => r.sizeBefore >= sent.offset).length;
  return {
    machine: config.machine,
    url: shownUrl(config.url),
    stream: config.stream,
    pid: lockHolder(paths, "sync") ?? null,
    last: notice ? { ts: notice.ts, text: notice.output.slice(prefix.length) } : null,
    connection: notice ? connectionIn(notice.output.slice(prefix.length)) : null,
    unsentLines: Math.max(0, logLines - sent.line - received),
    refusedChunks: notAccepted(paths),
  };
}

/**
 * Kept chunks a person has not accepted. refused.jsonl is never rewritten, so an accepted
 * chunk stays there; accepted.jsonl names it by machine and stream sequence. The usual
 * world has accepted nothing: then the lines are only counted, not parsed.
 */
function notAccepted(paths: WorldPaths): number {
  const kept = refusedCount(paths);
  if (kept === 0) return 0;
  const accepted = acceptedSeqs(paths);
  if (accepted.size === 0) return kept;
  return readRefused(paths).chunks.filter((c) => accepted.get(c.machine)?.has(c.seq) !== true).length;
}
