/**
 * The open-page agent: opens a page — usually a web search the Spirit offered ("Want me
 * to open a search for flights to Tokyo?") — in the person's browser. It works without a
 * model, so offline a "yes" to a search offer does something real.
 *
 *   [event:browser][id] opened <url> with <opener>          the browser was asked to show it
 *   [event:notify][id] Search ready: <url>                  no opener here (a server, no display):
 *                                                            the person gets the link instead
 *   [agent:finish][id] opened <url> in the browser | told the person: <url> (…)
 *
 * Either way it finishes with the URL in its output, which is what its need checks
 * (`output contains "<url>"`, verifier/criteria.ts: the offline Verifier checks it exactly).
 * Only a task that names no page fails.
 */
import { spawn } from "node:child_process";
import { notify } from "../../tools/notify.js";
import { runAgent } from "../harness.js";
import { msFromEnv } from "../../tools/duration.js";
import { opener } from "./opener.js";
import { pageOf } from "./page.js";

const BROWSER_SOURCE = "browser";

/**
 * Runs the opener with the URL as its one argument (no shell). xdg-open and open hand the
 * page to the browser and exit; a browser given as the opener keeps running: still
 * running after the grace period counts as opened, and it is left running in its own
 * process group (closing the agent must not close the person's browser).
 */
function runOpener(argv0: string, url: string, graceMs: number): Promise<{ ok: true } | { ok: false; why: string }> {
  return new Promise((resolve) => {
    let stderr = "";
    const child = spawn(argv0, [url], { detached: true, stdio: ["ignore", "ignore", "pipe"] });
    child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-200)));
    const timer = setTimeout(() => {
      child.stderr?.destroy();
      child.unref();
      resolve({ ok: true });
    }, graceMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ ok: false, why: `${argv0} could not run: ${error.message}` });
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ ok: true });
      else resolve({ ok: false, why: `${argv0} exited ${code ?? signal}${stderr.trim() ? `: ${stderr.trim().replace(/\s+/g, " ")}` : ""}` });
    });
  });
}

await runAgent(async (run) => {
  const url = pageOf(run.env.task);
  if (url === undefined) {
    run.fail(`no page named in ${JSON.stringify(run.env.task.slice(0, 100))}`, "a URL (http:// or https://) or \"search for <words>\"");
    return;
  }
  run.active(`opening ${url}`);
  const program = opener();
  let why: string;
  if ("argv0" in program) {
    const opened = await runOpener(program.argv0, url, msFromEnv("WORLD_BROWSER_OPENER_GRACE_MS", 10_000));
    if (opened.ok) {
      run.event(BROWSER_SOURCE, `opened ${url} with ${program.argv0}`);
      run.finish(`opened ${url} in the browser`);
      return;
    }
    why = opened.why;
  } else {
    why = program.missing;
  }
  if (run.signal.aborted) return;
  // No browser to show it in (a server, no display): the link itself is the help.
  await notify(run.writer, { id: run.id, message: `Search ready: ${url}` });
  run.finish(`told the person: ${url} (no browser opened: ${why})`);
});
