/**
 * Server-sent events: ONE follower of world.log (tools/world/follow.ts: fs.watch plus a
 * slow safety poll, reading only what was appended) fanned out to every open page.
 *
 *   event: entry     data: EntryJson      id: its line number
 *   event: problem   data: {line, error}  a malformed line was skipped
 *   : ping                                every 15 s while a page is open, so proxies and idle
 *                                         timers keep the stream (no page, no timer: an idle
 *                                         monitor does not wake, issue 23)
 *
 * A page that (re)connects fetches its snapshots from /api again, then applies entries
 * from the stream: nothing is lost between the two, duplicates are dropped by line.
 */
import type { ServerResponse } from "node:http";
import { follow, endOf } from "../../tools/world/follow.js";
import { SAFETY_POLL_MS } from "../../tools/fs/watch.js";
import { entryJson } from "../../tools/world/json.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import type { Position, Problem } from "../../tools/world/read.js";

const PING_MS = 15_000;

export class LiveFeed {
  private readonly clients = new Set<ServerResponse>();
  private readonly stop = new AbortController();
  private ping: NodeJS.Timeout | undefined;
  private readonly running: Promise<void>;

  constructor(
    paths: WorldPaths,
    private readonly onError: (error: unknown) => void,
    pollMs = SAFETY_POLL_MS, // an idle monitor wakes for no poll every second (issue 23)
    private readonly pingMs = PING_MS,
  ) {
    this.running = this.run(paths, pollMs);
  }

  get size(): number {
    return this.clients.size;
  }

  /** Whether the keep-alive timer runs: only while a stream is open. */
  get pinging(): boolean {
    return this.ping !== undefined;
  }

  /** Opens the stream on `res` and keeps it until the client leaves or the feed closes. */
  attach(res: ServerResponse, headers: Record<string, string>): void {
    if (this.stop.signal.aborted) {
      // Shutting down: a page's EventSource reconnecting over a kept-alive socket must not
      // open a stream nobody will end (the server's close would wait for it forever).
      res.writeHead(503, { ...headers, Connection: "close", "Retry-After": "2" });
      res.end();
      return;
    }
    res.writeHead(200, {
      ...headers,
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.write("retry: 2000\n\n");
    this.clients.add(res);
    this.ping ??= setInterval(() => this.send(": ping\n\n"), this.pingMs);
    res.on("close", () => {
      this.clients.delete(res);
      if (this.clients.size === 0) this.stopPing();
    });
  }

  /** Ends every stream and the follower; resolves once the follower has stopped. */
  async close(): Promise<void> {
    this.stopPing();
    this.stop.abort();
    for (const res of this.clients) res.end();
    this.clients.clear();
    await this.running;
  }

  private async run(paths: WorldPaths, pollMs: number): Promise<void> {
    const onProblem = (p: Problem) => this.send(`event: problem\ndata: ${JSON.stringify({ line: p.line, error: p.error })}\n\n`);
    let from: Position = endOf(paths.log);
    const onPosition = (p: Position) => (from = p);
    while (!this.stop.signal.aborted) {
      try {
        for await (const e of follow(paths, { from, signal: this.stop.signal, pollMs, onProblem, onPosition })) {
          // JSON.stringify never emits a raw newline, so one data: line holds the whole entry.
          this.send(`event: entry\nid: ${e.line}\ndata: ${JSON.stringify(entryJson(e))}\n\n`);
        }
      } catch (error) {
        // A read failed (the disk, permissions): say so, and follow again from the last good place.
        if (this.stop.signal.aborted) break;
        this.onError(error);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  private stopPing(): void {
    clearInterval(this.ping);
    this.ping = undefined;
  }

  private send(chunk: string): void {
    for (const res of this.clients) res.write(chunk);
  }
}
