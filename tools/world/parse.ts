/**
 * Line → entry. Lenient about what older logs hold (whole-second timestamps, the
 * shell version's READ-MARKER lines, CRLF endings), strict about the header: a line
 * that is not an entry is reported, never guessed at; so is a torn line closed by a
 * later writer (it ends in TORN_MARK), even when its truncated text would parse.
 */
import { isAgentStatus, isId, isTimestamp, SOURCE_RULE, ID_MAX, type Entry } from "./entry.js";
import { NEED_SEPARATOR, TORN_MARK, unescapeField } from "./escape.js";

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

export function parseLine(text: string): ParseResult {
  const line = text.endsWith("\r") ? text.slice(0, -1) : text;
  if (line.trim() === "" || MARKER.test(line) || line === TORN_MARK) return { ok: false, skip: true };
  if (line.endsWith(TORN_MARK)) return bad(`expected a whole line, received a torn one (a writer stopped mid-line): ${preview(line.slice(0, -1))}`);
  const m = HEADER.exec(line);
  if (m === null) return bad(`expected ${FORMAT}, received ${preview(line)}`);
  const [header, ts, kind, label, id] = m as unknown as [string, string, "event" | "agent", string, string];
  if (!isTimestamp(ts)) return bad(`expected an ISO-8601 UTC timestamp, received ${preview(ts)}`);
  // The writers' rule, so a hand-edited id cannot carry a terminal escape into `world query`.
  if (!isId(id)) return bad(`expected an identifier of 1–${ID_MAX} characters without control characters, received ${preview(id)}`);
  let rest = line.slice(header.length);
  if (rest.startsWith(" ")) rest = rest.slice(1);
  else if (rest !== "") return bad(`expected a space after the identifier, received ${preview(rest)}`);

  if (kind === "event") {
    if (!SOURCE_RULE.test(label)) return bad(`expected a lower-case event source, received ${preview(label)}`);
    const out = unescapeField(rest);
    return { ok: true, entry: { kind, ts, source: label, id, output: out.text, ...(out.ref && { outputRef: out.ref }) } };
  }
  if (!isAgentStatus(label)) return bad(`expected an agent status (start, active, finish, verified, retry, failed), received ${preview(label)}`);
  const cut = rest.indexOf(NEED_SEPARATOR);
  const out = unescapeField(cut === -1 ? rest : rest.slice(0, cut));
  const entry: Entry = { kind, ts, status: label, id, output: out.text, ...(out.ref && { outputRef: out.ref }) };
  if (cut !== -1) {
    const need = unescapeField(rest.slice(cut + NEED_SEPARATOR.length));
    entry.need = need.text;
    if (need.ref) entry.needRef = need.ref;
  }
  return { ok: true, entry };
}

function preview(text: string): string {
  const s = JSON.stringify(text);
  return s.length > 80 ? `${s.slice(0, 79)}…"` : s;
}
