/**
 * Machine-checkable needs: a small criteria language the Verifier checks exactly,
 * without a model. Clauses are joined with " and "; any part that is not one of these
 * is free text, judged by the model (or, offline, by the honest free-text judge).
 *
 *   file exists <path>                      relative to the world's home, or absolute
 *   file <path> matches /re/flags           the file exists and its text matches
 *   output matches /re/flags                the finish output matches
 *   output contains "<text>"                the finish output contains the text
 *   event <source> logged                   an [event:<source>][<session>] line since the start
 *   event <source> logged matching /re/     … whose output matches
 *   command exits 0: <cmd> [args…]          run (no shell; quotes group words), exit code 0
 *
 * e.g. `file exists out/report.md and command exits 0: grep -q total out/report.md`.
 * Paths and arguments with spaces go in double or single quotes; " and " inside quotes
 * or inside /…/ does not split.
 */

export type Check =
  | { kind: "file-exists"; path: string }
  | { kind: "file-matches"; path: string; re: RegExp }
  | { kind: "output-matches"; re: RegExp }
  | { kind: "output-contains"; text: string }
  | { kind: "event-logged"; source: string; re?: RegExp }
  | { kind: "command"; argv: string[] };

export interface Clause {
  text: string;
  check: Check;
}

export interface ParsedNeed {
  checks: Clause[];
  /** The free-text part ("" when every clause is machine-checkable). */
  rest: string;
}

/** Split on " and " outside quotes and /…/ regexes. */
export function splitClauses(need: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quote: string | null = null;
  let inRegex = false;
  for (let i = 0; i < need.length; i++) {
    const ch = need[i]!;
    if (quote) {
      if (ch === quote) quote = null;
    } else if (inRegex) {
      if (ch === "\\") {
        current += ch + (need[i + 1] ?? "");
        i += 1;
        continue;
      }
      if (ch === "/") inRegex = false;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === "/" && /\b(matches|matching)\s+$/i.test(current)) {
      inRegex = true; // a /regex/ follows "matches" or "matching"
    } else {
      const m = /^\s+and\s+/i.exec(need.slice(i));
      if (m) {
        parts.push(current.trim());
        current = "";
        i += m[0].length - 1;
        continue;
      }
    }
    current += ch;
  }
  parts.push(current.trim());
  return parts.filter((p) => p !== "");
}

const REGEX = /^\/((?:\\.|[^/\\])+)\/([dgimsuy]*)$/;

function regex(text: string): RegExp | undefined {
  const m = REGEX.exec(text.trim());
  if (!m) return undefined;
  try {
    return new RegExp(m[1]!, m[2]!.replace("g", ""));
  } catch {
    return undefined;
  }
}

/** Shell-like words: whitespace separates, quotes group, nothing is expanded. */
export function words(text: string): string[] | undefined {
  const out: string[] = [];
  let current: string | null = null;
  let quote: string | null = null;
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null;
      else current += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      current ??= "";
    } else if (/\s/.test(ch)) {
      if (current !== null) out.push(current);
      current = null;
    } else {
      current = (current ?? "") + ch;
    }
  }
  if (quote) return undefined; // unbalanced quote: not a clause we can run
  if (current !== null) out.push(current);
  return out;
}

function one(path: string): string | undefined {
  const w = words(path);
  return w && w.length === 1 ? w[0] : undefined;
}

export function parseClause(text: string): Check | undefined {
  let m: RegExpExecArray | null;
  if ((m = /^file exists\s+(.+)$/i.exec(text))) {
    const path = one(m[1]!);
    return path === undefined ? undefined : { kind: "file-exists", path };
  }
  if ((m = /^file\s+(.+?)\s+matches\s+(\/.+\/[a-z]*)$/i.exec(text))) {
    const path = one(m[1]!);
    const re = regex(m[2]!);
    return path === undefined || re === undefined ? undefined : { kind: "file-matches", path, re };
  }
  if ((m = /^output matches\s+(\/.+\/[a-z]*)$/i.exec(text))) {
    const re = regex(m[1]!);
    return re === undefined ? undefined : { kind: "output-matches", re };
  }
  if ((m = /^output contains\s+(".*"|'.*')$/i.exec(text))) {
    return { kind: "output-contains", text: m[1]!.slice(1, -1) };
  }
  if ((m = /^event\s+([a-z][a-z0-9_-]{0,31})\s+logged(?:\s+matching\s+(\/.+\/[a-z]*))?$/i.exec(text))) {
    if (m[2] === undefined) return { kind: "event-logged", source: m[1]!.toLowerCase() };
    const re = regex(m[2]);
    return re === undefined ? undefined : { kind: "event-logged", source: m[1]!.toLowerCase(), re };
  }
  if ((m = /^command exits 0:\s*(.+)$/i.exec(text))) {
    const argv = words(m[1]!);
    return argv === undefined || argv.length === 0 ? undefined : { kind: "command", argv };
  }
  return undefined;
}

export function parseNeed(need: string): ParsedNeed {
  const checks: Clause[] = [];
  const free: string[] = [];
  for (const part of splitClauses(need)) {
    const check = parseClause(part);
    if (check) checks.push({ text: part, check });
    else free.push(part);
  }
  return { checks, rest: free.join(" and ") };
}
