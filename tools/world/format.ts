/** Entry → line. The one place that knows how a line is laid out (parse.ts reads it back). */
import type { Entry, EntryKind } from "./entry.js";
import { escapeField, NEED_SEPARATOR, refMarker } from "./escape.js";

type ByKind<R> = { [K in EntryKind]: (entry: Extract<Entry, { kind: K }>) => R };

// Typed per kind: a new kind of entry does not compile until these tables handle it.
const LABEL: ByKind<string> = {
  event: (e) => `event:${e.source}`,
  agent: (e) => `agent:${e.status}`,
};

const SOURCE_OR_STATUS: ByKind<string> = {
  event: (e) => e.source,
  agent: (e) => e.status,
};

const TAIL: ByKind<string> = {
  event: () => "",
  agent: (e) => (e.need === undefined ? "" : NEED_SEPARATOR + field(e.need, e.needRef)),
};

function field(text: string, ref: string | undefined): string {
  return ref === undefined ? escapeField(text) : escapeField(text) + refMarker(ref);
}

function byKind<R>(table: ByKind<R>, entry: Entry): R {
  return (table[entry.kind] as (e: Entry) => R)(entry);
}

/** The middle field of a line: `event:<source>` or `agent:<status>`. */
export function labelOf(entry: Entry): string {
  return byKind(LABEL, entry);
}

/** An event's source or an agent's status: the label without its kind (the index's `label` column). */
export function sourceOrStatus(entry: Entry): string {
  return byKind(SOURCE_OR_STATUS, entry);
}

/** One line, without the trailing newline. */
export function formatEntry(entry: Entry): string {
  return `[${entry.ts}][${labelOf(entry)}][${entry.id}] ${field(entry.output, entry.outputRef)}${byKind(TAIL, entry)}`;
}
