/**
 * The monitor's token: generated on first run, kept in .world/monitor-token (mode 0600),
 * required on every /api and /events request. Compared in constant time.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { PRIVATE_DIR, type WorldPaths } from "../../tools/world/paths.js";
import { writeFileAtomic } from "../../tools/fs/atomic-write.js";

const TOKEN_RULE = /^[A-Za-z0-9_-]{32,128}$/;

export function tokenFile(paths: WorldPaths): string {
  return join(paths.dir, "monitor-token");
}

/** Reads the token, creating it (or replacing an unreadable one) first. */
export function loadToken(paths: WorldPaths, warn: (message: string) => void = () => {}): string {
  const file = tokenFile(paths);
  mkdirSync(paths.dir, { recursive: true, mode: PRIVATE_DIR });
  const existing = readToken(file);
  if (existing !== undefined) {
    // Someone may have copied the file around: a token others can read is no secret.
    if ((statSync(file).mode & 0o077) !== 0) {
      chmodSync(file, 0o600);
      warn(`${file} was readable by others; its mode is now 0600`);
    }
    return existing;
  }
  const token = randomBytes(32).toString("base64url");
  // Written whole under a temporary name and renamed: a crash never leaves half a token.
  writeFileAtomic(file, token + "\n", { mode: 0o600 });
  // Two monitors starting at once: whoever renamed last wins, and both use the winner.
  return readToken(file) ?? token;
}

function readToken(file: string): string | undefined {
  try {
    const text = readFileSync(file, "utf8").trim();
    return TOKEN_RULE.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

export function sameToken(expected: string, received: string | undefined): boolean {
  if (received === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Where a running monitor leaves its URL with the token (owner-only), for `world up` to show. */
export function monitorUrlFile(paths: WorldPaths): string {
  return join(paths.dir, "monitor-url");
}
