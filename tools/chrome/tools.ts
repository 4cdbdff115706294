/**
 * Browser tools for agents: open a URL, read the page's text, take a screenshot,
 * click. Each input is validated with zod (the general agent hands them straight
 * from the model) and each has a timeout. One page at a time: `open` replaces it.
 */
import { mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { z } from "zod";
import { BrowserHolder } from "./browser.js";

const timeoutMs = z.number().int().min(100).max(120_000).default(15_000);

const httpUrl = z
  .string()
  .url()
  .refine((u) => {
    try {
      return /^https?:$/.test(new URL(u).protocol);
    } catch {
      return false;
    }
  }, "an http:// or https:// URL (no file:, data: or chrome: pages)");

const OpenInput = z.object({ url: httpUrl, timeoutMs });
const TextInput = z.object({
  /** A CSS selector; default the whole body. */
  selector: z.string().min(1).max(500).optional(),
  maxChars: z.number().int().min(1).max(200_000).default(20_000),
  timeoutMs,
});
const ScreenshotInput = z.object({
  /** A file name (no directories) under the tools' screenshot directory. */
  name: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.png$/, "a file name like page-1.png")
    .optional(),
  fullPage: z.boolean().default(false),
  timeoutMs,
});
const ClickInput = z.object({ selector: z.string().min(1).max(500), timeoutMs });

export class NoPageOpen extends Error {
  constructor() {
    super("no page is open: expected chrome open <url> first");
  }
}

export class ChromeTools {
  private page: Page | undefined;
  private shots = 0;

  constructor(
    private readonly holder: BrowserHolder,
    private readonly screenshotDir: string,
  ) {}

  async open(input: z.input<typeof OpenInput>): Promise<{ url: string; status: number | null; title: string }> {
    const { url, timeoutMs } = OpenInput.parse(input);
    const context = await this.holder.get();
    await this.page?.close().catch(() => undefined);
    this.page = await context.newPage();
    const response = await this.page.goto(url, { timeout: timeoutMs, waitUntil: "load" });
    return { url: this.page.url(), status: response?.status() ?? null, title: await this.page.title() };
  }

  async text(input: z.input<typeof TextInput> = {}): Promise<{ text: string; truncated: boolean }> {
    const { selector, maxChars, timeoutMs } = TextInput.parse(input);
    const page = this.current();
    const all = await page.locator(selector ?? "body").first().innerText({ timeout: timeoutMs });
    return all.length > maxChars ? { text: all.slice(0, maxChars), truncated: true } : { text: all, truncated: false };
  }

  async screenshot(input: z.input<typeof ScreenshotInput> = {}): Promise<{ path: string; bytes: number }> {
    const { name, fullPage, timeoutMs } = ScreenshotInput.parse(input);
    const page = this.current();
    mkdirSync(this.screenshotDir, { recursive: true });
    const path = join(this.screenshotDir, name ?? `shot-${Date.now().toString(36)}-${++this.shots}.png`);
    await page.screenshot({ path, fullPage, timeout: timeoutMs });
    return { path, bytes: statSync(path).size };
  }

  async click(input: z.input<typeof ClickInput>): Promise<{ clicked: string; url: string }> {
    const { selector, timeoutMs } = ClickInput.parse(input);
    const page = this.current();
    await page.locator(selector).first().click({ timeout: timeoutMs });
    return { clicked: selector, url: page.url() };
  }

  async close(): Promise<void> {
    this.page = undefined;
    await this.holder.close();
  }

  private current(): Page {
    if (this.page === undefined) throw new NoPageOpen();
    return this.page;
  }
}
