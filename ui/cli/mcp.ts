/** `world mcp`: the MCP server on stdin/stdout until the client goes away or a signal stops it. */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { RequestLimit, REQUEST_LIMIT } from "../mcp/request-limit.js";
import { createWorldMcp } from "../mcp/server.js";
import type { Context } from "./context.js";
import { onShutdown } from "../../tools/process/daemon.js";
import { WireCheck } from "../mcp/wire-check.js";
import { existsSync } from "node:fs";
import { UsageError } from "../../tools/errors.js";

/**
 * `homeGiven`: --home or WORLD_HOME. An MCP client starts us in a directory of its own
 * choosing and may pass only a few variables (the Inspector): a world made there silently
 * would hold what the user thinks went elsewhere.
 */
export async function mcp(ctx: Context, homeGiven: boolean): Promise<void> {
  if (!homeGiven && !existsSync(ctx.paths.log)) {
    throw new UsageError(
      `no world to serve: expected --home DIR or WORLD_HOME naming the world (an MCP client starts world mcp in a directory of its own choosing), received neither, and ${ctx.paths.home} holds no world.log`,
    );
  }
  process.stderr.write(`world mcp: serving the world at ${ctx.paths.home}${existsSync(ctx.paths.log) ? "" : " (no world.log yet: the first write creates it)"}\n`);
  // The client gone while an answer is written: one line (if stderr is still there), not a silent exit.
  process.stderr.on("error", () => undefined);
  process.stdout.prependListener("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") {
      process.stderr.write("world mcp: the client went away while an answer was being written (stdout closed); stopping\n");
      process.exit(1);
    }
  });

  // stdout carries the protocol and nothing else: anything a library prints goes to stderr.
  const toStderr = (...args: unknown[]) => console.error(...args);
  console.log = console.info = console.debug = toStderr;

  const { server, dispose } = createWorldMcp(ctx.paths, {
    sync: ctx.sync,
    onInternalError: (error) => process.stderr.write(`world mcp: internal error: ${(error as Error)?.stack ?? String(error)}\n`),
  });
  // One request over 10 MiB is answered with an error instead of ending the server.
  const reply = (line: string) => process.stdout.write(line);
  const requests = process.stdin.pipe(new RequestLimit(reply)).pipe(new WireCheck(reply));
  const transport = new StdioServerTransport(requests, process.stdout, { maxBufferSize: REQUEST_LIMIT + 1 });
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  await server.connect(transport);

  // The client closing our stdin is the normal end; a first signal ends gracefully, a second at once.
  const stop = () => void server.close();
  process.stdin.on("end", stop);
  const offSignals = onShutdown(stop);
  await closed;
  offSignals();
  process.stdin.off("end", stop);
  dispose();
  // stdin may keep the event loop alive after the transport paused it.
  process.stdin.destroy();
}
