/** `world mcp`: the MCP server on stdin/stdout until the client goes away or a signal stops it. */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createWorldMcp } from "../mcp/server.js";
import type { Context } from "./context.js";
import { onShutdown } from "../../tools/proc/daemon.js";

export async function mcp(ctx: Context): Promise<void> {
  // stdout carries the protocol and nothing else: anything a library prints goes to stderr.
  const toStderr = (...args: unknown[]) => console.error(...args);
  console.log = console.info = console.debug = toStderr;

  const { server, dispose } = createWorldMcp(ctx.paths, {
    sync: ctx.sync,
    onInternalError: (error) => process.stderr.write(`world mcp: internal error: ${(error as Error)?.stack ?? String(error)}\n`),
  });
  const transport = new StdioServerTransport();
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
