/** `world monitor [--port N] [--host H]`: the web monitor, until a signal stops it. */
import { writeFileSync } from "node:fs";
import { UsageError, shown } from "../../tools/errors.js";
import { isLoopback } from "../monitor/guard.js";
import { startMonitor } from "../monitor/server.js";
import { loadToken, monitorUrlFile, tokenFile } from "../monitor/token.js";
import type { Context } from "./context.js";
import { daemonLogger, onShutdown } from "../../tools/process/daemon.js";

export const DEFAULT_PORT = 4680;

function port(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65535) {
    throw new UsageError(`invalid --port: expected a whole number from 0 to 65535 (0: any free port), received ${shown(value)}`);
  }
  return Number(value);
}

export async function monitor(ctx: Context, opts: { port?: string; host: string }): Promise<void> {
  const log = daemonLogger(ctx.paths, "monitor");
  const token = loadToken(ctx.paths, ctx.warn);
  const start = (p: number) => startMonitor({ paths: ctx.paths, token, host: opts.host, port: p, log });
  let running;
  try {
    try {
      running = await start(opts.port === undefined ? DEFAULT_PORT : port(opts.port));
    } catch (error) {
      // Only the default gives way: a port asked for is a promise to whoever asked.
      if (opts.port !== undefined || (error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
      ctx.warn(`port ${DEFAULT_PORT} is taken: listening on a free port instead (--port N to choose one)`);
      running = await start(0);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") throw new UsageError(`port in use: expected a free port for --port, received ${opts.port} (try --port 0 for any free port)`);
    if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") throw new UsageError(`cannot listen on --host: expected an address of this machine, received ${shown(opts.host)}`);
    throw error;
  }
  if (!isLoopback(opts.host)) ctx.warn(`listening on ${opts.host}: other machines can reach this monitor (it still needs the token)`);
  // Graceful on the first signal; the second one forces. Armed before the URL is printed:
  // whoever starts us may signal as soon as it has read the URL.
  const stopped = new Promise<void>((resolve) => {
    onShutdown(() => {
      process.stderr.write("world: monitor stopping (a second signal stops it at once)\n");
      running.close().then(resolve, (error: unknown) => {
        log.error({ err: error }, "shutdown failed");
        resolve();
      });
    }, log);
  });
  // The token rides in the fragment: browsers never send it to a server or put it in a Referer.
  const url = `${running.url}#token=${token}`;
  // Also in a file (owner-only, like the token), so that `world up` can show where we are.
  writeFileSync(monitorUrlFile(ctx.paths), url + "\n", { mode: 0o600 });
  ctx.out(url);
  process.stderr.write(`world: monitor of ${ctx.paths.log}; token in ${tokenFile(ctx.paths)}; Ctrl-C stops it\n`);
  await stopped;
}
