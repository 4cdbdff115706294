/**
 * The web monitor's HTTP server (node:http): the page, its JSON API, the live feed.
 * See guard.ts for who may call what, api.ts for the routes, live.ts for /events.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import { ExitCode, WorldError } from "../../tools/errors.js";
import { WorldIndex } from "../../tools/world/index-db.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import { close, read, reminder, respond } from "./api.js";
import { allowedHosts, checkHost, checkOrigin, checkToken, SECURITY_HEADERS, type Refusal } from "./guard.js";
import { LiveFeed } from "./live.js";
import { loadStaticFiles, type StaticFile } from "./static-files.js";

const BODY_LIMIT = 64 * 1024;

const STATUS_OF: Record<number, number> = {
  [ExitCode.usage]: 400,
  [ExitCode.refused]: 409,
  [ExitCode.notFound]: 404,
  [ExitCode.internal]: 500,
};

export interface MonitorOptions {
  paths: WorldPaths;
  token: string;
  host: string;
  port: number;
  log: Logger;
  /** The follower's safety-net poll (ms). */
  pollMs?: number;
}

export interface RunningMonitor {
  url: string;
  port: number;
  close: () => Promise<void>;
  /** Drops every open connection at once (the second signal). */
  destroy: () => void;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function sendJson(res: ServerResponse, status: number, value: unknown, extra: Record<string, string> = {}): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { ...SECURITY_HEADERS, ...extra, "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
  res.end(body);
}

function refuse(res: ServerResponse, r: Refusal): void {
  sendJson(res, r.status, { error: r.error }, r.status === 401 ? { "WWW-Authenticate": 'Bearer realm="world monitor"' } : {});
}

async function jsonBody(req: IncomingMessage): Promise<unknown> {
  const type = req.headers["content-type"] ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(415, `unsupported Content-Type: expected application/json, received ${JSON.stringify(type)}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw new HttpError(413, `request body too large: expected at most ${BODY_LIMIT} bytes, received more`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new HttpError(400, "invalid request body: expected JSON, received text that does not parse");
  }
}

export async function startMonitor(options: MonitorOptions): Promise<RunningMonitor> {
  const { paths, token, log } = options;
  const files = loadStaticFiles();
  const index = new WorldIndex(paths);
  index.catchUp();
  const feed = new LiveFeed(paths, (error) => log.error({ err: error }, "following world.log failed; following again"), options.pollMs);
  let hosts = new Set<string>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const hostRefusal = checkHost(req, hosts);
    if (hostRefusal) return refuse(res, hostRefusal);
    const url = new URL(req.url ?? "/", "http://monitor.invalid");
    const path = url.pathname;
    const method = req.method ?? "GET";

    const file: StaticFile | undefined = files.get(path === "/index.html" ? "/" : path);
    if (file !== undefined) {
      if (method !== "GET" && method !== "HEAD") return refuse(res, { status: 405, error: `method not allowed: expected GET, received ${method}` });
      res.writeHead(200, { ...SECURITY_HEADERS, "Content-Type": file.type, "Cache-Control": "no-cache", "Content-Length": String(file.body.length) });
      return void res.end(method === "HEAD" ? undefined : file.body);
    }
    if (path === "/favicon.ico") return void res.writeHead(204, SECURITY_HEADERS).end();

    if (path === "/events") {
      if (method !== "GET") return refuse(res, { status: 405, error: `method not allowed: expected GET, received ${method}` });
      const r = checkToken(req, url, token, true);
      if (r) return refuse(res, r);
      return feed.attach(res, SECURITY_HEADERS);
    }

    if (path === "/api/respond" || path === "/api/close" || path === "/api/reminder") {
      // Writes: POST only (nothing changes on GET), our own Origin, the token, JSON.
      if (method !== "POST") return refuse(res, { status: 405, error: `method not allowed: ${path} expects POST, received ${method}` });
      const r = checkOrigin(req) ?? checkToken(req, url, token, false);
      if (r) return refuse(res, r);
      const write = path === "/api/close" ? close : path === "/api/reminder" ? reminder : respond;
      const result = await write(paths, await jsonBody(req));
      log.info({ id: result.entry.id, path }, "written");
      return sendJson(res, 200, result);
    }

    if (path.startsWith("/api/")) {
      if (method !== "GET") return refuse(res, { status: 405, error: `method not allowed: expected GET, received ${method}` });
      const r = checkToken(req, url, token, false);
      if (r) return refuse(res, r);
      const value = read(index, paths, path, url.searchParams);
      if (value !== undefined) return sendJson(res, 200, value);
    }
    return refuse(res, { status: 404, error: `not found: ${JSON.stringify(path)}` });
  };

  const server: Server = createServer((req, res) => {
    const started = Date.now();
    handle(req, res)
      .catch((error: unknown) => {
        if (error instanceof WorldError) return sendJson(res, STATUS_OF[error.exitCode] ?? 500, { error: error.message, exitCode: error.exitCode });
        if (error instanceof HttpError) return sendJson(res, error.status, { error: error.message });
        log.error({ err: error, path: req.url?.split("?")[0] }, "request failed");
        if (!res.headersSent) sendJson(res, 500, { error: `internal error: ${(error as Error)?.message ?? String(error)}` });
        else res.end();
      })
      .finally(() => {
        // The path only: a query string may hold the token.
        log.debug({ method: req.method, path: req.url?.split("?")[0], status: res.statusCode, ms: Date.now() - started }, "request");
      });
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port, options.host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    // Nothing left open behind a failed listen: the caller may try another port, or exit.
    await feed.close();
    index.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  hosts = allowedHosts(options.host, port);
  // A wildcard bind is reached through loopback from this machine.
  const shownHost = options.host === "0.0.0.0" ? "127.0.0.1" : options.host === "::" ? "[::1]" : options.host.includes(":") ? `[${options.host}]` : options.host;
  log.info({ host: options.host, port }, "monitor listening");

  let closing: Promise<void> | undefined;
  const CLOSE_GRACE_MS = 1000;
  return {
    url: `http://${shownHost}:${port}/`,
    port,
    close: () =>
      (closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // Requests in flight get a grace period; then every socket is cut (a browser may hold
        // a connection open, or reconnect its event stream over a kept-alive socket).
        const deadline = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
        await feed.close(); // ends the event streams, so the server can finish
        server.closeIdleConnections();
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        await closed;
        clearInterval(sweep);
        clearTimeout(deadline);
        index.close();
        log.info("monitor stopped");
      })()),
    destroy: () => server.closeAllConnections(),
  };
}
