/**
 * The system's Chromium, driven by playwright-core. No browser is ever downloaded: the
 * executable is /usr/bin/chromium (Debian's package) unless WORLD_CHROMIUM names another.
 * It runs headless with the background services that call home turned off.
 * playwright-core is imported on first launch: loading it takes over a second, which
 * agents that may never open a page (web-watch without a browser, general) must not pay.
 */
import { accessSync, constants } from "node:fs";
import type { Browser, BrowserContext } from "playwright-core";

const DEFAULT_CHROMIUM = "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
] as const;

export class BrowserUnavailable extends Error {}

function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.WORLD_CHROMIUM || DEFAULT_CHROMIUM;
}

/** Starts a headless Chromium; throws BrowserUnavailable (one line) if there is none. */
export async function launchBrowser(options: { executablePath?: string; timeoutMs?: number } = {}): Promise<Browser> {
  const executablePath = options.executablePath ?? chromiumPath();
  try {
    accessSync(executablePath, constants.X_OK);
  } catch {
    throw new BrowserUnavailable(`no Chromium at ${executablePath}: expected an executable browser (apt-get install chromium, or set WORLD_CHROMIUM)`);
  }
  const { chromium } = await import("playwright-core");
  return chromium.launch({
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS],
    timeout: options.timeoutMs ?? 30_000,
    // The agent handles SIGTERM itself and closes the browser on the way out.
    handleSIGTERM: false,
    handleSIGINT: false,
    handleSIGHUP: false,
  });
}

/** A browser with one context, started on first use and closed once. */
export class BrowserHolder {
  private browser: Promise<Browser> | undefined;
  private context: Promise<BrowserContext> | undefined;

  constructor(private readonly options: { executablePath?: string } = {}) {}

  async get(): Promise<BrowserContext> {
    this.browser ??= launchBrowser(this.options);
    this.context ??= this.browser.then((b) => b.newContext({ javaScriptEnabled: true, acceptDownloads: false }));
    return this.context;
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    this.context = undefined;
    if (browser) await (await browser.catch(() => undefined))?.close().catch(() => undefined);
  }
}
