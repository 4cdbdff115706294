/** What each step of a sweep gets: the world, the thresholds, the clock, and where to write. */
import type { Appender, Draft, LineAppender } from "../tools/world/append.js";
import type { Entry } from "../tools/world/entry.js";
import type { WorldIndex } from "../tools/world/index-db.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { session, type SessionJson } from "../tools/world/query.js";
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
export function stamped(appender: Appender, now: Date): LineAppender {
  const ts = now.toISOString();
  return {
    append: (d: Draft): Entry => appender.append({ ...d, ts }),
    appendMany: (ds: readonly Draft[]): Entry[] => appender.appendMany(ds.map((d) => ({ ...d, ts }))),
  };
}

/** The Keeper's own lines are `[event:system][keeper] …` (health, summary) or name a session. */
export const KEEPER_ID = "keeper";

/**
 * A session's state as of now: the index catches up first (cheap when nothing is new),
 * so a line an agent wrote since the sweep began is taken into account before acting.
 */
export function fresh(ctx: SweepContext, id: string): SessionJson | undefined {
  ctx.index.catchUp();
  return session(ctx.index, id);
}

export const RUNNING = ["start", "active", "retry"];
export const TERMINAL = ["verified", "failed", "closed"];
