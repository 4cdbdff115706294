/**
 * Which commands an agent may run without asking a human.
 *
 * The allow-list holds read-only commands only: they look at the machine and change
 * nothing. Everything else (a write, a delete, a network call, an interpreter, a
 * package manager, anything not listed) is refused, and the agent asks a human:
 * `failed refused … | need: a human to approve: <command>`. There is no shell: the
 * command is an argv array, so `;`, `|`, `>` and `$(…)` are just characters.
 *
 * Some listed commands have options that DO change things (`date -s`, `git diff
 * --output=FILE`, `hostname NAME`): those are refused by the per-command rules below.
 * The list is documented in docs/task-agents.md; change both together.
 */

interface CommandRule {
  /** Why it is on the list: shown in docs and in refusals. */
  what: string;
  /** Short options (letters) that change things; refused even inside a cluster like `-us`. */
  refuseShort?: string;
  /** Long options that change things; refused as `--opt` and `--opt=value`. */
  refuseLong?: readonly string[];
  /** When set, the first argument must be one of these (e.g. git's read-only subcommands). */
  subcommands?: readonly string[];
  /** At most this many arguments (e.g. `hostname` with an argument SETS the hostname). */
  maxArgs?: number;
}

const ALLOW: Readonly<Record<string, CommandRule>> = {
  ls: { what: "list a directory" },
  cat: { what: "print a file" },
  head: { what: "print the start of a file" },
  tail: { what: "print the end of a file", refuseShort: "fF", refuseLong: ["--follow"] },
  wc: { what: "count lines, words, bytes" },
  grep: { what: "search text in files" },
  echo: { what: "print its arguments" },
  pwd: { what: "print the working directory" },
  date: { what: "print the date", refuseShort: "s", refuseLong: ["--set"] },
  df: { what: "disk space" },
  du: { what: "disk usage of files" },
  free: { what: "memory use" },
  uptime: { what: "how long the machine has run" },
  uname: { what: "the system's name and version" },
  whoami: { what: "the current user" },
  id: { what: "the current user's ids" },
  hostname: { what: "the machine's name (with no argument: with one it sets it)", maxArgs: 0 },
  stat: { what: "a file's metadata" },
  which: { what: "where a command is" },
  git: {
    what: "read-only git: status, log, diff, show, rev-parse, ls-files",
    subcommands: ["status", "log", "diff", "show", "rev-parse", "ls-files"],
    // --output writes a file; --ext-diff and textconv run configured programs.
    refuseLong: ["--output", "--ext-diff", "--textconv", "--exec", "--upload-pack"],
  },
};

export type Verdict = { allowed: true } | { allowed: false; reason: string };

function refusedOption(arg: string, rule: CommandRule): string | undefined {
  if (arg.startsWith("--")) {
    const name = arg.includes("=") ? arg.slice(0, arg.indexOf("=")) : arg;
    // Long options may be abbreviated by GNU tools (`--se` for `--set`): refuse prefixes too.
    const hit = rule.refuseLong?.find((long) => name.length >= 3 && long.startsWith(name));
    return hit === undefined ? undefined : arg;
  }
  if (arg.startsWith("-") && arg.length > 1 && rule.refuseShort) {
    const letters = arg.slice(1);
    for (const letter of letters) if (rule.refuseShort.includes(letter)) return `-${letter}`;
  }
  return undefined;
}

/** Decides whether `argv` may run without a human's approval. */
export function vetCommand(argv: readonly string[]): Verdict {
  const [name, ...args] = argv;
  if (name === undefined || name === "") return { allowed: false, reason: "no command given" };
  if (name.includes("/")) return { allowed: false, reason: `a path to a program (${name}) is not on the allow-list; only bare names are` };
  const rule = Object.hasOwn(ALLOW, name) ? ALLOW[name] : undefined;
  if (rule === undefined) return { allowed: false, reason: `${name} is not on the allow-list of read-only commands` };
  if (rule.maxArgs !== undefined && args.length > rule.maxArgs) {
    return { allowed: false, reason: `${name} with arguments can change the machine` };
  }
  if (rule.subcommands !== undefined) {
    const sub = args[0];
    if (sub === undefined || !rule.subcommands.includes(sub)) {
      return { allowed: false, reason: `${name} ${sub ?? "(no subcommand)"} is not one of the read-only subcommands (${rule.subcommands.join(", ")})` };
    }
  }
  for (const arg of args) {
    if (arg === "--") break;
    const refused = refusedOption(arg, rule);
    if (refused !== undefined) return { allowed: false, reason: `${name} ${refused} can change the machine` };
  }
  return { allowed: true };
}
