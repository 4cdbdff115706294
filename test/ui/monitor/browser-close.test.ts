/// <reference lib="dom" />
/**
 * Closing and reminders from the monitor page, in headless Chromium against the real
 * `world monitor`: a failed card's Close (asked twice) writes the closed line as the
 * monitor's person and the card leaves "Needs you"; a closed session's panel offers no
 * answer box; a parked reminder is snoozed and moved from its row in "Working".
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { appendStatus } from "../../../tools/world/append-status.js";
import { findLastStatus } from "../../../tools/world/last-status.js";
import { parseArmed } from "../../../agents/reminder/armed.js";
import { tempWorld, waitForEntry, type TempWorld } from "../../support/world.js";
import { artifact, launchBrowser, openLivePage, startMonitor, type Browser, type Monitor } from "./harness.js";

let browser: Browser;
let w: TempWorld;
let monitor: Monitor;
let page: Page;
let pageErrors: string[];
const LONG = { timeout: 20_000 };

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  w = tempWorld("world-monitor-close-page-");
  monitor = await startMonitor(w.home);
});
afterEach(async () => {
  await page?.close();
  expect(await monitor.stop()).toBe(0);
  w.cleanup();
});

describe("closing and reminders in the monitor", { timeout: 90_000 }, () => {
  it("Close on a failed card, asked twice: the closed line from the monitor; the card leaves; the panel has no answer box", async () => {
    appendStatus(w.paths, { status: "start", id: "book-9", output: "Book a table for four at 8pm", need: "a confirmation number" });
    appendStatus(w.paths, { status: "failed", id: "book-9", output: "gave up", need: "a credit card" });
    ({ page, errors: pageErrors } = await openLivePage(browser, monitor.url));
    const card = page.locator('#failed li[data-id="book-9"]');
    await card.waitFor(LONG);
    const close = card.locator("button[data-close-session]");
    await close.click();
    await expect.poll(() => close.textContent(), LONG).toBe("Close for good?");
    expect(findLastStatus(w.paths.log, "book-9")?.status).toBe("failed"); // one click writes nothing
    await page.screenshot({ path: artifact("monitor-close-confirm.png"), fullPage: true });
    await close.click();
    const closed = await waitForEntry(w.paths, (e) => e.kind === "agent" && e.status === "closed" && e.id === "book-9", { what: "the closed line" });
    expect(closed.output).toBe("closed by a person: closed in the monitor (from monitor)");
    await expect.poll(() => page.locator('#failed li[data-id="book-9"]').count(), LONG).toBe(0);
    await expect.poll(() => page.locator('[data-count="closed"]').textContent(), LONG).toBe("1");

    // The card is gone: open the panel from the Recent list instead.
    await page.locator('#recent button[data-open-session="book-9"]').first().click();
    await expect.poll(() => page.locator("#detail-answer .over").textContent(), LONG).toBe("Closed: nothing more happens in this session.");
    expect(await page.locator("#detail-answer textarea").count()).toBe(0);
    expect(await page.locator("#detail-answer button[data-close-session]").count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it("a parked reminder in Working: Snooze 10 min, then Move to a chosen time", async () => {
    const due = new Date(Date.now() + 2 * 3_600_000);
    appendStatus(w.paths, { status: "start", id: "rem-1", output: "remind me to stretch", need: "event notify logged" });
    appendStatus(w.paths, { status: "active", id: "rem-1", output: `armed: due ${due.toISOString()} by reminder (parked: the Keeper's scheduler delivers it) — Reminder: stretch` });
    ({ page, errors: pageErrors } = await openLivePage(browser, monitor.url));
    const row = page.locator('#active li[data-id="rem-1"]');
    await row.waitFor(LONG);
    await row.locator("button[data-snooze]").click();
    await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === "rem-1" && e.output.includes("snoozed 10 min by a person at the monitor"), { what: "the snooze" });
    expect(parseArmed(findLastStatus(w.paths.log, "rem-1")!.output)?.due.getTime()).toBe(due.getTime() + 10 * 60_000);

    // datetime-local is the page's local time (the browser's time zone, as the person sees it).
    const to = new Date(Date.now() + 26 * 3_600_000);
    to.setSeconds(0, 0);
    const local = await page.evaluate((iso) => {
      const d = new Date(iso);
      const p = (n: number) => String(n).padStart(2, "0");
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
    }, to.toISOString());
    await page.locator('#active li[data-id="rem-1"] input[name="due"]').fill(local);
    await page.locator('#active li[data-id="rem-1"] form[data-move] button').click();
    await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === "rem-1" && e.output.startsWith(`armed: due ${to.toISOString()}`), { what: "the move" });
    await page.screenshot({ path: artifact("monitor-reminder-moved.png"), fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
