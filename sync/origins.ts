/**
 * Which machine a session's agent runs on, in a world shared with `world sync`: the
 * machine that wrote the session's latest `start` or `active` line (an agent is spawned,
 * and reports, on its own machine). A line received from another machine has a row in
 * .world/sync/agents.tsv (`session id <tab> machine <tab> line hash`, written by the
 * receiving side for every received agent start/active line); a line without one was
 * written here. Read by `world query` and the monitor, without the NATS client; in a world
 * that never ran `world sync` every session's machine is null.
 */
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { join } from "node:path";
import type { WorldIndex } from "../tools/world/index-db.js";
import { latestStatusOffset } from "../tools/world/latest-status-line.js";
import type { WorldPaths } from "../tools/world/paths.js";
import type { SessionJson } from "../tools/world/query.js";
import { lineHash } from "./line-hash.js";
import { storedMachine } from "./state.js";

export type WithMachine<T> = T & { machine: string | null };

/** Agent statuses written where the agent runs. */
export const RUNS_WHERE_WRITTEN = new Set(["start", "active"]);

function agentsTable(paths: WorldPaths): string {
  return join(paths.dir, "sync", "agents.tsv");
}

/** Adds `machine` to sessions (null for all in a world without sync). */
export function withMachines<T extends SessionJson>(paths: WorldPaths, index: WorldIndex, sessions: readonly T[]): WithMachine<T>[] {
  const own = storedMachine(paths);
  if (own === undefined || sessions.length === 0) return sessions.map((s) => ({ ...s, machine: null }));
  const received = new Map<string, string>(); // line hash → machine
  try {
    for (const row of readFileSync(agentsTable(paths), "utf8").split("\n")) {
      const [, machine, hash] = row.split("\t");
      if (machine !== undefined && hash?.length === 16) received.set(hash, machine);
    }
  } catch {
    // no agents.tsv: nothing received yet, every session is this machine's
  }
  const statuses = [...RUNS_WHERE_WRITTEN];
  const fd = openSync(paths.log, "r");
  try {
    const buf = Buffer.alloc(64 * 1024);
    return sessions.map((s) => {
      const offset = latestStatusOffset(index, s.id, statuses);
      if (offset === undefined) return { ...s, machine: null };
      const n = readSync(fd, buf, 0, buf.length, offset);
      const end = buf.subarray(0, n).indexOf(10);
      const line = buf.toString("utf8", 0, end === -1 ? n : end);
      return { ...s, machine: received.get(lineHash(line)) ?? own };
    });
  } finally {
    closeSync(fd);
  }
}
