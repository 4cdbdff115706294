/**
 * A bound on one MCP request, in front of the SDK's stdio transport. The SDK closes the
 * whole connection when a line outgrows its 10 MiB buffer (the server then ends); here a
 * line over the limit is dropped alone, up to its newline, and answered with a JSON-RPC
 * error (the request's id when it can be seen near the start, else null), while the
 * requests before and after it are served. Memory stays bounded by the limit: at most one
 * unfinished line is held.
 */
import { Transform, type TransformCallback } from "node:stream";

export const REQUEST_LIMIT = 10 * 1024 * 1024;
const ID_NEAR_START = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")/;

export class RequestLimit extends Transform {
  private held: Buffer[] = [];
  private heldBytes = 0;
  /** Inside a line already over the limit: everything up to its newline is dropped. */
  private dropping = false;

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
    if (!this.dropping) {
      if (this.heldBytes + piece.length > this.limit + (ends ? 1 : 0)) {
        this.refuse(Buffer.concat([...this.held, piece.subarray(0, 1024)]));
        this.held = [];
        this.heldBytes = 0;
        this.dropping = !ends;
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
    if (ends) this.dropping = false;
  }

  private refuse(head: Buffer): void {
    const id = ID_NEAR_START.exec(head.subarray(0, 1024).toString("utf8"))?.[1];
    const message = `request too large: expected at most ${this.limit} bytes (10 MiB) on one line, received more; it was not read`;
    this.reply(`{"jsonrpc":"2.0","id":${id ?? "null"},"error":{"code":-32600,"message":${JSON.stringify(message)}}}\n`);
  }
}
