import { appendFileSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FileChanges, SAFETY_POLL_MS, watchFile } from "../../../tools/fs/watch.js";

describe("the one watch loop: fs.watch of the directory, a poll, a debounce", () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "world-test-watch-"));
    file = join(dir, "world.log");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("the first next() returns at once; then each change wakes it, even one made while the caller was busy", async () => {
    const stop = new AbortController();
    const changes = new FileChanges(file, { pollMs: 60_000, signal: stop.signal });
    try {
      expect(await changes.next()).toBe(true); // read what is there before waiting
      writeFileSync(file, "created\n"); // created after the watch began: seen through the directory
      expect(await changes.next()).toBe(true);
      appendFileSync(file, "a\n"); // while "busy": remembered, not lost between two waits
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await changes.next()).toBe(true);
      changes.again();
      expect(await changes.next()).toBe(true); // more to do: at once
      const waiting = changes.next();
      stop.abort();
      expect(await waiting).toBe(false);
      expect(await changes.next()).toBe(false);
    } finally {
      changes.close();
    }
  });

  it("polls every SAFETY_POLL_MS while the directory is watched, every second while it is not there yet (issue 23: an idle reader does not wake every second)", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }); // fs.watch stays real: nothing changes meanwhile
    const polls: string[] = [];
    const watched = watchFile(file, (why) => polls.push(`watched ${why}`));
    const missing = watchFile(join(dir, "not-yet", "world.log"), (why) => polls.push(`missing ${why}`));
    try {
      expect(SAFETY_POLL_MS).toBe(10_000);
      vi.advanceTimersByTime(SAFETY_POLL_MS - 1);
      expect(polls.filter((p) => p.startsWith("watched"))).toEqual([]);
      expect(polls.filter((p) => p.startsWith("missing"))).toHaveLength(9); // looked for every second
      vi.advanceTimersByTime(1);
      expect(polls.filter((p) => p.startsWith("watched"))).toEqual(["watched poll"]);
    } finally {
      watched();
      missing();
      vi.useRealTimers();
    }
  });

  it("ignores other files in the directory, but sees the file replaced (mv)", async () => {
    writeFileSync(file, "");
    let calls = 0;
    const woke = () => new Promise<void>((resolve) => {
      const before = calls;
      const look = setInterval(() => {
        if (calls > before) {
          clearInterval(look);
          resolve();
        }
      }, 5);
    });
    const stopWatch = watchFile(file, () => (calls += 1), 60_000);
    try {
      writeFileSync(join(dir, "other.txt"), "x");
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(calls).toBe(0);
      const replaced = woke();
      writeFileSync(join(dir, "copy"), "new\n");
      renameSync(join(dir, "copy"), file);
      await replaced;
      expect(calls).toBeGreaterThan(0);
    } finally {
      stopWatch();
    }
  });

  it("the poll wakes it when no event comes (a directory that does not exist yet)", async () => {
    const missing = join(dir, "not-yet", "world.log");
    const changes = new FileChanges(missing, { pollMs: 20 });
    try {
      expect(await changes.next()).toBe(true);
      expect(await changes.next()).toBe(true); // from the poll alone
    } finally {
      changes.close();
    }
  });

  it("debounce: a burst during the wait is one wake-up", async () => {
    const changes = new FileChanges(file, { pollMs: 60_000, debounceMs: 100 });
    try {
      expect(await changes.next()).toBe(true);
      const next = changes.next();
      for (let i = 0; i < 5; i++) appendFileSync(file, `${i}\n`);
      expect(await next).toBe(true);
      // The burst came within the debounce: nothing is pending any more.
      const again = await Promise.race([changes.next().then(() => "woke"), new Promise((resolve) => setTimeout(() => resolve("quiet"), 200))]);
      expect(again).toBe("quiet");
    } finally {
      changes.close();
    }
  });
});
