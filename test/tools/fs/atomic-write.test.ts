import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeFileAtomic, writeJsonAtomic } from "../../../tools/fs/atomic-write.js";

describe("writeFileAtomic: temporary file, fsync, rename", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "world-test-atomic-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("replaces a file whole and leaves no temporary file", () => {
    const file = join(dir, "state.json");
    writeFileSync(file, "old\n");
    writeJsonAtomic(file, { a: 1 });
    expect(readFileSync(file, "utf8")).toBe('{"a":1}\n');
    writeFileAtomic(file, Buffer.from("bytes"), { fsync: false });
    expect(readFileSync(file, "utf8")).toBe("bytes");
    expect(readdirSync(dir)).toEqual(["state.json"]);
  });

  it("gives the exact mode asked for, whatever the umask", () => {
    const file = join(dir, "token");
    const before = process.umask(0o077);
    try {
      writeFileAtomic(file, "secret\n", { mode: 0o640 });
    } finally {
      process.umask(before);
    }
    expect(statSync(file).mode & 0o777).toBe(0o640);
  });

  it("creates the parent directory with dirMode", () => {
    const file = join(dir, "a", "b", "cursor.json");
    writeJsonAtomic(file, [1], { dirMode: 0o700 });
    expect(readFileSync(file, "utf8")).toBe("[1]\n");
    expect(statSync(join(dir, "a", "b")).mode & 0o777).toBe(0o700);
  });

  it("a write that fails keeps the old file and removes its temporary one", () => {
    const target = join(dir, "busy");
    mkdirSync(join(target, "inside"), { recursive: true }); // a non-empty directory: the rename fails
    expect(() => writeFileAtomic(target, "x")).toThrow();
    expect(readdirSync(dir)).toEqual(["busy"]);
    expect(() => writeFileAtomic(join(dir, "missing", "f"), "x")).toThrow(/ENOENT/);
  });

  it("exclusive: a private file replaced whole, 0600, no temporary file left", () => {
    const file = join(dir, "env", "a.json");
    writeJsonAtomic(file, { KEY: "one" }, { mode: 0o600, dirMode: 0o700, exclusive: true });
    writeJsonAtomic(file, { KEY: "two" }, { mode: 0o600, dirMode: 0o700, exclusive: true });
    expect(readFileSync(file, "utf8")).toBe('{"KEY":"two"}\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dir, "env"))).toEqual(["a.json"]);
  });
});
