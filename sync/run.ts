/**
 * `world sync`: this world.log and a JetStream stream, both ways, until stopped.
 *
 * Outgoing: this machine's own lines, in log order, in chunks; one chunk in flight at a
 * time, each with the message id `<machine>:<byte offset>` (JetStream drops a repeat
 * within its duplicate window) and its end offset in a header. On every (re)connect the
 * last message on this machine's subject says how far the stream already has our log, so
 * an acknowledgement lost to a crash or a cut connection never sends a line twice, however
 * late the retry. Incoming: an ordered consumer from the last applied sequence (see apply.ts).
 * Offline first: the writers of world.log never wait on any of this.
 */
import { connect, DeliverPolicy, headers, type JetStreamClient, type JetStreamManager, type OrderedConsumerOptions } from "nats";
import type { Logger } from "../tools/proc/daemon.js";
import { pause } from "../tools/proc/daemon.js";
import { watchLog } from "../tools/world/log-watch.js";
import type { WorldPaths } from "../tools/world/paths.js";
import type { Position } from "../tools/world/read.js";
import { Applier, type IncomingMessage } from "./apply.js";
import { allLinesSubject, linesSubject } from "./names.js";
import { nextChunk, type Chunk } from "./outbox.js";
import { SkipLines } from "./skip-lines.js";
import { SyncState } from "./state.js";

const HEADER_MACHINE = "World-Machine";
const HEADER_END = "World-End";
const HEADER_END_LINE = "World-End-Line";

export interface SyncOptions {
  url: string;
  stream: string;
  machine: string;
  signal: AbortSignal;
  log: Logger;
  /** Told after each step, for `world sync`'s output and the tests. */
  onProgress?: (p: { sent: number; received: number }) => void;
}

export async function runSync(paths: WorldPaths, options: SyncOptions): Promise<void> {
  const { signal, log, machine, stream } = options;
  const state = new SyncState(paths);
  const skip = new SkipLines();
  const applier = new Applier(paths, state, machine, skip, (seq, from, error) => log.warn({ seq, from, error }, "skipped a received line that is not an entry"));
  applier.recover(state.sent().offset); // offline: settle a crash before anything is sent
  const nc = await connect({
    servers: options.url,
    name: `world-sync-${machine}`,
    waitOnFirstConnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
  });
  log.info({ url: options.url, stream, machine }, "connected");
  const closed = nc.closed();
  signal.addEventListener("abort", () => void nc.close(), { once: true });
  try {
    const jsm = await nc.jetstreamManager();
    await ensureStream(jsm, stream);
    const js = nc.jetstream();
    await Promise.all([publishLoop(paths, js, jsm, state, skip, options), receiveLoop(js, applier, options)]);
  } finally {
    applier.close();
    if (!nc.isClosed()) await nc.close();
    await closed;
  }
}

async function ensureStream(jsm: JetStreamManager, stream: string): Promise<void> {
  try {
    await jsm.streams.info(stream);
  } catch {
    try {
      await jsm.streams.add({ name: stream, subjects: [allLinesSubject(stream)] });
    } catch (error) {
      await jsm.streams.info(stream).catch(() => Promise.reject(error)); // another machine made it first: fine
    }
  }
}

/** How far the stream already holds this machine's log (undefined: nothing yet, or unknown). */
async function streamHas(jsm: JetStreamManager, stream: string, machine: string): Promise<Position | undefined> {
  try {
    const last = await jsm.streams.getMessage(stream, { last_by_subj: linesSubject(stream, machine) });
    const offset = Number(last.header.get(HEADER_END));
    const line = Number(last.header.get(HEADER_END_LINE));
    return Number.isSafeInteger(offset) && Number.isSafeInteger(line) ? { offset, line } : undefined;
  } catch {
    return undefined;
  }
}

async function publishLoop(
  paths: WorldPaths,
  js: JetStreamClient,
  jsm: JetStreamManager,
  state: SyncState,
  skip: SkipLines,
  options: SyncOptions,
): Promise<void> {
  const { signal, log, machine, stream } = options;
  const subject = linesSubject(stream, machine);
  let position = state.sent();
  const catchUp = async () => {
    const has = await streamHas(jsm, stream, machine);
    if (has !== undefined && has.offset > position.offset) {
      log.info({ from: position.offset, to: has.offset }, "the stream already has our log up to here");
      position = has;
      state.writeSent(position);
    }
  };
  await catchUp();
  let pending = true;
  let wake: (() => void) | undefined;
  const poke = () => {
    pending = true;
    wake?.();
  };
  const unwatch = watchLog(paths, poke, 500);
  signal.addEventListener("abort", poke, { once: true });
  let sent = 0;
  try {
    let chunk: Chunk | undefined;
    let backoff = 100;
    while (!signal.aborted) {
      if (chunk === undefined) {
        if (!pending) await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        pending = false;
        if (signal.aborted) break;
        chunk = nextChunk(paths, position, skip);
        if (chunk === undefined) continue;
        pending = true; // there may be more after this chunk
      }
      if (chunk.lines.length > 0) {
        try {
          const h = headers();
          h.set(HEADER_MACHINE, machine);
          h.set(HEADER_END, String(chunk.end.offset));
          h.set(HEADER_END_LINE, String(chunk.end.line));
          await js.publish(subject, Buffer.from(chunk.lines.join("\n")), { msgID: `${machine}:${chunk.from.offset}`, headers: h, timeout: 5000 });
          backoff = 100;
        } catch (error) {
          if (signal.aborted) break;
          log.warn({ error: String(error), backoff }, "publish failed; will retry the same chunk");
          await pause(backoff, signal);
          backoff = Math.min(backoff * 2, 2000);
          await catchUp(); // the failed publish may have reached the stream after all
          if (position.offset >= chunk.end.offset) chunk = undefined;
          continue;
        }
        sent += chunk.lines.length;
      }
      position = chunk.end;
      state.writeSent(position);
      chunk = undefined;
      options.onProgress?.({ sent, received: 0 });
    }
  } finally {
    unwatch();
  }
}

async function receiveLoop(js: JetStreamClient, applier: Applier, options: SyncOptions): Promise<void> {
  const { signal, log, stream } = options;
  let received = 0;
  while (!signal.aborted) {
    try {
      const from: Partial<OrderedConsumerOptions> =
        // From the start, the consumer's own default; an explicit DeliverPolicy.All delivered nothing (nats 2.29 with server 2.9).
        applier.applied > 0 ? { opt_start_seq: applier.applied + 1, deliver_policy: DeliverPolicy.StartSequence } : {};
      // One subject as a string: a list needs nats-server 2.10 (Debian has 2.9), where it hangs.
      const consumer = await js.consumers.get(stream, { filterSubjects: allLinesSubject(stream), ...from });
      const messages = await consumer.consume({ max_messages: 256 }); // a message holds up to 2000 lines
      signal.addEventListener("abort", () => void messages.stop(), { once: true });
      let batch: IncomingMessage[] = [];
      let flushing = false;
      const flush = () => {
        flushing = false;
        if (batch.length === 0) return;
        const lines = applier.apply(batch);
        received += lines;
        batch = [];
        options.onProgress?.({ sent: 0, received });
      };
      for await (const m of messages) {
        const machine = m.headers?.get(HEADER_MACHINE) || m.subject.slice(m.subject.lastIndexOf(".") + 1);
        batch.push({ seq: m.seq, machine, lines: m.data.length === 0 ? [] : Buffer.from(m.data).toString("utf8").split("\n") });
        // Apply what has arrived so far in one append, as soon as the queue of ready messages is empty.
        if (batch.length >= 512) flush();
        else if (!flushing) {
          flushing = true;
          setImmediate(flush);
        }
      }
      flush();
    } catch (error) {
      if (signal.aborted) break;
      log.warn({ error: String(error) }, "receiving stopped; starting again from the last applied sequence");
      await pause(250, signal);
    }
  }
}
