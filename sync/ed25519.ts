/**
 * Ed25519 for world sync's chunks (sync/chunk-sign.ts), through libsodium (sodium-native)
 * when its prebuilt addon loads, else node:crypto. Both make and check the same RFC 8032
 * signatures (each checks the other's); libsodium does it at about a third of the cost on
 * world sync's latency path, where a line pays one signature on the sender and one check
 * on each receiver, every time on a CPU gone cold since the last line (measured 3 ms
 * apart: sign 79 → 23 µs, check 114 → 56 µs; bench/sync.ts prints both).
 *
 * Keys stay node:crypto KeyObjects everywhere else (machine-key.ts writes and reads them);
 * their raw bytes are taken out once per key here. WORLD_ED25519=node keeps node:crypto
 * (tests check the two agree).
 */
import { sign as nodeSign, verify as nodeVerify, type KeyObject } from "node:crypto";
import { createRequire } from "node:module";

/** The three libsodium calls used here (sodium-native has no types of its own). */
interface Sodium {
  crypto_sign_BYTES: number;
  crypto_sign_detached(sig: Buffer, message: Uint8Array, secretKey: Buffer): void;
  crypto_sign_verify_detached(sig: Buffer, message: Uint8Array, publicKey: Buffer): boolean;
}

function loadSodium(): Sodium | undefined {
  if (process.env.WORLD_ED25519 === "node") return undefined;
  try {
    return createRequire(import.meta.url)("sodium-native") as Sodium;
  } catch {
    return undefined; // no prebuilt binary for this platform: node:crypto signs the same way
  }
}

const sodium = loadSodium();

/** Which implementation signs in this process (world sync's log says it once at start). */
export const ED25519_BY = sodium === undefined ? "node:crypto" : "libsodium";

/** libsodium's forms of a KeyObject: the 32-byte public key, or the 64-byte seed + public key. */
const rawKeys = new WeakMap<KeyObject, Buffer>();

function rawKey(key: KeyObject): Buffer {
  let raw = rawKeys.get(key);
  if (raw === undefined) {
    const jwk = key.export({ format: "jwk" });
    if (jwk.kty !== "OKP" || jwk.crv !== "Ed25519" || jwk.x === undefined) {
      throw new TypeError(`expected an Ed25519 key, received a ${String(jwk.kty)} ${String(jwk.crv)} key`);
    }
    const pub = Buffer.from(jwk.x, "base64url");
    raw = key.type === "private" ? Buffer.concat([Buffer.from(jwk.d!, "base64url"), pub]) : pub;
    rawKeys.set(key, raw);
  }
  return raw;
}

/** The 64-byte signature of `data` by a private key. */
export function signEd25519(data: Uint8Array, privateKey: KeyObject): Buffer {
  if (sodium === undefined) return nodeSign(null, data, privateKey);
  const sig = Buffer.allocUnsafe(sodium.crypto_sign_BYTES);
  sodium.crypto_sign_detached(sig, data, rawKey(privateKey));
  return sig;
}

/** Whether `sig` is a signature of `data` by the key's owner (a signature of the wrong size is not). */
export function verifyEd25519(data: Uint8Array, sig: Buffer, publicKey: KeyObject): boolean {
  if (sodium === undefined) {
    try {
      return nodeVerify(null, data, publicKey, sig);
    } catch {
      return false;
    }
  }
  return sig.length === sodium.crypto_sign_BYTES && sodium.crypto_sign_verify_detached(sig, data, rawKey(publicKey));
}
