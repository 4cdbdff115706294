/**
 * What the world knows about a meeting, from the log's SQLite index: full-text search
 * for each attendee and for the title (whole and by its telling words), and the open
 * sessions whose task mentions any of them. Written as a short Markdown brief; every
 * piece of log text goes through escapeField, so the file holds no control characters.
 */
import { escapeField } from "../../tools/world/escape.js";
import type { WorldIndex } from "../../tools/world/index-db.js";
import { labelOf } from "../../tools/world/format.js";
import { entryFromJson, type EntryJson } from "../../tools/world/json.js";
import { entryCount, search, sessionsIn, type SessionJson } from "../../tools/world/query.js";
import type { Meeting } from "./meeting.js";
import { dateTimeText } from "../../tools/time-text.js";

const PER_TOPIC = 12;
const STOP = new Set(["about", "after", "before", "call", "meeting", "review", "sync", "with", "weekly", "daily", "the", "and", "for", "our", "this", "that"]);

export interface Findings {
  byAttendee: Map<string, EntryJson[]>;
  /** Attendees found only by their first name (the brief says so). */
  byFirstName: Set<string>;
  byTitle: EntryJson[];
  open: SessionJson[];
  searched: number;
}

/** Words of the title worth searching alone: 4+ letters and not a generic meeting word. */
function titleWords(title: string): string[] {
  const words = title.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? [];
  return [...new Set(words.filter((w) => !STOP.has(w)))].slice(0, 5);
}

export function collect(index: WorldIndex, meeting: Meeting, ownId: string): Findings {
  const notOwn = (e: EntryJson) => e.id !== ownId;
  const byAttendee = new Map<string, EntryJson[]>();
  const byFirstName = new Set<string>();
  for (const name of meeting.attendees) {
    let found = search(index, name, PER_TOPIC * 2).filter(notOwn);
    // "Alice Smith" is often just "Alice" in what was said: fall back to the first name, and say so.
    const first = name.split(/[\s@.]+/)[0] ?? "";
    if (found.length === 0 && first.length >= 3 && first !== name) {
      found = search(index, first, PER_TOPIC * 2).filter(notOwn);
      if (found.length > 0) byFirstName.add(name);
    }
    byAttendee.set(name, found.slice(-PER_TOPIC));
  }

  const seen = new Set<number>();
  const byTitle: EntryJson[] = [];
  for (const query of [meeting.title, ...titleWords(meeting.title)]) {
    for (const e of search(index, query, PER_TOPIC * 2).filter(notOwn)) {
      if (e.line !== undefined && !seen.has(e.line)) {
        seen.add(e.line);
        byTitle.push(e);
      }
    }
  }
  byTitle.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));

  const needles = [...meeting.attendees, ...titleWords(meeting.title)].map((s) => s.toLowerCase());
  const open = (["active", "pending", "failed"] as const)
    .flatMap((state) => sessionsIn(index, state, 1000))
    .filter((s) => s.id !== ownId && needles.some((n) => s.task.toLowerCase().includes(n)));

  return { byAttendee, byFirstName, byTitle: byTitle.slice(-PER_TOPIC), open, searched: entryCount(index) };
}

function line(e: EntryJson): string {
  return `- ${e.ts.slice(0, 16).replace("T", " ")} [${labelOf(entryFromJson(e))}][${escapeField(e.id)}] ${escapeField(e.output)}${e.line ? ` (line ${e.line})` : ""}`;
}

export function renderBrief(meeting: Meeting, f: Findings, ownId: string, now: Date): string {
  const out: string[] = [`# Meeting brief: ${escapeField(meeting.title)}`, ""];
  const at = meeting.time !== undefined && !Number.isNaN(Date.parse(meeting.time)) ? new Date(meeting.time) : undefined;
  // Local time for the reader (a file is read on another day: the date always), the ISO time kept beside it.
  out.push(`- When: ${at ? `${dateTimeText(at)} local time (${meeting.time})` : meeting.time ? escapeField(meeting.time) : "not given"}`);
  out.push(`- With: ${meeting.attendees.length ? meeting.attendees.map(escapeField).join(", ") : "not given"}`);
  out.push(`- Prepared: ${dateTimeText(now)} by session ${escapeField(ownId)}, from world.log (${f.searched} entries searched)`);
  // Notes keep their lines (a calendar's "Location: Room 4" / "Bring the Q4 mockups"), each escaped of anything else.
  if (meeting.notes) out.push("- Notes:", ...meeting.notes.split(/\r?\n/).map((l) => `  ${escapeField(l)}`));
  for (const [name, entries] of f.byAttendee) {
    out.push("", `## ${escapeField(name)}`, "");
    if (f.byFirstName.has(name)) out.push(`(Nothing names ${escapeField(name)} in full; these mention ${escapeField(name.split(/[\s@.]+/)[0]!)}.)`, "");
    out.push(...(entries.length ? entries.map(line) : [`Nothing in the log mentions ${escapeField(name)}.`]));
  }
  out.push("", `## On "${escapeField(meeting.title)}"`, "");
  out.push(...(f.byTitle.length ? f.byTitle.map(line) : ["Nothing in the log is about this topic."]));
  out.push("", "## Open work that mentions them", "");
  out.push(
    ...(f.open.length
      ? f.open.map((s) => `- [${s.status}] ${escapeField(s.id)}: ${escapeField(s.task)}${s.blocker ? ` — blocked: ${escapeField(s.blocker)}` : ""}`)
      : ["None."]),
  );
  return out.join("\n") + "\n";
}

export function summary(meeting: Meeting, f: Findings): string {
  const people = [...f.byAttendee].map(([name, e]) => (e.length ? `${e.length} about ${name}` : `none about ${name}`));
  return [`"${meeting.title}"${meeting.time ? ` at ${meeting.time}` : ""}`, ...people, `${f.byTitle.length} on the topic`, `${f.open.length} open session${f.open.length === 1 ? "" : "s"}`].join(", ");
}
