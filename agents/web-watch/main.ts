/**
 * The web-watch agent: "watch http://127.0.0.1:8080/ every 5 seconds for 1 minute".
 *
 *   [agent:active][id] watching <url> every 5 s for 1 min
 *   [event:chrome][id] first look: <url> — HTTP 200, 512 bytes, sha256 1a2b3c4d: <text…>
 *   [event:chrome][id] changed: <url> — now: <new lines>; was: <old lines>
 *   [event:notify][id] Changed: <url> — now: …                     (the alert)
 *   [event:chrome][id] error: <url> — fetch failed: ECONNREFUSED   (once per new error)
 *   [agent:active][id] watching <url>: 12 checks, 1 change, …      (heartbeat, 30 min)
 *   [agent:finish][id] watched <url> for 1 min: 12 checks, 1 change …; now "…"
 *
 * "with the browser" in the task reads the page in headless Chromium (pages built by
 * JavaScript); the hash is then of the visible text, not of the HTML.
 * It stops when the duration is over or on SIGTERM (then it finishes with what it saw).
 * A page that never answered ends in `failed … | need: a reachable URL …`.
 */
import { join } from "node:path";
import { BrowserHolder } from "../../tools/chrome/browser.js";
import { ChromeTools } from "../../tools/chrome/tools.js";
import { notify } from "../../tools/notify/notify.js";
import { runAgent, sleep, type AgentRun } from "../run.js";
import { describeChange, look, lookWithBrowser, preview, type Look } from "./page.js";
import { planWatch, showMs } from "./plan.js";
import { msFromEnv } from "../../tools/proc/duration.js";

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

await runAgent(async (run) => {
  const plan = planWatch(run.env.task);
  const chrome = plan?.browser ? new ChromeTools(new BrowserHolder(), join(run.paths.dir, "screenshots")) : undefined;
  try {
    await watch(run, plan, chrome);
  } finally {
    await chrome?.close();
  }
});

async function watch(run: AgentRun, plan: ReturnType<typeof planWatch>, chrome: ChromeTools | undefined): Promise<void> {
  if (plan === undefined) {
    run.fail(`no URL found in ${JSON.stringify(run.env.task.slice(0, 100))}`, "the address of the page to watch (http:// or https://)");
    return;
  }
  const { url, intervalMs, durationMs } = plan;
  const heartbeatMs = msFromEnv("WORLD_HEARTBEAT_MS", 30 * 60_000);
  const started = Date.now();
  const deadline = durationMs === undefined ? Infinity : started + durationMs;
  run.active(`watching ${url} every ${showMs(intervalMs)}${durationMs === undefined ? " until stopped" : ` for ${showMs(durationMs)}`}${chrome ? " in the browser" : ""}`);

  let last: Extract<Look, { ok: true }> | undefined;
  let lastError: string | undefined;
  let checks = 0;
  let changes = 0;
  let lastChange: string | undefined;
  let lastBeat = Date.now();

  while (!run.signal.aborted) {
    const timeoutMs = Math.min(30_000, Math.max(2000, intervalMs));
    const seen = chrome ? await lookWithBrowser(chrome, url, timeoutMs) : await look(url, timeoutMs, run.signal);
    if (run.signal.aborted) break;
    checks += 1;
    if (seen.ok) {
      lastError = undefined;
      if (last === undefined) {
        run.event("chrome", `first look: ${url} — HTTP ${seen.status}, ${seen.bytes} bytes, sha256 ${seen.hash.slice(0, 8)}: ${preview(seen.text)}`);
      } else if (seen.hash !== last.hash) {
        changes += 1;
        const what = describeChange(last.text, seen.text);
        lastChange = `${seen.at}: ${what}`;
        run.event("chrome", `changed: ${url} — ${what}`);
        await notify(run.writer, { id: run.id, title: "Page changed", message: `Changed: ${url} — ${what}` });
      }
      last = seen;
    } else if (seen.error !== lastError) {
      lastError = seen.error;
      run.event("chrome", `error: ${url} — ${seen.error}`);
    }
    // Wait for the next look; a long interval is cut into heartbeats so the Keeper sees us.
    const next = Math.min(Date.now() + intervalMs, deadline);
    for (let now = Date.now(); now < next && !run.signal.aborted; now = Date.now()) {
      if (now - lastBeat >= heartbeatMs) {
        lastBeat = now;
        run.active(`watching ${url}: ${count(checks, "check")}, ${count(changes, "change")}${lastError ? `, failing now: ${lastError}` : ""}`);
      }
      await sleep(Math.min(next - now, lastBeat + heartbeatMs - now), run.signal);
    }
    if (Date.now() >= deadline) break;
  }

  const how = run.signal.aborted ? "until stopped" : `for ${showMs(durationMs ?? Date.now() - started)}`;
  if (last === undefined) {
    run.fail(`could not fetch ${url} in ${count(checks, "try", "tries")} (${how}): ${lastError ?? "stopped before the first look"}`, `a reachable URL, or a human to check ${url}`);
    return;
  }
  const changed = changes === 0 ? "no change" : `${count(changes, "change")} (last at ${lastChange})`;
  run.finish(`watched ${url} ${how}: ${count(checks, "check")}, ${changed}; now sha256 ${last.hash.slice(0, 8)} "${preview(last.text, 160)}"`);
}
