/**
 * Line → entry. Lenient about what older logs hold (whole-second timestamps, the
 * shell version's READ-MARKER lines, CRLF endings), strict about the header: a line
 * that is not an entry is reported, never guessed at; so is a torn line closed by a
 * later writer (it ends in TORN_MARK), even when its truncated text would parse.
 */
import { isAgentStatus, isId, isTimestamp, SOURCE_RULE, ID_MAX, type Entry } from "./entry.js";
import { NEED_SEPARATOR, rawField, TORN_MARK, unescapeField, type Unescaped } from "./escape.js";

export type ParseResult =
  | { ok: true; entry: Entry }
  | { ok: false; skip: true } // blank line or a marker of the old shell tool: not an entry, not an error
  | { ok: false; skip: false; error: string };

const HEADER = /^\[([^\]]*)\]\[(event|agent):([^\]]*)\]\[([^\]\s]*)\]/;
const MARKER = /^=+READ-MARKER=+$/;
const FORMAT = "[timestamp][event:source|agent:status][identifier] output";

function bad(error: string): ParseResult {
  return { ok: false, skip: false, error };
}

/** The form of every timestamp our appender writes (`Date#toISOString`: exactly milliseconds). */
const OWN_TS_LENGTH = "2026-11-21T22:50:43.123Z".length;

/** Whether `ts` has the form our appender writes (a line after the format line with another one is read raw). */
export function isOwnTimestamp(ts: string): boolean {
  return ts.length === OWN_TS_LENGTH;
}

/**
 * `decode` false: the line comes before the log's format line (tools/world/log-format.ts),
 * written by the older tool: output and need are taken as they are. True (the default):
 * they are unescaped, unless the timestamp is not our appender's (exactly milliseconds),
 * which marks a line of the older tool, or one written by hand, after the format line.
 */
export function parseLine(text: string, decode = true): ParseResult {
  const line = text.endsWith("\r") ? text.slice(0, -1) : text;
  if (line.trim() === "" || MARKER.test(line) || line === TORN_MARK) return { ok: false, skip: true };
  if (line.endsWith(TORN_MARK)) return bad(`expected a whole line, received a torn one (a writer stopped mid-line): ${preview(line.slice(0, -1))}`);
  const m = HEADER.exec(line);
  if (m === null) return bad(`expected ${FORMAT}, received ${preview(line)}`);
  const [header, ts, kind, label, id] = m as unknown as [string, string, "event" | "agent", string, string];
  if (!isTimestamp(ts)) return bad(`expected an ISO-8601 UTC timestamp, received ${preview(ts)}`);
  // The writers' rule, so a hand-edited id cannot carry a terminal escape into `world query`.
  if (!isId(id)) return bad(`expected an identifier of 1–${ID_MAX} characters without control characters, received ${preview(id)}`);
  const field: (raw: string) => Unescaped = decode && isOwnTimestamp(ts) ? unescapeField : rawField;
  let rest = line.slice(header.length);
  if (rest.startsWith(" ")) rest = rest.slice(1);
  else if (rest !== "") return bad(`expected a space after the identifier, received ${preview(rest)}`);

  if (kind === "event") {
    if (!SOURCE_RULE.test(label)) return bad(`expected a lower-case event source, received ${preview(label)}`);
    const out = field(rest);
    return { ok: true, entry: { kind, ts, source: label, id, output: out.text, ...(out.ref && { outputRef: out.ref }) } };
  }
  if (!isAgentStatus(label)) return bad(`expected an agent status (start, active, finish, verified, retry, failed), received ${preview(label)}`);
  const cut = rest.indexOf(NEED_SEPARATOR);
  const out = field(cut === -1 ? rest : rest.slice(0, cut));
  const entry: Entry = { kind, ts, status: label, id, output: out.text, ...(out.ref && { outputRef: out.ref }) };
  if (cut !== -1) {
    const need = field(rest.slice(cut + NEED_SEPARATOR.length));
    entry.need = need.text;
    if (need.ref) entry.needRef = need.ref;
  }
  return { ok: true, entry };
}

/**
 * The longest line our writer makes (OUTPUT_LIMIT + NEED_LIMIT + a header stay well under
 * it), in bytes: a longer line was written by someone else, maybe in pieces.
 */
export const OWN_LINE_MAX = 4096;
const EMBEDDED_HEAD = /\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z\]\[(?:event|agent):/g;

/**
 * Where one of our lines begins inside a line too long to be ours: the older shell tool
 * writes lines over 4 KiB in several write() calls of whole buffers (4 KiB), and our
 * single-write line can land between two of them. It is the first entry head that starts
 * at a multiple of 1 KiB into the line (where a buffer ended: so a long line that merely
 * quotes an entry is almost never cut) and from which the rest is short enough to be ours
 * and parses; -1 if there is none (the line is read as it is).
 */
export function mergedEntryAt(text: string): number {
  EMBEDDED_HEAD.lastIndex = 1;
  for (let m = EMBEDDED_HEAD.exec(text); m !== null; m = EMBEDDED_HEAD.exec(text)) {
    if (text.length - m.index > OWN_LINE_MAX) continue; // more characters than bytes we ever write
    const rest = text.slice(m.index);
    if (Buffer.byteLength(text.slice(0, m.index)) % 1024 !== 0) continue;
    if (Buffer.byteLength(rest) <= OWN_LINE_MAX && parseLine(rest).ok) return m.index;
  }
  return -1;
}

function preview(text: string): string {
  const s = JSON.stringify(text);
  return s.length > 80 ? `${s.slice(0, 79)}…"` : s;
}
