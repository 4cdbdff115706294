import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { occurrencesBetween } from "../../tools/calendar/ics.js";
import { loadCalendarText } from "../../tools/calendar/load.js";
import { tempWorld } from "../support/world.js";


function calendar(...events: string[]): string {
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//world//test//EN", ...events, "END:VCALENDAR", ""].join("\r\n");
}

function vevent(fields: Record<string, string>, extra: string[] = []): string {
  return ["BEGIN:VEVENT", ...Object.entries(fields).map(([k, v]) => `${k}:${v}`), ...extra, "END:VEVENT"].join("\r\n");
}

const DAY = 86_400_000;

describe("iCalendar occurrences", () => {
  const base = new Date("2026-03-02T08:00:00Z");

  it("finds single meetings overlapping the window, with attendees and location", () => {
    const ics = calendar(
      vevent({ UID: "a@x", DTSTART: "20260302T083000Z", DTEND: "20260302T090000Z", SUMMARY: "Design review", LOCATION: "Room 4" }, [
        "ATTENDEE;CN=Alice Smith:mailto:alice@example.com",
        "ATTENDEE:mailto:bob@example.com",
      ]),
      vevent({ UID: "b@x", DTSTART: "20260303T083000Z", DTEND: "20260303T090000Z", SUMMARY: "Tomorrow" }),
      vevent({ UID: "c@x", DTSTART: "20260302T084000Z", DTEND: "20260302T085000Z", SUMMARY: "Cancelled", STATUS: "CANCELLED" }),
    );
    const found = occurrencesBetween(ics, base, new Date(base.getTime() + 3_600_000));
    expect(found).toEqual([
      {
        uid: "a@x",
        summary: "Design review",
        start: new Date("2026-03-02T08:30:00Z"),
        end: new Date("2026-03-02T09:00:00Z"),
        location: "Room 4",
        attendees: ["Alice Smith", "bob@example.com"],
        recurring: false,
      },
    ]);
  });

  it("expands recurring meetings for the next day, honouring EXDATE and moved occurrences", () => {
    const ics = calendar(
      vevent({ UID: "standup@x", DTSTART: "20260101T090000Z", DTEND: "20260101T091500Z", SUMMARY: "Standup", RRULE: "FREQ=DAILY" }, [
        "EXDATE:20260303T090000Z",
      ]),
      vevent({ UID: "standup@x", "RECURRENCE-ID": "20260302T090000Z", DTSTART: "20260302T100000Z", DTEND: "20260302T101500Z", SUMMARY: "Standup (moved)" }),
      vevent({ UID: "weekly@x", DTSTART: "20260105T150000Z", DTEND: "20260105T160000Z", SUMMARY: "Weekly", RRULE: "FREQ=WEEKLY;BYDAY=MO" }),
    );
    const found = occurrencesBetween(ics, base, new Date(base.getTime() + 2 * DAY));
    expect(found.map((o) => [o.summary, o.start.toISOString(), o.recurring])).toEqual([
      ["Standup (moved)", "2026-03-02T10:00:00.000Z", true],
      ["Weekly", "2026-03-02T15:00:00.000Z", true],
      // 2026-03-03 09:00 is excluded by EXDATE
    ]);
  });

  it("converts TZID times with the file's VTIMEZONE", () => {
    const tz = [
      "BEGIN:VTIMEZONE",
      "TZID:Europe/Berlin",
      "BEGIN:STANDARD",
      "DTSTART:19701025T030000",
      "TZOFFSETFROM:+0200",
      "TZOFFSETTO:+0100",
      "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
      "END:STANDARD",
      "BEGIN:DAYLIGHT",
      "DTSTART:19700329T020000",
      "TZOFFSETFROM:+0100",
      "TZOFFSETTO:+0200",
      "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
      "END:DAYLIGHT",
      "END:VTIMEZONE",
    ].join("\r\n");
    const ics = calendar(tz, vevent({ UID: "tz@x", "DTSTART;TZID=Europe/Berlin": "20260302T100000", "DTEND;TZID=Europe/Berlin": "20260302T110000", SUMMARY: "Berlin" }));
    const [found] = occurrencesBetween(ics, base, new Date(base.getTime() + DAY));
    expect(found?.start.toISOString()).toBe("2026-03-02T09:00:00.000Z");
  });

  it("rejects text that is not iCalendar, in one line", () => {
    expect(() => occurrencesBetween("hello", base, base, "notes.txt")).toThrow(/^invalid calendar notes\.txt: expected iCalendar/);
  });
});

describe("loading a calendar", () => {
  let server: Server;
  let url: string;
  const ics = calendar(vevent({ UID: "u@x", DTSTART: "20260302T083000Z", DTEND: "20260302T090000Z", SUMMARY: "Served" }));

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === "/cal.ics") {
        res.writeHead(200, { "content-type": "text/calendar" });
        res.end(ics);
      } else {
        res.writeHead(404);
        res.end("no");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("reads a file and a URL on 127.0.0.1", async () => {
    const w = tempWorld();
    try {
      const file = join(w.home, "cal.ics");
      writeFileSync(file, ics);
      expect(await loadCalendarText(file)).toBe(ics);
      expect(await loadCalendarText(`${url}/cal.ics`)).toBe(ics);
    } finally {
      w.cleanup();
    }
  });

  it("says what went wrong: a missing file, an HTTP error, nothing listening", async () => {
    await expect(loadCalendarText("/nonexistent/cal.ics")).rejects.toThrow('no calendar file: expected an .ics file or an http(s) URL, received "/nonexistent/cal.ics"');
    await expect(loadCalendarText(`${url}/missing.ics`)).rejects.toThrow(/expected HTTP 200, received HTTP 404$/);
    await expect(loadCalendarText("http://127.0.0.1:9/cal.ics", { timeoutMs: 2000 })).rejects.toThrow(/^cannot fetch the calendar "http:\/\/127\.0\.0\.1:9\/cal\.ics": /);
  });
});
