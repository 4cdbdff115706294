/**
 * Model requests recorded and replayed, so that a run against a model can be repeated
 * offline, with no key and no network (the evals' `--record <file>` and
 * `--brain recorded --recording <file>`, docs/spirit.md "Measuring the Claude brain").
 *
 * Both are SDK middleware (the client's `middleware` option): they see every HTTP request
 * the real SDK makes, in its canonical shape, before it would go on the wire.
 *
 *   - Recorder: passes the request on, and appends one JSON line per answer to the
 *     recording: the request's key, a hint of what it was about, and the response (its
 *     HTTP status and JSON body) or, when none came, why (timeout, connection).
 *   - Replay: answers each request from the recording by its key, in the order the same
 *     key was answered when recorded; never calls the network. A request that is not in
 *     the recording (or asked more often than it was recorded) is refused with
 *     NotInRecording, thrown as is to the caller (the SDK does not wrap or retry a
 *     middleware's own error), and remembered (`missed`), since a caller such as the
 *     summariser may swallow it: nothing is ever made up in its place.
 *
 * The key is a SHA-256 of the method, the URL's path (not its host: a stand-in and the
 * real API record the same keys) and the request body as the SDK encoded it (model,
 * system prompt, messages, tools): any change to what is asked is another request.
 *
 * The first line of a recording says what it is and which model answered; replaying
 * asks as that model.
 */
import { createHash } from "node:crypto";
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import type { Middleware } from "@anthropic-ai/sdk";
import { anthropicSdk, type Anthropic } from "./provider.js";

type APIRequest = Parameters<Middleware>[0];

const FORMAT = "world model requests";
const VERSION = 1;

interface Header {
  recording: typeof FORMAT;
  version: typeof VERSION;
  model: string;
}

/** One answer as recorded: a response, or why none came. */
export type RecordedAnswer = { key: string; about: string } & ({ status: number; body: unknown } | { error: "timeout" | "connection"; message: string });

/** A request the recording does not hold: the replay refuses it rather than invent an answer. */
export class NotInRecording extends Error {}

/** A recording that cannot be read: the file, the line, what was expected and what was there. */
export class RecordingError extends Error {}

function bodyText(request: APIRequest): string {
  if (typeof request.body === "string") return request.body;
  if (request.body === undefined || request.body === null) return "";
  throw new NotInRecording(`cannot key a model request whose body is not text (${Object.prototype.toString.call(request.body)})`);
}

/** The key of a request: what was asked, wherever it was sent. */
function requestKey(method: string, url: string, body: string): string {
  return createHash("sha256").update(`${method.toUpperCase()} ${new URL(url).pathname}\n${body}`).digest("hex");
}

/** The first line of the latest user message: for a person reading the recording or a miss. */
function aboutOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { messages?: { role?: string; content?: unknown }[] };
    const last = parsed.messages?.filter((m) => m.role === "user").at(-1)?.content;
    const text = typeof last === "string" ? last : JSON.stringify(last ?? "");
    const first = text.split("\n").find((l) => l.trim() !== "") ?? "";
    return first.length > 120 ? `${first.slice(0, 119)}…` : first;
  } catch {
    return "";
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || /abort|timed? ?out/i.test(error.message));
}

export class Recorder {
  /** Answers written so far. */
  count = 0;

  /** Starts the recording: `file` is written anew, with its header. */
  constructor(
    readonly file: string,
    model: string,
  ) {
    const header: Header = { recording: FORMAT, version: VERSION, model };
    writeFileSync(file, `${JSON.stringify(header)}\n`);
  }

  private write(answer: RecordedAnswer): void {
    // One line per answer as it comes, so a run cut short keeps what it was told.
    appendFileSync(this.file, `${JSON.stringify(answer)}\n`);
    this.count += 1;
  }

  readonly middleware: Middleware = async (request, next) => {
    const body = bodyText(request);
    const key = requestKey(request.method ?? "GET", request.url, body);
    const about = aboutOf(body);
    let response: Response;
    try {
      response = await next(request);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.write({ key, about, error: isAbort(error) ? "timeout" : "connection", message: message.slice(0, 300) });
      throw error;
    }
    const text = await response.clone().text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // kept as text: replayed as it came
    }
    this.write({ key, about, status: response.status, body: parsed });
    return response;
  };
}

function parseLine(file: string, n: number, line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new RecordingError(`${file}:${n}: expected a JSON line of a recording made with --record, received invalid JSON: ${line.slice(0, 80)}`);
  }
}

function isAnswer(o: unknown): o is RecordedAnswer {
  if (typeof o !== "object" || o === null) return false;
  const a = o as Record<string, unknown>;
  if (typeof a.key !== "string" || !/^[0-9a-f]{64}$/.test(a.key) || typeof a.about !== "string") return false;
  if (typeof a.status === "number") return Number.isInteger(a.status) && "body" in a;
  return (a.error === "timeout" || a.error === "connection") && typeof a.message === "string";
}

export class Replay {
  /** The first request that was not in the recording, if any. */
  missed: NotInRecording | undefined;
  /** Requests answered from the recording. */
  replayed = 0;
  private readonly answers = new Map<string, RecordedAnswer[]>();
  readonly recorded: number;

  private constructor(
    readonly file: string,
    readonly model: string,
    answers: readonly RecordedAnswer[],
  ) {
    for (const a of answers) this.answers.set(a.key, [...(this.answers.get(a.key) ?? []), a]);
    this.recorded = answers.length;
  }

  /** Reads a recording; RecordingError when it cannot (one line: where, expected, received). */
  static load(file: string): Replay {
    let raw: string;
    try {
      raw = readFileSync(file, "utf8");
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new RecordingError(`cannot read the recording ${file}: expected a file written with --record, received ${code === "ENOENT" ? "no such file" : (e as Error).message}`);
    }
    const lines = raw.split(/\r?\n/);
    const header = parseLine(file, 1, lines[0] ?? "") as Partial<Header> | null;
    if (typeof header !== "object" || header === null || header.recording !== FORMAT || header.version !== VERSION || typeof header.model !== "string") {
      throw new RecordingError(`${file}:1: expected the header {"recording":"${FORMAT}","version":${VERSION},"model":…} of a file written with --record, received: ${(lines[0] ?? "").slice(0, 80)}`);
    }
    const answers: RecordedAnswer[] = [];
    lines.slice(1).forEach((line, i) => {
      if (line.trim() === "") return;
      const o = parseLine(file, i + 2, line);
      if (!isAnswer(o)) throw new RecordingError(`${file}:${i + 2}: expected {"key","about","status","body"} or {"key","about","error","message"}, received: ${line.slice(0, 80)}`);
      answers.push(o);
    });
    return new Replay(file, header.model, answers);
  }

  readonly middleware: Middleware = (request) => {
    const body = bodyText(request);
    const key = requestKey(request.method ?? "GET", request.url, body);
    const answer = this.answers.get(key)?.shift();
    if (answer === undefined) {
      const miss = new NotInRecording(
        `a model request is not in the recording ${this.file} (${JSON.stringify(aboutOf(body))}, key ${key.slice(0, 12)}): it holds ${this.recorded} answers from another run (other conversations, options, code or model); record again with --record`,
      );
      this.missed ??= miss;
      return Promise.reject(miss);
    }
    this.replayed += 1;
    if ("error" in answer) {
      const Sdk = anthropicSdk();
      // The SDK's own errors for a request that got no answer: the caller handles them as it did when recorded.
      return Promise.reject(answer.error === "timeout" ? new Sdk.APIConnectionTimeoutError() : new Sdk.APIConnectionError({ message: answer.message }));
    }
    const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    return Promise.resolve(new Response(text, { status: answer.status, headers: { "content-type": "application/json", "request-id": `req_recorded_${this.replayed}` } }));
  };

  /** A client that answers from this recording only: no key, and nothing sent anywhere. */
  client(): Anthropic {
    const Sdk = anthropicSdk();
    // The address is never used (the replay answers every request itself); a port nothing listens on, should that change.
    return new Sdk({ apiKey: "replayed-from-a-recording", baseURL: "http://127.0.0.1:9", maxRetries: 0, middleware: [this.middleware] });
  }
}
