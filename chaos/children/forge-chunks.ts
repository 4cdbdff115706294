/**
 * What an attacker who can publish to the stream sends (chaos/sync-*.ts and
 * test/sync/signed.test.ts): chunks crafted by hand on a machine's subject, signed with a
 * key of the attacker's choosing (its own, or a stolen machine's), an altered copy of a real
 * chunk, or a real chunk published again. The headers are the ones world sync writes
 * (sync/replicate.ts, sync/chunk-sign.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createPrivateKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { headers, type NatsConnection } from "nats";
import { HEADER_FROM, HEADER_PREV, HEADER_SIG, signChunk, ZERO_CHAIN } from "../../sync/chunk-sign.js";

export interface Forged {
  machine: string;
  lines: readonly string[];
  from: number;
  prev?: string;
  key: KeyObject;
  stream?: string;
}

/** A fresh key: a machine nobody enrolled. */
export function strangerKey(): KeyObject {
  return generateKeyPairSync("ed25519").privateKey;
}

/** A world's own private key (a stolen machine: what its owner could sign). */
export function stolenKey(home: string): KeyObject {
  return createPrivateKey(readFileSync(join(home, ".world", "chain", "world-key.pem"), "utf8"));
}

/** Publishes one signed chunk as `machine`; returns its chain value (for the next one). */
export async function publishForged(nc: NatsConnection, f: Forged): Promise<string> {
  const stream = f.stream ?? "WORLD";
  const data = Buffer.from(f.lines.join("\n"));
  const end = f.from + data.length + 1;
  const prev = f.prev ?? ZERO_CHAIN;
  const { sig, chain } = signChunk({ stream, machine: f.machine, from: f.from, end, endLine: 0, prev }, data, f.key);
  const h = headers();
  h.set("World-End", String(end));
  h.set("World-End-Line", "0");
  h.set(HEADER_FROM, String(f.from));
  h.set(HEADER_PREV, prev);
  h.set(HEADER_SIG, sig);
  await nc.jetstream().publish(`${stream}.lines.${f.machine}`, data, { headers: h });
  return chain;
}

/** A real chunk already in the stream, published again as it was (headers and bytes), or with its bytes changed. */
export async function republish(nc: NatsConnection, seq: number, change?: (text: string) => string, stream = "WORLD"): Promise<void> {
  const jsm = await nc.jetstreamManager();
  const m = await jsm.streams.getMessage(stream, { seq });
  const h = headers();
  for (const name of [HEADER_FROM, HEADER_PREV, HEADER_SIG, "World-End", "World-End-Line"]) h.set(name, m.header.get(name));
  const text = Buffer.from(m.data).toString("utf8");
  // A message id of its own: JetStream's duplicate window would drop the same one (an attacker sets any).
  await nc.jetstream().publish(m.subject, Buffer.from(change ? change(text) : text), { headers: h, msgID: `again-${seq}-${Date.now()}` });
}

/** The stream sequences of a machine's messages, in order. */
export async function sequencesOf(nc: NatsConnection, machine: string, stream = "WORLD"): Promise<number[]> {
  const jsm = await nc.jetstreamManager();
  const info = await jsm.streams.info(stream);
  const seqs: number[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
    try {
      const m = await jsm.streams.getMessage(stream, { seq });
      if (m.subject === `${stream}.lines.${machine}`) seqs.push(seq);
    } catch {
      // deleted or never stored
    }
  }
  return seqs;
}
