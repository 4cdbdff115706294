/**
 * A publish to a JetStream stream, acknowledged: the stream's PubAck, received on an inbox
 * of our own. What `js.publish` of the nats client does, without its per-call machinery:
 * a request object with its own promise race and timer, a copy of the headers, and an
 * Error built (its stack captured) for every acknowledged request after the fact, to
 * cancel what had already resolved. On world sync's sending side that was the largest
 * share of the client's work per line, on the latency path (before the write) and beside
 * it (the acknowledgement arrives while the receiving machine works on the same 2 cores).
 *
 * The message is the same (the same subject, headers, `Nats-Msg-Id` for the stream's
 * duplicate window), stored by the same server rule (a stream stores what is published to
 * its subjects, whoever publishes it), and its acknowledgement means what it meant: stored
 * (or a duplicate, already stored). A publish fails, as before, on an error in the
 * acknowledgement, on no stream answering (the server's 503), on the connection closing, and
 * when no acknowledgement comes within the timeout; world sync then asks the stream how far
 * it has our log, exactly as after any failed publish. One publish at a time (world sync's
 * publisher keeps one chunk in flight): a late acknowledgement of an earlier one is known by
 * its own reply subject and passed over.
 */
import { createInbox, type MsgHdrs, type Msg, type NatsConnection, type NatsError, type Subscription } from "nats";

/** JetStream's header for a message id (the nats client's PubHeaders.MsgIdHdr). */
const MSG_ID_HEADER = "Nats-Msg-Id";

interface Waiting {
  reply: string;
  due: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

export class AckedPublisher {
  private inbox = "";
  /** Undefined before the first publish, and after the subscription ended (made again at the next). */
  private sub: Subscription | undefined;
  private count = 0;
  private waiting: Waiting | undefined;
  /** One timer, re-armed at each publish (refresh), not one made and cleared per message. */
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly nc: NatsConnection,
    private readonly timeoutMs: number,
  ) {}

  /** Resolves once the stream has stored the message (or had it already: the same id within its duplicate window). */
  publish(subject: string, data: Uint8Array, msgId: string, headers: MsgHdrs): Promise<void> {
    if (this.stopped) return Promise.reject(new Error("stopped"));
    if (this.waiting !== undefined) return Promise.reject(new Error("a publish is still waiting for its acknowledgement: one at a time"));
    headers.append(MSG_ID_HEADER, msgId);
    return new Promise<void>((resolve, reject) => {
      let reply: string;
      try {
        reply = `${this.listening()}.${++this.count}`;
        this.nc.publish(subject, data, { reply, headers });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      this.waiting = { reply, due: performance.now() + this.timeoutMs, resolve, reject };
      if (this.timer === undefined) this.timer = setTimeout(this.onTimer, this.timeoutMs);
      else this.timer.refresh();
    });
  }

  /** Stops listening for acknowledgements (a publish still waiting fails). */
  close(): void {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.sub?.unsubscribe();
    this.fail(new Error("stopped before the stream acknowledged the chunk"));
  }

  /** The inbox the acknowledgements come to, subscribed once (again if the subscription ended: the client resubscribes after a reconnect by itself). */
  private listening(): string {
    if (this.sub === undefined) {
      const inbox = createInbox();
      const sub = this.nc.subscribe(`${inbox}.*`, { callback: (error, msg) => this.onReply(error, msg) });
      this.inbox = inbox;
      this.sub = sub;
      void sub.closed.then(() => {
        if (this.sub === sub) this.sub = undefined;
        this.fail(new Error("the subscription for the stream's acknowledgements ended before it acknowledged the chunk"));
      });
    }
    return this.inbox;
  }

  private readonly onTimer = () => {
    const w = this.waiting;
    if (w === undefined) return;
    const left = w.due - performance.now();
    if (left > 0) {
      this.timer = setTimeout(this.onTimer, left);
      return;
    }
    this.fail(new Error(`no acknowledgement from the stream within ${this.timeoutMs} ms`));
  };

  private onReply(error: NatsError | null, msg: Msg): void {
    if (error !== null) {
      this.fail(error); // the subscription itself failed (a permission): no acknowledgement will come
      return;
    }
    const w = this.waiting;
    if (w === undefined || msg.subject !== w.reply) return; // an earlier publish's, given up on
    this.waiting = undefined;
    const refused = ackError(msg);
    if (refused === undefined) w.resolve();
    else w.reject(refused);
  }

  private fail(error: Error): void {
    const w = this.waiting;
    this.waiting = undefined;
    w?.reject(error);
  }
}

const PLAIN_ACK = '{"stream":"';

/** Why an acknowledgement says the message was not stored (undefined: stored). */
export function ackError(msg: Msg): Error | undefined {
  // A status instead of an acknowledgement: 503 when no stream takes the subject.
  if (msg.headers?.hasError === true) return new Error(`the NATS server answered ${msg.headers.code} ${msg.headers.description || "(no description)"} instead of a stream's acknowledgement`);
  const text = Buffer.from(msg.data.buffer, msg.data.byteOffset, msg.data.byteLength).toString("utf8");
  // The server's usual acknowledgement, `{"stream":"<name>","seq":<n>…}`, known without a parse;
  // anything else (an error, another order of its fields) is parsed in full.
  if (text.startsWith(PLAIN_ACK) && text[PLAIN_ACK.length] !== '"' && !text.includes('"error"')) return undefined;
  let ack: { stream?: unknown; error?: { code?: unknown; description?: unknown } };
  try {
    ack = JSON.parse(text) as typeof ack;
  } catch {
    return new Error(`the stream's acknowledgement is not JSON: ${JSON.stringify(text.slice(0, 200))}`);
  }
  if (ack.error !== undefined) return new Error(`the stream refused the chunk: ${String(ack.error.description)} (${String(ack.error.code)})`);
  if (typeof ack.stream !== "string" || ack.stream === "") return new Error(`the stream's acknowledgement names no stream: ${JSON.stringify(ack).slice(0, 200)}`);
  return undefined;
}
