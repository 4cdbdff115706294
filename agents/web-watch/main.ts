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
 * Between checks further apart than WORLD_PARK_AFTER_MS (default 60 s) it parks instead of
 * sleeping in a process (resume.ts):
 *   [agent:active][id] sleep until <ISO> state {"v":1,"hash":…,"checks":3,…} — watching <url>: 3 checks, …
 * and the Keeper's scheduler starts it again for the next check, where it left off.
 * It stops when the duration is over or on SIGTERM (then it finishes with what it saw).
 * A page that never answered ends in `failed … | need: a reachable URL …`.
 */
import { join } from "node:path";
import { BrowserHolder } from "../../tools/chrome/browser.js";
import { ChromeTools } from "../../tools/chrome/tools.js";
import { notify } from "../../tools/notify.js";
import { runAgent, sleep, type AgentRun } from "../harness.js";
import { msFromEnv } from "../../tools/duration.js";
import { sleepUntilLine } from "../../tools/world/parked.js";
import { describeChange, look, lookWithBrowser, preview } from "./page.js";
import { planWatch, showMs } from "./plan.js";
import { forgetPage, keepPage, keptPage, stateFromEnv, type WatchState } from "./resume.js";

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
  // A wait longer than this is not worth a process: park until the next check (resume.ts).
  const parkAfterMs = msFromEnv("WORLD_PARK_AFTER_MS", 60_000);
  const resumed = stateFromEnv();
  const kept = resumed?.hash !== undefined ? keptPage(run.paths, run.id, url) : undefined;
  const started = resumed?.started ?? Date.now();
  const deadline = durationMs === undefined ? Infinity : started + durationMs;
  if (resumed === undefined) {
    run.active(`watching ${url} every ${showMs(intervalMs)}${durationMs === undefined ? " until stopped" : ` for ${showMs(durationMs)}`}${chrome ? " in the browser" : ""}`);
  }

  // The last good look: its hash always; its text when it was kept (to say what changed).
  let last: { hash: string; text: string | undefined } | undefined = resumed?.hash === undefined ? undefined : { hash: resumed.hash, text: kept?.text };
  let lastError = resumed?.lastError;
  let checks = resumed?.checks ?? 0;
  let changes = resumed?.changes ?? 0;
  let lastChange = kept?.lastChange;
  let lastBeat = Date.now();
  const summary = () => `${count(checks, "check")}, ${count(changes, "change")}${lastError ? `, failing now: ${lastError}` : ""}`;

  // Woken for the end of the watch: nothing more to look at (as a watch that never parked).
  const wokenAtTheEnd = resumed !== undefined && Date.now() >= deadline;
  while (!run.signal.aborted && !wokenAtTheEnd) {
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
        const what = last.text === undefined ? `now: ${preview(seen.text, 150)} (the earlier text was not kept)` : describeChange(last.text, seen.text);
        lastChange = `${seen.at}: ${what}`;
        run.event("chrome", `changed: ${url} — ${what}`);
        await notify(run.writer, { id: run.id, title: "Page changed", message: `Changed: ${url} — ${what}` });
      }
      last = { hash: seen.hash, text: seen.text };
    } else if (seen.error !== lastError) {
      lastError = seen.error;
      run.event("chrome", `error: ${url} — ${seen.error}`);
    }
    const next = Math.min(Date.now() + intervalMs, deadline);
    if (Date.now() >= deadline) break;
    if (next - Date.now() > parkAfterMs) {
      // Park: the page text to a private file first, then the line that carries the rest,
      // so a relaunch that sees the line finds the file.
      if (last?.text !== undefined) keepPage(run.paths, run.id, { v: 1, url, text: last.text, at: new Date().toISOString(), ...(lastChange !== undefined && { lastChange }) });
      const state: WatchState = { v: 1, ...(last && { hash: last.hash }), checks, changes, started, ...(lastError !== undefined && { lastError: lastError.slice(0, 200) }) };
      run.park(sleepUntilLine(new Date(next), { state, note: `watching ${url}: ${summary()}; next check then` }));
      return;
    }
    // Wait for the next look; a long interval is cut into heartbeats so the Keeper sees us.
    for (let now = Date.now(); now < next && !run.signal.aborted; now = Date.now()) {
      if (now - lastBeat >= heartbeatMs) {
        lastBeat = now;
        run.active(`watching ${url}: ${summary()}`);
      }
      await sleep(Math.min(next - now, lastBeat + heartbeatMs - now), run.signal);
    }
    if (Date.now() >= deadline) break;
  }

  forgetPage(run.paths, run.id); // the watch is over: its kept page goes
  const how = run.signal.aborted ? "until stopped" : `for ${showMs(durationMs ?? Date.now() - started)}`;
  if (last === undefined) {
    run.fail(`could not fetch ${url} in ${count(checks, "try", "tries")} (${how}): ${lastError ?? "stopped before the first look"}`, `a reachable URL, or a human to check ${url}`);
    return;
  }
  const changed = changes === 0 ? "no change" : `${count(changes, "change")} (last at ${lastChange ?? "an earlier run"})`;
  run.finish(`watched ${url} ${how}: ${count(checks, "check")}, ${changed}; now sha256 ${last.hash.slice(0, 8)} "${preview(last.text ?? "", 160)}"`);
}
