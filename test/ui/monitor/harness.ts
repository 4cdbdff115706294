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
import { ROOT, WORLD_BIN } from "../../support/world.js";
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
