/**
 * iCalendar (RFC 5545) → the meetings in a time window, with ical.js. Recurring events
 * are expanded (RRULE, RDATE, EXDATE, and moved or cancelled occurrences given as
 * RECURRENCE-ID exceptions); times with a TZID use the file's VTIMEZONE definitions;
 * floating times are local time.
 */
import ICAL from "ical.js";
import { UsageError } from "../errors.js";

export interface Occurrence {
  uid: string;
  summary: string;
  start: Date;
  end: Date;
  location?: string;
  description?: string;
  /** Attendees by name (CN), else by address (mailto: dropped). */
  attendees: string[];
  recurring: boolean;
}

/** An upper bound on occurrences walked per recurring event (a daily event since 1990 is ~13k). */
const MAX_STEPS = 50_000;

function parseCalendar(text: string, where: string): InstanceType<typeof ICAL.Component> {
  let jcal: unknown;
  try {
    jcal = ICAL.parse(text);
  } catch (error) {
    throw new UsageError(`invalid calendar ${where}: expected iCalendar (BEGIN:VCALENDAR …), received a parse error: ${(error as Error).message}`);
  }
  const root = new ICAL.Component(jcal as unknown[]);
  if (root.name !== "vcalendar") throw new UsageError(`invalid calendar ${where}: expected BEGIN:VCALENDAR, received BEGIN:${root.name.toUpperCase()}`);
  return root;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function attendees(event: InstanceType<typeof ICAL.Event>): string[] {
  return event.attendees
    .map((a) => text(a.getParameter("cn")) ?? text(String(a.getFirstValue() ?? "").replace(/^mailto:/i, "")))
    .filter((a): a is string => a !== undefined);
}

function occurrence(event: InstanceType<typeof ICAL.Event>, start: Date, end: Date, recurring: boolean): Occurrence {
  const location = text(event.location);
  const description = text(event.description);
  return {
    attendees: attendees(event),
    uid: event.uid ?? "(no uid)",
    summary: text(event.summary) ?? "(untitled meeting)",
    start,
    end,
    recurring,
    ...(location !== undefined && { location }),
    ...(description !== undefined && { description }),
  };
}

function cancelled(event: InstanceType<typeof ICAL.Event>): boolean {
  return String(event.component.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED";
}

/** Meetings that overlap [from, to), in start order. `where` names the source in errors. */
export function occurrencesBetween(ics: string, from: Date, to: Date, where = ""): Occurrence[] {
  const root = parseCalendar(ics, where);
  for (const tz of root.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(tz);
  const masters = new Map<string, InstanceType<typeof ICAL.Event>>();
  const exceptions: InstanceType<typeof ICAL.Event>[] = [];
  for (const vevent of root.getAllSubcomponents("vevent")) {
    const event = new ICAL.Event(vevent);
    if (event.isRecurrenceException()) exceptions.push(event);
    else masters.set(event.uid, event);
  }
  for (const ex of exceptions) {
    const master = masters.get(ex.uid);
    if (master) master.relateException(ex);
    else masters.set(`${ex.uid}@${ex.recurrenceId}`, ex); // an exception without its series: a single meeting
  }
  const out: Occurrence[] = [];
  const overlaps = (s: Date, e: Date) => e.getTime() > from.getTime() && s.getTime() < to.getTime();
  for (const event of masters.values()) {
    if (!event.startDate) continue;
    if (!event.isRecurring()) {
      const start = event.startDate.toJSDate();
      const end = event.endDate ? event.endDate.toJSDate() : start;
      if (!cancelled(event) && (overlaps(start, end) || (start.getTime() === end.getTime() && start >= from && start < to))) {
        out.push(occurrence(event, start, end, false));
      }
      continue;
    }
    const it = event.iterator();
    for (let step = 0, next = it.next(); next && step < MAX_STEPS; step++, next = it.next()) {
      const details = event.getOccurrenceDetails(next);
      const start = details.startDate.toJSDate();
      if (start.getTime() >= to.getTime()) break;
      const end = details.endDate.toJSDate();
      if (overlaps(start, end) && !cancelled(details.item)) out.push(occurrence(details.item, start, end, true));
    }
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}
