/**
 * Human-readable rendering for the terminal. Every piece of log text goes through
 * escapeField, so a log line cannot move the cursor or colour the terminal.
 */
import type { Entry } from "../../tools/world/entry.js";
import { escapeField } from "../../tools/world/escape.js";
import { labelOf, sourceOrStatus } from "../../tools/world/format.js";
import type { SessionJson } from "../../tools/world/query.js";
import { clockText, sinceText, whenText } from "../../tools/time-text.js";

const COLOURS: Record<string, string> = {
  start: "36", active: "34", parked: "2", finish: "33", verified: "32", retry: "35", failed: "31", closed: "90",
  user: "1", voice: "2", spirit: "96", system: "90",
};

export interface Style {
  colour: boolean;
}

function paint(style: Style, code: string | undefined, text: string): string {
  return style.colour && code ? `\x1b[${code}m${text}\x1b[0m` : text;
}

/** `22:50:43 agent:finish  01JD…  output | need: …` */
export function showEntry(e: Entry, style: Style, now = new Date()): string {
  const time = clockText(new Date(e.ts), now);
  const label = labelOf(e);
  const key = sourceOrStatus(e);
  const need = e.kind === "agent" && e.need !== undefined ? paint(style, "2", ` | need: ${escapeField(e.need)}`) : "";
  const more = e.outputRef ? paint(style, "2", ` [full: .world/${e.outputRef}]`) : "";
  return `${paint(style, "2", time)} ${paint(style, COLOURS[key], label.padEnd(14))} ${e.id}  ${escapeField(e.output)}${more}${need}`;
}

/** A session in two or three lines; a parked one says when it wakes instead of its raw park line. */
export function showSession(s: SessionJson, style: Style, now = new Date()): string {
  const retries = s.retries > 0 ? ` (retries ${s.retries})` : "";
  const need = s.need !== null ? ` | need: ${escapeField(s.need)}` : "";
  const blocker = s.blocker !== null && s.status === "failed" ? `\n    blocked: ${escapeField(s.blocker)}` : "";
  const parked = s.parkedUntil !== null;
  const label = parked ? "parked" : s.status;
  const last = parked
    ? `\n    ${paint(style, COLOURS.parked, `parked until ${whenText(new Date(s.parkedUntil!), now)}`)}`
    : s.output !== s.task ? `\n    last: ${escapeField(s.output)}` : "";
  return `${paint(style, COLOURS[label], label.padEnd(8))} ${s.id}  ${sinceText(new Date(s.updatedAt), now)}${retries}\n    ${escapeField(s.task)}${need}${last}${blocker}`;
}
