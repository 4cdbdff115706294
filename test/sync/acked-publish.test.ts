/**
 * world sync's acknowledged publish (sync/acked-publish.ts) against a real nats-server:
 * resolved only once the stream stored the message (a repeat of its id is stored once),
 * rejected when no stream takes the subject, when no acknowledgement comes in time, and
 * when the connection closes while it waits.
 */
import { afterEach, describe, expect, it } from "vitest";
import { connect, headers, type Msg, type NatsConnection } from "nats";
import { AckedPublisher, ackError } from "../../sync/acked-publish.js";
import { HAS_NATS, NO_NATS, startNats, type NatsServer } from "./cluster.js";

if (!HAS_NATS) console.warn(NO_NATS);

describe.skipIf(!HAS_NATS)("an acknowledged publish", () => {
  let server: NatsServer | undefined;
  let nc: NatsConnection | undefined;
  afterEach(async () => {
    if (nc !== undefined && !nc.isClosed()) await nc.close();
    await server?.stop();
    server?.remove();
    nc = undefined;
    server = undefined;
  });

  const setUp = async () => {
    server = await startNats();
    nc = await connect({ servers: server.url, noAsyncTraces: true });
    const jsm = await nc.jetstreamManager();
    await jsm.streams.add({ name: "T", subjects: ["t.>"] });
    return { nc, jsm };
  };

  it("resolves once the stream stored the message, with its headers and id; the same id again is stored once", async () => {
    const { nc, jsm } = await setUp();
    const publisher = new AckedPublisher(nc, 20_000);
    const h = headers();
    h.append("World-End", "42");
    await publisher.publish("t.a", Buffer.from("one"), "a:0", h);
    await publisher.publish("t.a", Buffer.from("one"), "a:0", headers()); // a retry after a lost acknowledgement
    await publisher.publish("t.a", Buffer.from("two"), "a:3", headers());
    const info = await jsm.streams.info("T");
    expect(info.state.messages).toBe(2);
    const first = await jsm.streams.getMessage("T", { seq: 1 });
    expect(Buffer.from(first.data).toString()).toBe("one");
    expect(first.header.get("World-End")).toBe("42");
    expect(first.header.get("Nats-Msg-Id")).toBe("a:0");
    publisher.close();
  });

  it("rejects when no stream takes the subject (the server's 503)", async () => {
    const { nc } = await setUp();
    const publisher = new AckedPublisher(nc, 20_000);
    await expect(publisher.publish("elsewhere.a", Buffer.from("x"), "a:0", headers())).rejects.toThrow(/503/);
    publisher.close();
  });

  it("rejects when nothing acknowledges within the timeout, and a later publish still works", async () => {
    const { nc } = await setUp();
    // A plain subscriber on a subject no stream takes: the server sees a responder, none answers.
    const silent = nc.subscribe("quiet.a");
    const publisher = new AckedPublisher(nc, 300);
    await expect(publisher.publish("quiet.a", Buffer.from("x"), "a:0", headers())).rejects.toThrow(/no acknowledgement/);
    await publisher.publish("t.a", Buffer.from("y"), "a:1", headers());
    silent.unsubscribe();
    publisher.close();
  });

  it("rejects a publish still waiting when the connection closes", async () => {
    const { nc } = await setUp();
    nc.subscribe("quiet.a");
    const publisher = new AckedPublisher(nc, 60_000);
    const waiting = publisher.publish("quiet.a", Buffer.from("x"), "a:0", headers());
    await nc.close();
    await expect(waiting).rejects.toThrow(/ended before/);
    publisher.close();
  });
});

describe("a stream's acknowledgement, read", () => {
  const reply = (text: string, status?: { code: number; description: string }) =>
    ({ data: Buffer.from(text), headers: status === undefined ? undefined : { hasError: true, ...status } }) as unknown as Msg;

  it("stored, or stored before (a duplicate), in any order of its fields: no error", () => {
    expect(ackError(reply('{"stream":"WORLD","seq":12}'))).toBeUndefined();
    expect(ackError(reply('{"stream":"WORLD","seq":12,"duplicate":true}'))).toBeUndefined();
    expect(ackError(reply('{"seq":12,"stream":"WORLD"}'))).toBeUndefined();
  });

  it("an error, no stream, not JSON, or a status instead: each says so", () => {
    expect(ackError(reply('{"error":{"code":503,"err_code":10077,"description":"maximum messages exceeded"},"stream":"WORLD"}'))?.message).toMatch(/refused the chunk: maximum messages exceeded \(503\)/);
    expect(ackError(reply('{"stream":"WORLD","seq":0,"error":{"code":400,"description":"bad"}}'))?.message).toMatch(/refused the chunk: bad/);
    expect(ackError(reply('{"stream":"","seq":1}'))?.message).toMatch(/names no stream/);
    expect(ackError(reply("not json"))?.message).toMatch(/not JSON/);
    expect(ackError(reply("", { code: 503, description: "No Responders" }))?.message).toMatch(/503 No Responders/);
  });
});
