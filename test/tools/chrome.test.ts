import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { BrowserHolder, BrowserUnavailable, launchBrowser } from "../../tools/chrome/browser.js";
import { ChromeTools, NoPageOpen } from "../../tools/chrome/tools.js";
import { tempWorld, type TempWorld } from "../support/world.js";

const PAGES: Record<string, string> = {
  "/": `<html><head><title>Test page</title></head><body><h1>Hello</h1><p id="n">count 0</p>
        <button id="b" onclick="document.getElementById('n').textContent='count 1'">add</button>
        <a id="next" href="/next">next</a><script>document.body.append('made by script')</script></body></html>`,
  "/next": `<html><head><title>Next</title></head><body><main>second page</main></body></html>`,
};

let server: Server;
let base: string;
let w: TempWorld;
let tools: ChromeTools;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/slow") return; // never answers
    const page = PAGES[req.url ?? ""];
    res.writeHead(page ? 200 : 404, { "content-type": "text/html" });
    res.end(page ?? "<title>missing</title>not here");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  w = tempWorld();
  tools = new ChromeTools(new BrowserHolder(), join(w.paths.dir, "screenshots"));
});

afterAll(async () => {
  await tools?.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  w?.cleanup();
});

describe("chrome tools (the system Chromium, a page on 127.0.0.1)", () => {
  it("opens a URL and reads the page text, scripts included", async () => {
    expect(await tools.open({ url: `${base}/` })).toEqual({ url: `${base}/`, status: 200, title: "Test page" });
    const { text } = await tools.text();
    expect(text).toContain("Hello");
    expect(text).toContain("made by script");
    expect((await tools.text({ selector: "#n" })).text).toBe("count 0");
    expect(await tools.text({ maxChars: 3 })).toEqual({ text: "Hel", truncated: true });
  });

  it("clicks", async () => {
    await tools.open({ url: `${base}/` });
    await tools.click({ selector: "#b" });
    expect((await tools.text({ selector: "#n" })).text).toBe("count 1");
    expect(await tools.click({ selector: "#next" })).toMatchObject({ clicked: "#next" });
    await expect.poll(async () => (await tools.text()).text).toContain("second page");
  });

  it("takes a screenshot as a PNG file", async () => {
    await tools.open({ url: `${base}/` });
    const shot = await tools.screenshot({ name: "page.png" });
    expect(shot.path).toBe(join(w.paths.dir, "screenshots", "page.png"));
    expect(existsSync(shot.path)).toBe(true);
    expect(readFileSync(shot.path).subarray(1, 4).toString()).toBe("PNG");
  });

  it("validates inputs: only http(s), safe screenshot names, a selector", async () => {
    await expect(tools.open({ url: "file:///etc/passwd" })).rejects.toThrow(/http/);
    await expect(tools.open({ url: "not a url" })).rejects.toThrow(/URL/);
    await expect(tools.open({ url: "javascript:alert(1)" })).rejects.toThrow(/http/);
    await expect(tools.screenshot({ name: "../escape.png" })).rejects.toThrow(/file name/);
    await expect(tools.click({ selector: "" })).rejects.toThrow();
  });

  it("reports HTTP errors and times out on a page that never answers", async () => {
    expect((await tools.open({ url: `${base}/missing` })).status).toBe(404);
    await expect(tools.open({ url: `${base}/slow`, timeoutMs: 500 })).rejects.toThrow(/Timeout/i);
    await expect(tools.click({ selector: "#nothing", timeoutMs: 300 })).rejects.toThrow(/Timeout/i);
  });

  it("needs a page before reading one", async () => {
    const fresh = new ChromeTools(new BrowserHolder(), join(w.paths.dir, "shots2"));
    await expect(fresh.text()).rejects.toThrow(NoPageOpen);
    await fresh.close();
  });

  it("says so in one line when there is no browser", async () => {
    await expect(launchBrowser({ executablePath: "/nonexistent/chromium" })).rejects.toThrow(BrowserUnavailable);
  });
});
