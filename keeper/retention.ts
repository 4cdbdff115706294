/**
 * Retention of the operational logs, once per sweep. What `world` writes for its own
 * operation grows without bound otherwise: an `.out` and an `.err` per agent session
 * (`.world/logs/agents/`), a daemon's log (`spirit.log`: a line per utterance), the SQLite
 * index's write-ahead log. Never world.log, never `.world/attachments/` (the record).
 *
 *   - an agent's `.out`/`.err`: removed once untouched for `agentLogs` (default 7 d) and its
 *     process is not running;
 *   - a daemon's log in `.world/logs/` over `daemonLogMiB` (default 10): copied to
 *     `<name>.1` (the one before is replaced) and emptied in place — its writer appends
 *     (O_APPEND) and goes on at the new end; a line written between the copy and the
 *     emptying is lost, which an operational log can afford;
 *   - the index: a WAL checkpoint that truncates it.
 */
import { copyFileSync, readdirSync, statSync, truncateSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { readProcRecord, recordedGroupAlive } from "../agents/procs.js";
import type { SweepContext } from "./context.js";

export interface RetentionOutcome {
  /** Agent .out/.err files removed. */
  agentFiles: number;
  /** Daemon logs moved to <name>.1. */
  rotated: string[];
}

const AGENT_FILE = /^(.+)\.(out|err)$/;
const DAEMON_LOG = /^[a-z][a-z0-9_-]*\.(log|out)$/;

function entries(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function running(ctx: SweepContext, id: string): boolean {
  const record = readProcRecord(ctx.paths, id);
  return record !== undefined && record.exit === undefined && recordedGroupAlive(record);
}

export function applyRetention(ctx: SweepContext): RetentionOutcome {
  const { paths, config, now } = ctx;
  let agentFiles = 0;
  const agentsDir = join(paths.logs, "agents");
  for (const name of entries(agentsDir)) {
    const m = AGENT_FILE.exec(name);
    if (m === null) continue;
    const file = join(agentsDir, name);
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat === undefined || !stat.isFile() || now.getTime() - stat.mtimeMs < config.agentLogsMs) continue;
    if (running(ctx, m[1]!)) continue;
    try {
      unlinkSync(file);
      agentFiles += 1;
    } catch (error) {
      ctx.log?.warn({ file, error: String(error) }, "cannot remove an old agent log");
    }
  }
  const rotated: string[] = [];
  for (const name of entries(paths.logs)) {
    if (!DAEMON_LOG.test(name)) continue;
    const file = join(paths.logs, name);
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat === undefined || !stat.isFile() || stat.size <= config.daemonLogMiB * 1024 * 1024) continue;
    try {
      copyFileSync(file, `${file}.1`);
      truncateSync(file, 0);
      rotated.push(name);
    } catch (error) {
      ctx.log?.warn({ file, error: String(error) }, "cannot rotate a daemon log");
    }
  }
  try {
    ctx.index.checkpoint();
  } catch (error) {
    ctx.log?.warn({ error: String(error) }, "index checkpoint failed"); // busy readers: the next sweep tries again
  }
  return { agentFiles, rotated };
}
