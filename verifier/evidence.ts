/**
 * Running the machine checks of a need (verifier/criteria.ts): exact answers, no model.
 * Commands run with execa (argument arrays, no shell), in the world's home, with a
 * timeout; their output is kept short in the reason.
 */
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { execa } from "execa";
import { WORLD_BIN } from "../agents/registry.js";
import { judge as policy } from "../tools/bash/policy.js";
import type { Clause } from "./criteria.js";

export interface EvidenceInput {
  home: string;
  id: string;
  /** The finish output, whole (attachment read when the line holds a prefix). */
  output: string;
  /** Events logged under the session id since its start: [source, output]. */
  events: { source: string; output: string }[];
  commandTimeoutMs: number;
  /** Who wrote the need; a program's command checks must pass the shell policy. */
  needFrom: "human" | "program";
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
      let content: string;
      try {
        content = readFileSync(where(check.path), "utf8");
      } catch {
        return { clause: text, ok: false, detail: `${check.path} cannot be read` };
      }
      const ok = check.re.test(content);
      return { clause: text, ok, detail: ok ? `${check.path} matches ${check.re}` : `${check.path} does not match ${check.re}` };
    }
    case "output-matches": {
      const ok = check.re.test(input.output);
      return { clause: text, ok, detail: ok ? `the finish output matches ${check.re}` : `the finish output does not match ${check.re}` };
    }
    case "output-contains": {
      const ok = input.output.includes(check.text);
      return { clause: text, ok, detail: ok ? `the finish output contains "${check.text}"` : `the finish output does not contain "${check.text}"` };
    }
    case "event-logged": {
      const ok = input.events.some((e) => e.source === check.source && (check.re === undefined || check.re.test(e.output)));
      const what = `[event:${check.source}] line for this session${check.re ? ` matching ${check.re}` : ""}`;
      return { clause: text, ok, detail: ok ? `an ${what} is in the log` : `no ${what} in the log` };
    }
    case "command": {
      // A need can come from speech (through the Spirit) or a model: then only read-only
      // commands from the shell policy's allow-list run unattended (tools/bash/policy.ts).
      const allowed = policy(check.argv);
      if (!allowed.allowed && input.needFrom !== "human") {
        return { clause: text, ok: false, needsHuman: true, detail: `\`${check.argv.join(" ")}\` was not run: ${allowed.reason}` };
      }
      const [cmd, ...args] = check.argv;
      const r = await execa(cmd!, args, {
        cwd: input.home,
        reject: false,
        timeout: input.commandTimeoutMs,
        stdin: "ignore",
        all: true,
        env: { WORLD_HOME: input.home, WORLD_SESSION_ID: input.id, WORLD_BIN },
      });
      // Audited by grep: a command off the allow-list ran only because a person wrote the need.
      const note = allowed.allowed ? "" : " (off the allow-list: run because a person wrote the need)";
      const shown = check.argv.join(" ");
      if (r.exitCode === 0) return { clause: text, ok: true, detail: `\`${shown}\` exited 0${note}` };
      const why = r.timedOut ? `timed out after ${input.commandTimeoutMs} ms` : r.exitCode !== undefined ? `exited ${r.exitCode}` : r.shortMessage;
      const said = typeof r.all === "string" && r.all.trim() ? `: ${r.all.trim().slice(-200)}` : "";
      return { clause: text, ok: false, detail: `\`${shown}\` ${why}${note}${said}` };
    }
  }
}
