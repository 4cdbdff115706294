/**
 * What the SDK's stdio transport gets wrong about a bad request, answered before it sees it
 * (after ui/mcp/request-limit.ts, so a line is at most 10 MiB):
 *   - a line that is not JSON: the SDK drops it without a word; JSON-RPC asks for -32700;
 *   - a `tools/call` whose params are not `{name: string, arguments?: object}`: the SDK
 *     answers -32603 (internal error) with zod's issues over many lines; it is the caller's
 *     mistake, -32602 (invalid params), said in one sentence.
 * Every other line goes on unchanged.
 */
import { Transform, type TransformCallback } from "node:stream";
import { shown } from "../../tools/errors.js";

const PARSE_ERROR = -32700;
const INVALID_PARAMS = -32602;

export class WireCheck extends Transform {
  private carry = "";

  constructor(private readonly reply: (line: string) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const text = this.carry + chunk.toString("utf8");
    const lines = text.split("\n");
    this.carry = lines.pop()!;
    for (const line of lines) this.handleLine(line);
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.carry.trim() !== "") this.handleLine(this.carry);
    done();
  }

  private handleLine(line: string): void {
    if (line.trim() === "") return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.refuse(null, PARSE_ERROR, `parse error: expected one JSON-RPC message per line, received ${shown(clip(line))}`);
      return;
    }
    const problem = toolCallProblem(message);
    if (problem !== undefined) {
      this.refuse((message as { id: string | number }).id, INVALID_PARAMS, problem);
      return;
    }
    this.push(line + "\n");
  }

  private refuse(id: string | number | null, code: number, text: string): void {
    this.reply(`${JSON.stringify({ jsonrpc: "2.0", id, error: { code, message: text } })}\n`);
  }
}

/** Why a `tools/call` request's params are unusable, in one sentence; undefined when they are fine (or it is no such request). */
function toolCallProblem(message: unknown): string | undefined {
  if (!isObject(message) || message.method !== "tools/call" || (typeof message.id !== "string" && typeof message.id !== "number")) return undefined;
  const expected = 'expected params {"name": "<tool>", "arguments": {…}}';
  const params = message.params;
  if (!isObject(params)) return `invalid params for tools/call: ${expected}, received ${describe(params)}`;
  if (typeof params.name !== "string") return `invalid params for tools/call: ${expected}, received ${params.name === undefined ? "no name" : `name ${describe(params.name)}`}`;
  if (params.arguments !== undefined && !isObject(params.arguments)) {
    return `invalid arguments for tool ${shown(params.name)}: expected an object of named arguments, received ${describe(params.arguments)}`;
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return `an array ${clip(JSON.stringify(value))}`;
  return clip(JSON.stringify(value));
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
