/**
 * Acting on a `retry` line: the session's agent is started again with the same session
 * id, the recorded command, WORLD_ATTEMPT + 1 and the retry's text as WORLD_GUIDANCE.
 * Driven by the retry line itself, so a Verifier killed between writing the retry and
 * starting the agent starts it when it reads the line after a restart; and a retry whose
 * attempt already has a process record is not started twice.
 */
import { readProcRecord, startedProcess } from "../agents/procs.js";
import { launchAgent } from "../agents/spawn.js";
import { terminateGroups } from "../tools/process/terminate.js";
import { fresh, history } from "../tools/world/query.js";
import { fullText, type VerifierContext } from "./context.js";

/** Start the attempt the retry on `line` asks for, unless the session moved on or it runs already. */
export async function relaunch(ctx: VerifierContext, id: string, line: number): Promise<number | undefined> {
  const s = fresh(ctx, id);
  if (s === undefined || s.status !== "retry" || s.line !== line) return undefined; // moved on already
  const entries = history(ctx.index, id);
  const retry = entries.find((e) => e.line === line)!;
  const attempt = s.retries + 1;
  const record = readProcRecord(ctx.paths, retry.id);
  if (record !== undefined && record.attempt >= attempt) return undefined; // this attempt was started
  if (record === undefined) {
    const cannot = `verifier: cannot start attempt ${attempt}: `;
    if (entries.some((e) => e.kind === "event" && (e.line ?? 0) > line && e.output.startsWith(cannot))) return undefined; // said already
    ctx.appender.append({
      kind: "event",
      source: "system",
      id,
      output: `${cannot}no recorded command (the session was not started by world spawn); the agent must pick up the retry itself`,
    });
    return undefined;
  }
  // (A record of no process, a reminder parked by `world spawn` itself: nothing to stop.)
  if (startedProcess(record)) await stopPrevious(ctx, record.pgid, record.startTicks, id);
  const pid = await launchAgent(ctx.paths, {
    id,
    task: record.task,
    need: record.need,
    command: record.command,
    kind: record.kind,
    attempt,
    guidance: fullText(ctx, retry.output, retry.outputRef),
  });
  ctx.log?.info({ id, attempt, pid }, "relaunched");
  return pid;
}

/** An earlier attempt that is still running would race the new one: stop it first. */
async function stopPrevious(ctx: VerifierContext, pgid: number, startTicks: number | null, id: string): Promise<void> {
  await terminateGroups([{ pgid, startTicks }], {
    graceMs: 3000,
    pollMs: 100,
    onSignal: (_, signal) =>
      ctx.appender.append({
        kind: "event",
        source: "system",
        id,
        output:
          signal === "SIGTERM"
            ? `verifier: SIGTERM to process group ${pgid} (the previous attempt, before starting the next)`
            : `verifier: SIGKILL to process group ${pgid} (still running 3 s after SIGTERM)`,
      }),
  });
}
