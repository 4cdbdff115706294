/**
 * Running the machine checks of a need (verifier/criteria.ts): exact answers, no model.
 * Commands run bounded in time, output and memory (bounded-command.ts), regular
 * expressions with a deadline (regex-deadline.ts); a check that cannot finish within its
 * bounds is a question for a human, never a crash or a hang of the Verifier.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { WORLD_BIN } from "../tools/package-root.js";
import { vetCommand } from "../tools/command/policy.js";
import { runBounded, type BoundedResult, type CheckWatcher, type CommandLimits } from "./bounded-command.js";
import type { Clause } from "./criteria.js";
import { matchWithin } from "./regex-deadline.js";

/** A file bigger than this is not read into memory to be matched. */
const MAX_MATCHED_FILE_BYTES = 16 << 20;

export interface EvidenceInput {
  home: string;
  id: string;
  /** The finish output, whole (attachment read when the line holds a prefix). */
  output: string;
  /** Events logged under the session id since its start: [source, output]. */
  events: { source: string; output: string }[];
  commandTimeoutMs: number;
  limits: Omit<CommandLimits, "timeoutMs"> & { regexDeadlineMs: number };
  /** Who wrote the need; a program's command checks must pass the shell policy. */
  needFrom: "human" | "program";
  /** Told of each command check's process, so none outlives the Verifier (check-groups.ts). */
  watcher?: CheckWatcher;
}

export interface CheckResult {
  clause: string;
  ok: boolean;
  detail: string;
  /** The check could not be run unattended: only a human can settle it. */
  needsHuman?: boolean;
}

export async function runChecks(clauses: Clause[], input: EvidenceInput): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const clause of clauses) results.push(await runCheck(clause, input));
  return results;
}

async function runCheck({ text, check }: Clause, input: EvidenceInput): Promise<CheckResult> {
  const where = (path: string) => (isAbsolute(path) ? path : join(input.home, path));
  switch (check.kind) {
    case "file-exists": {
      const ok = existsSync(where(check.path));
      return { clause: text, ok, detail: ok ? `${check.path} exists` : `${check.path} does not exist` };
    }
    case "file-matches": {
      const file = where(check.path);
      const kind = statSync(file, { throwIfNoEntry: false });
      if (kind === undefined) return { clause: text, ok: false, detail: `${check.path} cannot be read` };
      if (!kind.isFile() || kind.size > MAX_MATCHED_FILE_BYTES) {
        return { clause: text, ok: false, needsHuman: true, detail: `${check.path} was not matched: expected a regular file of at most ${MAX_MATCHED_FILE_BYTES >> 20} MiB, received ${kind.isFile() ? `${kind.size} bytes` : "something else"}` };
      }
      let content: string;
      try {
        content = readFileSync(file, "utf8");
      } catch {
        return { clause: text, ok: false, detail: `${check.path} cannot be read` };
      }
      return matched(text, check.re, [content], input, `${check.path} matches ${check.re}`, `${check.path} does not match ${check.re}`);
    }
    case "output-matches":
      return matched(text, check.re, [input.output], input, `the finish output matches ${check.re}`, `the finish output does not match ${check.re}`);
    case "output-contains": {
      const ok = input.output.includes(check.text);
      return { clause: text, ok, detail: ok ? `the finish output contains "${check.text}"` : `the finish output does not contain "${check.text}"` };
    }
    case "event-logged": {
      const texts = input.events.filter((e) => e.source === check.source).map((e) => e.output);
      const what = `[event:${check.source}] line for this session${check.re ? ` matching ${check.re}` : ""}`;
      if (check.re === undefined) {
        const ok = texts.length > 0;
        return { clause: text, ok, detail: ok ? `an ${what} is in the log` : `no ${what} in the log` };
      }
      return matched(text, check.re, texts, input, `an ${what} is in the log`, `no ${what} in the log`);
    }
    case "command": {
      // A need can come from speech (through the Spirit) or a model: then only read-only
      // commands from the shell policy's allow-list run unattended (tools/command/policy.ts).
      const allowed = vetCommand(check.argv);
      if (!allowed.allowed && input.needFrom !== "human") {
        return { clause: text, ok: false, needsHuman: true, detail: `\`${check.argv.join(" ")}\` was not run: ${allowed.reason}` };
      }
      const r = await runBounded(check.argv, {
        cwd: input.home,
        env: { ...process.env, WORLD_HOME: input.home, WORLD_SESSION_ID: input.id, WORLD_BIN },
        timeoutMs: input.commandTimeoutMs,
        maxOutputBytes: input.limits.maxOutputBytes,
        memoryMiB: input.limits.memoryMiB,
        ...(input.watcher && { watcher: input.watcher }),
      });
      // Audited by grep: a command off the allow-list ran only because a person wrote the need.
      const note = allowed.allowed ? "" : " (off the allow-list: run because a person wrote the need)";
      const shown = check.argv.join(" ");
      if (r.code === 0 && r.stopped === undefined) return { clause: text, ok: true, detail: `\`${shown}\` exited 0${note}` };
      const said = r.tail.trim() ? `: ${r.tail.trim().slice(-200)}` : "";
      const broken = brokenCheck(r, input);
      // A check that could not run to its end says nothing about the work: a human decides.
      if (broken !== undefined) return { clause: text, ok: false, needsHuman: true, detail: `\`${shown}\` ${broken}${note}` };
      return { clause: text, ok: false, detail: `\`${shown}\` exited ${r.code}${note}${said}` };
    }
  }
}

/** Why a command check ended without an answer (stopped, killed, not started), if it did. */
function brokenCheck(r: BoundedResult, input: EvidenceInput): string | undefined {
  if (r.startError !== undefined) return `could not be started: ${r.startError}`;
  if (r.stopped === "timeout") return `was stopped: it ran longer than ${input.commandTimeoutMs} ms`;
  if (r.stopped === "output") return `was stopped: it printed more than ${input.limits.maxOutputBytes} bytes`;
  if (r.signal !== null) return `crashed: killed by ${r.signal} (memory is bounded to ${input.limits.memoryMiB} MiB)`;
  if (r.code === 125) return "could not be started: its memory bound could not be set (or its go never came)";
  return undefined;
}

async function matched(clause: string, re: RegExp, texts: string[], input: EvidenceInput, yes: string, no: string): Promise<CheckResult> {
  const r = await matchWithin(re, texts, input.limits.regexDeadlineMs);
  if (!r.done) return { clause, ok: false, needsHuman: true, detail: `${re} ${r.why}` };
  return { clause, ok: r.matched, detail: r.matched ? yes : no };
}
