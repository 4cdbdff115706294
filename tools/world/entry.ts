/**
 * The two kinds of entry in world.log, as a discriminated union on `kind`.
 * Tables keyed by EntryKind (see format.ts) must handle every kind, so adding a
 * kind does not compile until each of them does.
 */
import { UsageError, shown } from "../errors.js";

export const AGENT_STATUSES = ["start", "active", "finish", "verified", "retry", "failed", "closed"] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];
/** What a program may write as a plain status: all but `closed`, which is a person's (agents/close.ts). */
export const PLAIN_STATUSES = ["start", "active", "finish", "verified", "retry", "failed"] as const satisfies readonly AgentStatus[];

export interface EventEntry {
  kind: "event";
  ts: string;
  source: string;
  id: string;
  output: string;
  /** Where the full output lives when the line holds only a prefix (relative to .world/). */
  outputRef?: string;
}

export interface AgentEntry {
  kind: "agent";
  ts: string;
  status: AgentStatus;
  id: string;
  output: string;
  outputRef?: string;
  /** On `start` the success criterion; on `failed` the blocker. Absent when the line has no `| need:`. */
  need?: string;
  needRef?: string;
}

export type Entry = EventEntry | AgentEntry;
export type EntryKind = Entry["kind"];

/** A parsed entry with its place in the log. */
export type Located<E extends Entry = Entry> = E & { line: number; offset: number };

// A source is a short lower-case name: it is what `grep '\[event:bash\]'` finds.
export const SOURCE_RULE = /^[a-z][a-z0-9_-]{0,31}$/;
// Identifiers go inside [...] on a line of their own: no whitespace, no ']', no control characters,
// and no lone surrogate (UTF-8 cannot hold one: the id on disk would differ from the one given).
export const ID_MAX = 200;
const ID_RULE = /^[^\s\]\p{Cc}\p{Cs}\u2028\u2029]+$/u;
const TIMESTAMP_RULE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;

export function isAgentStatus(value: string): value is AgentStatus {
  return (AGENT_STATUSES as readonly string[]).includes(value);
}

export function checkSource(source: string): string {
  if (!SOURCE_RULE.test(source)) {
    throw new UsageError(
      `invalid event source: expected a lower-case name (letter, then letters, digits, '-' or '_', at most 32), received ${shown(source)}`,
    );
  }
  return source;
}

export function checkStatus(status: string): AgentStatus {
  if (!isAgentStatus(status)) {
    throw new UsageError(`invalid agent status: expected one of ${AGENT_STATUSES.join(", ")}, received ${shown(status)}`);
  }
  return status;
}

export function isId(id: string): boolean {
  return id.length > 0 && id.length <= ID_MAX && ID_RULE.test(id);
}

/**
 * Characters that cannot be told apart on screen, refused in new identifiers (docs/format.md,
 * "Identifiers"): an id must read as what it is, so that `hs` and `h\u034fs` are never two
 * sessions that look like one.
 *   - Default_Ignorable_Code_Point: drawn as nothing (U+034F combining grapheme joiner, the
 *     Hangul fillers U+115F U+1160 U+3164 U+FFA0, soft hyphen, zero-width spaces and joiners,
 *     variation selectors, tags U+E0000–U+E0FFF, U+180B–U+180F, …);
 *   - Cf, format characters: the bidirectional controls (U+202E makes "file\u202etxt.exe"
 *     display as "fileexe.txt"), U+061C, U+FEFF, …;
 *   - White_Space: every space that is not ASCII (no-break, en/em, ideographic, …), and U+2800
 *     (braille blank, drawn as a space);
 *   - Co and Cn: private use, unassigned and noncharacters (drawn as a box or nothing, or
 *     differently on each machine);
 *   - U+FFFD and U+FFFC: what invalid bytes (a 0xff in an argument) and objects turn into,
 *     so two different inputs would name one id;
 *   - a combining mark (M) first: it would sit on the '[' before the id.
 * Readers stay lenient (ID_RULE): a line already in a log is read, never reinterpreted.
 */
const NOT_DISTINCT = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Co}\p{Cn}\p{White_Space}\u2800\ufffc\ufffd]|^\p{M}/u;

/**
 * Identifiers that already passed checkId / checkSessionId: the appender checks one per line,
 * and a daemon writes the same few over and over (a Set lookup costs a third of the two
 * Unicode patterns). Only ids that passed are kept, so a refusal is always rechecked and
 * says why; emptied when full, so a stream of fresh event ids costs no memory.
 */
const KNOWN_IDS = new Set<string>();
const KNOWN_SESSION_IDS = new Set<string>();
const KNOWN_MAX = 1024;

function remember(known: Set<string>, id: string): string {
  if (known.size >= KNOWN_MAX) known.clear();
  known.add(id);
  return id;
}

export function checkId(id: string, what = "identifier"): string {
  if (KNOWN_IDS.has(id)) return id;
  if (!isId(id) || NOT_DISTINCT.test(id)) {
    throw new UsageError(
      `invalid ${what}: expected 1–${ID_MAX} characters with no whitespace, ']', control, invisible, format, private-use, unassigned or replacement characters (and no combining mark first), received ${shown(escapeInvisible(id))}`,
    );
  }
  return remember(KNOWN_IDS, id);
}

/**
 * A session id also names files (.world/procs/<id>.json, .world/logs/agents/<id>.out):
 * no path separators, and not "." or "..".
 */
export function checkSessionId(id: string): string {
  if (KNOWN_SESSION_IDS.has(id)) return id;
  checkId(id, "session id");
  if (/[/\\]/.test(id) || id === "." || id === "..") {
    throw new UsageError(`invalid session id: expected a name without '/', '\\' and other than "." or "..", received ${shown(id)}`);
  }
  return remember(KNOWN_SESSION_IDS, id);
}

/** Text with the characters NOT_DISTINCT refuses written as \uXXXX (\u{XXXXX} beyond the BMP), to be seen. */
function escapeInvisible(text: string): string {
  // ASCII is left to shown() (which writes "a b" and "a\\n" as JSON does).
  const each = /[^\x00-\x7f]/gu;
  const unseen = /^[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Co}\p{Cn}\p{White_Space}\p{M}\u2800\ufffc\ufffd]$/u;
  return text.replace(each, (ch) => {
    if (!unseen.test(ch)) return ch;
    const code = ch.codePointAt(0)!;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}

/**
 * The shape, and a real calendar instant: the regex alone accepts 2026-99-99T99:99:99Z,
 * and Date.parse rolls 2026-02-30 over to March 2. Checked with digit arithmetic because
 * every line of a rebuild goes through here (a Date round-trip costs ten times more).
 */
export function isTimestamp(ts: string): boolean {
  if (!TIMESTAMP_RULE.test(ts)) return false;
  const n = (at: number, len: number) => {
    let v = 0;
    for (let i = at; i < at + len; i++) v = v * 10 + ts.charCodeAt(i) - 48;
    return v;
  };
  const year = n(0, 4);
  const month = n(5, 2);
  const day = n(8, 2);
  if (month < 1 || month > 12 || day < 1 || n(11, 2) > 23 || n(14, 2) > 59 || n(17, 2) > 59) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31);
}

export function checkTimestamp(ts: string): string {
  if (!isTimestamp(ts)) {
    throw new UsageError(`invalid timestamp: expected ISO-8601 UTC like 2026-11-21T22:50:43.123Z, received ${shown(ts)}`);
  }
  return ts;
}

