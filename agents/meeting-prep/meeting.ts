/**
 * Which meeting to prepare for. WORLD_MEETING (JSON) wins when given:
 *   {"title": "Budget review", "time": "2026-11-23T10:00:00Z", "attendees": ["Alice", "Bob"]}
 * Otherwise the task's words: "prepare for 'Budget review' with Alice and Bob tomorrow
 * at 10" — the time by chrono-node, the title in quotes (or the words after "for",
 * before "with"), the attendees after "with", split at commas and "and".
 */
import { z } from "zod";
import { findWhen } from "../reminder/when.js";

export interface Meeting {
  title: string;
  /** ISO time when known. */
  time?: string;
  attendees: string[];
  notes?: string;
}

const MeetingJson = z.object({
  title: z.string().trim().min(1).max(300),
  time: z.string().trim().min(1).max(100).optional(),
  attendees: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  notes: z.string().max(5000).optional(),
});

export type MeetingChoice = { ok: true; meeting: Meeting } | { ok: false; why: string };

function isoTime(text: string | undefined, now: Date): string | undefined {
  if (text === undefined) return undefined;
  const direct = Date.parse(text);
  if (!Number.isNaN(direct) && /\d{4}-\d{2}-\d{2}/.test(text)) return new Date(direct).toISOString();
  return findWhen(text, now)?.due.toISOString() ?? text;
}

export function chooseMeeting(task: string, json: string | undefined, now = new Date()): MeetingChoice {
  if (json !== undefined && json.trim() !== "") {
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      return { ok: false, why: `WORLD_MEETING is not JSON: ${JSON.stringify(json.slice(0, 60))}` };
    }
    const parsed = MeetingJson.safeParse(value);
    if (!parsed.success) return { ok: false, why: `WORLD_MEETING: ${parsed.error.issues[0]?.path.join(".") || "value"}: ${parsed.error.issues[0]?.message}` };
    const m = parsed.data;
    const time = isoTime(m.time, now);
    return { ok: true, meeting: { title: m.title, attendees: m.attendees, ...(time && { time }), ...(m.notes && { notes: m.notes }) } };
  }
  return fromWords(task, now);
}

function fromWords(task: string, now: Date): MeetingChoice {
  const when = findWhen(task, now);
  const rest = when?.rest ?? task;
  const quoted = /["“'‘]([^"”'’]{2,200})["”'’]/.exec(rest)?.[1]?.trim();
  const withAt = rest.search(/\bwith\b/i);
  const attendees = withAt === -1
    ? []
    : rest
        .slice(withAt + 4)
        .replace(/["“'‘][^"”'’]*["”'’]/g, " ")
        .split(/,|\band\b|&|;/i)
        .map((s) => s.replace(/^[\s:]+|[\s.!?:]+$/g, "").trim())
        .filter((s) => s !== "" && s.length <= 100);
  const before = withAt === -1 ? rest : rest.slice(0, withAt);
  const title =
    quoted ??
    before
      .replace(/^.*?\b(?:prep(?:are)?|brief(?:ing)?|get ready)\b(?:\s+(?:me|a brief|a briefing))?(?:\s+for)?/i, "")
      .replace(/^\s*(?:the|my|a|an)\s+/i, "")
      .replace(/^\s*(?:meeting|call)\s*(?:about|on|:)?\s*/i, "")
      .replace(/[\s.!?:]+$/, "")
      .trim();
  if (title === "" && attendees.length === 0) return { ok: false, why: `no meeting found in ${JSON.stringify(task.slice(0, 100))}` };
  const meeting: Meeting = { title: title === "" ? `meeting with ${attendees.join(", ")}` : title, attendees };
  if (when) meeting.time = when.due.toISOString();
  return { ok: true, meeting };
}
