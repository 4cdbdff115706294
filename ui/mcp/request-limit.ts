/**
 * A bound on one MCP request, in front of the SDK's stdio transport. The SDK closes the
 * whole connection when a line outgrows its 10 MiB buffer (the server then ends); here a
 * line over the limit is dropped alone, up to its newline, and answered with a JSON-RPC
 * error carrying the request's id, while the requests before and after it are served. The
 * id may come first (`{"jsonrpc","id",…}`) or last (the SDK's own order: `{"method",
 * "params","jsonrpc","id"}`): the first and the last KiB of the dropped line are kept to
 * find it (null only when neither holds it). Memory stays bounded by the limit: at most
 * one unfinished line is held.
 */
import { Transform, type TransformCallback } from "node:stream";

export const REQUEST_LIMIT = 10 * 1024 * 1024;
const ID_VALUE = String.raw`(-?\d+|"(?:[^"\\]|\\.){0,200}")`;
/** `{"jsonrpc":"2.0","id":7,…`: the id among the first members, before any "params". */
const ID_AT_START = new RegExp(String.raw`^\s*\{(?:\s*"(?:jsonrpc|method)"\s*:\s*"[^"]*"\s*,)*\s*"id"\s*:\s*${ID_VALUE}`);
/** `…,"jsonrpc":"2.0","id":7}`: the id as the last member. */
const ID_AT_END = new RegExp(String.raw`"id"\s*:\s*${ID_VALUE}\s*(?:,\s*"(?:jsonrpc|method)"\s*:\s*"[^"]*"\s*)*\}\s*$`);
const KEPT = 1024;

export class RequestLimit extends Transform {
  private held: Buffer[] = [];
  private heldBytes = 0;
  /** Inside a line already over the limit: everything up to its newline is dropped, but its first and last KiB. */
  private dropping: { head: Buffer; tail: Buffer } | undefined;

  constructor(
    private readonly reply: (line: string) => void,
    private readonly limit = REQUEST_LIMIT,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      this.takePiece(chunk.subarray(start, nl + 1), true);
      start = nl + 1;
    }
    if (start < chunk.length) this.takePiece(chunk.subarray(start), false);
    done();
  }

  private takePiece(piece: Buffer, ends: boolean): void {
    if (this.dropping === undefined) {
      if (this.heldBytes + piece.length > this.limit + (ends ? 1 : 0)) {
        const all = Buffer.concat([...this.held, piece]);
        this.held = [];
        this.heldBytes = 0;
        this.dropping = { head: Buffer.from(all.subarray(0, KEPT)), tail: Buffer.from(all.subarray(-KEPT)) };
        if (ends) this.endDropped();
        return;
      }
      this.held.push(piece);
      this.heldBytes += piece.length;
      if (ends) {
        this.push(Buffer.concat(this.held));
        this.held = [];
        this.heldBytes = 0;
      }
      return;
    }
    this.dropping.tail = Buffer.from(Buffer.concat([this.dropping.tail, piece]).subarray(-KEPT));
    if (ends) this.endDropped();
  }

  override _flush(done: TransformCallback): void {
    // The client closed stdin inside an oversized line: it still gets its answer.
    if (this.dropping !== undefined) this.endDropped();
    else if (this.heldBytes > 0) this.push(Buffer.concat(this.held));
    done();
  }

  private endDropped(): void {
    const { head, tail } = this.dropping!;
    this.dropping = undefined;
    const id = ID_AT_START.exec(head.toString("utf8"))?.[1] ?? ID_AT_END.exec(tail.toString("utf8"))?.[1];
    const message = `request too large: expected at most ${this.limit} bytes (10 MiB) on one line, received more; it was not read`;
    this.reply(`{"jsonrpc":"2.0","id":${id ?? "null"},"error":{"code":-32600,"message":${JSON.stringify(message)}}}\n`);
  }
}
