/**
 * What a machine signs when it publishes (docs/sync.md, "Signed chunks"): one Ed25519
 * signature per chunk (sync/ed25519.ts), not per line (a signature costs ~20-80 µs and its check ~50-200 µs:
 * per line that would cap a catch-up near 5,000 lines/s; per chunk of up to 2000 lines it
 * is lost in the noise, and the latency of one line pays one of each).
 *
 * The signature covers the stream, the machine, where the chunk starts and ends in that
 * machine's log, the chain value of the machine's previous chunk and the SHA-256 of the
 * chunk's bytes. Its own chain value is the SHA-256 of that signed text: so each chunk
 * names the one before it, and a machine's chunks form a hash chain, like the log's own
 * (tools/world/chain.ts). A receiver keeps, per machine, the end offset and chain value of
 * the last chunk it applied: a chunk that starts before that end was sent before (replayed,
 * or a history rewritten), and one that does not name that chain value as its previous
 * does not extend the history it holds (rewritten); both are refused.
 */
import { hash, type KeyObject } from "node:crypto";
import { signEd25519, verifyEd25519 } from "./ed25519.js";

export const ZERO_CHAIN = "0".repeat(64);

/** The headers a signed chunk carries (besides World-End and World-End-Line). */
export const HEADER_FROM = "World-From";
export const HEADER_PREV = "World-Prev";
export const HEADER_SIG = "World-Sig";

export interface ChunkFields {
  stream: string;
  machine: string;
  from: number;
  end: number;
  endLine: number;
  prev: string;
}

// The one-shot crypto.hash: no Hash object per digest (two per chunk on each side, on the latency path).
function sha256(data: Uint8Array): string {
  return hash("sha256", data, "hex");
}

function signedText(f: ChunkFields, data: Uint8Array): Buffer {
  const digest = sha256(data);
  return Buffer.from(`world-sync 1\n${f.stream}\n${f.machine}\n${f.from}\n${f.end}\n${f.endLine}\n${f.prev}\n${digest}`);
}

/** The signature (base64) and the chunk's chain value. */
export function signChunk(f: ChunkFields, data: Uint8Array, key: KeyObject): { sig: string; chain: string } {
  const text = signedText(f, data);
  return { sig: signEd25519(text, key).toString("base64"), chain: sha256(text) };
}

/** The chunk's chain value when the signature holds for `key`, else undefined. */
export function checkChunk(f: ChunkFields, data: Uint8Array, sig: string, key: KeyObject): string | undefined {
  const text = signedText(f, data);
  return verifyEd25519(text, Buffer.from(sig, "base64"), key) ? sha256(text) : undefined;
}

/** The chain value of a chunk already in the stream (this machine's last one, read back on start). */
export function chainOf(f: ChunkFields, data: Uint8Array): string {
  return sha256(signedText(f, data));
}
