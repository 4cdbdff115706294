/// <reference lib="dom" />
/**
 * The monitor page in a real browser: headless Chromium against the real `world monitor`
 * child process, with entries appended through the real CLI while the page is open.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { waitForEntry, world } from "../../support/world.js";
import { artifact, useMonitorPage } from "./harness.js";

const LINE_TS = String.raw`\[\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\]`;

async function cli(...args: string[]): Promise<void> {
  const r = await world(t.w.home, args);
  expect(r.exitCode, r.stderr).toBe(0);
}

const t = useMonitorPage("world-monitor-page-");

describe("world monitor in a browser", () => {
  it("shows a failing agent live, takes the human's answer and writes exactly the respond line", async () => {
    await cli("event", "voice", "mic-1", "could you book a table for four tonight");
    await t.open();
    expect(t.page.url()).not.toContain("token="); // taken out of the address bar

    await cli("agent", "start", "book-7", "Book a table for four at 8pm", "--need", "a confirmation number");
    await t.page.locator('#active li[data-id="book-7"]').waitFor();
    await cli("agent", "active", "book-7", "opening the booking site");
    await cli("agent", "finish", "book-7", "could not confirm");
    await cli("agent", "retry", "book-7", "no confirmation number: try the phone line");
    await cli("agent", "failed", "book-7", "gave up after 3 retries", "--need", "the restaurant needs a credit card to hold the table");

    const card = t.page.locator('#failed li[data-id="book-7"]');
    await card.waitFor();
    await expect.poll(() => card.locator(".blocker-text").textContent()).toBe("the restaurant needs a credit card to hold the table");
    await expect.poll(() => t.page.locator("#spirit").getAttribute("data-state")).toBe("attention");
    await expect.poll(() => t.page.locator('#active li[data-id="book-7"]').count()).toBe(0);
    await expect.poll(() => t.page.locator('[data-count="failed"]').textContent()).toBe("1");
    await t.page.screenshot({ path: artifact("monitor-failed-agent.png"), fullPage: true });

    const answer = "use the card ending 4242, & don't <tip> more than 10%";
    await card.locator("textarea").fill(answer);
    await card.getByRole("button", { name: "Send" }).click();
    const written = await waitForEntry(t.w.paths, (e) => e.kind === "event" && e.source === "user" && e.id === "book-7", { what: "the answer" });
    expect(written.output).toBe(`${answer} (from monitor)`); // its writer: a person, through the token
    const line = readFileSync(t.w.paths.log, "utf8").trimEnd().split("\n").at(-1)!;
    expect(line).toMatch(new RegExp(`^${LINE_TS}\\[event:user\\]\\[book-7\\] use the card ending 4242, & don't <tip> more than 10% \\(from monitor\\)$`));

    await expect.poll(() => card.locator(".answered").textContent()).toContain(answer);
    await expect.poll(() => card.locator(".form-status").textContent()).toBe("sent");
    await expect.poll(() => t.page.locator("#spirit").getAttribute("data-state")).not.toBe("attention");
    await t.page.screenshot({ path: artifact("monitor-answered.png"), fullPage: true });

    // The full history opens from the id.
    await card.locator("button.id").click();
    await t.page.locator("#detail").waitFor();
    await expect.poll(() => t.page.locator("#detail-history li").count()).toBe(6);
    await expect.poll(() => t.page.locator("#detail-summary").textContent()).toContain("a confirmation number");
    expect(t.errors).toEqual([]);
  });

  it("shows the Keeper's disk warning while it stands, as text, and drops it once the disk is back", async () => {
    await t.open();
    await cli("event", "system", "keeper-disk", "low: 812 MiB free of 251.9 GiB (0%) where world.log lives (/w/<b>x</b>), below the 1024 MiB the Keeper warns at");
    const card = t.page.locator('#warnings li[data-id="keeper-disk"]');
    await card.waitFor();
    await expect.poll(() => card.locator(".warning-text").textContent()).toBe("Disk low: 812 MiB free of 251.9 GiB (0%) where world.log lives (/w/<b>x</b>), below the 1024 MiB the Keeper warns at");
    expect(await card.locator("b").count()).toBe(0); // shown as text, never as markup
    await expect.poll(() => t.page.locator("#spirit").getAttribute("data-state")).toBe("attention");
    await t.page.screenshot({ path: artifact("monitor-disk-warning.png"), fullPage: true });
    await cli("event", "system", "keeper-disk", "ok: 5.0 GiB free of 251.9 GiB (2%) where world.log lives (/w), above the 1024 MiB the Keeper warns at");
    await expect.poll(() => t.page.locator("#warnings li").count()).toBe(0);
    await expect.poll(() => t.page.locator("#spirit").getAttribute("data-state")).not.toBe("attention");
    expect(t.errors).toEqual([]);
  });

  it("answers a Spirit nudge with the yes button", async () => {
    await t.open();
    await cli("event", "spirit", "nudge-42", "nudge: Your train leaves in 40 minutes. Shall I call a taxi?");
    const card = t.page.locator('#nudges li[data-id="nudge-42"]');
    await card.waitFor();
    await expect.poll(() => card.locator(".question").textContent()).toBe("Your train leaves in 40 minutes. Shall I call a taxi?");
    await expect.poll(() => t.page.locator("#spirit").getAttribute("data-state")).toBe("attention");
    await t.page.screenshot({ path: artifact("monitor-nudge.png"), fullPage: true });

    await card.getByRole("button", { name: "Yes" }).click();
    const written = await waitForEntry(t.w.paths, (e) => e.kind === "event" && e.source === "user" && e.id === "nudge-42", { what: "the yes" });
    expect(written.output).toBe("yes (from monitor)");
    expect(readFileSync(t.w.paths.log, "utf8").trimEnd().split("\n").at(-1)).toMatch(new RegExp(`^${LINE_TS}\\[event:user\\]\\[nudge-42\\] yes \\(from monitor\\)$`));
    // Answered: the question leaves the page.
    await expect.poll(() => t.page.locator('#nudges li[data-id="nudge-42"]').count()).toBe(0);
    await expect.poll(() => t.page.locator('[data-empty-for="needs-you"]').isVisible()).toBe(true);
    expect(t.errors).toEqual([]);
  });

  it("keeps a nudge answered 'maybe later' on the page, and says what was answered", async () => {
    await t.open();
    await cli("event", "spirit", "nudge-43", "nudge: Shall I book the hotel in Rome?");
    const card = t.page.locator('#nudges li[data-id="nudge-43"]');
    await card.waitFor();
    await card.locator("textarea").fill("maybe later");
    await card.getByRole("button", { name: "Send" }).click();
    await waitForEntry(t.w.paths, (e) => e.kind === "event" && e.source === "user" && e.id === "nudge-43", { what: "the answer" });
    // Neither yes nor no: still open, on the page as in `world query nudges`.
    await expect.poll(() => t.page.locator('#nudges li[data-id="nudge-43"] .unclear').textContent()).toBe("You said “maybe later”: still waiting for a yes or a no.");
    await t.page.screenshot({ path: artifact("monitor-nudge-unclear.png"), fullPage: true });
    await cli("--as-human", "respond", "nudge-43", "not this weekend, thanks");
    await expect.poll(() => t.page.locator('#nudges li[data-id="nudge-43"]').count()).toBe(0);
    expect(t.errors).toEqual([]);
  });

  it("shows the server's one-line errors on the page and writes nothing", async () => {
    await cli("event", "spirit", "nudge-1", "nudge: Water the plants?");
    await t.open();
    const card = t.page.locator('#nudges li[data-id="nudge-1"]');
    await card.waitFor();
    // The page only offers real ids, so send a bad request the way the page does, through its own fetch.
    const status = await t.page.evaluate(async () => {
      const token = localStorage.getItem("world-monitor-token");
      const res = await fetch("/api/respond", { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify({ id: "no-such", text: "x" }) });
      return { status: res.status, body: (await res.json()) as { error: string } };
    });
    expect(status.status).toBe(404);
    expect(status.body.error).toMatch(/^unknown session: expected the id of an agent or a Spirit nudge in world\.log, received "no-such"$/);
    // An empty answer is refused on the page itself, with a message.
    await card.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => card.locator(".form-status").textContent()).toBe("Write an answer first.");
    // A refusal from the server shows on the page as its one-line message, and nothing is written.
    const before = readFileSync(t.w.paths.log);
    await card.locator("textarea").fill("x".repeat(70_000));
    await card.getByRole("button", { name: "Send" }).click();
    const tooLarge = "request body too large: expected at most 65536 bytes, received more";
    await expect.poll(() => card.locator(".form-status").textContent()).toBe(tooLarge);
    await expect.poll(() => t.page.locator("#alert-text").textContent()).toBe(tooLarge);
    expect(await t.page.locator("#alert").isVisible()).toBe(true);
    expect(readFileSync(t.w.paths.log).equals(before)).toBe(true);
    expect(await card.locator("textarea").inputValue()).toHaveLength(70_000); // kept, to fix and resend
    await t.page.screenshot({ path: artifact("monitor-error.png"), fullPage: true });
  });

  it("shows log text as text: <script> and <img onerror> never run", async () => {
    await t.open();
    const evil = `<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">`;
    await cli("event", "chrome", "tab-1", evil);
    await cli("event", "spirit", "<img/src=x/onerror=window.__pwned=3>", `nudge: <b>bold?</b> <img src=x onerror="window.__pwned=4">`);
    await cli("agent", "start", "xss-1", "<svg onload=window.__pwned=5>", "--need", "<iframe src=javascript:window.__pwned=6>");
    await cli("agent", "failed", "xss-1", "blocked", "--need", `<img src=x onerror="window.__pwned=7">`);

    const row = t.page.locator('#recent li[data-label="event:chrome"]');
    await row.waitFor();
    await expect.poll(() => row.locator(".output").textContent()).toBe(evil);
    await t.page.locator("#nudges li.card").waitFor();
    await expect.poll(() => t.page.locator("#nudges .question").textContent()).toBe(`<b>bold?</b> <img src=x onerror="window.__pwned=4">`);
    await t.page.locator('#failed li[data-id="xss-1"]').waitFor();
    await expect.poll(() => t.page.locator('#failed li[data-id="xss-1"] .blocker-text').textContent()).toBe(`<img src=x onerror="window.__pwned=7">`);
    await t.page.locator('#nudges button.id').click();
    await t.page.locator("#detail").waitFor();
    await expect.poll(() => t.page.locator("#detail-id").textContent()).toBe("<img/src=x/onerror=window.__pwned=3>");

    expect(await t.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    // No element came out of log text: the only img/script/svg/iframe/b elements are the page's own.
    expect(await t.page.locator("main img, main svg, main iframe, main b, aside img, #recent script").count()).toBe(0);
    expect(await t.page.locator("script").count()).toBe(1);
    await t.page.screenshot({ path: artifact("monitor-xss.png"), fullPage: true });
    expect(t.errors).toEqual([]);
  });

  it("shows the Spirit working, sparkling on verified, and each section filled (light and dark)", async () => {
    await cli("agent", "start", "sum-3", "Summarise the inbox", "--need", "five bullet points");
    await cli("agent", "active", "sum-3", "read 40 of 112 messages");
    await cli("agent", "start", "photos-2", "Rename the holiday photos", "--need", "every photo named by date and place");
    await cli("agent", "finish", "photos-2", "renamed 214 photos");
    await t.open();
    await expect.poll(() => t.page.locator("#spirit").getAttribute("data-state")).toBe("working");
    await expect.poll(() => t.page.locator("#presence").textContent()).toBe("1 agent is working");
    await expect.poll(() => t.page.locator('#pending li[data-id="photos-2"] .task').textContent()).toBe("Rename the holiday photos");

    await cli("--as-human", "agent", "verified", "photos-2", "every photo has a date and a place");
    await expect.poll(() => t.page.locator("#spirit").getAttribute("data-state")).toBe("completed");
    // The sparkle is brief: it gives way to the orbit by itself.
    await expect.poll(() => t.page.locator("#spirit").getAttribute("data-state")).toBe("working");

    await cli("event", "voice", "mic-1", "remind me to call mum at six");
    await expect.poll(() => t.page.locator("#spirit").getAttribute("data-state")).toBe("listening");
    await cli("event", "spirit", "nudge-5", "nudge: Shall I set a reminder for 18:00 to call mum?");
    await t.page.locator('#nudges li[data-id="nudge-5"]').waitFor();
    await t.page.screenshot({ path: artifact("monitor-overview-light.png"), fullPage: true });
    await t.page.emulateMedia({ colorScheme: "dark" });
    await t.page.screenshot({ path: artifact("monitor-overview-dark.png"), fullPage: true });
    // Reduced motion: no animation runs on the Spirit, the state still shows.
    const spiritAnimations = () =>
      t.page.evaluate(() => document.getAnimations().filter((a) => ((a.effect as KeyframeEffect | null)?.target as Element | null)?.closest("#spirit") != null).length);
    expect(await spiritAnimations()).toBeGreaterThan(0);
    await t.page.emulateMedia({ reducedMotion: "reduce" });
    await expect.poll(spiritAnimations).toBe(0);
    expect(await t.page.locator("#spirit").getAttribute("data-state")).toBe("attention");
    expect(t.errors).toEqual([]);
  });

  it("a parked agent's card says when it wakes, and the Spirit is not 'working' for it", async () => {
    const wake = new Date(Date.now() + 2 * 3_600_000 + 20 * 60_000);
    await cli("agent", "start", "watch-4", "Watch the shop page every 2 hours", "--need", "event chrome logged");
    await cli("agent", "active", "watch-4", `sleep until ${wake.toISOString()} state {"v":1,"checks":1} — next check then`);
    await t.open();
    const card = t.page.locator('#active li[data-id="watch-4"]');
    await card.waitFor();
    expect(await card.locator(".label").textContent()).toBe("parked");
    const expected = await t.page.evaluate((iso) => new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }), wake.toISOString());
    await expect.poll(() => card.locator(".parked-until").textContent()).toMatch(new RegExp(`^parked until (.+ )?${expected} · in 2 h$`));
    expect(await card.locator(".last").count()).toBe(0); // not the raw "sleep until … state {…}" line
    await expect.poll(() => t.page.locator("#spirit").getAttribute("data-state")).toBe("idle");

    await cli("agent", "start", "sum-3", "Summarise the inbox", "--need", "five bullet points");
    await expect.poll(() => t.page.locator("#presence").textContent()).toBe("1 agent is working");
    await t.page.screenshot({ path: artifact("monitor-parked.png"), fullPage: true });
    expect(t.errors).toEqual([]);
  });

  it("a page on another origin cannot make the browser write, even knowing the token", async () => {
    await cli("agent", "start", "csrf-1", "a task");
    await cli("agent", "failed", "csrf-1", "stuck", "--need", "a human");
    const monitor = await t.restartMonitor([], { WORLD_LOG_LEVEL: "debug" });
    const target = `${monitor.origin}/api/respond`;
    // The attacker's page: a form-like post, a JSON post with the (leaked) token, a GET.
    const evil = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end(`<!doctype html><title>evil</title><script>
        const target = ${JSON.stringify(target)};
        const token = ${JSON.stringify(t.monitor.token)};
        const attempts = [
          fetch(target, { method: "POST", mode: "no-cors", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "id=csrf-1&text=form" }),
          fetch(target, { method: "POST", mode: "no-cors", headers: { "Content-Type": "text/plain" }, body: JSON.stringify({ id: "csrf-1", text: "plain" }) }),
          fetch(target, { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + token }, body: JSON.stringify({ id: "csrf-1", text: "json" }) }),
          fetch(target + "?id=csrf-1&text=get", { mode: "no-cors" }),
        ];
        Promise.allSettled(attempts).then((r) => { document.title = "done " + r.map((x) => x.status).join(","); });
      </script>`);
    });
    await new Promise<void>((resolve) => evil.listen(0, "127.0.0.1", () => resolve()));
    try {
      const before = readFileSync(t.w.paths.log);
      await t.newPage();
      await t.page.goto(`http://127.0.0.1:${(evil.address() as AddressInfo).port}/`);
      await expect.poll(() => t.page.title()).toMatch(/^done /);
      // The page learns nothing either: the JSON post is stopped at its preflight (no CORS
      // grant), and Cross-Origin-Resource-Policy turns the other answers into network errors.
      expect(await t.page.title()).toBe("done rejected,rejected,rejected,rejected");
      expect(readFileSync(t.w.paths.log).equals(before)).toBe(true);
      // The monitor logs a request once its answer has gone out, so the browser can have
      // seen the last answer a moment before its line reaches monitor.log: wait for it.
      const seenRequests = (): string[] =>
        readFileSync(`${t.w.paths.logs}/monitor.log`, "utf8").split("\n").filter(Boolean)
          .map((l) => JSON.parse(l) as { msg: string; method?: string; path?: string; status?: number })
          .filter((r) => r.msg === "request" && r.path === "/api/respond")
          .map((r) => `${r.method} ${r.status}`)
          .sort();
      await expect.poll(seenRequests).toHaveLength(4);
      const seen = seenRequests();
      expect(seen).toEqual(["GET 405", "OPTIONS 405", "POST 403", "POST 403"]);
      expect(seen.filter((s) => s.startsWith("POST 2"))).toEqual([]);
    } finally {
      evil.close();
    }
  });

  it("without the token the page says how to get it, and reads nothing", async () => {
    await t.newPage();
    await t.page.goto(t.monitor.origin + "/");
    await t.page.evaluate(() => localStorage.clear());
    await t.page.reload();
    await t.page.locator("#no-token").waitFor();
    expect(await t.page.locator("#main").isHidden()).toBe(true);
  });
});
