/**
 * Who wrote a need, bound to the need itself (docs/trust.md). A person's `world spawn`
 * records, beside `needFrom: "human"`, the one start line it wrote: its timestamp and a
 * SHA-256 of the session id, timestamp, task and need. The Verifier believes the record
 * only for that line: it hashes the latest start line actually in the log and compares.
 * A later start line for the same session — `world agent start --force`, MCP
 * `log_agent_status`, a line from another machine over world sync, even one repeating
 * the person's words at another instant — hashes differently and is a program's.
 */
import type { NeedFrom, ProcRecord } from "./procs.js";

/** The start line a person's need was written on. */
export interface NeedLine {
  ts: string;
  sha256: string;
}

export interface StartLine {
  id: string;
  ts: string;
  /** The task, whole (an attachment read back when the line holds a prefix). */
  task: string;
  /** The need, whole. */
  need: string;
}

export function needLineOf(start: StartLine): NeedLine {
  // JSON of an array: no separator inside a field can make two lines hash alike.
  // node:crypto (~20 internal modules) loaded here, not with the module: `world spawn` from a
  // program, as a reminder's usually is, never hashes, and starts the agent sooner (issue 23).
  const digest = process.getBuiltinModule("node:crypto").createHash("sha256").update(JSON.stringify([start.id, start.ts, start.task, start.need])).digest("hex");
  return { ts: start.ts, sha256: digest };
}

/**
 * "human" only when the record says a person wrote the need and binds it to exactly this
 * start line; anything else (no record, an older record without the binding, another
 * line) is a program's.
 */
export function needAuthor(record: Pick<ProcRecord, "needFrom" | "needLine"> | undefined, latestStart: StartLine | undefined): NeedFrom {
  if (record?.needFrom !== "human" || record.needLine === undefined || latestStart === undefined) return "program";
  const line = needLineOf(latestStart);
  return line.ts === record.needLine.ts && line.sha256 === record.needLine.sha256 ? "human" : "program";
}
