/**
 * Reading the small JSON files world keeps beside the log (cursors, process records, sync
 * state, the chain's checkpoints, up-status, stored conversations…): the one reader of
 * them, each checked by its own zod schema instead of trusted by a cast. A missing file is
 * not an error; a malformed one is said in one line (what, expected, received), and each
 * caller decides what it means: most start over (the file is derived), sync's state refuses.
 */
import { readFileSync } from "node:fs";
import type { z } from "zod";
import { UsageError, shown } from "../errors.js";
import { describeIssue, receivedAt } from "../zod-problem.js";

export type JsonFileRead<T> = { found: false } | { found: true; value: T } | { found: true; problem: string };

/**
 * `what` names the file for people ("the Keeper's health state"). The schema may be given as
 * a function, called only when there is a file to check (a path that usually finds none
 * need not load zod: tools/lazy-zod.ts). `quick`, for a file read at every start (a reader's
 * cursor), takes a well-formed value without zod: what it returns, the schema must give
 * too; what it refuses (undefined) goes to the schema, which decides and says what is wrong.
 */
export function readJsonState<S extends z.ZodType>(
  file: string,
  schema: S | (() => S),
  what: string,
  quick?: (raw: unknown) => z.output<S> | undefined,
): JsonFileRead<z.output<S>> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { found: false };
    return { found: true, problem: `unreadable ${what} ${file}: expected a readable file, received ${code ?? shown(String(error))}` };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { found: true, problem: `malformed ${what} ${file}: expected JSON, received a parse error: ${(error as Error).message}` };
  }
  const taken = quick?.(raw);
  if (taken !== undefined) return { found: true, value: taken };
  const parsed = (typeof schema === "function" ? schema() : schema).safeParse(raw);
  if (parsed.success) return { found: true, value: parsed.data as z.output<S> };
  const issue = parsed.error.issues[0]!;
  const at = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return { found: true, problem: `malformed ${what} ${file}: ${at}${describeIssue(issue)}, received ${receivedAt(raw, issue.path)}` };
}

/** The value, or undefined when the file is missing or malformed (a derived file: start over). */
export function readJsonStateOrNone<S extends z.ZodType>(file: string, schema: S | (() => S), what: string): z.output<S> | undefined {
  const read = readJsonState(file, schema, what);
  return read.found && "value" in read ? read.value : undefined;
}

/** The value, or undefined when the file is missing; a malformed one is a UsageError (exit 2). */
export function readJsonStateOrThrow<S extends z.ZodType>(file: string, schema: S | (() => S), what: string): z.output<S> | undefined {
  const read = readJsonState(file, schema, what);
  if (!read.found) return undefined;
  if ("problem" in read) throw new UsageError(read.problem);
  return read.value;
}

/**
 * A JSON Lines file kept beside the log (one record appended per line): each line that is
 * JSON goes to `take`, which returns undefined for one of the wrong shape. A line that is
 * not a record (torn by a crash, edited by hand) is counted in `malformed` and passed over,
 * never guessed at. A missing file holds none.
 */
export function readJsonLines<T>(file: string, take: (value: unknown) => T | undefined): { records: T[]; malformed: number } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { records: [], malformed: 0 };
    throw error;
  }
  const records: T[] = [];
  let malformed = 0;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      malformed++;
      continue;
    }
    const record = take(value);
    if (record === undefined) malformed++;
    else records.push(record);
  }
  return { records, malformed };
}
