/**
 * The Keeper's retention of operational logs (keeper/retention.ts), through the real
 * `world keep --once`: old agent .out/.err removed, a daemon log over its size moved to
 * <name>.1, the index's WAL checkpointed; world.log and attachments never touched.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempWorld, world, type TempWorld } from "../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

describe("retention of operational logs", () => {
  it("removes old agent logs, rotates a big daemon log, checkpoints the index; world.log and attachments stay", { timeout: 60_000 }, async () => {
    w = tempWorld("world-retention-");
    const t = w;
    // A world with a long line (an attachment) and an index.
    expect((await world(t.home, ["event", "bash", "b1", "x".repeat(5000), "-q"])).exitCode).toBe(0);
    expect((await world(t.home, ["query", "recent", "--json"])).exitCode).toBe(0);
    const agents = join(t.paths.logs, "agents");
    mkdirSync(agents, { recursive: true });
    const old = new Date(Date.now() - 8 * 86_400_000);
    for (const name of ["gone-1.out", "gone-1.err"]) {
      writeFileSync(join(agents, name), "old output\n");
      utimesSync(join(agents, name), old, old);
    }
    writeFileSync(join(agents, "recent-1.out"), "yesterday's\n");
    const spiritLog = join(t.paths.logs, "spirit.log");
    writeFileSync(spiritLog, "y".repeat(11 * 1024 * 1024));
    writeFileSync(join(t.paths.logs, "keeper.log"), "small\n");
    // The record: old as it may be, never touched.
    const attachments = join(t.paths.dir, "attachments");
    const attachment = join(attachments, readdirSync(attachments)[0]!);
    utimesSync(attachment, old, old);
    utimesSync(t.paths.log, old, old);
    const logBefore = readFileSync(t.paths.log);
    const attachmentBefore = readFileSync(attachment);

    const r = await world(t.home, ["keep", "--once"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(existsSync(join(agents, "gone-1.out"))).toBe(false);
    expect(existsSync(join(agents, "gone-1.err"))).toBe(false);
    expect(existsSync(join(agents, "recent-1.out"))).toBe(true);
    expect(statSync(`${spiritLog}.1`).size).toBe(11 * 1024 * 1024);
    expect(statSync(spiritLog).size).toBeLessThan(1024 * 1024);
    expect(existsSync(join(t.paths.logs, "keeper.log.1"))).toBe(false);
    const wal = join(t.paths.dir, "index.db-wal");
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
    expect(readFileSync(t.paths.log).subarray(0, logBefore.length).equals(logBefore)).toBe(true); // only appended to
    expect(readFileSync(attachment).equals(attachmentBefore)).toBe(true);
    expect(readFileSync(t.paths.log, "utf8")).toMatch(/swept: .*; logs: 2 old agent logs removed, spirit\.log rotated \(/);
  });
});
