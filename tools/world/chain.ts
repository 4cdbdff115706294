/**
 * The proof beside the log (docs/format.md#the-chain, docs/trust.md): world.log stays plain
 * text, and `.world/chain/` keeps signed checkpoints of a hash chain over its lines.
 *
 * Checkpoint n covers lines 1..`lines` (bytes 0..`offset`, always ending on a newline):
 *   hash_n = SHA-256(hash_{n-1} ‖ bytes of the log from checkpoint n-1's offset to n's)
 * with hash_0 = 32 zero bytes, so hash_n depends on every byte of every line up to there, in
 * order. Beside each checkpoint, `<n>.fp` holds an 8-byte fingerprint (SHA-256, cut) of each
 * line it added: not needed to prove, only to say WHICH line differs once a proof fails.
 * The checkpoint names that file's SHA-256 and is signed with the world's Ed25519 key.
 *
 * Each file is written whole (tools/fs/atomic-write.ts), the fingerprints before their
 * checkpoint: a crash leaves the previous checkpoint as the last one, never half of one.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { writeFileAtomic, writeJsonAtomic } from "../fs/atomic-write.js";
import { readJsonStateOrNone } from "../fs/json-file.js";
import { PRIVATE_DIR, PRIVATE_FILE, type WorldPaths } from "./paths.js";

export const ZERO_HASH = "0".repeat(64);
/** Bytes of each line's fingerprint in `<n>.fp`. */
export const FP_BYTES = 8;

export interface Checkpoint {
  v: 1;
  n: number;
  /** Where this checkpoint's segment starts: the previous checkpoint's end. */
  from: { line: number; offset: number };
  lines: number;
  offset: number;
  /** The previous checkpoint's hash (ZERO_HASH for the first). */
  prev: string;
  hash: string;
  /** SHA-256 of `<n>.fp`. */
  fingerprints: string;
  /** Lines of this segment were written before the chain existed (or before a restart): first seen here, not proven before. */
  rebuilt: boolean;
  at: string;
  /** Who made it: the Keeper's sweep or `world verify-log`. */
  by: string;
  /** The inode of world.log then: a different one later, with different contents, is a file moved over it. */
  ino: number;
  /** SHA-256 of the public key (DER) that signed it. */
  key: string;
  /** Ed25519 signature (base64) of `signedText(checkpoint)`. */
  sig: string;
}

const CheckpointSchema: z.ZodType<Checkpoint> = z.object({
  v: z.literal(1),
  n: z.number(),
  from: z.object({ line: z.number(), offset: z.number() }),
  lines: z.number(),
  offset: z.number(),
  prev: z.string(),
  hash: z.string(),
  fingerprints: z.string(),
  rebuilt: z.boolean(),
  at: z.string(),
  by: z.string(),
  ino: z.number(),
  key: z.string(),
  sig: z.string(),
});

export function chainDir(paths: WorldPaths): string {
  return join(paths.dir, "chain");
}

const PRIVATE_KEY = "world-key.pem";
const PUBLIC_KEY = "world-key.pub.pem";

function name(n: number): string {
  return String(n).padStart(9, "0");
}

/** Everything a signature covers, in a fixed order. */
function signedText(cp: Omit<Checkpoint, "sig">): string {
  const { v, n, from, lines, offset, prev, hash, fingerprints, rebuilt, at, by, ino, key } = cp;
  return JSON.stringify({ v, n, from, lines, offset, prev, hash, fingerprints, rebuilt, at, by, ino, key });
}

export interface WorldKey {
  privateKey?: KeyObject;
  publicKey: KeyObject;
  id: string;
}

function keyId(publicKey: KeyObject): string {
  return createHash("sha256").update(publicKey.export({ type: "spki", format: "der" })).digest("hex");
}

/** The world's public key, or undefined when none was made yet. */
export function readPublicKey(paths: WorldPaths): WorldKey | undefined {
  let pem: string;
  try {
    pem = readFileSync(join(chainDir(paths), PUBLIC_KEY), "utf8");
  } catch {
    return undefined;
  }
  const publicKey = createPublicKey(pem);
  return { publicKey, id: keyId(publicKey) };
}

/** The world's key pair, made on first use: the private key 0600 in .world/chain/, never in the log. */
export function signingKey(paths: WorldPaths): WorldKey {
  const dir = chainDir(paths);
  try {
    const privateKey = createPrivateKey(readFileSync(join(dir, PRIVATE_KEY), "utf8"));
    const publicKey = createPublicKey(privateKey);
    return { privateKey, publicKey, id: keyId(publicKey) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  // The public half first: a crash between the two leaves a public key alone, replaced next time.
  writeFileAtomic(join(dir, PUBLIC_KEY), publicKey.export({ type: "spki", format: "pem" }), { dirMode: PRIVATE_DIR });
  writeFileAtomic(join(dir, PRIVATE_KEY), privateKey.export({ type: "pkcs8", format: "pem" }), { mode: PRIVATE_FILE, dirMode: PRIVATE_DIR });
  return { privateKey, publicKey, id: keyId(publicKey) };
}

export function signCheckpoint(cp: Omit<Checkpoint, "sig">, key: WorldKey): Checkpoint {
  return { ...cp, sig: sign(null, Buffer.from(signedText(cp)), key.privateKey!).toString("base64") };
}

export function signatureHolds(cp: Checkpoint, key: WorldKey): boolean {
  try {
    return cp.key === key.id && verify(null, Buffer.from(signedText(cp)), key.publicKey, Buffer.from(cp.sig, "base64"));
  } catch {
    return false;
  }
}

/** The checkpoint numbers present, ascending. */
export function checkpointNumbers(paths: WorldPaths): number[] {
  let files: string[];
  try {
    files = readdirSync(chainDir(paths));
  } catch {
    return [];
  }
  return files.filter((f) => /^\d{9}\.json$/.test(f)).map((f) => Number(f.slice(0, 9))).sort((a, b) => a - b);
}

export function readCheckpoint(paths: WorldPaths, n: number): Checkpoint | undefined {
  // Missing or malformed: no checkpoint there (the proof then says which one is missing).
  return readJsonStateOrNone(join(chainDir(paths), `${name(n)}.json`), CheckpointSchema, "chain checkpoint");
}

export function readFingerprints(paths: WorldPaths, n: number): Buffer | undefined {
  try {
    return readFileSync(join(chainDir(paths), `${name(n)}.fp`));
  } catch {
    return undefined;
  }
}

/** Fingerprints first, then the checkpoint that names them. */
export function writeCheckpoint(paths: WorldPaths, cp: Checkpoint, fingerprints: Buffer): void {
  const dir = chainDir(paths);
  writeFileAtomic(join(dir, `${name(cp.n)}.fp`), fingerprints, { dirMode: PRIVATE_DIR });
  writeJsonAtomic(join(dir, `${name(cp.n)}.json`), cp, { dirMode: PRIVATE_DIR });
}

export function sha256(data: Uint8Array | string): string {
  return createHash("sha256").update(data).digest("hex");
}

/** The fingerprint of one line (its bytes with the newline). */
export function lineFingerprint(line: Uint8Array): Buffer {
  return createHash("sha256").update(line).digest().subarray(0, FP_BYTES);
}

/** What `world status` shows: the last proof, by `world verify-log` or the Keeper. */
export interface VerifiedState {
  at: string;
  by: string;
  ok: boolean;
  /** Complete lines in the log then, and how many of them checkpoints covered. */
  lines: number;
  proven: number;
  checkpoints: number;
  /** When every old line was last proven (not only the new ones checked). */
  fullAt?: string;
  /** The first line a checkpoint no longer matches, in one sentence. */
  problem?: string;
  /** The problem the Keeper said in the log, so that it says it once. */
  reported?: string;
}

const VerifiedSchema: z.ZodType<VerifiedState> = z.object({
  at: z.string(),
  by: z.string(),
  ok: z.boolean(),
  lines: z.number(),
  proven: z.number(),
  checkpoints: z.number(),
  fullAt: z.string().optional(),
  problem: z.string().optional(),
  reported: z.string().optional(),
});

function verifiedFile(paths: WorldPaths): string {
  return join(chainDir(paths), "verified.json");
}

export function readVerified(paths: WorldPaths): VerifiedState | undefined {
  return readJsonStateOrNone(verifiedFile(paths), VerifiedSchema, "last proof of the log");
}

export function writeVerified(paths: WorldPaths, state: VerifiedState): void {
  writeJsonAtomic(verifiedFile(paths), state, { dirMode: PRIVATE_DIR, fsync: false });
}
