/**
 * `node note-exit.js <session-id> <attempt> <status> <pid>`: the one short command an
 * agent's `sh` parent (agents/parent.ts) execs into when the agent has ended. It records
 * the exit in the process record and the log (`pid N (attempt A) exited with code 1`)
 * and fails a session that was still running (agents/ended.ts), then exits with the
 * agent's status. Bundled into one file by the build: it runs once per agent.
 */
import { existsSync } from "node:fs";
import { constants } from "node:os";
import { worldPaths } from "../tools/world/paths.js";
import { awaitRecord, noteAgentEnd } from "./ended.js";

const [id, attemptText, statusText, pidText] = process.argv.slice(2);
const attempt = Number(attemptText);
const status = Number(statusText);
const pid = Number(pidText);
if (!id || !Number.isInteger(attempt) || !Number.isInteger(status) || !Number.isInteger(pid)) {
  process.stderr.write(`note-exit: expected <session-id> <attempt> <status> <pid>, received ${JSON.stringify(process.argv.slice(2))}\n`);
  process.exit(2);
}

/** The shell's status: 128+N is a death by signal N (as sh reports it), else the exit code. */
function exitOf(code: number): { code: number | null; signal: string | null } {
  if (code > 128) {
    const name = Object.entries(constants.signals).find(([, n]) => n === code - 128)?.[0];
    if (name !== undefined) return { code: null, signal: name };
  }
  return { code, signal: null };
}

const paths = worldPaths(process.env.WORLD_HOME);
// A world deleted while its agent ran (a removed temporary world, a cleared directory) is
// not brought back by the note: appending would create a new world.log holding one line.
if (!existsSync(paths.log)) {
  process.stderr.write(`note-exit: ${paths.log} is gone: the exit of ${id} (status ${status}) is not recorded\n`);
  process.exit(status);
}
// launchAgent writes the record (after its "spawned" line) just after starting the parent:
// an agent that ends at once can beat it. Wait for it briefly, so the exit lands in the
// record and its line comes after the spawn line.
await awaitRecord(paths, id, attempt);
noteAgentEnd(paths, { id, attempt, pid, ...exitOf(status) });
process.exitCode = status;
