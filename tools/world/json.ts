/**
 * The JSON shape of an entry: the contract monitors (web, SwiftUI, MCP) rely on.
 * Documented in README "JSON contract"; change it only by adding fields.
 */
import type { Entry, Located } from "./entry.js";

export interface EntryJson {
  line?: number;
  ts: string;
  kind: "event" | "agent";
  source?: string;
  status?: string;
  id: string;
  output: string;
  need?: string;
  /** Set when the output on the line is a prefix; the whole text is in .world/<outputRef>. */
  outputRef?: string;
  needRef?: string;
}

export function entryJson(entry: Entry | Located): EntryJson {
  const base = { ...("line" in entry && { line: entry.line }), ts: entry.ts, kind: entry.kind };
  if (entry.kind === "event") {
    return { ...base, source: entry.source, id: entry.id, output: entry.output, ...(entry.outputRef && { outputRef: entry.outputRef }) };
  }
  return {
    ...base,
    status: entry.status,
    id: entry.id,
    output: entry.output,
    ...(entry.need !== undefined && { need: entry.need }),
    ...(entry.outputRef && { outputRef: entry.outputRef }),
    ...(entry.needRef && { needRef: entry.needRef }),
  };
}

/** The inverse of entryJson (the line and offset aside). */
export function entryFromJson(j: EntryJson): Entry {
  if (j.kind === "event") {
    return { kind: "event", ts: j.ts, source: j.source ?? "", id: j.id, output: j.output, ...(j.outputRef && { outputRef: j.outputRef }) };
  }
  const e: Entry = { kind: "agent", ts: j.ts, status: j.status as never, id: j.id, output: j.output };
  if (j.outputRef) e.outputRef = j.outputRef;
  if (j.need !== undefined) e.need = j.need;
  if (j.needRef) e.needRef = j.needRef;
  return e;
}
