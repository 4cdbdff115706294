/// <reference lib="dom" />
/**
 * Acting from the monitor page, in headless Chromium against the real `world monitor`:
 * a real agent's stderr and an attachment in the session panel, an answer from there,
 * search over the whole log, the daemons of `world up`, browser notifications, relative
 * times, and a phone-sized (390 px) window where nothing overflows.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { appendOnce } from "../../../tools/world/append.js";
import { waitForEntry, world } from "../../support/world.js";
import { artifact, useMonitorPage } from "./harness.js";

async function cli(...args: string[]): Promise<string> {
  const r = await world(t.w.home, args);
  expect(r.exitCode, r.stderr).toBe(0);
  return r.stdout.trim();
}

const t = useMonitorPage("world-monitor-act-page-");

describe("acting from the monitor page", () => {
  it("shows a real agent's stderr and a whole attachment in the session panel, and answers from there", async () => {
    const agent = "console.log('looked in ~/Documents'); console.error('ENOENT: no such file, open invoice-march.pdf'); process.exit(2)";
    const id = await cli("spawn", "find the March invoice | need: file exists invoice-march.pdf", "--id", "inv-1", "--", process.execPath, "-e", agent);
    expect(id).toBe("inv-1");
    // Its parent fails the session the moment it exits (agents/ended.ts); a person then
    // writes what was tried, too long for one line (an attachment): --force, failed again.
    await waitForEntry(t.w.paths, (e) => e.kind === "agent" && e.status === "failed" && e.id === "inv-1", { what: "the agent's end" });
    const long = `tried 3 places: ${"~/Documents/Invoices/2026/ ".repeat(120)}`;
    await cli("agent", "failed", "inv-1", long, "--need", "where invoice-march.pdf is", "--force");
    await t.open();

    await t.page.locator('#failed li[data-id="inv-1"] button.id').click();
    await t.page.locator("#detail").waitFor();
    const stderr = t.page.locator('#detail-output details[data-stream="err"]');
    await expect.poll(() => stderr.locator("summary").textContent()).toMatch(/^stderr · \d+ B$/);
    expect(await stderr.getAttribute("open")).toBeNull(); // collapsed until asked
    await stderr.locator("summary").click();
    await expect.poll(() => stderr.locator("pre").textContent()).toContain("ENOENT: no such file, open invoice-march.pdf");
    expect(await t.page.locator('#detail-output details[data-stream="out"] pre').textContent()).toBe("looked in ~/Documents\n");

    // The failed line holds a prefix; the whole text is one click away, loaded when opened.
    const failedRow = t.page.locator('#detail-history li[data-label="agent:failed"]').last();
    await expect.poll(() => failedRow.locator(".output").evaluate((e) => e.classList.contains("folded"))).toBe(true);
    await failedRow.locator("details.attachment summary").click();
    await expect.poll(() => failedRow.locator("details.attachment pre").textContent()).toBe(long);
    await t.page.screenshot({ path: artifact("monitor-session-output.png"), fullPage: true });

    await t.page.locator("#detail-answer textarea").fill("it is in the shared drive, folder Accounts");
    await t.page.locator("#detail-answer").getByRole("button", { name: "Send" }).click();
    const answer = await waitForEntry(t.w.paths, (e) => e.kind === "event" && e.source === "user" && e.id === "inv-1", { what: "the answer" });
    expect(answer.output).toContain("it is in the shared drive, folder Accounts"); // the writer may be stamped after it
    await expect.poll(() => t.page.locator("#detail-answer .form-status").textContent()).toBe("sent");
    // The live stream adds the answer to the open history.
    await expect.poll(() => t.page.locator('#detail-history li[data-label="event:user"]').count()).toBe(1);
    expect(t.errors).toEqual([]);
  });

  it("searches the whole log, not only the last 100 entries, a page at a time", async () => {
    for (let i = 1; i <= 160; i += 1) {
      appendOnce(t.w.paths, { kind: "event", source: i % 3 === 0 ? "bash" : "chrome", id: `e-${i}`, output: i % 5 === 0 ? `zanzibar trip ${i}` : `noise ${i}` });
    }
    await t.open();
    await t.page.locator("#search-q").fill("zanzibar");
    await t.page.locator("#search-label").fill("event:bash");
    await t.page.getByRole("button", { name: "Search" }).click();
    // Multiples of 15 up to 160: 10 matches, newest first, all of them older than the last 100 lines but 4.
    await expect.poll(() => t.page.locator("#search-results li").count()).toBe(10);
    expect(await t.page.locator("#search-results li .output").first().textContent()).toBe("zanzibar trip 150");
    expect(await t.page.locator("#search-results li .output").last().textContent()).toBe("zanzibar trip 15");
    expect(await t.page.locator("#search-more").isHidden()).toBe(true);

    // Every line of every kind: 160 and the log's format line, in pages of 50, the oldest reachable.
    await t.page.locator("#search-q").fill("");
    await t.page.locator("#search-label").fill("");
    await t.page.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => t.page.locator("#search-results li").count()).toBe(50);
    for (const shown of [100, 150, 161]) {
      await t.page.locator("#search-more").click();
      await expect.poll(() => t.page.locator("#search-results li").count()).toBe(shown);
    }
    await expect.poll(() => t.page.locator("#search-more").isHidden()).toBe(true);
    expect(await t.page.locator("#search-results li .output").last().textContent()).toBe("format 2");
    await expect.poll(() => t.page.locator("#search-status").textContent()).toBe("161 entries, all of them");
    // A kind the log does not have is the server's one-line message, on the page.
    await t.page.locator("#search-label").fill("agent:Fail ed");
    await t.page.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => t.page.locator("#search-status").textContent()).toMatch(/^invalid label: expected an event source or agent status/);
    expect(t.errors).toEqual([expect.stringMatching(/status of 400/)]); // the browser's own note of the refused request
    await t.page.screenshot({ path: artifact("monitor-search.png"), fullPage: true });
  });

  it("shows which daemons run and since when, notifies live reminders and questions, and says when a due time is", async () => {
    await t.browser.context.grantPermissions(["notifications"], { origin: t.monitor.origin });
    // The real Notification API, recorded on the way through.
    await t.browser.context.addInitScript(() => {
      const Real = window.Notification;
      const seen: { title: string; body: string }[] = [];
      (window as unknown as { __notes: typeof seen }).__notes = seen;
      window.Notification = class extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          seen.push({ title, body: options?.body ?? "" });
        }
      };
    });
    const since = new Date(Date.now() - 2 * 3600_000 - 60_000).toISOString();
    writeFileSync(
      join(t.w.paths.dir, "up-status.json"),
      JSON.stringify({ pid: process.pid, children: [{ name: "keeper", state: "running", pid: process.pid, restarts: 0, since }, { name: "spirit", state: "given-up", pid: null, restarts: 5, since, last: "exited with code 3" }] }),
    );
    await cli("event", "notify", "old-1", "Reminder: this was before the page opened");
    await t.open();
    await expect.poll(() => t.page.locator('#daemons li[data-daemon="keeper"]').textContent()).toMatch(/^keeperrunning since.* · 2 h ago$/);
    expect(await t.page.locator('#daemons li[data-daemon="keeper"]').getAttribute("class")).toContain("up");
    await expect.poll(() => t.page.locator('#daemons li[data-daemon="spirit"]').textContent()).toBe("spiritgiven-up");
    expect(await t.page.locator("#daemons li.sync").count()).toBe(0); // no world sync here
    expect(await t.page.locator("#notify").isHidden()).toBe(true); // already allowed

    const due = new Date(Date.now() + 2 * 3600_000 + 120_000).toISOString();
    await cli("agent", "start", "rem-1", "remind me to call mum", "--need", "event notify logged");
    await cli("agent", "active", "rem-1", `armed: due ${due} by reminder — Reminder: call mum`);
    await cli("event", "notify", "rem-1", "Reminder: call mum");
    await cli("event", "spirit", "nudge-9", "nudge: Shall I book the taxi?");
    // The question only: not the words heard, not what a yes starts.
    await cli("event", "spirit", "nudge-10", 'nudge: Want me to look it up? (heard user: “what is "zanzibar" like”) yes: open-page "open a search for zanzibar" need "output contains "https://""');
    // A failed agent: titled by its task, not its id.
    await cli("agent", "start", "job-2", "fetch the report", "--need", "file exists report.pdf");
    await cli("agent", "failed", "job-2", "the login page changed", "--need", "the new password");
    const notes = () => t.page.evaluate(() => (window as unknown as { __notes: { title: string; body: string }[] }).__notes);
    await expect.poll(notes, { timeout: 20_000 }).toEqual([
      { title: "Reminder", body: "Reminder: call mum" },
      { title: "The Spirit asks", body: "Shall I book the taxi?" },
      { title: "The Spirit asks", body: "Want me to look it up?" },
      { title: "Needs you: fetch the report", body: "the new password" },
    ]);
    const armed = t.page.locator('#recent li[data-label="agent:active"] .times time');
    await expect.poll(() => armed.textContent()).toMatch(/ · in 2 h$/);
    expect(await armed.getAttribute("datetime")).toBe(due);
    expect(t.errors).toEqual([]);
  });

  it("fits a 390 px window: no card wider than its panel, nothing to scroll sideways", async () => {
    await cli("event", "spirit", "nudge-7", "nudge: Your train to Marseille-Saint-Charles leaves in 40 minutes from platform 11; shall I call a taxi to the Gare de Lyon?");
    await cli("agent", "start", "book-7", "Book a table for four at 8pm at Le Comptoir du Relais", "--need", "a confirmation number");
    await cli("agent", "failed", "book-7", "gave up", "--need", "https://www.example-restaurant-booking.com/confirm?session=ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
    await t.open({ width: 390, height: 844 });
    await t.page.locator('#nudges li[data-id="nudge-7"]').waitFor();
    await t.page.locator('#failed li[data-id="book-7"]').waitFor();
    const overflow = await t.page.evaluate(() => {
      const tooWide: string[] = [];
      for (const card of Array.from(document.querySelectorAll(".card, .panel, .entries li"))) {
        const panel = card.closest(".panel") ?? document.body;
        const r = card.getBoundingClientRect();
        const p = panel.getBoundingClientRect();
        if (r.right > p.right + 0.5 || r.right > window.innerWidth) tooWide.push(`${card.className} ends at ${r.right} > ${Math.min(p.right, window.innerWidth)}`);
      }
      return { tooWide, scrollWidth: document.documentElement.scrollWidth };
    });
    expect(overflow.tooWide).toEqual([]);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(390);
    await t.page.screenshot({ path: artifact("monitor-390px.png"), fullPage: true });
    // The session panel fits too.
    await t.page.locator('#failed li[data-id="book-7"] button.id').click();
    await t.page.locator("#detail").waitFor();
    expect(await t.page.evaluate(() => document.getElementById("detail")!.scrollWidth <= window.innerWidth)).toBe(true);
    await t.page.screenshot({ path: artifact("monitor-390px-session.png") });
    expect(readFileSync(t.w.paths.log, "utf8")).not.toContain("[event:user]"); // looking writes nothing
    expect(t.errors).toEqual([]);
  });

  it("in a synced world, says whether world sync runs, how the connection stood and what waits to be sent", async () => {
    await cli("event", "bash", "sent-1", "sent before the server was lost");
    mkdirSync(join(t.w.paths.dir, "sync"), { recursive: true });
    writeFileSync(join(t.w.paths.dir, "sync", "nats.json"), JSON.stringify({ url: "nats://127.0.0.1:4222", stream: "WORLD", machine: "laptop" }));
    const lines = readFileSync(t.w.paths.log, "utf8").split("\n").length - 1;
    writeFileSync(join(t.w.paths.dir, "sync", "sent.json"), JSON.stringify({ offset: 0, line: lines }));
    await cli("event", "system", "sync", "sync on laptop: lost the server at nats://127.0.0.1:4222: working offline, lines are kept and sent when it is back");
    await t.open();
    await expect.poll(() => t.page.locator('#daemons li.sync[data-sync="laptop"]').textContent()).toMatch(/^sync on laptopnot running · 1 line to send\d\d:\d\d:\d\d · .* lost the server at nats:\/\/127\.0\.0\.1:4222: working offline/);
    expect(await t.page.locator("#daemons li.sync").getAttribute("class")).toContain("down");
    expect(t.errors).toEqual([]);
  });
});
