import { afterEach, describe, expect, it } from "vitest";
import { execa, type ResultPromise } from "execa";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { planWatch } from "../../agents/web-watch/plan.js";
import { describeChange, pageText } from "../../agents/web-watch/page.js";
import { spawnAgent } from "../../agents/spawn.js";
import { tempWorld, waitForEntry, WORLD_BIN, type TempWorld } from "../support/world.js";
import { entriesOf, isEvent, isStatus, runAgentProcess, startSession } from "./agent-process.js";

let w: TempWorld | undefined;
let server: Server | undefined;
let keeper: ResultPromise | undefined;
afterEach(async () => {
  if (keeper) {
    keeper.kill("SIGKILL");
    await keeper;
    keeper = undefined;
  }
  w?.cleanup(); // its agents first: they poll the server
  if (server) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
  }
  server = undefined;
});

/** A real page on 127.0.0.1 whose content the test changes. */
async function page(initial: string): Promise<{ url: string; set: (html: string) => void }> {
  let html = initial;
  server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, set: (next) => (html = next) };
}

describe("web-watch planning", () => {
  it("reads the URL, the interval and the duration", () => {
    expect(planWatch("watch http://127.0.0.1:8080/ every 5 seconds")).toEqual({ url: "http://127.0.0.1:8080/", intervalMs: 5000, durationMs: undefined, browser: false });
    expect(planWatch("keep an eye on https://example.org/prices, every 2 minutes for 1 hour")).toEqual({ url: "https://example.org/prices", intervalMs: 120_000, durationMs: 3_600_000, browser: false });
    expect(planWatch("watch http://x/ every 0.1 s")!.intervalMs).toBe(1000); // never faster than 1 s
    expect(planWatch("watch http://x/")!.intervalMs).toBe(60_000);
    expect(planWatch("watch the shop")).toBeUndefined();
    expect(planWatch("watch http://x/app with the browser every 10 seconds")).toMatchObject({ url: "http://x/app", browser: true });
  });
  it("describes a change by its visible text", () => {
    const before = pageText("<title>Shop</title><script>x=1</script><p>Price: 10 &amp; tax</p>", "text/html");
    const after = pageText("<title>Shop</title><p>Price: 12 &amp; tax</p>", "text/html");
    expect(before).toBe("Shop\nPrice: 10 & tax");
    expect(describeChange(before, after)).toBe("now: Price: 12 & tax; was: Price: 10 & tax");
  });
});

describe("web-watch agent (real process, real local server)", () => {
  it("logs the first look, a change (and alerts), and finishes with what it saw when stopped", async () => {
    w = tempWorld();
    const site = await page("<html><body><p>Status: waiting</p></body></html>");
    const task = `watch ${site.url} every 1 second`;
    startSession(w.paths, "ww1", task, "tell me when the status changes");
    const child = runAgentProcess(w.paths, "web-watch", { id: "ww1", task });
    await waitForEntry(w.paths, isStatus("ww1", "active", /^watching .* every 1 s until stopped$/));
    const first = await waitForEntry(w.paths, isEvent("ww1", "chrome", /^first look: /));
    expect(first.output).toContain("Status: waiting");
    site.set("<html><body><p>Status: shipped</p></body></html>");
    const changed = await waitForEntry(w.paths, isEvent("ww1", "chrome", /^changed: /));
    expect(changed.output).toBe(`changed: ${site.url} — now: Status: shipped; was: Status: waiting`);
    const alert = await waitForEntry(w.paths, isEvent("ww1", "notify"));
    expect(alert.output).toBe(`Changed: ${site.url} — now: Status: shipped; was: Status: waiting`);
    child.kill("SIGTERM");
    const result = await child;
    expect(result.exitCode).toBe(0);
    const finish = entriesOf(w.paths, "ww1").at(-1)!;
    expect(finish).toMatchObject({ status: "finish" });
    expect(finish.output).toMatch(/^watched .* until stopped: \d+ checks?, 1 change \(last at .*\); now sha256 [0-9a-f]{8} "Status: shipped"$/);
  });

  it("heartbeats through a long interval", async () => {
    w = tempWorld();
    const site = await page("slow news");
    const task = `watch ${site.url} every 1 hour`;
    startSession(w.paths, "ww5", task);
    // Kept in its process (never parked) for the test: a wait is cut into heartbeats.
    const child = runAgentProcess(w.paths, "web-watch", { id: "ww5", task, env: { WORLD_HEARTBEAT_MS: "300", WORLD_PARK_AFTER_MS: "86400000" } });
    await waitForEntry(w.paths, isStatus("ww5", "active", /^watching .*: 1 check, 0 changes$/), { what: "heartbeat" });
    child.kill("SIGTERM");
    expect((await child).exitCode).toBe(0);
    expect(entriesOf(w.paths, "ww5").at(-1)).toMatchObject({ status: "finish", output: expect.stringMatching(/until stopped: 1 check, no change/) });
  });

  it("reads pages that scripts build in the browser", async () => {
    w = tempWorld();
    const script = (status: string) => `<html><body><div id="app"></div><script>document.getElementById("app").textContent = "Order " + ${JSON.stringify(status)}</script></body></html>`;
    const site = await page(script("packed"));
    const task = `watch ${site.url} with the browser every 1 second`;
    startSession(w.paths, "ww6", task);
    const child = runAgentProcess(w.paths, "web-watch", { id: "ww6", task });
    const first = await waitForEntry(w.paths, isEvent("ww6", "chrome", /^first look: /), { what: "first look" });
    expect(first.output).toMatch(/: Order packed$/); // the text after the script ran
    site.set(script("delivered"));
    const changed = await waitForEntry(w.paths, isEvent("ww6", "chrome", /^changed: /), { what: "change" });
    expect(changed.output).toBe(`changed: ${site.url} — now: Order delivered; was: Order packed`);
    child.kill("SIGTERM");
    expect((await child).exitCode).toBe(0);
  });

  it("does not call a new token in the markup a change", async () => {
    w = tempWorld();
    const site = await page(`<p>Stock: 3</p><input type="hidden" value="t0">`);
    const task = `watch ${site.url} every 1 second`;
    startSession(w.paths, "ww7", task);
    const child = runAgentProcess(w.paths, "web-watch", { id: "ww7", task, env: { WORLD_HEARTBEAT_MS: "200" } });
    await waitForEntry(w.paths, isEvent("ww7", "chrome", /^first look: /));
    site.set(`<p>Stock: 3</p><input type="hidden" value="t1">`);
    // The heartbeat counts the looks: by the third, the new token has been seen.
    await waitForEntry(w.paths, isStatus("ww7", "active", /: 3 checks, 0 changes$/), { what: "three looks" });
    site.set(`<p>Stock: 2</p><input type="hidden" value="t2">`);
    const changed = await waitForEntry(w.paths, isEvent("ww7", "chrome", /^changed: /));
    expect(changed.output).toMatch(/now: Stock: 2; was: Stock: 3$/);
    child.kill("SIGTERM");
    expect((await child).exitCode).toBe(0);
    expect(entriesOf(w.paths, "ww7").filter(isEvent("ww7", "chrome", /^changed: /))).toHaveLength(1);
  });

  it("stops by itself after the duration in the task", async () => {
    w = tempWorld();
    const site = await page("steady");
    const task = `watch ${site.url} every 1 second for 2 seconds`;
    startSession(w.paths, "ww2", task);
    const result = await runAgentProcess(w.paths, "web-watch", { id: "ww2", task });
    expect(result.exitCode).toBe(0);
    expect(entriesOf(w.paths, "ww2").at(-1)).toMatchObject({ status: "finish", output: expect.stringMatching(/for 2 s: \d+ checks?, no change/) });
  });

  it("fails with a need when the page never answers", async () => {
    w = tempWorld();
    const site = await page("x");
    server!.closeAllConnections();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    const task = `watch ${site.url} every 1 second for 1 second`;
    startSession(w.paths, "ww3", task);
    const result = await runAgentProcess(w.paths, "web-watch", { id: "ww3", task });
    expect(result.exitCode).toBe(3);
    expect(entriesOf(w.paths, "ww3").some(isEvent("ww3", "chrome", /^error: .*ECONNREFUSED/))).toBe(true);
    expect(entriesOf(w.paths, "ww3").at(-1)).toMatchObject({ status: "failed", need: expect.stringMatching(/^a reachable URL/) });
  });

  it("fails with a need when there is no URL", async () => {
    w = tempWorld();
    startSession(w.paths, "ww4", "watch the shop");
    expect((await runAgentProcess(w.paths, "web-watch", { id: "ww4", task: "watch the shop" })).exitCode).toBe(3);
    expect(entriesOf(w.paths, "ww4").at(-1)).toMatchObject({ status: "failed", need: expect.stringMatching(/address of the page/) });
  });

  it("parks between checks (no process), is woken by the Keeper, goes on where it stopped, notices a change and finishes", async () => {
    w = tempWorld();
    const site = await page("<p>Status: waiting</p>");
    keeper = execa(process.execPath, [WORLD_BIN, "--home", w.home, "keeper", "--every", "0 0 1 1 *"], { reject: false, stdin: "ignore" });
    await waitForEntry(w.paths, (e) => e.id === "keeper" && e.output.startsWith("scheduler: "), { timeoutMs: 30_000 });
    // Any wait longer than 1 ms parks; the setting is kept for the relaunches (spawn env).
    const { id } = await spawnAgent(w.paths, { task: `watch ${site.url} every 2 seconds for 8 seconds`, need: "event chrome logged", kind: "web-watch", env: { WORLD_PARK_AFTER_MS: "1" } });
    const first = await waitForEntry(w.paths, isEvent(id, "chrome", /^first look: /), { timeoutMs: 30_000 });
    expect(first.output).toContain("Status: waiting");
    const park = await waitForEntry(w.paths, isStatus(id, "active", /^sleep until /), { timeoutMs: 30_000 });
    expect(park.output).toMatch(/^sleep until \S+ state \{"v":1,"hash":"[0-9a-f]{64}","checks":1,"changes":0,"started":\d+\} — watching .*: 1 check, 0 changes; next check then$/);
    // Its process ended: the parent wrote exit 0, and the session is not failed for it.
    await waitForEntry(w.paths, (e) => e.id === id && e.kind === "event" && / exited with code 0$/.test(e.output), { timeoutMs: 30_000 });
    const kept = join(w.paths.dir, "web-watch", `${id}.json`);
    expect(statSync(kept).mode & 0o777).toBe(0o600);
    site.set("<p>Status: shipped</p>");
    await waitForEntry(w.paths, isStatus(id, "active", /^woke at .*: relaunching attempt 1$/), { timeoutMs: 30_000 });
    const changed = await waitForEntry(w.paths, isEvent(id, "chrome", /^changed: /), { timeoutMs: 30_000 });
    expect(changed.output).toBe(`changed: ${site.url} — now: Status: shipped; was: Status: waiting`); // the kept text said what it was
    await waitForEntry(w.paths, isEvent(id, "notify", /^Changed: /));
    const finish = await waitForEntry(w.paths, (e) => e.id === id && e.kind === "agent" && e.status === "finish", { timeoutMs: 60_000 });
    expect(finish.output).toMatch(/^watched .* for 8 s: [3-5] checks, 1 change \(last at .*\); now sha256 [0-9a-f]{8} "Status: shipped"$/);
    const lines = entriesOf(w.paths, id);
    expect(lines.filter((e) => e.kind === "event" && e.output.startsWith("spawned pid ")).length).toBeGreaterThanOrEqual(3);
    expect(lines.filter((e) => e.kind === "agent" && e.status === "failed")).toEqual([]);
    expect(lines.filter(isEvent(id, "chrome", /^first look: /))).toHaveLength(1); // a relaunch is not a new watch
    expect(existsSync(kept)).toBe(false);
  }, 120_000);
});
