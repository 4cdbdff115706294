/**
 * The two Ed25519 implementations world sync may sign with (sync/ed25519.ts): libsodium,
 * installed with the project, and node:crypto (WORLD_ED25519=node, or a platform without
 * the addon). Each checks the other's signatures, and both refuse what is not one.
 */
import { generateKeyPairSync, sign, verify } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";

type Module = typeof import("../../sync/ed25519.js");

async function load(by: "libsodium" | "node"): Promise<Module> {
  vi.resetModules();
  if (by === "node") vi.stubEnv("WORLD_ED25519", "node");
  else vi.stubEnv("WORLD_ED25519", "");
  return import("../../sync/ed25519.js");
}

describe("Ed25519 for world sync", () => {
  afterEach(() => vi.unstubAllEnvs());
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const other = generateKeyPairSync("ed25519");
  const data = Buffer.from("world-sync 1\nWORLD\na\n0\n120\n1\n" + "0".repeat(64));

  it("signs with libsodium where the addon is installed, with node:crypto when told", async () => {
    expect((await load("libsodium")).ED25519_BY).toBe("libsodium");
    expect((await load("node")).ED25519_BY).toBe("node:crypto");
  });

  for (const by of ["libsodium", "node"] as const) {
    it(`${by}: its signatures are node:crypto's, and node:crypto's are checked by it`, async () => {
      const m = await load(by);
      const sig = m.signEd25519(data, privateKey);
      expect(sig).toEqual(sign(null, data, privateKey)); // Ed25519 is deterministic: the same bytes
      expect(verify(null, data, publicKey, sig)).toBe(true);
      expect(m.verifyEd25519(data, sign(null, data, privateKey), publicKey)).toBe(true);
    });

    it(`${by}: refuses altered data, another key, a cut or empty signature`, async () => {
      const m = await load(by);
      const sig = m.signEd25519(data, privateKey);
      const altered = Buffer.from(data);
      altered[altered.length - 1]! ^= 1;
      expect(m.verifyEd25519(altered, sig, publicKey)).toBe(false);
      expect(m.verifyEd25519(data, sig, other.publicKey)).toBe(false);
      expect(m.verifyEd25519(data, m.signEd25519(data, other.privateKey), publicKey)).toBe(false);
      expect(m.verifyEd25519(data, sig.subarray(0, 63), publicKey)).toBe(false);
      expect(m.verifyEd25519(data, Buffer.alloc(0), publicKey)).toBe(false);
      expect(m.verifyEd25519(data, Buffer.concat([sig, Buffer.from([0])]), publicKey)).toBe(false);
    });
  }

  it("refuses a key that is not Ed25519, in words", async () => {
    const m = await load("libsodium");
    const rsa = generateKeyPairSync("ec", { namedCurve: "P-256" });
    expect(() => m.signEd25519(data, rsa.privateKey)).toThrow(/expected an Ed25519 key, received a EC/);
  });
});
