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
