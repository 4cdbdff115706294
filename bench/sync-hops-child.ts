/**
 * Child process for `npm run bench -- sync`: the hops a synced line makes, without world.
 * Plain files and raw JetStream, no world code, no signing, no side table: what is left of
 * a synced line's latency when everything world does on the way is taken out.
 *
 *   send FILE URL SUBJECT [STREAM]
 *                              wakes by fs.watch of FILE's directory (as world sync's outbox
 *                              does), reads the new whole lines from a descriptor kept open,
 *                              publishes them as one message and awaits the acknowledgement;
 *                              with STREAM, also consumes the stream and drops what comes
 *                              (world sync receives its own lines back: the echo);
 *   receive URL STREAM SUBJECT FILE
 *                              an ordered consumer on the stream (as world sync's receiver),
 *                              each message's bytes and a newline appended to FILE (O_APPEND).
 *
 * Both connect with the client options world sync uses (noAsyncTraces), print "ready" once
 * listening, and exit cleanly on SIGTERM (connection closed, descriptors closed). They write
 * only FILE (the receiver) and nothing else on disk.
 */
import { closeSync, openSync, readSync, watch, writeSync } from "node:fs";
import { basename, dirname } from "node:path";
import { connect, type NatsConnection } from "nats";

async function send(file: string, url: string, subject: string, echo: string | undefined): Promise<NatsConnection> {
  const nc = await connect({ servers: url, noAsyncTraces: true });
  const js = nc.jetstream();
  if (echo !== undefined) {
    const messages = await (await js.consumers.get(echo, { filterSubjects: subject })).consume();
    void (async () => {
      for await (const _m of messages) {
        // dropped, as world sync passes over its own lines
      }
    })();
    void nc.closed().then(() => messages.stop());
  }
  const fd = openSync(file, "r");
  const buf = Buffer.alloc(1 << 20);
  let offset = 0;
  let busy = false;
  let again = false;
  const drain = async () => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    do {
      again = false;
      const n = readSync(fd, buf, 0, buf.length, offset);
      const whole = n > 0 ? buf.subarray(0, n).lastIndexOf(10) + 1 : 0;
      if (whole > 0) {
        offset += whole;
        await js.publish(subject, buf.subarray(0, whole - 1)); // the lines, without the last newline (as a world chunk)
        again = true; // more may have come while the publish was in flight
      }
    } while (again);
    busy = false;
  };
  const name = basename(file);
  const watcher = watch(dirname(file), (_event, changed) => {
    if (changed === null || changed === name) void drain();
  });
  void nc.closed().then(() => {
    watcher.close();
    closeSync(fd);
  });
  return nc;
}

async function receive(url: string, stream: string, subject: string, file: string): Promise<NatsConnection> {
  const nc = await connect({ servers: url, noAsyncTraces: true });
  const fd = openSync(file, "a");
  const consumer = await nc.jetstream().consumers.get(stream, { filterSubjects: subject });
  const messages = await consumer.consume();
  const newline = Buffer.from("\n");
  void (async () => {
    for await (const m of messages) writeSync(fd, m.data.length > 0 ? Buffer.concat([m.data, newline]) : newline);
    closeSync(fd);
  })();
  void nc.closed().then(() => messages.stop());
  return nc;
}

const [mode, ...args] = process.argv.slice(2);
const started =
  mode === "send" && (args.length === 3 || args.length === 4) ? send(args[0]!, args[1]!, args[2]!, args[3]) : mode === "receive" && args.length === 4 ? receive(args[0]!, args[1]!, args[2]!, args[3]!) : undefined;
if (started === undefined) {
  process.stderr.write(`usage: sync-hops-child.js send FILE URL SUBJECT [STREAM] | receive URL STREAM SUBJECT FILE; received ${JSON.stringify(process.argv.slice(2))}\n`);
  process.exit(2);
}
const nc = await started;
process.once("SIGTERM", () => void nc.close());
process.stdout.write("ready\n");
