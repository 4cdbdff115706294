/**
 * Escaping of the free-text fields (output, need) so that one entry is always one line.
 *
 *   \\  backslash            \n \r \t  newline, carriage return, tab
 *   \|  a '|' in " | need: ", or in " | need:" at the very end of a field (so the separator is
 *       unambiguous: the first literal " | need: " on the line; an output ending in " | need:"
 *       followed by the separator's " | need: " would otherwise spell one across the boundary)
 *   \uXXXX  any other control character (C0, DEL, C1), U+2028/U+2029, a lone surrogate,
 *           an invisible or bidirectional control (U+200B, U+202E, … listed in NEEDS_ESCAPE)
 *   \[full: attachments/NAME]  written only by the appender: the field continues in that file
 *
 * Unknown escapes in hand-edited lines are kept literally rather than rejected.
 */

export const NEED_SEPARATOR = " | need: ";

/**
 * What the appender writes after a torn last line (a writer that died mid-line) before its
 * own line: CAN ("cancel") then a newline. formatEntry never writes a raw control character,
 * so a line ending in CAN is a fragment, reported as malformed, never read as a (truncated)
 * entry; a line that is only CAN (a write in flight taken for a torn one) is skipped.
 */
export const TORN_MARK = "\x18";

// With the `u` flag [\ud800-\udfff] matches only lone surrogates: pairs are single code points.
// Also the zero-width and bidirectional characters (a subset of what entry.ts refuses in ids), so that a line
// shows what it holds ("file \u202etxt.exe", not "file exe.txt"); they read back as themselves.
const NEEDS_ESCAPE = /[\\\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\u061c\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|(?<= )\|(?= need:(?: |$))/gu;

const NAMED: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "|": "\\|" };

// Printable ASCII other than '\\' and '|' never needs escaping: most fields are that, and this
// test costs a fraction of the full pattern's replace (the appender's path, issue 23).
const PLAIN = /^[\x20-\x5b\x5d-\x7b\x7d\x7e]*$/;

export function escapeField(value: string): string {
  if (PLAIN.test(value)) return value;
  return value.replace(NEEDS_ESCAPE, (ch) => NAMED[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const REF_OPEN = "\\[full: ";

/** An attachment whose text had a lone surrogate (which UTF-8 cannot hold) is stored escaped, named *.escaped.txt. */
export const ESCAPED_ATTACHMENT = ".escaped.txt";

/** The marker the appender puts at the end of a field whose rest was stored in `ref`. */
export function refMarker(ref: string): string {
  return `${REF_OPEN}${ref}]`;
}

export interface Unescaped {
  text: string;
  ref?: string;
}

const UNNAMED: Record<string, string> = { "\\": "\\", n: "\n", r: "\r", t: "\t", "|": "|" };

export function unescapeField(raw: string): Unescaped {
  if (!raw.includes("\\")) return { text: raw };
  let text = "";
  let ref: string | undefined;
  let i = 0;
  while (i < raw.length) {
    const slash = raw.indexOf("\\", i);
    if (slash === -1 || slash === raw.length - 1) {
      text += raw.slice(i);
      break;
    }
    text += raw.slice(i, slash);
    const next = raw[slash + 1]!;
    const named = UNNAMED[next];
    if (named !== undefined) {
      text += named;
      i = slash + 2;
    } else if (next === "u" && /^[0-9a-f]{4}$/i.test(raw.slice(slash + 2, slash + 6))) {
      text += String.fromCharCode(parseInt(raw.slice(slash + 2, slash + 6), 16));
      i = slash + 6;
    } else if (raw.startsWith(REF_OPEN, slash) && raw.indexOf("]", slash) !== -1) {
      const close = raw.indexOf("]", slash);
      ref = raw.slice(slash + REF_OPEN.length, close);
      i = close + 1;
    } else {
      text += "\\";
      i = slash + 1;
    }
  }
  return ref === undefined ? { text } : { text, ref };
}

/**
 * A field read raw (a line of the older tool, which never escaped: docs/format.md, the
 * format line): its text as it is. Only a reference at its very end, `\[full: attachments/NAME]`,
 * is still taken as one: a log this runtime wrote before it wrote format lines has them.
 */
export function rawField(raw: string): Unescaped {
  if (!raw.endsWith("]")) return { text: raw };
  const m = RAW_REF.exec(raw);
  return m === null ? { text: raw } : { text: raw.slice(0, m.index), ref: m[1]! };
}

const RAW_REF = /\\\[full: (attachments\/[A-Za-z0-9][A-Za-z0-9._-]*)\]$/;
