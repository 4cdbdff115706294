/// <reference lib="dom" />
/**
 * Closing and reminders from the monitor page, in headless Chromium against the real
 * `world monitor`: a failed card's Close (asked twice) writes the closed line as the
 * monitor's person and the card leaves "Needs you"; a closed session's panel offers no
 * answer box; a parked reminder is snoozed and moved from its row in "Working".
 */
import { describe, expect, it } from "vitest";
import { appendStatus } from "../../../tools/world/append-status.js";
import { appendOnce } from "../../../tools/world/append.js";
import { findLastStatus } from "../../../tools/world/last-status.js";
import { parseArmed } from "../../../agents/reminder/armed.js";
import { waitForEntry } from "../../support/world.js";
import { WAIT_MS } from "../../support/wait.js";
import { artifact, useMonitorPage } from "./harness.js";

const LONG = { timeout: WAIT_MS };

const t = useMonitorPage("world-monitor-close-page-");

describe("closing and reminders in the monitor", () => {
  it("Close on a failed card, asked twice: the closed line from the monitor; the card leaves; the panel has no answer box", async () => {
    appendStatus(t.w.paths, { status: "start", id: "book-9", output: "Book a table for four at 8pm", need: "a confirmation number" });
    appendStatus(t.w.paths, { status: "failed", id: "book-9", output: "gave up", need: "a credit card" });
    await t.open();
    const card = t.page.locator('#failed li[data-id="book-9"]');
    await card.waitFor(LONG);
    const close = card.locator("button[data-close-session]");
    await close.click();
    await expect.poll(() => close.textContent(), LONG).toBe("Close for good?");
    expect(findLastStatus(t.w.paths.log, "book-9")?.status).toBe("failed"); // one click writes nothing
    await t.page.screenshot({ path: artifact("monitor-close-confirm.png"), fullPage: true });
    await close.click();
    const closed = await waitForEntry(t.w.paths, (e) => e.kind === "agent" && e.status === "closed" && e.id === "book-9", { what: "the closed line" });
    expect(closed.output).toBe("closed by a person: closed in the monitor (from monitor)");
    await expect.poll(() => t.page.locator('#failed li[data-id="book-9"]').count(), LONG).toBe(0);
    await expect.poll(() => t.page.locator('[data-count="closed"]').textContent(), LONG).toBe("1");

    // The card is gone: open the panel from the Recent list instead.
    await t.page.locator('#recent button[data-open-session="book-9"]').first().click();
    await expect.poll(() => t.page.locator("#detail-answer .over").textContent(), LONG).toBe("Closed: nothing more happens in this session.");
    expect(await t.page.locator("#detail-answer textarea").count()).toBe(0);
    expect(await t.page.locator("#detail-answer button[data-close-session]").count()).toBe(0);
    expect(t.errors).toEqual([]);
  });

  it("a parked reminder in Working: Snooze 10 min, then Move to a chosen time", async () => {
    const due = new Date(Date.now() + 2 * 3_600_000);
    appendStatus(t.w.paths, { status: "start", id: "rem-1", output: "remind me to stretch", need: "event notify logged" });
    appendStatus(t.w.paths, { status: "active", id: "rem-1", output: `armed: due ${due.toISOString()} by reminder (parked: the Keeper's scheduler delivers it) — Reminder: stretch` });
    await t.open();
    const row = t.page.locator('#active li[data-id="rem-1"]');
    await row.waitFor(LONG);
    await row.locator("button[data-snooze]").click();
    await waitForEntry(t.w.paths, (e) => e.kind === "agent" && e.id === "rem-1" && e.output.includes("snoozed 10 min by a person at the monitor"), { what: "the snooze" });
    const snoozedTo = new Date(due.getTime() + 10 * 60_000).toISOString();
    expect(parseArmed(findLastStatus(t.w.paths.log, "rem-1")!.output)?.due.toISOString()).toBe(snoozedTo);
    await expect.poll(() => t.page.locator('#active li[data-id="rem-1"] .parked-until time').getAttribute("datetime"), LONG).toBe(snoozedTo);

    // datetime-local is the page's local time (the browser's time zone, as the person sees it).
    const to = new Date(Date.now() + 26 * 3_600_000);
    to.setSeconds(0, 0);
    const local = await t.page.evaluate((iso) => {
      const d = new Date(iso);
      const p = (n: number) => String(n).padStart(2, "0");
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
    }, to.toISOString());
    await t.page.locator('#active li[data-id="rem-1"] input[name="due"]').fill(local);
    await t.page.locator('#active li[data-id="rem-1"] form[data-move] button').click();
    await waitForEntry(t.w.paths, (e) => e.kind === "agent" && e.id === "rem-1" && e.output.startsWith(`armed: due ${to.toISOString()}`), { what: "the move" });
    await t.page.screenshot({ path: artifact("monitor-reminder-moved.png"), fullPage: true });
    expect(t.errors).toEqual([]);
  });
});

describe("questions and failed agents in the monitor", () => {
  it("a question's panel is a question: its words, yes/no while open; declined, it says so and offers nothing; the card folds what a yes starts", async () => {
    appendOnce(t.w.paths, { kind: "event", source: "spirit", id: "nudge-5", output: 'nudge: Want me to look it up? (heard user: "what is zanzibar like") yes: open-page "open a search for zanzibar" need "output contains \\"https://\\""' });
    await t.open();
    const card = t.page.locator('#nudges li[data-id="nudge-5"]');
    await card.waitFor(LONG);
    expect(await card.locator(".question").textContent()).toBe("Want me to look it up?");
    expect(await card.locator("details.offer").getAttribute("open")).toBeNull(); // folded
    expect(await card.locator("details.offer p").textContent()).toBe('open-page agent: open a search for zanzibar (done when: output contains "https://")');

    await card.locator('button[data-open-session="nudge-5"]').click();
    await expect.poll(() => t.page.locator("#detail-kind").textContent(), LONG).toBe("Question");
    await expect.poll(() => t.page.locator("#detail-summary dd").first().textContent(), LONG).toBe("Want me to look it up?");
    expect(await t.page.locator("#detail-answer textarea").getAttribute("placeholder")).toBe("Answer yes or no, or in your own words…");
    expect(await t.page.locator("#detail-answer button.quick-yes").count()).toBe(1);

    await t.page.locator("#detail-answer button.quick-no").click();
    await waitForEntry(t.w.paths, (e) => e.kind === "event" && e.source === "user" && e.id === "nudge-5", { what: "the no" });
    await expect.poll(() => t.page.locator('#nudges li[data-id="nudge-5"]').count(), LONG).toBe(0);
    // Reopened once declined: no answer box, and why.
    await t.page.locator('#recent button[data-open-session="nudge-5"]').first().click();
    await expect.poll(() => t.page.locator("#detail-answer .over").textContent(), LONG).toBe("This question was declined: an answer now does nothing.");
    expect(await t.page.locator("#detail-answer textarea").count()).toBe(0);
    expect(t.errors).toEqual([]);
  });

  it("a failed card shows what is needed, not the command above its answer box, and the retries world query failed counts", async () => {
    appendStatus(t.w.paths, { status: "start", id: "job-3", output: "fetch the report", need: "file exists report.pdf" });
    for (let i = 1; i <= 3; i++) {
      appendStatus(t.w.paths, { status: "finish", id: "job-3", output: "tried" });
      appendStatus(t.w.paths, { status: "retry", id: "job-3", output: `retry ${i} of 3` });
    }
    appendStatus(t.w.paths, { status: "failed", id: "job-3", output: "process 1 (attempt 4) exited with code 1 before finishing; nothing on stderr", need: "your word on how to go on (it wrote nothing on stderr)" });
    await t.open();
    const card = t.page.locator('#failed li[data-id="job-3"]');
    await card.waitFor(LONG);
    expect(await card.locator(".blocker-text").textContent()).toBe("your word on how to go on (it wrote nothing on stderr)");
    expect(await card.textContent()).not.toContain("world respond");
    expect(await card.locator(".retries").textContent()).toBe("after 3 retries");
    await t.page.screenshot({ path: artifact("monitor-failed-card.png"), fullPage: true });
    expect(t.errors).toEqual([]);
  });
});
