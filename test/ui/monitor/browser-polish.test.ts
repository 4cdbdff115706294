/// <reference lib="dom" />
/**
 * The monitor's finish, in headless Chromium against the real `world monitor` (issue 22):
 * the search placeholder shown whole, primary buttons at 4.5:1 or more in both schemes, a
 * lone question card beside the other panels at 1280 px, relative times in Recent and
 * search rows, the daemon bar no longer "running since" once the monitor's server is gone;
 * screenshots at 1280 and 390 px.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { world } from "../../support/world.js";
import { artifact, useMonitorPage } from "./harness.js";

async function cli(...args: string[]): Promise<void> {
  const r = await world(t.w.home, args);
  expect(r.exitCode, r.stderr).toBe(0);
}

const t = useMonitorPage("world-monitor-polish-");

/** The WCAG contrast ratio of each primary button's text on its fill, computed from the page's styles. */
function primaryContrasts(p: Page): Promise<{ text: string; ratio: number }[]> {
  return p.evaluate(() => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = (c: string) => {
      const [r, g, b] = rgb(c).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    return Array.from(document.querySelectorAll("button.primary")).map((b) => {
      const style = getComputedStyle(b);
      const [hi, lo] = [lum(style.color), lum(style.backgroundColor)].sort((x, y) => y - x);
      return { text: b.textContent ?? "", ratio: (hi! + 0.05) / (lo! + 0.05) };
    });
  });
}

describe("the monitor's finish", { timeout: 90_000 }, () => {
  it("at 1280 px: placeholder whole, primary buttons readable in both schemes, a lone question beside the rest, relative times in rows", async () => {
    await cli("event", "spirit", "nudge-1", "nudge: Shall I book the train to Lyon for Friday?");
    await cli("event", "bash", "b1", "ran the backup");
    await t.open({ width: 1280, height: 900 });
    await t.page.locator('#nudges li[data-id="nudge-1"]').waitFor();

    // The search's kind-of-line box shows its whole placeholder.
    const cut = await t.page.evaluate(() => {
      const input = document.getElementById("search-label") as HTMLInputElement;
      const style = getComputedStyle(input);
      const ctx = document.createElement("canvas").getContext("2d")!;
      ctx.font = style.font;
      const inner = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: ctx.measureText(input.placeholder).width, inner };
    });
    expect(cut.text).toBeLessThanOrEqual(cut.inner);

    // Primary buttons (yes, search…): text at 4.5:1 or more on their fill, dark and light.
    for (const scheme of ["dark", "light"] as const) {
      await t.page.emulateMedia({ colorScheme: scheme });
      const ratios = await primaryContrasts(t.page);
      expect(ratios.length).toBeGreaterThan(0);
      for (const r of ratios) expect(r.ratio, `${scheme}: ${r.text}`).toBeGreaterThanOrEqual(4.5);
    }
    await t.page.emulateMedia({ colorScheme: "dark" });

    // One question alone: its panel takes one column, with the active sessions beside it.
    const widths = await t.page.evaluate(() => ({
      panel: document.getElementById("needs-you")!.getBoundingClientRect().width,
      grid: document.querySelector(".grid")!.getBoundingClientRect().width,
    }));
    expect(widths.panel).toBeLessThan(widths.grid * 0.6);

    // Recent rows say how long ago, not only the clock time.
    const recentTime = await t.page.locator('#recent li[data-label="event:bash"] time').first().textContent();
    expect(recentTime).toMatch(/^\d{2}:\d{2}:\d{2} · (\d+s|\d+ min) ago$/);
    // And search rows too.
    await t.page.locator("#search-q").fill("backup");
    await t.page.locator("#search button.primary").click();
    const found = t.page.locator("#search-results li time").first();
    await found.waitFor();
    expect(await found.textContent()).toContain(" · ");

    await t.page.screenshot({ path: artifact("monitor-polish-1280px.png"), fullPage: true });
    expect(t.errors).toEqual([]);
  });

  it("at 390 px the same page fits, and screenshots show it", async () => {
    await cli("event", "spirit", "nudge-2", "nudge: Your train leaves in 40 minutes; shall I call a taxi?");
    await t.open({ width: 390, height: 844 });
    await t.page.locator('#nudges li[data-id="nudge-2"]').waitFor();
    expect(await t.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const cut = await t.page.evaluate(() => {
      const input = document.getElementById("search-label") as HTMLInputElement;
      const style = getComputedStyle(input);
      const ctx = document.createElement("canvas").getContext("2d")!;
      ctx.font = style.font;
      return { text: ctx.measureText(input.placeholder).width, inner: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
    });
    expect(cut.text).toBeLessThanOrEqual(cut.inner);
    await t.page.screenshot({ path: artifact("monitor-polish-390px.png"), fullPage: true });
    expect(t.errors).toEqual([]);
  });

  it("once the monitor's server is gone, the daemon bar stops saying 'running since'", async () => {
    await t.open({ width: 1280, height: 900 });
    expect(await t.monitor.stop()).toBe(0);
    await t.page.locator("#daemons li.unknown").waitFor({ timeout: 60_000 });
    expect(await t.page.locator("#daemons").textContent()).not.toContain("running since");
    expect(await t.page.locator("#daemons").textContent()).toContain("daemons unknown");
    await t.page.screenshot({ path: artifact("monitor-polish-server-gone.png") });
  });
});
