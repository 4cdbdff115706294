/**
 * A machine's identity in a synced world: its world's Ed25519 key (tools/world/chain.ts,
 * the key that signs its checkpoints), shown and given as one short line of text,
 * `ed25519:<the 32 bytes of the public key, base64url>`, like a line of SSH's
 * authorized_keys. `world sync key` prints it; `world sync enroll` takes it (or a file
 * holding it, or the other world's .world/chain/world-key.pub.pem).
 */
import { createPublicKey, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import { UsageError, shown } from "../tools/errors.js";
import { signingKey } from "../tools/world/chain.js";
import type { WorldPaths } from "../tools/world/paths.js";

const KEY_TEXT = /^ed25519:([A-Za-z0-9_-]{43})$/;

/** The key as one line of text. */
export function keyText(publicKey: KeyObject): string {
  const jwk = publicKey.export({ format: "jwk" });
  if (jwk.crv !== "Ed25519" || typeof jwk.x !== "string") throw new Error(`expected an Ed25519 public key, received ${String(jwk.crv ?? jwk.kty)}`);
  return `ed25519:${jwk.x}`;
}

/** The public key a key text names (undefined when it is not one). */
export function publicKeyOf(text: string): KeyObject | undefined {
  const m = KEY_TEXT.exec(text);
  if (!m) return undefined;
  try {
    return createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: m[1]! }, format: "jwk" });
  } catch {
    return undefined;
  }
}

/** This world's key as a machine: made on first use (the private half 0600, never in the log). */
export function ownKey(paths: WorldPaths): { text: string; privateKey: KeyObject } {
  const key = signingKey(paths);
  return { text: keyText(key.publicKey), privateKey: key.privateKey! };
}

/**
 * What a person gave to `world sync enroll`: a key text, or a file holding one (or a PEM
 * public key, such as another world's world-key.pub.pem). One-line error otherwise.
 */
export function readGivenKey(given: string): string {
  const text = given.trim();
  if (publicKeyOf(text)) return text;
  let content: string;
  try {
    content = readFileSync(given, "utf8").trim();
  } catch {
    throw new UsageError(`invalid key: expected ed25519:<43 characters> (what world sync key prints on the other machine) or a file holding it, received ${shown(given)}, which is neither`);
  }
  if (publicKeyOf(content)) return content;
  try {
    return keyText(createPublicKey(content));
  } catch {
    throw new UsageError(`invalid key file ${shown(given)}: expected ed25519:<43 characters> or an Ed25519 public key in PEM, received ${shown(content.slice(0, 60))}`);
  }
}
