/**
 * The shell agent: runs one explicit command under the policy of tools/command.
 *
 *   [event:bash][id] $ git status                       what runs (and who allowed it)
 *   [event:bash][id] exit 0 in 14 ms: <all output>       what it printed (long output
 *                                                         goes to an attachment)
 *   [agent:finish][id] exit 0, 3 lines of output: …      on exit 0
 *   [agent:failed][id] exit 2, … | need: a human to look at the output …   otherwise
 *   [agent:failed][id] refused: rm -rf x (…) | need: a human to approve: rm -rf x
 *
 * A refused command runs on the session's next attempt if a human answered
 * `world respond <id> approve` (tools/command/gate.ts).
 */
import { authorize } from "../../tools/command/gate.js";
import { commandLine, outputLine, BASH_SOURCE } from "../../tools/command/log.js";
import { runCommand, summarize } from "../../tools/command/exec.js";
import { showCommand } from "../../tools/command/words.js";
import { runAgent } from "../harness.js";
import { chooseCommand } from "./command.js";
import { msFromEnv } from "../../tools/duration.js";

await runAgent(async (run) => {
  const choice = chooseCommand(run.env.task, process.env.WORLD_ARGV);
  if (!choice.ok) {
    run.fail(choice.why, choice.need);
    return;
  }
  const command = showCommand(choice.argv);
  const cwd = process.env.WORLD_CWD || run.env.home;
  const timeoutMs = msFromEnv("WORLD_SHELL_TIMEOUT_MS", 60_000);

  const auth = authorize(run.paths, run.id, choice.argv);
  if (!auth.allowed) {
    run.fail(`refused: ${auth.command} (${auth.reason})`, auth.need);
    return;
  }
  run.active(`running: ${command}`);
  if (run.signal.aborted) return; // the session is over, or we were told to stop
  run.event(BASH_SOURCE, commandLine(choice.argv, auth.approvedBy));
  const result = await runCommand({ argv: choice.argv, cwd, timeoutMs }, run.signal);
  run.event(BASH_SOURCE, outputLine(result));

  if (run.signal.aborted) {
    run.active(`stopped by a signal while running ${command}`);
    return;
  }
  const summary = summarize(result);
  if (result.exitCode === 0) run.finish(summary);
  else if (result.startError !== undefined) run.fail(summary, `a command that exists on this machine instead of ${choice.argv[0]}`);
  else if (result.timedOut) run.fail(summary, `more time than ${timeoutMs} ms (WORLD_SHELL_TIMEOUT_MS) or a quicker command`);
  else run.fail(summary, `a human to look at the output of ${command} (see the [event:bash] lines)`);
});
