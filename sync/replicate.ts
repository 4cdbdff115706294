/**
 * `world sync`: this world.log and a JetStream stream, both ways, until stopped.
 *
 * Outgoing: this machine's own lines, in log order, in chunks; one chunk in flight at a
 * time, each with the message id `<machine>:<byte offset>` (JetStream drops a repeat
 * within its duplicate window) and its end offset in a header. On start and after a failed
 * publish, the last message on this machine's subject says how far the stream already has
 * our log, so an acknowledgement lost to a crash or a cut connection never sends a line
 * twice, however late the retry; so sent.json only saves that question's answer, and is
 * written once for many acknowledgements. One chunk in flight, not a window of them: after
 * a cut connection a later chunk could be stored without an earlier one (lost in the
 * socket), and this machine's lines would no longer be in order in the stream; a chunk
 * takes whatever was written while the previous one was in flight (up to 2000 lines), so
 * a busy writer gets large chunks, not a queue. Incoming: an ordered consumer from the
 * last applied sequence (see apply.ts).
 * Every chunk is signed with this world's key and names the chain value of our previous one
 * (sync/chunk-sign.ts); on start that value, like the offset, is read back from our last
 * message in the stream. Received chunks are applied only if sync/admit.ts admits them.
 * Offline first: the writers of world.log never wait on any of this.
 */
import { connect, DeliverPolicy, headers, type ConsumerMessages, type JsMsg, type JetStreamClient, type JetStreamManager, type NatsConnection, type OrderedConsumerOptions } from "nats";
import { UsageError, shown } from "../tools/errors.js";
import type { Logger } from "../tools/process/daemon.js";
import { pause } from "../tools/process/daemon.js";
import { Backoff } from "../tools/backoff.js";
import { FileChanges } from "../tools/fs/watch.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { scanLines, type Position } from "../tools/world/read.js";
import { Applier, type IncomingMessage } from "./apply.js";
import type { SignedChunk } from "./admit.js";
import { clientOptions, credentialsGiven, isAuthError, isTlsError, shownUrl } from "./auth.js";
import { DeferredWrite } from "./deferred-write.js";
import { allLinesSubject, linesSubject } from "./names.js";
import { CONNECTED_TO, notice, noticeChanges, UNREACHABLE } from "./notices.js";
import { Outbox, type Chunk } from "./outbox.js";
import { AckedPublisher } from "./acked-publish.js";
import { SkipLines } from "./skip-lines.js";
import { lineHash, SyncState } from "./state.js";
import { chainOf, HEADER_FROM, HEADER_PREV, HEADER_SIG, signChunk, ZERO_CHAIN } from "./chunk-sign.js";
import { ED25519_BY } from "./ed25519.js";
import { ownKey } from "./machine-key.js";
import { enrolSelf } from "./machines.js";

const HEADER_END = "World-End";
const HEADER_END_LINE = "World-End-Line";

export interface SyncOptions {
  url: string;
  /** The server's certificate authority (PEM file), when it is a private one. */
  ca?: string;
  /** Accept a server that asks for no credentials (refused otherwise: see openServerRefused). */
  insecure?: boolean;
  stream: string;
  machine: string;
  signal: AbortSignal;
  log: Logger;
  /** What a person at the terminal should know (unreachable, connected, lost, back): one line each. */
  say?: (text: string) => void;
  /** Told after each step, for `world sync`'s output and the tests. */
  onProgress?: (p: { sent: number; received: number }) => void;
}

export async function runSync(paths: WorldPaths, options: SyncOptions): Promise<void> {
  const { log, machine } = options;
  const state = new SyncState(paths);
  const skip = new SkipLines();
  const applier = new Applier(paths, state, machine, skip, (seq, from, error) => log.warn({ seq, from, error }, "skipped a received line that is not an entry"), options.stream);
  try {
    enrolSelf(paths, machine); // the root of this machine's list: its own key (sync/machines.ts)
    applier.recover(state.sent().offset); // offline: settle a crash before anything is sent
    const nc = await connectToServer(paths, options); // undefined: stopped while waiting for the server
    if (nc !== undefined) await replicateThrough(nc, paths, state, skip, applier, options);
  } finally {
    applier.close();
    state.close();
  }
}

/** Both ways through a connected client, until stopped; the client closed at the end. */
async function replicateThrough(nc: NatsConnection, paths: WorldPaths, state: SyncState, skip: SkipLines, applier: Applier, options: SyncOptions): Promise<void> {
  const { signal, log, machine, stream } = options;
  const url = shownUrl(options.url); // never its credentials: the log goes to every machine
  log.info({ url, stream, machine, ed25519: ED25519_BY }, "connected");
  notice(paths, machine, `${CONNECTED_TO}${url}, stream ${stream}`);
  options.say?.(`connected to ${url}, stream ${stream}`);
  const changes = noticeChanges(paths, machine, nc, url, options.say).catch((error: unknown) => log.warn({ error: String(error) }, "cannot write a sync notice"));
  const closed = nc.closed();
  signal.addEventListener("abort", () => void nc.close(), { once: true });
  try {
    const jsm = await nc.jetstreamManager();
    await ensureStream(jsm, stream);
    const js = nc.jetstream();
    await Promise.all([publishLoop(paths, nc, jsm, state, skip, options), receiveLoop(js, applier, options)]);
  } finally {
    if (!nc.isClosed()) await nc.close();
    await closed;
    await changes;
  }
}

/**
 * Connects, trying again (250 ms doubling to 2 s) while the server cannot be reached:
 * offline first, and a first signal ends the wait (undefined), which a client waiting for
 * its first connection would not. Credentials the server turns down, or a certificate that
 * cannot be checked, would say the same at every try: they end world sync in one line
 * (exit 2). Once connected, the client reconnects by itself, for ever.
 */
async function connectToServer(paths: WorldPaths, options: SyncOptions): Promise<NatsConnection | undefined> {
  const { signal, log } = options;
  const server = shownUrl(options.url);
  const base = {
    ...clientOptions(options.url, options.ca),
    name: `world-sync-${options.machine}`,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    timeout: 5000, // one attempt at an address that never answers: then the next, or the signal
    // Without it every publish builds an Error up front, for a stack trace should it time
    // out (a tenth of this process's busy time on the latency path); our failures are
    // logged by their message.
    noAsyncTraces: true,
  };
  const backoff = new Backoff(250, 2000);
  for (let said = false; !signal.aborted; ) {
    let nc: NatsConnection;
    try {
      nc = await connect(base);
    } catch (error) {
      if (isAuthError(error)) {
        throw new UsageError(
          `the NATS server at ${server} turned down the credentials (${String(error)}): expected a user and password or a token it accepts, in the URL (nats://user:password@host:port, nats://token@host:port; or WORLD_NATS), received ${credentialsGiven(options.url)}`,
        );
      }
      if (isTlsError(error)) {
        throw new UsageError(
          `cannot check the TLS certificate of the NATS server at ${server} (${String((error as Error).message)}): expected one signed by a certificate authority this machine trusts, or by the one given with --nats-ca (or WORLD_NATS_CA), received ${options.ca === undefined ? "no --nats-ca" : shown(options.ca)}`,
        );
      }
      if (error instanceof TypeError) {
        // The client cannot read the address at all ("Invalid URL"): no try will.
        throw new UsageError(`invalid --nats: expected an address the NATS client can read, like nats://host:4222, received ${shown(server)} (${error.message})`);
      }
      if (!said) {
        log.warn({ url: server, error: String(error) }, "the NATS server cannot be reached: working offline, trying again");
        // Said where people look, once: the terminal, and the log (world status, the monitor).
        const why = (error as Error)?.message ?? String(error);
        options.say?.(`the NATS server at ${server} cannot be reached (${why}): working offline, trying again; lines are kept and sent once it answers`);
        notice(paths, options.machine, `${UNREACHABLE}${server} (${why}): working offline, trying again`);
      }
      said = true;
      await pause(backoff.next(), signal);
      continue;
    }
    if (nc.info?.auth_required !== true && options.insecure !== true) {
      await nc.close();
      throw openServerRefused(server);
    }
    return nc;
  }
  return undefined;
}

/**
 * A server that asks for no credentials lets anyone who reaches it publish to the stream,
 * and every line published there is appended to every machine's log (docs/sync.md,
 * "Credentials, and whom a synced world trusts"). Refused unless the person says they know.
 */
function openServerRefused(server: string): UsageError {
  // A usage error (exit 2): what is missing is the person's --insecure or credentials, and
  // under `world up --nats` a usage error stops the whole up with this line, not restarts.
  return new UsageError(
    `refused the NATS server at ${server}: it asks for no credentials, so anyone who can reach it can write into this world; expected a server with credentials (nats://user:password@host:port, nats://token@host:port), received one that accepts anyone (give --insecure to sync through it anyway)`,
  );
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

/** A chunk the stream has not acknowledged by then is published again (after asking the stream how far it has our log). */
const PUBLISH_TIMEOUT_MS = 5000;

/** How long sent.json may lag behind the acknowledgements (the stream is asked on every connect). */
const SENT_CURSOR_DELAY_MS = 200;

/** JetStream's "no message found" (nothing on this machine's subject yet). */
const NO_MESSAGE = 10037;

/**
 * How far the stream already holds this machine's log (undefined: nothing of ours yet).
 * Any other failure throws: sent.json may lag behind the stream, so "unknown" must never
 * be taken for "nothing" (the lines since would go out twice).
 */
async function streamHas(jsm: JetStreamManager, stream: string, machine: string): Promise<(Position & { chain: string }) | undefined> {
  let last;
  try {
    last = await jsm.streams.getMessage(stream, { last_by_subj: linesSubject(stream, machine) });
  } catch (error) {
    if ((error as { api_error?: { err_code?: number } }).api_error?.err_code === NO_MESSAGE) return undefined;
    throw error;
  }
  const offset = Number(last.header.get(HEADER_END));
  const line = Number(last.header.get(HEADER_END_LINE));
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(line)) {
    throw new Error(`the last message on ${linesSubject(stream, machine)} (seq ${last.seq}) has no ${HEADER_END}/${HEADER_END_LINE} headers: expected byte and line numbers, received ${JSON.stringify([last.header.get(HEADER_END), last.header.get(HEADER_END_LINE)])}`);
  }
  // The chain value our next chunk names as its previous (an unsigned one, from an older world sync, starts a new chain).
  const from = Number(last.header.get(HEADER_FROM));
  const prev = last.header.get(HEADER_PREV);
  const chain = Number.isSafeInteger(from) && prev !== "" ? chainOf({ stream, machine, from, end: offset, endLine: line, prev }, last.data) : ZERO_CHAIN;
  return { offset, line, chain };
}

async function publishLoop(
  paths: WorldPaths,
  nc: NatsConnection,
  jsm: JetStreamManager,
  state: SyncState,
  skip: SkipLines,
  options: SyncOptions,
): Promise<void> {
  const { signal, log, machine, stream } = options;
  const subject = linesSubject(stream, machine);
  let position = state.sent();
  let prev = ZERO_CHAIN; // the chain value of our last chunk in the stream (sync/chunk-sign.ts)
  const key = ownKey(paths).privateKey;
  const cursor = new DeferredWrite<Position>((p) => state.writeSent(p), SENT_CURSOR_DELAY_MS);
  const catchUp = async () => {
    const has = await streamHas(jsm, stream, machine);
    prev = has?.chain ?? ZERO_CHAIN;
    if (has !== undefined && has.offset > position.offset) {
      log.info({ from: position.offset, to: has.offset }, "the stream already has our log up to here");
      passOver(paths, position, has, skip);
      position = { offset: has.offset, line: has.line };
      cursor.now(position);
    }
  };
  // Nothing goes out before the stream has said how far it has our log: sent.json may lag,
  // and a publish that failed may have been stored after all (beyond the duplicate window,
  // the same message id would no longer be dropped).
  const settle = async (): Promise<void> => {
    const backoff = new Backoff(100, 2000);
    while (!signal.aborted) {
      try {
        return await catchUp();
      } catch (error) {
        if (signal.aborted) return;
        log.warn({ error: String(error), backoff: backoff.upcoming }, "cannot ask the stream how far it has our log; will ask again");
        await pause(backoff.next(), signal);
      }
    }
  };
  await settle();
  const changes = new FileChanges(paths.log, { pollMs: 500, signal });
  const outbox = new Outbox(paths, skip);
  const publisher = new AckedPublisher(nc, PUBLISH_TIMEOUT_MS);
  let sent = 0;
  try {
    let chunk: Chunk | undefined;
    const backoff = new Backoff(100, 2000);
    while (!signal.aborted) {
      if (chunk === undefined) {
        if (!(await changes.next())) break;
        chunk = outbox.next(position);
        if (chunk === undefined) continue;
        // A chunk cut by its limits has more after it; one that reached the end of the log
        // has not (a line written since was seen by the watch).
        if (chunk.full) changes.again();
      }
      if (chunk.lines.length > 0) {
        try {
          const data = Buffer.from(chunk.lines.join("\n"));
          const signed = signChunk({ stream, machine, from: chunk.from.offset, end: chunk.end.offset, endLine: chunk.end.line, prev }, data, key);
          // Appended to a fresh set: `set` would first search the keys to delete each one.
          const h = headers();
          h.append(HEADER_END, String(chunk.end.offset));
          h.append(HEADER_END_LINE, String(chunk.end.line));
          h.append(HEADER_FROM, String(chunk.from.offset));
          h.append(HEADER_PREV, prev);
          h.append(HEADER_SIG, signed.sig);
          await publisher.publish(subject, data, `${machine}:${chunk.from.offset}`, h);
          prev = signed.chain;
          backoff.reset();
        } catch (error) {
          if (signal.aborted) break;
          log.warn({ error: String(error), backoff: backoff.upcoming }, "publish failed; will retry the same chunk");
          await pause(backoff.next(), signal);
          await settle(); // the failed publish may have reached the stream after all
          if (position.offset >= chunk.end.offset) chunk = undefined;
          continue;
        }
        sent += chunk.lines.length;
      }
      position = chunk.end;
      cursor.later(position);
      chunk = undefined;
      options.onProgress?.({ sent, received: 0 });
    }
  } finally {
    cursor.flush();
    changes.close();
    outbox.close();
    publisher.close();
  }
}

/** Uses up the skip counts of received lines between two positions the publisher jumps over. */
function passOver(paths: WorldPaths, from: Position, to: Position, skip: SkipLines): void {
  if (skip.size === 0) return;
  scanLines(paths.log, from, (text, at) => {
    if (at.offset >= to.offset) return false;
    skip.take(lineHash(text));
    return true;
  });
}

/**
 * What a received chunk's signature covers, from its headers (checked in sync/admit.ts;
 * missing ones refuse it there). One pass over the headers, not a lookup per field (each
 * `get` or `has` of the client lists and filters every key): as `get` reads them, the first
 * value under each exact name; a number present but not a safe integer counts as missing.
 */
function signedFields(m: JsMsg): Partial<SignedChunk> {
  const h = m.headers;
  if (h === undefined) return {};
  const fields: Partial<SignedChunk> = {};
  const number = (key: "from" | "end" | "endLine", text: string) => {
    const n = Number(text);
    if (Number.isSafeInteger(n)) fields[key] = n;
  };
  for (const [name, values] of h) {
    const value = values[0];
    if (value === undefined) continue;
    if (name === HEADER_SIG) {
      if (value !== "") fields.sig = value;
    } else if (name === HEADER_PREV) {
      if (value !== "") fields.prev = value;
    } else if (name === HEADER_FROM) number("from", value);
    else if (name === HEADER_END) number("end", value);
    else if (name === HEADER_END_LINE) number("endLine", value);
  }
  return fields;
}

/** A stream message as the Applier takes it; the machine from the subject (linesSubject), not a header. */
function incoming(m: JsMsg, self: string): IncomingMessage {
  // The subject names the machine: decoding the headers for it cost a tenth of the
  // receiving side's work per line.
  const machine = m.subject.slice(m.subject.lastIndexOf(".") + 1);
  // Our own lines come back too: only their sequence matters (they are in our log already).
  if (machine === self || m.data.length === 0) return { seq: m.seq, machine, data: m.data, lines: [] };
  return { seq: m.seq, machine, data: m.data, ...signedFields(m), lines: Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength).toString("utf8").split("\n") };
}

async function receiveLoop(js: JetStreamClient, applier: Applier, options: SyncOptions): Promise<void> {
  const { signal, log, stream, machine: self } = options;
  let received = 0;
  while (!signal.aborted) {
    let batch: IncomingMessage[] = [];
    try {
      const from: Partial<OrderedConsumerOptions> =
        // From the start, the consumer's own default; an explicit DeliverPolicy.All delivered nothing (nats 2.29 with server 2.9).
        applier.applied > 0 ? { opt_start_seq: applier.applied + 1, deliver_policy: DeliverPolicy.StartSequence } : {};
      // One subject as a string: a list needs nats-server 2.10 (Debian has 2.9), where it hangs.
      const consumer = await js.consumers.get(stream, { filterSubjects: allLinesSubject(stream), ...from });
      let messages: ConsumerMessages | undefined;
      let flushing = false;
      // Set when an apply failed: the messages after it are never applied before it (its
      // sequence would be passed over); this consumer ends, and the next one starts at it.
      let failed = false;
      const flush = () => {
        flushing = false;
        if (batch.length === 0) return;
        try {
          received += applier.apply(batch);
        } catch (error) {
          failed = true;
          messages?.stop(error instanceof Error ? error : new Error(String(error))); // closed() says why
          return;
        } finally {
          batch = [];
        }
        options.onProgress?.({ sent: 0, received });
      };
      // The messages one socket read brought, in one append: once the client has handed them
      // all over (a microtask after them), at once when that was one message (the latency
      // path), else after the reads already waiting too (a catch-up: fewer, larger appends).
      const afterRead = () => {
        if (batch.length <= 1) flush();
        else setImmediate(flush);
      };
      // A callback, not the async iterator: each message comes here in the turn the client
      // parses it, with no promises between the socket and the check on the latency path.
      messages = await consumer.consume({
        max_messages: 256, // a message holds up to 2000 lines
        callback: (m) => {
          if (failed) return; // delivered after the failed apply, from the same read
          batch.push(incoming(m, self));
          if (batch.length >= 512) flush();
          else if (!flushing) {
            flushing = true;
            queueMicrotask(afterRead);
          }
        },
      });
      const stop = () => void messages?.stop();
      signal.addEventListener("abort", stop, { once: true });
      const stopped = await messages.closed();
      signal.removeEventListener("abort", stop);
      if (stopped instanceof Error) throw stopped;
      flush();
    } catch (error) {
      batch = [];
      if (signal.aborted) break;
      log.warn({ error: String(error) }, "receiving stopped; starting again from the last applied sequence");
      await pause(250, signal);
    }
  }
}
