/**
 * Checks run concurrently, bounded, and die with their Verifier (issue 19, points 4 and 5):
 * three slow `command exits 0: tail -c 1 /dev/zero` checks (allow-listed: anybody's need
 * may hold one) no longer hold an honest session's verdict; stopping the Verifier, or
 * SIGKILLing it and starting the next, leaves no check running. Real `world verifier`.
 */
import { readdirSync, readFileSync, readlinkSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { execa, type ResultPromise } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { appendOnce } from "../../tools/world/append.js";
import { collectEntries } from "../../tools/world/read.js";
import { tempWorld, waitForEntry, WORLD_BIN, type TempWorld } from "../support/world.js";

let w: TempWorld | undefined;
const daemons: ResultPromise[] = [];
afterEach(async () => {
  for (const d of daemons.splice(0)) {
    d.kill("SIGKILL");
    await d;
  }
  for (const pid of checksIn(w?.home)) process.kill(pid, "SIGKILL"); // never leave one behind, whatever failed
  w?.cleanup();
});

// Long enough that waiting for one slow check shows: the test's own limits are shorter.
const CHECK_TIMEOUT_MS = 120_000;
const SLOW = "command exits 0: tail -c 1 /dev/zero";

// A daemon started with `void startVerifier(...)` is fire-and-forget: it runs until the test kills it or
// afterEach stops it (its promise is kept in the list for that); reject: false, so it never rejects.
function startVerifier(checkTimeoutMs = CHECK_TIMEOUT_MS): ResultPromise {
  const d = execa(process.execPath, [WORLD_BIN, "--home", w!.home, "verifier"], { reject: false, env: { ANTHROPIC_API_KEY: "", WORLD_CHECK_TIMEOUT_MS: String(checkTimeoutMs) } });
  daemons.push(d);
  return d;
}

function finished(id: string, need: string): void {
  appendOnce(w!.paths, { kind: "agent", status: "start", id, output: `task ${id}`, need });
  appendOnce(w!.paths, { kind: "agent", status: "finish", id, output: "done" });
}

/** The `tail` processes running in this world's home (checks run with the home as their cwd). */
function checksIn(home: string | undefined): number[] {
  if (home === undefined) return [];
  const pids: number[] = [];
  for (const name of readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    try {
      if (readlinkSync(`/proc/${name}/cwd`) !== home) continue;
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      if (!stat.includes("(tail)") || / Z /.test(stat.slice(stat.lastIndexOf(")")))) continue;
      pids.push(Number(name));
    } catch {
      // gone, or not ours to look at
    }
  }
  return pids;
}

async function until(what: string, ok: () => boolean, timeoutMs = 30_000): Promise<void> {
  await expect.poll(ok, { timeout: timeoutMs, interval: 100, message: what }).toBe(true);
}

const verdictOf = (id: string) =>
  collectEntries(w!.paths.log).entries.find((e) => e.kind === "agent" && e.id === id && ["verified", "retry", "failed"].includes(e.status));

describe("checks in a bounded pool", () => {
  it("three slow checks do not hold an honest session's verdict; a stopped Verifier leaves none running", async () => {
    w = tempWorld();
    writeFileSync(join(w.home, "report.md"), "total: 3\n");
    for (const id of ["slow-1", "slow-2", "slow-3"]) finished(id, SLOW);
    finished("honest", "command exits 0: grep -q total report.md");
    const verifier = startVerifier();
    await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === "honest" && e.status === "verified", { timeoutMs: 60_000, what: "the honest session's verdict" });
    // Judged while all three slow checks still run: nobody waited for them.
    expect(["slow-1", "slow-2", "slow-3"].map(verdictOf)).toEqual([undefined, undefined, undefined]);
    await until("three slow checks running", () => checksIn(w!.home).length === 3);
    verifier.kill("SIGTERM");
    const ended = await verifier;
    expect(ended.exitCode).toBe(0);
    expect(checksIn(w.home)).toEqual([]);
    // Stopped checks are no verdicts: the next Verifier judges them again.
    expect(["slow-1", "slow-2", "slow-3"].map(verdictOf)).toEqual([undefined, undefined, undefined]);
    expect(readdirSync(join(w.paths.dir, "checks"))).toEqual([]);
  }, 120_000);

  it("the pool's size comes from .world/config.json: with 1, the honest session waits behind a slow one", async () => {
    w = tempWorld();
    mkdirSync(w.paths.dir, { recursive: true });
    writeFileSync(join(w.paths.dir, "config.json"), JSON.stringify({ verifier: { concurrentChecks: 1 } }));
    finished("slow-1", SLOW);
    finished("honest", "output contains \"done\"");
    void startVerifier(3_000); // the slow check is stopped after 3 s
    const honest = await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === "honest" && e.status === "verified", { timeoutMs: 60_000, what: "the honest verdict" });
    // One slot: the honest session was judged only after the slow check ran out of time.
    const slow = verdictOf("slow-1") as { line: number } | undefined;
    expect(slow).toMatchObject({ status: "failed", output: expect.stringMatching(/was stopped: it ran longer than 3000 ms/) });
    expect(slow!.line).toBeLessThan(honest.line);
  }, 120_000);
});

describe("checks die with their Verifier", () => {
  it("a SIGKILLed Verifier's check is ended by the next Verifier, which judges the session again", async () => {
    w = tempWorld();
    finished("slow-1", SLOW);
    const first = startVerifier();
    await until("the slow check running", () => checksIn(w!.home).length === 1);
    const [orphan] = checksIn(w.home);
    first.kill("SIGKILL");
    await first;
    expect(checksIn(w.home)).toEqual([orphan]); // a check outlives a SIGKILLed judge, for now
    void startVerifier();
    await until("the orphan ended", () => !checksIn(w!.home).includes(orphan!));
    await until("the session's check started again", () => checksIn(w!.home).length === 1);
  }, 120_000);
});
