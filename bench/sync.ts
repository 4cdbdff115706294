/**
 * `npm run bench -- sync`: world sync between two worlds (A and B, each with its own real
 * `world sync` process) through a real nats-server, against raw JetStream in the same run.
 *
 *   1. Latency: a line appended to A's log → the same line in B's log, median and p99 over
 *      BENCH_SYNC_PINGS (default 500) lines one after the other; the floor is a raw
 *      JetStream round trip (publish, acknowledged, delivered to an ordered consumer on
 *      another connection), median and p99 over as many messages, one before each line;
 *      each trip after a pause of BENCH_SYNC_SETTLE_MS (default 2; 0: back to back). A
 *      second floor, alternated with both: the same hops without world (SameHops: a plain
 *      file, a relay process woken by fs.watch, raw JetStream, a consumer process appending
 *      to another file, read as B's log is), so the rows show apart what the four process
 *      wake-ups cost and what world's own work costs. Then
 *      the same with a third world C syncing too (enrolled on A and B, and they on C: every
 *      chunk is checked by two machines), C stopped after it.
 *   2. Sustained: BENCH_SYNC_LINES (default 100,000) lines appended to A in batches of 100
 *      → all in B's log, lines/s; the floor is a raw publish of the same number of
 *      one-line messages (acknowledgements awaited 1000 at a time).
 *   3. Catch-up: B's sync stopped, BENCH_SYNC_LINES more lines appended to A (and sent), B's
 *      sync started: the time until B's log holds them all.
 */
import { generateKeyPairSync } from "node:crypto";
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa, type ResultPromise } from "execa";
import { connect, type ConsumerMessages, type JetStreamClient, type NatsConnection } from "nats";
import { Appender } from "../tools/world/append.js";
import { openToRead } from "../tools/fs/open-to-read.js";
import { watchFile } from "../tools/fs/watch.js";
import { worldPaths, type WorldPaths } from "../tools/world/paths.js";
import { fmt, median, percentile, printTable, type Row } from "./measure.js";
import { HAS_NATS, NO_NATS, startNats } from "./nats-server.js";
import { checkChunk, signChunk, ZERO_CHAIN } from "../sync/chunk-sign.js";
import { keyText, ownKey, publicKeyOf } from "../sync/machine-key.js";
import { enrol } from "../sync/machines.js";

const progress = (text: string) => process.stderr.write(`[bench sync] ${text}\n`);
/** BENCH_SYNC_BIN: another build's bin/world.js, run under the same harness (the code before a change, measured in the same minutes). */
const WORLD_BIN = process.env.BENCH_SYNC_BIN ?? fileURLToPath(new URL("../bin/world.js", import.meta.url));
const PINGS = Number(process.env.BENCH_SYNC_PINGS ?? 500);
const LINES = Number(process.env.BENCH_SYNC_LINES ?? 100_000);

/**
 * What signing adds (sync/chunk-sign.ts): one Ed25519 signature per chunk on the sending
 * side, one check on the receiving side, for a one-line chunk (the latency path) and a full
 * one (2000 lines: a catch-up), measured in this process.
 */
function signingCost(): Row[] {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const key = publicKeyOf(keyText(publicKey))!;
  const line = "[2026-11-27T03:00:00.000Z][event:system][bench] ping 12345 with some words to make it a line";
  const rows: Row[] = [];
  for (const lines of [1, 2000]) {
    const data = Buffer.from(Array.from({ length: lines }, () => line).join("\n"));
    const fields = { stream: "WORLD", machine: "a", from: 0, end: data.length + 1, endLine: lines, prev: ZERO_CHAIN };
    const runs = lines === 1 ? 2000 : 200;
    let sig = "";
    let t = process.hrtime.bigint();
    for (let i = 0; i < runs; i++) sig = signChunk(fields, data, privateKey).sig;
    const signUs = Number(process.hrtime.bigint() - t) / 1e3 / runs;
    t = process.hrtime.bigint();
    for (let i = 0; i < runs; i++) checkChunk(fields, data, sig, key);
    const checkUs = Number(process.hrtime.bigint() - t) / 1e3 / runs;
    rows.push({ name: `sign + check a chunk of ${lines} line${lines === 1 ? "" : "s"}`, value: `${signUs.toFixed(0)} µs + ${checkUs.toFixed(0)} µs`, floor: "", ratio: "", note: `${fmt.rate(lines / ((signUs + checkUs) / 1e6))} lines/s of signing alone` });
  }
  return rows;
}

/**
 * CPU time a process has had so far, all its threads, in µs (Linux's per-thread schedstat,
 * in ns: exact, where /proc/<pid>/stat counts 10 ms ticks). Undefined elsewhere. The load
 * of a shared machine stretches every wall-clock time; a process's own CPU time per line
 * moves much less, so it shows what a change to sync's own work did.
 */
function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    let ns = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "latin1").split(" ")[0]);
    return ns / 1000;
  } catch {
    return undefined;
  }
}

/**
 * `waiting`, unless one of `syncs` exits first: then the bench stops with its stderr (a sync
 * that cannot start would otherwise leave the bench waiting for ever on a line).
 */
async function unlessExited<T>(waiting: Promise<T>, syncs: readonly ResultPromise[], what = "world sync"): Promise<T> {
  const exited = Promise.race(syncs).then((r) => {
    throw new Error(`${what} exited (code ${String(r.exitCode)}) before its lines arrived: ${String(r.stderr).trim().slice(-500)}`);
  });
  exited.catch(() => undefined); // it settles when the syncs are stopped at the end too: only this wait listens
  return Promise.race([waiting, exited]);
}

function startSync(paths: WorldPaths, url: string, machine: string): ResultPromise {
  return execa(process.execPath, [WORLD_BIN, "--home", paths.home, "sync", "--nats", url, "--machine", machine, "--insecure"], { reject: false });
}

/** What every line the bench writes has, and world sync's own notices (sync/notices.ts) have not. */
const BENCH_MARK = Buffer.from("][event:system][bench] ");

/** Counts the bench's lines in a log as it grows; `reach(n)` resolves once it has n. */
class LineCounter {
  private offset = 0;
  private count = 0;
  private readonly buf = Buffer.alloc(1 << 20);
  private waiting: { n: number; resolve: () => void } | undefined;
  private readonly stop: () => void;

  constructor(private readonly file: string) {
    this.stop = watchFile(file, () => this.check(), 50);
  }

  lines(): number {
    this.read();
    return this.count;
  }

  reach(n: number): Promise<void> {
    return new Promise((resolve) => {
      this.waiting = { n, resolve };
      this.check();
    });
  }

  close(): void {
    this.stop();
    if (this.fd !== undefined) closeSync(this.fd);
  }

  // One descriptor for the whole run and no stat: a wake-up costs one read that finds the
  // new line and one that finds the end (this wake-up is on the measured path).
  private fd: number | undefined;

  private read(): void {
    this.fd ??= openToRead(this.file); // B's log is made by its sync's first append
    if (this.fd === undefined) return;
    for (let n = readSync(this.fd, this.buf, 0, this.buf.length, this.offset); n > 0; n = readSync(this.fd, this.buf, 0, this.buf.length, this.offset)) {
      // Whole lines only (a marker cut at the end of a read is counted on the next one).
      const whole = this.buf.subarray(0, n).lastIndexOf(10) + 1;
      if (whole === 0) break;
      const lines = this.buf.subarray(0, whole);
      for (let i = lines.indexOf(BENCH_MARK); i !== -1; i = lines.indexOf(BENCH_MARK, i + 1)) this.count += 1;
      this.offset += whole;
    }
  }

  private check(): void {
    this.read();
    if (this.waiting && this.count >= this.waiting.n) {
      const { resolve } = this.waiting;
      this.waiting = undefined;
      resolve();
    }
  }
}

/**
 * A pause before each measured trip, so it starts on a quiet machine: the work trailing the
 * last one (a sync's own echo, its cursor) is done. 0: back to back, everything kept hot.
 */
const SETTLE_MS = Number(process.env.BENCH_SYNC_SETTLE_MS ?? 2);
const settle = () => (SETTLE_MS > 0 ? new Promise((resolve) => setTimeout(resolve, SETTLE_MS)) : Promise.resolve());

/** Raw JetStream on its own stream, with the client options world sync uses (sync/replicate.ts). */
class RawJetStream {
  private arrived: (() => void) | undefined;
  private got = 0;
  private readonly line = Buffer.from("[2026-11-24T00:00:00.000Z][event:system][bench] a line of about the usual length for a world log entry");

  private constructor(
    private readonly pub: NatsConnection,
    private readonly sub: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly messages: ConsumerMessages,
  ) {
    void (async () => {
      for await (const _m of messages) {
        this.got += 1;
        this.arrived?.();
      }
    })();
  }

  static async open(url: string): Promise<RawJetStream> {
    // The options world sync connects with: the floor is the best the same client does.
    const pub = await connect({ servers: url, noAsyncTraces: true });
    const sub = await connect({ servers: url, noAsyncTraces: true });
    await (await pub.jetstreamManager()).streams.add({ name: "RAW", subjects: ["raw.>"] });
    const consumer = await sub.jetstream().consumers.get("RAW", { filterSubjects: "raw.a" });
    return new RawJetStream(pub, sub, pub.jetstream(), await consumer.consume());
  }

  /** One message published (acknowledged) and delivered to the consumer on the other connection, in ms. */
  async roundTrip(): Promise<number> {
    const expected = this.got + 1;
    const t = process.hrtime.bigint();
    const delivered = new Promise<void>((resolve) => (this.arrived = () => this.got >= expected && resolve()));
    await this.js.publish("raw.a", this.line);
    await delivered;
    return Number(process.hrtime.bigint() - t) / 1e6;
  }

  /** One-line messages published, acknowledgements awaited 1000 at a time: lines/s. */
  async publishRate(lines: number): Promise<number> {
    const t = process.hrtime.bigint();
    for (let i = 0; i < lines; i += 1000) {
      await Promise.all(Array.from({ length: Math.min(1000, lines - i) }, () => this.js.publish("raw.b", this.line)));
    }
    return lines / (Number(process.hrtime.bigint() - t) / 1e9);
  }

  async close(): Promise<void> {
    this.messages.stop();
    await this.pub.close();
    await this.sub.close();
  }
}

/** The fixture that makes the same hops as a synced line, without world (bench/sync-hops-child.ts). */
const HOPS_CHILD = fileURLToPath(new URL("./sync-hops-child.js", import.meta.url));
const HOPS_STREAM = "HOPS";
const HOPS_SUBJECT = "hops.a";
/**
 * BENCH_SYNC_HOPS_ECHO=1: the relay also consumes the stream, as world sync receives its own
 * lines back (the server then delivers each message to two processes, not one).
 */
const HOPS_ECHO = process.env.BENCH_SYNC_HOPS_ECHO === "1";

/**
 * A fixture child started, once it has said "ready" (connected and listening). In an object:
 * an async function returning the child itself would wait for its exit (it is a promise).
 */
async function startHopsChild(args: string[]): Promise<{ child: ResultPromise }> {
  const child = execa(process.execPath, [HOPS_CHILD, ...args], { reject: false });
  await new Promise<void>((resolve, reject) => {
    let seen = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes("ready")) resolve();
    });
    void child.then((r) => reject(new Error(`bench/sync-hops-child.js ${args[0]} exited (code ${String(r.exitCode)}) before it was ready: ${String(r.stderr).trim().slice(-500)}`)));
  });
  return { child };
}

/**
 * The second floor: the same four process hops as a synced line, without world. The bench
 * appends a line to a plain file; a relay process woken by fs.watch of that file's
 * directory reads it and publishes it raw to JetStream; a consumer process appends it to
 * another file; the bench's reader waits on that file as it waits on B's log. The line
 * wakes the same processes in the same order (relay, server, consumer, reader) as a line
 * on A wakes A's sync, the server, B's sync and the reader: what world's own work costs is
 * a synced line's latency against this one.
 */
class SameHops {
  private readonly fd: number;
  private readonly counter: LineCounter;
  private readonly extra: { child: ResultPromise; counter: LineCounter }[] = [];
  private expected = 0;

  private constructor(
    private readonly root: string,
    private readonly url: string,
    private readonly children: ResultPromise[],
    aFile: string,
    bFile: string,
  ) {
    this.fd = openSync(aFile, "a");
    this.counter = new LineCounter(bFile);
  }

  static async start(root: string, url: string): Promise<SameHops> {
    const manager = await connect({ servers: url, noAsyncTraces: true });
    try {
      await (await manager.jetstreamManager()).streams.add({ name: HOPS_STREAM, subjects: ["hops.>"] });
    } finally {
      await manager.close();
    }
    // Each file in a directory of its own: no watcher is woken by another's file.
    const [aFile, bFile] = ["hops-a", "hops-b"].map((dir) => {
      mkdirSync(join(root, dir));
      const file = join(root, dir, "plain.log");
      writeFileSync(file, "");
      return file;
    }) as [string, string];
    const children: ResultPromise[] = [];
    const hops = new SameHops(root, url, children, aFile, bFile);
    try {
      children.push((await startHopsChild(["send", aFile, url, HOPS_SUBJECT, ...(HOPS_ECHO ? [HOPS_STREAM] : [])])).child);
      children.push((await startHopsChild(["receive", url, HOPS_STREAM, HOPS_SUBJECT, bFile])).child);
      await hops.trip("warm-up"); // both connected, the consumer delivering
    } catch (error) {
      await hops.close();
      throw error;
    }
    return hops;
  }

  /** A second consumer process on another file, as C's sync beside B's: every message is delivered twice. */
  async addConsumer(): Promise<void> {
    const dir = join(this.root, `hops-${this.extra.length + 3}`);
    mkdirSync(dir);
    const file = join(dir, "plain.log");
    writeFileSync(file, "");
    const counter = new LineCounter(file);
    this.extra.push({ child: (await startHopsChild(["receive", this.url, HOPS_STREAM, HOPS_SUBJECT, file])).child, counter });
    await counter.reach(this.expected); // it has caught up with the stream
  }

  async removeConsumers(): Promise<void> {
    for (const { child, counter } of this.extra.splice(0)) {
      counter.close();
      child.kill("SIGTERM");
      await child;
    }
  }

  /** A line appended to the first file → in the second file, in ms. */
  async trip(tag: string): Promise<number> {
    const line = Buffer.from(`[${new Date().toISOString()}][event:system][bench] ${tag}\n`);
    const t = process.hrtime.bigint();
    writeSync(this.fd, line);
    await unlessExited(this.counter.reach(++this.expected), this.children, "bench/sync-hops-child.js");
    return Number(process.hrtime.bigint() - t) / 1e6;
  }

  async close(): Promise<void> {
    await this.removeConsumers();
    this.counter.close();
    closeSync(this.fd);
    for (const c of this.children) c.kill("SIGTERM");
    await Promise.all(this.children);
  }
}

/** The second floor's rows: the same hops against the raw round trip, and world's line against the same hops (what world's own work costs). */
function sameHopsRows(which: string, lat: number[], rtt: number[], same: number[]): Row[] {
  return [
    {
      name: `the same hops without world${which} (a plain file → a relay process woken by fs.watch → raw publish → a consumer process → a plain file${HOPS_ECHO ? "; the relay consuming its own messages too" : ""}), median`,
      value: fmt.ms(median(same)),
      floor: `raw JetStream round trip ${fmt.ms(median(rtt))}`,
      ratio: fmt.x(median(same) / median(rtt)),
      note: "four process wake-ups, no world code: the structure's own cost",
    },
    { name: `line on A → in B's log${which}, median, against the same hops`, value: fmt.ms(median(lat)), floor: `the same hops ${fmt.ms(median(same))}`, ratio: fmt.x(median(lat) / median(same)), note: "what world's own work costs (signing, checking, side table, chain)" },
    { name: `the same hops${which}, p99`, value: fmt.ms(percentile(same, 99)), floor: fmt.ms(percentile(rtt, 99)), ratio: fmt.x(percentile(same, 99) / percentile(rtt, 99)) },
  ];
}

/**
 * `measure` with a third world C syncing through the same stream, enrolled on A and B and
 * they on C, as people would; C's sync has caught up (its log holds A's lines so far)
 * before, and is stopped after.
 */
async function withThirdMachine<T>(root: string, url: string, a: WorldPaths, b: WorldPaths, measure: () => Promise<T>): Promise<T> {
  const c = worldPaths(join(root, "c"));
  enrol(a, "a", "c", ownKey(c).text);
  enrol(b, "b", "c", ownKey(c).text);
  enrol(c, "c", "a", ownKey(a).text);
  enrol(c, "c", "b", ownKey(b).text);
  const counter = new LineCounter(c.log);
  const sync = startSync(c, url, "c");
  try {
    const onA = new LineCounter(a.log);
    const written = onA.lines(); // every bench line A has written so far
    onA.close();
    await unlessExited(counter.reach(written), [sync]);
    return await measure();
  } finally {
    counter.close();
    sync.kill("SIGTERM");
    await sync;
  }
}

export async function run(): Promise<void> {
  if (!HAS_NATS) {
    process.stdout.write(`\n## sync\n\n${NO_NATS}\n`);
    return;
  }
  const root = mkdtempSync(join(tmpdir(), "bench-sync-"));
  const nats = await startNats();
  const a = worldPaths(join(root, "a"));
  const b = worldPaths(join(root, "b"));
  const syncs: ResultPromise[] = [];
  const counter = new LineCounter(b.log);
  let raw: RawJetStream | undefined;
  let hops: SameHops | undefined;
  try {
    raw = await RawJetStream.open(nats.url);
    hops = await SameHops.start(root, nats.url);
    // Enrolled on each other, as people would (world sync enroll): every chunk is signed and checked.
    enrol(a, "a", "b", ownKey(b).text);
    enrol(b, "b", "a", ownKey(a).text);
    syncs.push(startSync(a, nats.url, "a"), startSync(b, nats.url, "b"));
    const writer = new Appender(a);
    let expected = counter.lines();
    // The first line also waits for both syncs to be connected.
    writer.append({ kind: "event", source: "system", id: "bench", output: "warm-up" });
    await unlessExited(counter.reach(++expected), syncs);
    // Each ping after a raw round trip: both see the same load (the machines are shared,
    // and a floor measured a minute earlier is a floor of another machine).
    // And before each line, the same hops without world (SameHops): the second floor.
    const pings = async (tag: string): Promise<{ lat: number[]; rtt: number[]; same: number[] }> => {
      const lat: number[] = [];
      const rtt: number[] = [];
      const same: number[] = [];
      for (let i = 0; i < PINGS; i++) {
        await settle();
        rtt.push(await raw!.roundTrip());
        await settle();
        same.push(await hops!.trip(`hops ${tag} ${i}`));
        await settle();
        const t = process.hrtime.bigint();
        writer.append({ kind: "event", source: "system", id: "bench", output: `${tag} ${i}` });
        await counter.reach(++expected);
        lat.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
      return { lat, rtt, same };
    };
    progress(`latency: ${PINGS} lines one after the other, each after a raw JetStream round trip and the same hops without world`);
    const cpuBefore = syncs.map((s) => cpuMicros(s.pid));
    const { lat, rtt, same } = await pings("ping");
    // Per line, each sync's own CPU time over the pings (the raw trips cost them nothing).
    const cpuPerLine = syncs.map((s, i) => {
      const [now, before] = [cpuMicros(s.pid), cpuBefore[i]];
      return now === undefined || before === undefined ? undefined : (now - before) / PINGS;
    });
    progress(`latency with a third machine: ${PINGS} lines`);
    const third = await withThirdMachine(root, nats.url, a, b, async () => {
      await hops!.addConsumer(); // as C's sync beside B's: the server delivers each message twice
      try {
        return await pings("ping3");
      } finally {
        await hops!.removeConsumers();
      }
    });
    progress("raw publish rate");
    const publishRate = await raw.publishRate(LINES);
    progress(`sustained: ${LINES} lines`);
    const batch = (tag: string) => {
      for (let i = 0; i < LINES; i += 100) {
        writer.appendMany(Array.from({ length: Math.min(100, LINES - i) }, (_, k) => ({ kind: "event" as const, source: "system", id: "bench", output: `${tag} ${i + k}` })));
      }
    };
    let t = process.hrtime.bigint();
    batch("sustained");
    expected += LINES;
    await counter.reach(expected);
    const sustained = LINES / (Number(process.hrtime.bigint() - t) / 1e9);
    progress(`catch-up: ${LINES} lines while B's sync is stopped`);
    syncs[1]!.kill("SIGTERM");
    await syncs[1];
    batch("backlog");
    expected += LINES;
    // Wait until A has sent them all: its sent cursor reaches the end of its log.
    const aSize = statSync(a.log).size;
    const sentFile = join(a.dir, "sync", "sent.json");
    await new Promise<void>((resolve) => {
      // watchFile sees a file replaced in its directory: here sent.json, replaced at each step.
      const stop = watchFile(sentFile, () => {
        try {
          if ((JSON.parse(readFileSync(sentFile, "utf8")) as { offset: number }).offset >= aSize) {
            stop();
            resolve();
          }
        } catch {
          // being replaced: the next change tells
        }
      }, 100);
    });
    t = process.hrtime.bigint();
    syncs[1] = startSync(b, nats.url, "b");
    await counter.reach(expected);
    const catchUp = Number(process.hrtime.bigint() - t) / 1e6;
    writer.close();
    const rows: Row[] = [
      { name: "line on A → in B's log, median", value: fmt.ms(median(lat)), floor: `raw JetStream round trip ${fmt.ms(median(rtt))}`, ratio: fmt.x(median(lat) / median(rtt)), note: "target ≤ 2x" },
      { name: "line on A → in B's log, p99", value: fmt.ms(percentile(lat, 99)), floor: fmt.ms(percentile(rtt, 99)), ratio: fmt.x(percentile(lat, 99) / percentile(rtt, 99)) },
      ...sameHopsRows("", lat, rtt, same),
      {
        name: "CPU time per line of A's sync + B's sync (latency pings)",
        value: cpuPerLine.map((us) => (us === undefined ? "?" : `${us.toFixed(0)} µs`)).join(" + "),
        floor: "",
        ratio: "",
        note: "all threads, /proc/<pid>/task/*/schedstat",
      },
      { name: "line on A → in B's log, 3 machines (C syncing too), median", value: fmt.ms(median(third.lat)), floor: `raw JetStream round trip ${fmt.ms(median(third.rtt))}`, ratio: fmt.x(median(third.lat) / median(third.rtt)), note: "target ≤ 2x" },
      { name: "line on A → in B's log, 3 machines, p99", value: fmt.ms(percentile(third.lat, 99)), floor: fmt.ms(percentile(third.rtt, 99)), ratio: fmt.x(percentile(third.lat, 99) / percentile(third.rtt, 99)) },
      ...sameHopsRows(", 3 machines (a second consumer process too)", third.lat, third.rtt, third.same),
      { name: `sustained, ${LINES.toLocaleString("en-US")} lines A → B`, value: fmt.rate(sustained), floor: `raw publish ${fmt.rate(publishRate)}`, ratio: fmt.x(sustained / publishRate), note: "target ≥ 20,000/s" },
      { name: `catch-up of ${LINES.toLocaleString("en-US")} lines (B's sync started)`, value: fmt.ms(catchUp), floor: `raw publish of as many ${fmt.ms((LINES / publishRate) * 1000)}`, ratio: fmt.x(catchUp / ((LINES / publishRate) * 1000)), note: "target ≤ 10 s" },
    ];
    rows.push(...signingCost());
    printTable("sync (world sync between two worlds through a real nats-server; chunks signed and checked)", rows);
  } finally {
    await hops?.close();
    await raw?.close();
    counter.close();
    for (const s of syncs) s.kill("SIGTERM");
    await Promise.all(syncs);
    await nats.stop();
    nats.remove();
    rmSync(root, { recursive: true, force: true });
  }
}
