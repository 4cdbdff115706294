/**
 * What the Spirit's evals share as programs (`npm run eval:intents|commands|conversations`):
 * the dev files beside the project, a file read or one line that says why not, bad input as
 * one line and exit 2, and running only as a program (the tests import their functions).
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Bad input to an eval: said in one line, exit 2. */
export class InputError extends Error {}

// dist/spirit/eval-cli.js: the project root is two levels up; the dev files are in ../shared/eval beside it.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** A dev file by name: `../shared/eval/<name>` beside the project. */
export function devFile(name: string): string {
  return resolve(ROOT, "..", "shared", "eval", name);
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
