/**
 * The parent every task agent runs under: a POSIX `sh`, about a megabyte resident, in
 * place of a Node process (45 MB) waiting for hours.
 *
 * Only a parent learns how a process ended, and whoever spawned an agent (`world spawn`,
 * `world verify --once`, an agent starting a sub-agent, a daemon that restarts) is often
 * gone by then. So launchAgent starts this shell detached, as the leader of the agent's
 * process group; it runs the agent in the foreground, and when it ends, replaces itself
 * (exec, same pid) with one short Node command (agents/note-exit.ts) that records the
 * exit and, if the session was still running, fails it (agents/ended.ts).
 *
 * Signals: `trap :` catches INT/TERM/HUP in the shell, so a signal to the whole group
 * reaches the agent (a caught signal is reset to its default in the child) while the
 * shell lives on to write down what happened; POSIX defers the trap until the foreground
 * command has finished. Before the exec they become ignored (`trap ''`, kept across exec),
 * so a late Ctrl-C cannot stop the exit line. The shell reports a death by signal N as
 * status 128+N, which note-exit reads back as the signal, as shells do.
 *
 * The script is a fixed string: the agent's command and the note's paths arrive as
 * positional arguments ("$@"), never interpolated into shell text. NODE_OPTIONS is the
 * agent's, not the note's: an agent spawned with `--env NODE_OPTIONS=…` (a preload, a
 * memory limit) must not stop its own exit line from being written.
 */
export const PARENT_SHELL = "/bin/sh";

const SCRIPT = [
  'node=$1 note=$2; shift 2',
  "trap : INT TERM HUP",
  '"$@"',
  "status=$?",
  "trap '' INT TERM HUP",
  "unset NODE_OPTIONS",
  'exec "$node" "$note" "$WORLD_SESSION_ID" "$WORLD_ATTEMPT" "$status" "$$"',
].join("\n");

/** argv for PARENT_SHELL: `-c <script> world-agent <node> <note-exit.js> <command…>`. */
export function parentArgs(node: string, noteExit: string, command: readonly string[]): string[] {
  return ["-c", SCRIPT, "world-agent", node, noteExit, ...command];
}
