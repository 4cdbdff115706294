/** Meetings starting soon get exactly one meeting-prep agent, across polls and restarts. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkCalendar } from "../../../spirit/daemon/calendar-watch.js";
import { SpiritMemory } from "../../../spirit/daemon/memory.js";
import { tempWorld, waitForEntry, type TempWorld } from "../../support/world.js";
import { waitUntil } from "../../support/wait.js";
import { agentEnded, outputs, spiritLines, startSpirit, stopSpirit, waitForCursor, type SpiritProcess } from "../helpers.js";

function icsTime(d: Date): string {
  return d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

function meetingsIcs(now: number): { ics: string; soon: Date } {
  const soon = new Date(Math.floor((now + 10 * 60_000) / 1000) * 1000);
  const event = (uid: string, start: Date, summary: string, extra: string[] = []) =>
    ["BEGIN:VEVENT", `UID:${uid}`, `DTSTART:${icsTime(start)}`, `DTEND:${icsTime(new Date(start.getTime() + 1_800_000))}`, `SUMMARY:${summary}`, ...extra, "END:VEVENT"];
  const ics = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//world//test//EN",
    ...event("budget-42@example.com", soon, "Budget review", ["LOCATION:Room 4", "ATTENDEE;CN=Alice:mailto:alice@example.com"]),
    ...event("later@example.com", new Date(now + 2 * 3_600_000), "Later today"),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
  return { ics, soon };
}

/** How many calendar checks the Spirit's operational log records (they leave nothing in world.log). */
function checks(w: TempWorld): number {
  try {
    return readFileSync(join(w.paths.logs, "spirit.log"), "utf8").split("\n").filter((l) => /"msg":"calendar (?:checked|unavailable)"/.test(l)).length;
  } catch {
    return 0;
  }
}

async function moreChecks(w: TempWorld, n: number): Promise<void> {
  const target = checks(w) + n;
  await waitUntil(() => checks(w) >= target, { what: `${n} more calendar checks` });
}

describe("checkCalendar", () => {
  it("gives the meetings due for prep, and the next meeting within a day for the Spirit's situation", async () => {
    const w = tempWorld();
    try {
      const now = Date.now();
      const { ics, soon } = meetingsIcs(now);
      const file = join(w.home, "work.ics");
      writeFileSync(file, ics);
      const first = await checkCalendar(file, new SpiritMemory("user"), 15 * 60_000, now);
      expect(first).toMatchObject({ ok: true, next: { title: "Budget review", start: soon } });
      expect(first.ok && first.due.map((d) => d.task)).toEqual([expect.stringMatching(/^prepare me for the meeting "Budget review" at Room 4/)]);
      // An hour later the budget review has started: the next one is "Later today", not due yet.
      const later = await checkCalendar(file, new SpiritMemory("user"), 15 * 60_000, now + 3_600_000);
      expect(later).toMatchObject({ ok: true, due: [], next: { title: "Later today" } });
      expect(await checkCalendar(join(w.home, "missing.ics"), new SpiritMemory("user"), 15 * 60_000, now)).toMatchObject({ ok: false });
    } finally {
      w.cleanup();
    }
  });
});

describe("calendar watch", () => {
  let w: TempWorld;
  let spirit: SpiritProcess | undefined;
  let server: Server | undefined;
  beforeEach(() => {
    w = tempWorld();
  });
  afterEach(async () => {
    if (spirit) await stopSpirit(spirit);
    spirit = undefined;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    }
    server = undefined;
    w.cleanup();
  });

  it("a local .ics with a meeting in 10 minutes → exactly one meeting-prep spawn, also after a restart", async () => {
    const { ics, soon } = meetingsIcs(Date.now());
    const file = join(w.home, "work.ics");
    writeFileSync(file, ics);
    const args = ["--calendar", file, "--calendar-poll", "300ms"];
    spirit = await startSpirit(w.paths, args);
    const spawn = await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("spawn: meeting-prep"));
    expect(spawn.id).toMatch(/^meeting-prep-[0-9a-f]{12}$/);
    expect(spawn.output).toMatch(
      new RegExp(
        `^spawn: meeting-prep “prepare me for the meeting "Budget review" at Room 4, starting ${soon.toISOString().replace(/\./g, "\\.")}” because meeting "Budget review" \\(uid "budget-42@example\\.com", starts ${soon.toISOString().replace(/\./g, "\\.")}\\) begins in (9|10) min$`,
      ),
    );
    const start = await waitForEntry(w.paths, (e) => e.kind === "agent" && e.status === "start" && e.id === spawn.id);
    expect(start).toMatchObject({ need: `file exists .world/briefs/${spawn.id}.md and output contains "brief at"` });
    const finish = await waitForEntry(w.paths, (e) => e.kind === "agent" && (e.status === "finish" || e.status === "failed") && e.id === spawn.id);
    expect(finish).toMatchObject({ status: "finish", output: expect.stringMatching(/^brief at \.world\/briefs\/meeting-prep-[0-9a-f]{12}\.md: "Budget review"/) });
    await moreChecks(w, 3);
    await stopSpirit(spirit);
    spirit = await startSpirit(w.paths, args);
    await moreChecks(w, 3);
    expect(outputs(spiritLines(w.paths))).toEqual([spawn.output]);
  });

  it("a calendar URL on 127.0.0.1; an unavailable calendar is said once, and its return too", async () => {
    let body: string | undefined; // undefined: the server answers 503
    server = createServer((_req, res) => {
      res.writeHead(body === undefined ? 503 : 200, { "content-type": "text/calendar" });
      res.end(body ?? "busy");
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cal.ics`;
    spirit = await startSpirit(w.paths, ["--calendar", url, "--calendar-poll", "300ms"]);
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.id === "calendar");
    await moreChecks(w, 3); // still down: said once
    body = meetingsIcs(Date.now()).ics;
    const spawn = await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("spawn: meeting-prep"));
    await agentEnded(w.paths, spawn.id);
    await moreChecks(w, 2);
    await waitForCursor(w.paths);
    expect(outputs(spiritLines(w.paths))).toEqual([
      `calendar unavailable: cannot fetch the calendar "${url}": expected HTTP 200, received HTTP 503`,
      "calendar available again",
      spawn.output,
    ]);
  });
});
