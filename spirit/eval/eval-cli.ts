/**
 * What the Spirit's evals share as programs (`npm run eval:intents|commands|conversations`):
 * the dev files beside the project, a file read or one line that says why not, bad input as
 * one line and exit 2, their command line (node's util.parseArgs), and running only as a
 * program (the tests import their functions).
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

/** Bad input to an eval: said in one line, exit 2. */
export class InputError extends Error {}

// dist/spirit/eval/eval-cli.js: the project root is three levels up; the dev files are in ../shared/eval beside it.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

/** A dev file by name: `../shared/eval/<name>` beside the project. */
export function devFile(name: string): string {
  return resolve(ROOT, "..", "shared", "eval", name);
}

/**
 * Each non-blank line of a JSONL file, parsed and taken by `take`; a line that is not JSON,
 * or that `take` refuses (by calling `refuse`), is one InputError naming file:line, what was
 * expected and what was received.
 */
export function readJsonl<T>(file: string, raw: string, expected: string, take: (o: unknown, where: string, refuse: () => never) => T): T[] {
  const out: T[] = [];
  raw.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === "") return;
    const where = `${file}:${i + 1}`;
    const shown = line.length > 120 ? `${line.slice(0, 117)}...` : line;
    let o: unknown;
    try {
      o = JSON.parse(line);
    } catch {
      throw new InputError(`${where}: ${expected}, received invalid JSON: ${shown}`);
    }
    out.push(
      take(o, where, () => {
        throw new InputError(`${where}: ${expected}, received: ${shown}`);
      }),
    );
  });
  return out;
}

/** The file's text, or an InputError naming the eval, the file and what went wrong. */
export function readInput(tool: string, file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(`${tool}: cannot read ${file}: expected a readable file, received ${code === "ENOENT" ? "no such file" : (e as Error).message}`);
  }
}

/**
 * Runs `main` with the command line when `url` (the caller's import.meta.url) is the program
 * node was started with; an InputError it throws is one line on stderr and exit 2.
 */
export async function runAsProgram(url: string, main: (argv: string[]) => number | Promise<number>): Promise<void> {
  if (!process.argv[1] || resolve(process.argv[1]) !== fileURLToPath(url)) return;
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    process.stderr.write(`${e.message}\n`);
    process.exitCode = 2;
  }
}

/** An eval's command line: `[file] [--json]` and its own options, each a string checked by `valid`. */
export interface EvalOptions {
  [name: string]: { expected: string; valid: (value: string) => boolean; default?: string };
}

export interface EvalArgs {
  json: boolean;
  /** The file given, resolved; else the eval's dev file (`defaultFile`). */
  file: string;
  values: Record<string, string | undefined>;
}

/**
 * Parses an eval's arguments; "help" when asked for it (the usage printed). Bad input is an
 * InputError in one line: `<tool>: <what>, expected …, received … (usage)`.
 */
export function parseEvalArgs(tool: string, usage: string, argv: string[], defaultFile: string, options: EvalOptions = {}): EvalArgs | "help" {
  const spec = Object.fromEntries(Object.keys(options).map((name) => [name, { type: "string" as const }]));
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { ...spec, json: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
  } catch (e) {
    const option = /'(-[^' ]+)/.exec((e as Error).message)?.[1] ?? "";
    const named = options[option.replace(/^-+/, "")];
    if (named !== undefined) throw new InputError(`${tool}: ${option} expected ${named.expected}, received nothing (${usage})`);
    throw new InputError(`${tool}: unknown option ${option} (${usage})`);
  }
  if (parsed.values.help === true) {
    process.stdout.write(`${usage}\n`);
    return "help";
  }
  const values: Record<string, string | undefined> = {};
  for (const [name, { expected, valid, default: fallback }] of Object.entries(options)) {
    const value = parsed.values[name];
    if (typeof value === "string" && !valid(value)) throw new InputError(`${tool}: --${name} expected ${expected}, received ${value} (${usage})`);
    values[name] = typeof value === "string" ? value : fallback;
  }
  if (parsed.positionals.length > 1) throw new InputError(`${tool}: expected at most one file, received ${parsed.positionals.length}: ${parsed.positionals.join(" ")}`);
  const given = parsed.positionals[0];
  return { json: parsed.values.json === true, file: given !== undefined ? resolve(given) : defaultFile, values };
}
