/**
 * Running the real `world monitor` as a child process on a free port (--port 0: the
 * kernel picks, the monitor prints the URL), and a headless Chromium to look at it.
 * Chromium is the system one (/usr/bin/chromium, Debian's package), driven by
 * playwright-core; nothing is downloaded.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa, type ResultPromise } from "execa";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { ROOT, tempWorld, WORLD_BIN, type TempWorld } from "../../support/world.js";
import { CHROMIUM_ARGS } from "../../../tools/chrome/browser.js";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const ARTIFACTS = join(ROOT, "test-artifacts");

export interface Monitor {
  /** The printed URL, with #token=… */
  url: string;
  /** http://127.0.0.1:PORT */
  origin: string;
  token: string;
  proc: ResultPromise;
  /** SIGTERM, then the exit code. */
  stop: () => Promise<number | undefined>;
}

export async function startMonitor(home: string, extra: string[] = [], env: Record<string, string> = {}): Promise<Monitor> {
  const proc = execa("node", [WORLD_BIN, "--home", home, "monitor", "--port", "0", ...extra], {
    reject: false,
    env: { WORLD_HOME: undefined, ANTHROPIC_API_KEY: undefined, ...env },
    extendEnv: true,
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    let err = "";
    proc.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((l) => l.startsWith("http://"));
      if (line !== undefined) resolve(line.trim());
    });
    proc.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
    void proc.then((r) => reject(new Error(`world monitor exited (${r.exitCode}) before printing its URL: ${err}`)));
  });
  const parsed = new URL(url);
  const token = parsed.hash.replace(/^#token=/, "");
  return {
    url,
    origin: parsed.origin,
    token,
    proc,
    stop: async () => {
      proc.kill("SIGTERM");
      const r = await proc;
      if (r.exitCode !== undefined) return r.exitCode;
      // Killed (execa sends SIGKILL 5 s after SIGTERM): say how far its shutdown got.
      const log = readFileSync(join(home, ".world/logs/monitor.log"), { encoding: "utf8", flag: "a+" }).split("\n").slice(-4).join("\n");
      return `signal ${r.signal}; stderr: ${String(r.stderr)}; log: ${log}` as unknown as number;
    },
  };
}

export interface Browser {
  context: BrowserContext;
  close: () => Promise<void>;
}

export async function launchBrowser(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), "world-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS],
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A new page on the monitor, waited for until live (its event stream open), collecting the page's errors. */
export async function openLivePage(browser: Browser, url: string, viewport?: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto(url);
  await page.locator("#connection[data-state=live]").waitFor();
  return { page, errors };
}

export function artifact(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, name);
}

/** What a browser test of the monitor works with: one browser per file, a world and a monitor per test, the page it opened. */
export interface MonitorPage {
  readonly browser: Browser;
  readonly w: TempWorld;
  readonly monitor: Monitor;
  /** The page `open` opened last (closed after each test). */
  readonly page: Page;
  /** What that page logged as errors. */
  readonly errors: string[];
  open(viewport?: { width: number; height: number }): Promise<Page>;
  /** A blank page of the browser (no token given, no errors collected), closed after the test. */
  newPage(): Promise<Page>;
  /** This test's monitor stopped and started again with more arguments or environment. */
  restartMonitor(extra?: string[], env?: Record<string, string>): Promise<Monitor>;
}

/**
 * The set-up every browser test of the monitor shares: Chromium launched once for the file,
 * a fresh world (`prefix` names its temporary folder) with its own monitor for each test,
 * and after each test the page closed, the monitor stopped (exit 0) and the world removed.
 */
export function useMonitorPage(prefix: string): MonitorPage {
  let browser: Browser | undefined;
  let w: TempWorld | undefined;
  let monitor: Monitor | undefined;
  let opened: { page: Page; errors: string[] } | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    w = tempWorld(prefix);
    monitor = await startMonitor(w.home);
  });
  afterEach(async () => {
    await opened?.page.close();
    opened = undefined;
    expect(await monitor!.stop()).toBe(0);
    w!.cleanup();
  });
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not there yet (use it inside a test)`);
    return value;
  };
  return {
    get browser() {
      return need(browser, "the browser");
    },
    get w() {
      return need(w, "the world");
    },
    get monitor() {
      return need(monitor, "the monitor");
    },
    get page() {
      return need(opened, "a page (open() first)").page;
    },
    get errors() {
      return need(opened, "a page (open() first)").errors;
    },
    async open(viewport) {
      opened = await openLivePage(need(browser, "the browser"), need(monitor, "the monitor").url, viewport);
      return opened.page;
    },
    async newPage() {
      opened = { page: await need(browser, "the browser").context.newPage(), errors: [] };
      return opened.page;
    },
    async restartMonitor(extra = [], env = {}) {
      await need(monitor, "the monitor").stop();
      monitor = await startMonitor(need(w, "the world").home, extra, env);
      return monitor;
    },
  };
}
