/**
 * A fake of the Anthropic Messages API: a real HTTP server on 127.0.0.1 (random port)
 * that the real SDK talks to (ANTHROPIC_BASE_URL = fake.url). Tests script its answers
 * with a queue of replies or a handler, and read the requests it received. Non-streaming
 * `POST /v1/messages` only; anything else is a 404 in the API's error shape.
 *
 *   const fake = await startFakeAnthropic();
 *   fake.reply({ tool: { name: "verdict", input: { verdict: "verified", … } } });
 *   fake.reply({ status: 529 });                  // overloaded
 *   … run code with fake.env …
 *   expect(fake.requests[0].body.messages).toHaveLength(1);
 *   await fake.close();
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export type ContentBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: unknown };

/** One scripted answer. */
export type FakeReply =
  | { text: string; stopReason?: string }
  | { tool: { name: string; input: unknown; id?: string }; text?: string }
  | { content: ContentBlock[]; stopReason?: string }
  /** An HTTP error in the API's shape: 529 overloaded_error, 500 api_error, 429 rate_limit_error, … */
  | { status: number; errorType?: string; message?: string };

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface FakeAnthropic {
  url: string;
  /** Environment for code under test: the key, the base URL, and no SDK retries unless asked. */
  env: Record<string, string>;
  requests: FakeRequest[];
  /** Queue replies (answered in order). */
  reply: (...replies: FakeReply[]) => void;
  /** Answer with a function when the queue is empty. */
  handle: (handler: FakeHandler) => void;
  close: () => Promise<void>;
}

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  404: "not_found_error",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};

let counter = 0;

export async function startFakeAnthropic(options: { replies?: FakeReply[]; handler?: FakeHandler } = {}): Promise<FakeAnthropic> {
  const queue: FakeReply[] = [...(options.replies ?? [])];
  let handler = options.handler;
  const requests: FakeRequest[] = [];

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          // kept as text: the test can see what was sent
        }
        const request: FakeRequest = { method: req.method ?? "", path: (req.url ?? "").split("?")[0]!, headers: req.headers, body };
        requests.push(request);
        const send = (status: number, payload: unknown) => {
          res.writeHead(status, { "content-type": "application/json", "request-id": `req_fake_${++counter}` });
          res.end(JSON.stringify(payload));
        };
        if (request.method !== "POST" || request.path !== "/v1/messages") {
          return send(404, { type: "error", error: { type: "not_found_error", message: `fake: no route ${request.method} ${request.path}` } });
        }
        if (!req.headers["x-api-key"] && !req.headers.authorization) {
          return send(401, { type: "error", error: { type: "authentication_error", message: "fake: no API key sent" } });
        }
        let reply: FakeReply | undefined = queue.shift();
        if (reply === undefined && handler) {
          try {
            reply = await handler(request);
          } catch (error) {
            return send(500, { type: "error", error: { type: "api_error", message: `fake handler threw: ${String(error)}` } });
          }
        }
        if (reply === undefined) {
          return send(500, { type: "error", error: { type: "api_error", message: "fake: no scripted reply left" } });
        }
        if ("status" in reply) {
          const type = reply.errorType ?? ERROR_TYPES[reply.status] ?? "api_error";
          return send(reply.status, { type: "error", error: { type, message: reply.message ?? `fake ${type}` } });
        }
        send(200, message(reply, (request.body as { model?: string } | undefined)?.model ?? "claude-fake"));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    env: { ANTHROPIC_API_KEY: "sk-fake-test-key", ANTHROPIC_BASE_URL: url },
    requests,
    reply: (...replies) => queue.push(...replies),
    handle: (h) => {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function message(reply: Exclude<FakeReply, { status: number }>, model: string) {
  let content: ContentBlock[];
  let stopReason: string;
  if ("tool" in reply) {
    content = [
      ...(reply.text ? [{ type: "text" as const, text: reply.text }] : []),
      { type: "tool_use", id: reply.tool.id ?? `toolu_fake_${++counter}`, name: reply.tool.name, input: reply.tool.input },
    ];
    stopReason = "tool_use";
  } else if ("content" in reply) {
    content = reply.content;
    stopReason = reply.stopReason ?? (content.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn");
  } else {
    content = [{ type: "text", text: reply.text }];
    stopReason = reply.stopReason ?? "end_turn";
  }
  const words = JSON.stringify(content).length;
  return {
    id: `msg_fake_${++counter}`,
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: Math.ceil(words / 4) },
  };
}
