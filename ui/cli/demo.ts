/**
 * `world demo [--keep-running] [--clean] [--step-timeout 60s]`: the whole system at
 * work in a temporary world, offline, narrated (docs/demo.md). The world is created
 * under the OS temp directory (or in an empty/new `--home`), kept afterwards so it can
 * be grepped, removed with --clean. Ctrl-C: the first stops everything gracefully
 * (exit 130), a second forces.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { RefusedError, shown } from "../../tools/errors.js";
import { parseDuration } from "../../tools/duration.js";
import { worldPaths } from "../../tools/world/paths.js";
import { Demo, Interrupted } from "../demo/demo.js";
import { Narrator } from "../demo/narrate.js";
import { killAll, shutdown } from "../demo/shutdown.js";
import { conversation, startDaemons, stuckAgent } from "../demo/steps.js";
import { summarize } from "../demo/summary.js";

export interface DemoOpts {
  keepRunning?: boolean;
  clean?: boolean;
  stepTimeout?: string;
}

/** A new temporary world, or the given directory if it is new or empty (a real world is never touched). */
function demoHome(home: string | undefined): string {
  if (home === undefined) return mkdtempSync(join(tmpdir(), "world-demo-"));
  const dir = resolve(home);
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (names.length > 0) {
    throw new RefusedError(`the demo needs a world of its own: expected --home to be a new or empty directory, received ${shown(dir)} with ${names.length} entries (omit --home for a temporary one)`);
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** `home` is the global --home as given (WORLD_HOME is deliberately not used: the demo never runs in a real world). */
export async function demo(home: string | undefined, opts: DemoOpts): Promise<void> {
  const stepTimeoutMs = parseDuration(opts.stepTimeout ?? "60s", "--step-timeout");
  const paths = worldPaths(demoHome(home));
  let readerGone = false;
  const narrator = new Narrator((line) => {
    if (!readerGone) process.stdout.write(line + "\n");
  }, process.stdout.isTTY === true);
  const d = new Demo({
    paths,
    narrator,
    stepTimeoutMs,
    stopTimeoutMs: 10_000,
    keepRunning: opts.keepRunning === true,
    warn: (message) => process.stderr.write(`world: warning: ${message}\n`),
  });

  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      process.stderr.write("world: demo: second signal: killing everything now\n");
      killAll(d);
      process.exit(130);
    }
    d.fail(new Interrupted(signal));
  };
  // The reader of our output may go away (`world demo | head`, or `| tee` taking the Ctrl-C
  // too). bin/world.ts then exits at once; the demo must stop its daemons first, so for its
  // duration it handles stdout errors itself: silence, and the graceful shutdown.
  const onOutputError = () => {
    readerGone = true;
    d.fail(new Interrupted("its reader going away (EPIPE)", 1));
  };
  const usualOutputErrors = process.stdout.listeners("error") as ((error: Error) => void)[];
  process.stdout.removeAllListeners("error");
  process.stdout.on("error", onOutputError);
  const lastResort = () => killAll(d); // an unexpected exit still leaves no daemon behind
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  process.on("exit", lastResort);

  narrator.title(`world demo: the whole system, offline, in a temporary world (${opts.clean ? "removed afterwards" : "kept afterwards; --clean removes it"})`);
  d.watch.start((error) => d.fail(error));
  let outcome: unknown;
  let finished = false;
  try {
    const { url } = await startDaemons(d);
    await conversation(d);
    await stuckAgent(d);
    await summarize(d, url);
    finished = true;
    if (opts.keepRunning) {
      narrator.line();
      narrator.say(`still running, so you can look around: ${url} — Ctrl-C stops everything`);
      outcome = await d.stopped();
    }
  } catch (error) {
    outcome = error;
  } finally {
    await shutdown(d);
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    process.off("exit", lastResort);
    process.stdout.off("error", onOutputError);
    for (const listener of usualOutputErrors) process.stdout.on("error", listener);
  }

  if (outcome instanceof Interrupted) {
    if (!finished) {
      narrator.say(`${outcome.message} before the demo finished; the world is kept: ${paths.home}`);
      process.exitCode = outcome.exitCode;
      return;
    }
  } else if (outcome !== undefined) {
    throw outcome; // one line on stderr, from bin/world.ts; the world is kept for a look
  }
  if (opts.clean) {
    rmSync(paths.home, { recursive: true, force: true });
    narrator.say(`removed ${paths.home}`);
  } else {
    narrator.say(`the world is kept: ${paths.home} (rm -r it when done)`);
  }
}
