/**
 * Which command the shell agent runs. Two ways, the first that is present wins:
 *   WORLD_ARGV   a JSON array of strings, e.g. ["git","log","-n","3"] (exact, no parsing)
 *   WORLD_TASK   "run: git status", "$ df -h", or a command in backticks: "check `df -h`"
 * Task text is split into words like a shell would, without expanding anything;
 * pipes, redirections and `;` are refused (one plain command, no shell).
 */
import { z } from "zod";
import { CommandSyntaxError, splitCommand } from "../../tools/command/words.js";

export type CommandChoice = { ok: true; argv: string[] } | { ok: false; why: string; need: string };

const Argv = z.array(z.string()).min(1).max(200);
const RUN_PREFIX = /^\s*(?:run|execute|exec)\s*:\s*(.+)$/is;
const DOLLAR = /^\s*\$\s+(.+)$/s;
const BACKTICKS = /`([^`]+)`/;

const NEED_COMMAND = 'the command to run: a task like "run: git status" or WORLD_ARGV as a JSON array';

export function chooseCommand(task: string, argvJson: string | undefined): CommandChoice {
  if (argvJson !== undefined && argvJson.trim() !== "") {
    let value: unknown;
    try {
      value = JSON.parse(argvJson);
    } catch {
      return { ok: false, why: `WORLD_ARGV is not JSON: ${JSON.stringify(argvJson.slice(0, 60))}`, need: NEED_COMMAND };
    }
    const argv = Argv.safeParse(value);
    if (!argv.success) return { ok: false, why: "WORLD_ARGV is not a non-empty array of strings", need: NEED_COMMAND };
    return { ok: true, argv: argv.data };
  }
  const text = (RUN_PREFIX.exec(task) ?? DOLLAR.exec(task) ?? BACKTICKS.exec(task))?.[1];
  if (text === undefined) return { ok: false, why: `no command found in ${JSON.stringify(task.slice(0, 80))}`, need: NEED_COMMAND };
  try {
    const argv = splitCommand(text.trim());
    if (argv.length === 0) return { ok: false, why: "the command is empty", need: NEED_COMMAND };
    return { ok: true, argv };
  } catch (error) {
    if (!(error instanceof CommandSyntaxError)) throw error;
    return { ok: false, why: `cannot run ${JSON.stringify(text.trim())}: ${error.message}`, need: "one plain command without pipes, redirections or ';' (or several shell tasks)" };
  }
}
