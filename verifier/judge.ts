/**
 * A verdict on a finished agent. Exact checks first (verifier/criteria.ts), then the
 * free-text part of the need: the model when there is one (ANTHROPIC_API_KEY), else the
 * offline judge, which never passes weak evidence. A model error falls back to the
 * offline judge and says so in the reason. The retry budget turns a retry into a
 * failure for a human once it is used up.
 */
import type { AgentEntry, Located } from "../tools/world/entry.js";
import { formatEntry } from "../tools/world/format.js";
import { history, type SessionJson } from "../tools/world/query.js";
import { entryFromJson } from "../tools/world/json.js";
import { readProcRecord } from "../agents/procs.js";
import { needAuthor } from "../agents/need-author.js";
import { taskWords } from "../tools/world/asks/plea.js";
import { askPerson, tries } from "./ask-person.js";
import { parseNeed } from "./criteria.js";
import { fullText, type VerifierContext } from "./context.js";
import { runChecks, type CheckResult } from "./evidence.js";
import { judgeText } from "./offline-judge.js";

export interface Verdict {
  status: "verified" | "retry" | "failed";
  reason: string;
  /** For retry: what the agent should do; for failed: what is needed from a human. */
  guidance: string;
  judge: "evidence" | "model" | "offline" | "none";
}

export async function judgeFinish(ctx: VerifierContext, finish: Located<AgentEntry>, s: SessionJson, retriesUsed: number): Promise<Verdict> {
  const entries = history(ctx.index, s.id);
  const start = [...entries].reverse().find((e) => e.kind === "agent" && e.status === "start");
  const need = start?.need !== undefined ? fullText(ctx, start.need, start.needRef) : (s.need ?? "");
  if (need.trim() === "") {
    return {
      status: "failed",
      reason: "there is no need: criterion to judge this finish against",
      guidance: `I have no way to check whether "${taskWords(s.task, s.id)}" is done: it has no need. Is it done?`,
      judge: "none",
    };
  }
  const output = fullText(ctx, finish.output, finish.outputRef);
  const since = start?.line ?? 0;
  const events = entries.filter((e) => e.kind === "event" && (e.line ?? 0) > since).map((e) => ({ source: e.source ?? "", output: e.output }));
  const parsed = parseNeed(need);
  // Only `world spawn` by a person records a person's need, bound to the start line it
  // wrote: any other start line (world agent start --force, MCP log_agent_status, a line
  // from another machine) is a program's, whatever the record says (agents/need-author.ts).
  const task = start !== undefined ? fullText(ctx, start.output, start.outputRef) : s.task;
  const needFrom = needAuthor(readProcRecord(ctx.paths, s.id), start && { id: s.id, ts: start.ts, task, need });
  const checks = await runChecks(parsed.checks, {
    home: ctx.paths.home, id: s.id, output, events, commandTimeoutMs: ctx.settings.commandTimeoutMs,
    limits: { maxOutputBytes: ctx.settings.maxOutputBytes, memoryMiB: ctx.settings.memoryMiB, regexDeadlineMs: ctx.settings.regexDeadlineMs },
    needFrom,
    ...(ctx.checks && { watcher: ctx.checks }),
  });
  const failedChecks = checks.filter((c) => !c.ok);

  let text: { ok: boolean; failed?: boolean; reason: string; guidance: string; judge: Verdict["judge"] } | undefined;
  if (parsed.rest !== "") {
    if (ctx.model) {
      try {
        const v = await ctx.model.judgeCase({
          id: s.id, task: s.task, need: parsed.rest, output, attempt: retriesUsed + 1,
          retriesLeft: Math.max(0, ctx.settings.maxRetries - retriesUsed), checks,
          history: entries.slice(-20).map((e) => formatEntry(entryFromJson(e))),
        });
        text = { ok: v.verdict === "verified", failed: v.verdict === "failed", reason: `model: ${v.reason}`, guidance: v.guidance, judge: "model" };
      } catch (error) {
        const offline = judgeText(parsed.rest, output);
        ctx.log?.warn({ err: String(error), id: s.id }, "model judge unavailable; offline judge used");
        text = { ...offline, reason: `${offline.reason} (the model was unavailable: ${short(error)})`, judge: "offline" };
      }
    } else {
      text = { ...judgeText(parsed.rest, output), judge: "offline" };
    }
  }
  const judge: Verdict["judge"] = text?.judge ?? "evidence";
  const unattended = failedChecks.filter((c) => c.needsHuman);
  if (unattended.length > 0) {
    // Retrying cannot help: the check itself needs a person.
    const what = unattended.map((c) => c.detail).join("; ");
    const clauses = unattended.map((c) => `"${c.clause}"`).join(", ");
    return { status: "failed", reason: what, guidance: `I could not check ${clauses} myself (${what}). Can you check it and tell me?`, judge };
  }
  const passed = checks.map((c) => c.detail);
  if (text?.failed) {
    return { status: "failed", reason: joinReasons(failedChecks, text.reason), guidance: text.guidance || "a human decision", judge };
  }
  if (failedChecks.length === 0 && (text === undefined || text.ok)) {
    return { status: "verified", reason: [...passed, ...(text ? [text.reason] : [])].join("; "), guidance: "", judge };
  }
  const guidance = [...failedChecks.map((c) => `make "${c.clause}" true (now: ${c.detail})`), ...(text && !text.ok && text.guidance ? [text.guidance] : [])].join("; ");
  const reason = joinReasons(failedChecks, text && !text.ok ? text.reason : undefined);
  if (retriesUsed >= ctx.settings.maxRetries) {
    // Tries of this round: the first run (or the one after the person's answer) and its retries.
    const attempts = retriesUsed + 1;
    const unmetText = text && !text.ok ? text.reason : undefined;
    const ask = askPerson(failedChecks, unmetText, attempts, taskWords(s.task, s.id));
    return { status: "failed", reason: `${reason} (after ${tries(attempts)})`, guidance: ask, judge };
  }
  return { status: "retry", reason, guidance, judge };
}

function joinReasons(failed: CheckResult[], text: string | undefined): string {
  return [...failed.map((c) => c.detail), ...(text ? [text] : [])].join("; ");
}

function short(error: unknown): string {
  const e = error as { status?: number; message?: string };
  const text = e.status ? `HTTP ${e.status}` : (e.message ?? String(error));
  return text.slice(0, 120);
}
