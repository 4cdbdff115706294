// Waiting out a harness's processes before its folder is removed (tools/process/outlast-users.ts), with real processes.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { outlastUsers } from "../../../tools/process/outlast-users.js";

const environOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/environ`, "latin1");
  } catch {
    return "";
  }
};

describe.skipIf(process.platform !== "linux")("outlastUsers", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("waits for a process naming the folder in its environment to end", async () => {
    dir = mkdtempSync(join(tmpdir(), "world-outlast-"));
    // Ends by itself once told to (its stdin closes), as an agent ends after its exit note.
    const child = execa(process.execPath, ["-e", "process.stdin.resume(); process.stdin.on('end', () => process.exit(0))"], { env: { WORLD_HOME: dir }, reject: false });
    await expect.poll(() => environOf(child.pid!).includes(dir), { timeout: 20_000 }).toBe(true);
    let done = false;
    const waited = outlastUsers([dir], 60_000).then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false); // still waiting: the child runs
    child.stdin!.end();
    await waited;
    expect((await child).exitCode).toBe(0); // ended by itself, not killed
  });

  it("kills one naming it in its arguments that does not end in time", async () => {
    dir = mkdtempSync(join(tmpdir(), "world-outlast-"));
    const child = execa(process.execPath, ["-e", "setInterval(() => {}, 1000)", "--", "--home", dir], { reject: false });
    await expect.poll(() => readFileSync(`/proc/${child.pid}/cmdline`, "latin1").includes(dir), { timeout: 20_000 }).toBe(true);
    await outlastUsers([dir], 300);
    expect((await child).signal).toBe("SIGKILL");
  });

  it("returns at once when no process uses the folder", async () => {
    dir = mkdtempSync(join(tmpdir(), "world-outlast-"));
    await outlastUsers([dir], 60_000);
  });
});
