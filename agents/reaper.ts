/**
 * The parent every task agent runs under: `node reaper.js <session-id> <attempt> -- <command…>`.
 *
 * Only a parent learns how a process ended, and whoever spawned an agent (`world spawn`,
 * `world verify --once`, an agent starting a sub-agent, a daemon that restarts) is often
 * gone by then. So launchAgent starts this small process as the leader of the agent's
 * process group; it runs the agent, waits, records the exit in the process record and
 * the log (`pid N (attempt A) exited with code 1`), and exits with the agent's status.
 * The Keeper can then say why an agent died instead of "its exit was not seen".
 *
 * It ignores SIGINT/SIGTERM/SIGHUP: those reach the whole group, so the agent gets them
 * and decides; the reaper only outlives it long enough to write down what happened.
 * node:child_process, not execa: this runs once per agent, and loads as little as it can.
 */
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { appendOnce } from "../tools/world/append.js";
import { worldPaths } from "../tools/world/paths.js";
import { awaitRecord, noteAgentEnd } from "./ended.js";

const [id, attemptText, dashes, ...command] = process.argv.slice(2);
const attempt = Number(attemptText);
if (!id || !Number.isInteger(attempt) || dashes !== "--" || command.length === 0) {
  process.stderr.write(`reaper: expected <session-id> <attempt> -- <command…>, received ${JSON.stringify(process.argv.slice(2))}\n`);
  process.exit(2);
}
const paths = worldPaths(process.env.WORLD_HOME);

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => {});

const child = spawn(command[0]!, command.slice(1), { stdio: ["ignore", "inherit", "inherit"] });
const ended = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>((resolve) => {
  child.once("error", (error) => resolve({ code: 127, signal: null, error }));
  child.once("exit", (code, signal) => resolve({ code, signal }));
});
if (ended.error) {
  // It never ran, so it cannot say so itself: fail the session now rather than at the Keeper's next sweep.
  process.stderr.write(`reaper: cannot start ${command[0]}: ${ended.error.message}\n`);
  appendOnce(paths, { kind: "agent", status: "failed", id, output: `could not start ${command.join(" ")}: ${ended.error.message}`, need: "a command that can be started" });
}

// launchAgent writes the record (after its "spawned" line) just after starting us: an
// agent that ends at once can beat it. Wait for it briefly, so the exit lands in the
// record and its line comes after the spawn line.
await awaitRecord(paths, id, attempt);
noteAgentEnd(paths, { id, attempt, pid: process.pid, code: ended.code, signal: ended.signal });
process.exitCode = ended.code ?? 128 + (ended.signal ? constants.signals[ended.signal] : 0);
