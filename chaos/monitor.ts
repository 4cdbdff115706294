/**
 * The web monitor under hostile requests and hostile text: writes without the token,
 * with a foreign Origin or Host, through GET; log lines built to run script in the page.
 * No request may change the log; no text may run in a real browser.
 */
import { existsSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS } from "../tools/chrome/browser.js";
import { worldPaths } from "../tools/world/paths.js";
import { daemon, world } from "./support.js";
import type { ChaosAttack, ChaosContext } from "./types.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function send(url: URL, method: string, headers: Record<string, string>, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function startMonitor(ctx: ChaosContext, home: string) {
  const proc = daemon(ctx, home, ["monitor", "--port", "0"]);
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    proc.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const line = out.split("\n").find((l) => l.startsWith("http://"));
      if (line) resolve(line.trim());
    });
    void proc.then((r) => reject(new Error(`world monitor exited (${r.exitCode}): ${String(r.stderr)}`)));
  });
  return { proc, url: new URL(url), token: new URL(url).hash.replace(/^#token=/, "") };
}

const XSS = [
  `<img src=x onerror="document.title='pwned'">`,
  `<script>document.title='pwned'</script>`,
  `"><svg onload="document.title='pwned'">`,
  `javascript:document.title='pwned'`,
];

const attack: ChaosAttack = {
  name: "monitor: hostile requests and script in log text",
  async run(ctx) {
    const home = ctx.tmp();
    await world(ctx, home, ["agent", "start", "victim", "wait", "--need", "a person"]);
    await world(ctx, home, ["agent", "failed", "victim", "stuck", "--need", "an answer"]);
    for (const [i, text] of XSS.entries()) {
      await world(ctx, home, ["event", "chaos", `xss-${i}`, text]);
      await world(ctx, home, ["agent", "start", `xss-agent-${i}`, text, "--need", text]);
    }
    const m = await startMonitor(ctx, home);
    const log = worldPaths(home).log;
    const before = readFileSync(log);
    const own = `${m.url.hostname}:${m.url.port}`;
    const respond = new URL("/api/respond", m.url);
    const body = JSON.stringify({ id: "victim", text: "approve" });
    const json = { "content-type": "application/json" };
    const hostile: [string, Record<string, string>][] = [
      ["POST", { ...json, host: own }],
      ["POST", { ...json, host: own, authorization: "Bearer wrong" }],
      ["POST", { ...json, host: own, authorization: `Bearer ${m.token}`, origin: "http://evil.example" }],
      ["POST", { ...json, host: "evil.example", authorization: `Bearer ${m.token}` }],
      ["GET", { host: own, authorization: `Bearer ${m.token}` }],
      ["PUT", { ...json, host: own, authorization: `Bearer ${m.token}` }],
    ];
    let accepted = 0;
    for (const [method, headers] of hostile) if ((await send(respond, method, headers, method === "GET" ? undefined : body)) < 300) accepted++;
    const tokenInQuery = new URL(`/api/respond?token=${m.token}`, m.url);
    if ((await send(tokenInQuery, "POST", { ...json, host: own }, body)) < 300) accepted++;
    const changed = Buffer.compare(before, readFileSync(log)) !== 0 ? 1 : 0;

    let ran = 0;
    let note = "";
    if (existsSync(CHROMIUM)) {
      const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
      try {
        const page = await browser.newPage();
        let dialogs = 0;
        page.on("dialog", (d) => (dialogs++, void d.dismiss()));
        await page.goto(m.url.href);
        await page.locator("#connection[data-state=live]").waitFor();
        await page.locator('#active li[data-id="xss-agent-3"]').waitFor();
        ran = (await page.title()) === "pwned" || dialogs > 0 ? 1 : 0;
        ran += await page.locator("#active img, #active svg, #active script, #recent img, #recent svg, #recent script").count();
      } finally {
        await browser.close();
      }
    } else note = "no Chromium: page not tried";
    m.proc.kill("SIGTERM");
    await m.proc;
    return {
      attacks: hostile.length + 1 + XSS.length * 2,
      linesLost: 0,
      linesForged: changed + accepted,
      verdictsDoubled: 0,
      verdictsMissing: 0,
      unapprovedCommands: ran,
      notes: note,
    };
  },
};
export default attack;
