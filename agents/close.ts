/**
 * Closing a session: a person ends it for good, whatever it was doing (running, parked,
 * awaiting its verdict, failed). One `[agent:closed][id] closed by a person: <reason> …`
 * line (tools/world/actor.ts says who; the lifecycle allows it after every status but
 * verified and closed, tools/world/lifecycle.ts), then its process group is stopped
 * (SIGTERM, SIGKILL after a grace period, each said in the log) and its record archived.
 *
 * After that line nobody acts on the session: the agent's own late lines are refused by
 * the lifecycle (agents/harness.ts stops), the Verifier writes no verdict for a session no
 * longer at its finish, the Keeper's rules touch only running or failed ones and its
 * scheduler drops the wake-up, the Spirit and the monitor stop showing it as needing
 * anyone. Shared by `world close`, `world respond <id> cancel`, the monitor and the Spirit.
 */
import { RefusedError } from "../tools/errors.js";
import { appendStatus } from "../tools/world/append-status.js";
import { findLastStatus } from "../tools/world/last-status.js";
import { OVER } from "../tools/world/lifecycle.js";
import { checkActor, actorSuffix, type Actor } from "../tools/world/actor.js";
import type { Entry } from "../tools/world/entry.js";
import { openIndex } from "../tools/world/index-db.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { archiveProcRecord } from "./procs.js";
import { forgetSpawnEnv } from "./spawn-env.js";
import { stopSessionGroup, type Stopped } from "./stop-session.js";

const CLOSED_PREFIX = "closed by a person: ";

/** What people answer when they want a session gone (`world respond <id> cancel`). */
const CANCEL_WORDS = /^(cancel|close|dismiss|stop|drop it|forget it|never ?mind|give up)[.!]?$/i;

export function isCancelAnswer(text: string): boolean {
  return CANCEL_WORDS.test(text.trim());
}

export interface Closed {
  entry: Entry;
  /** What happened to its processes: none running, ended after SIGTERM, or SIGKILLed. */
  processes: Stopped;
}

export interface CloseOptions {
  graceMs?: number;
  sync?: boolean;
}

/**
 * Closes session `id` for `actor` (a person, or the Spirit citing a person's words).
 * Refused (exit 3) for anyone else and for a session already verified or closed; unknown
 * session: exit 4.
 */
export async function closeSession(paths: WorldPaths, id: string, reason: string, actor: Actor, options: CloseOptions = {}): Promise<Closed> {
  const index = openIndex(paths);
  try {
    checkActor(index, actor, `close session ${id}`);
  } finally {
    index.close();
  }
  const last = findLastStatus(paths.log, id)?.status;
  if (last !== undefined && OVER.includes(last)) throw new RefusedError(`refused: session ${id} is already ${last}: expected a session that is not over, received one with nothing left to close`);
  const why = reason.trim() === "" ? "no reason given" : reason.trim();
  const entry = appendStatus(paths, { status: "closed", id, output: `${CLOSED_PREFIX}${why}${actorSuffix(actor)}` }, options.sync === undefined ? {} : { sync: options.sync });
  return { entry, processes: await stopProcesses(paths, id, options) };
}

/** Stops the session's process group, if it has one still running; archives its record. */
async function stopProcesses(paths: WorldPaths, id: string, options: CloseOptions): Promise<Stopped> {
  const stopped = await stopSessionGroup(paths, id, "the session was closed", options);
  archiveProcRecord(paths, id);
  forgetSpawnEnv(paths, id); // never launched again: its secrets go
  return stopped;
}
