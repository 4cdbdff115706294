/** `world mcp`: the MCP server on stdin/stdout until the client goes away or a signal stops it. */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { RequestLimit, REQUEST_LIMIT } from "../mcp/request-limit.js";
import { createWorldMcp } from "../mcp/server.js";
import type { Context } from "./context.js";
import { onShutdown } from "../../tools/process/daemon.js";

export async function mcp(ctx: Context): Promise<void> {
  // stdout carries the protocol and nothing else: anything a library prints goes to stderr.
  const toStderr = (...args: unknown[]) => console.error(...args);
  console.log = console.info = console.debug = toStderr;

  const { server, dispose } = createWorldMcp(ctx.paths, {
    sync: ctx.sync,
    onInternalError: (error) => process.stderr.write(`world mcp: internal error: ${(error as Error)?.stack ?? String(error)}\n`),
  });
  // One request over 10 MiB is answered with an error instead of ending the server.
  const requests = process.stdin.pipe(new RequestLimit((line) => process.stdout.write(line)));
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
