import { chmodSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { loadToken, sameToken, tokenFile } from "../../../ui/monitor/token.js";
import { tempWorld, type TempWorld } from "../../support/world.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

describe("the monitor token", () => {
  it("is made once, mode 0600, and read back the same", () => {
    w = tempWorld();
    const token = loadToken(w.paths);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(tokenFile(w.paths)).mode & 0o777).toBe(0o600);
    expect(loadToken(w.paths)).toBe(token);
  });

  it("tightens a token file others can read, and replaces an unreadable one", () => {
    w = tempWorld();
    const token = loadToken(w.paths);
    chmodSync(tokenFile(w.paths), 0o644);
    const warnings: string[] = [];
    expect(loadToken(w.paths, (m) => warnings.push(m))).toBe(token);
    expect(statSync(tokenFile(w.paths)).mode & 0o777).toBe(0o600);
    expect(warnings).toEqual([`${tokenFile(w.paths)} was readable by others; its mode is now 0600`]);
    writeFileSync(tokenFile(w.paths), "");
    const fresh = loadToken(w.paths);
    expect(fresh).not.toBe(token);
    expect(readFileSync(tokenFile(w.paths), "utf8").trim()).toBe(fresh);
  });

  it("compares in full", () => {
    expect(sameToken("abc", "abc")).toBe(true);
    expect(sameToken("abc", "abd")).toBe(false);
    expect(sameToken("abc", "ab")).toBe(false);
    expect(sameToken("abc", undefined)).toBe(false);
  });
});
