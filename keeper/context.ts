/** What each step of a sweep gets: the world, the thresholds, the clock, and where to write. */
import type { Appender, Draft, LineAppender } from "../tools/world/append.js";
import type { Entry } from "../tools/world/entry.js";
import type { WorldIndex } from "../tools/world/index-db.js";
import type { WorldPaths } from "../tools/world/paths.js";
import type { Logger } from "../tools/process/daemon.js";
import type { KeeperConfig } from "./config.js";
import type { ClusterActions } from "./cluster.js";

export interface SweepContext {
  paths: WorldPaths;
  config: KeeperConfig;
  now: Date;
  index: WorldIndex;
  appender: LineAppender;
  log?: Logger;
  /** Claims a timeout or a nudge cluster-wide before writing it, when the world is synced (docs/sync.md). */
  cluster?: ClusterActions;
  /** This machine's name when the world is synced: its reports about its own log and processes say so. */
  machine?: string;
}

/** With an injected clock (tests, replays) the Keeper's lines carry that clock's time too. */
export function clockedWriter(appender: Appender, now: Date): LineAppender {
  const ts = now.toISOString();
  return {
    append: (d: Draft): Entry => appender.append({ ...d, ts }),
    appendMany: (ds: readonly Draft[]): Entry[] => appender.appendMany(ds.map((d) => ({ ...d, ts }))),
  };
}

/** The Keeper's own lines are `[event:system][keeper] …` (health, summary) or name a session. */
export const KEEPER_ID = "keeper";

