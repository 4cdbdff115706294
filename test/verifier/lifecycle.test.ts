/**
 * The whole lifecycle with real processes: `world spawn` starts fixture agents, the
 * Verifier daemon (`world verifier`) judges them, relaunches them on retry, escalates
 * after three retries, and sends them back to work when a human answers.
 */
import { afterEach, describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { execa, type ResultPromise } from "execa";
import type { Located } from "../../tools/world/entry.js";
import { collectEntries } from "../../tools/world/read.js";
import { tempWorld, waitForEntry, world, WORLD_BIN, type TempWorld } from "../support/world.js";
import { fixture } from "../agents/support.js";

let w: TempWorld | undefined;
let daemon: ResultPromise | undefined;
afterEach(async () => {
  if (daemon) {
    daemon.kill("SIGTERM");
    await daemon;
    daemon = undefined;
  }
  w?.cleanup();
  w = undefined;
});

function startVerifier(home: string): ResultPromise {
  return execa(process.execPath, [WORLD_BIN, "--home", home, "verifier"], { reject: false, env: { ANTHROPIC_API_KEY: "" } });
}

async function spawn(args: string[]): Promise<string> {
  const r = await world(w!.home, ["spawn", ...args]);
  expect(r.stderr).toBe("");
  return String(r.stdout).trim();
}

const statusOf = (id: string, status: string) => (e: Located) => e.kind === "agent" && e.id === id && e.status === status;
function statuses(id: string): string[] {
  return collectEntries(w!.paths.log).entries.filter((e) => e.kind === "agent" && e.id === id).map((e) => (e.kind === "agent" ? e.status : ""));
}

describe("agent lifecycle under the Verifier", () => {
  it("happy path: start → active → finish → verified (evidence checked)", async () => {
    w = tempWorld();
    daemon = startVerifier(w.home);
    const id = await spawn(["write the result | need: file exists result.txt and output matches /wrote/", "--", fixture("finisher.sh")]);
    const verified = await waitForEntry(w.paths, statusOf(id, "verified"));
    expect(verified.output).toBe("result.txt exists; the finish output matches /wrote/ [judge: evidence]");
    expect(statuses(id)).toEqual(["start", "active", "finish", "verified"]);
    // Graceful on SIGTERM: exits 0 and says so in its operational log.
    daemon.kill("SIGTERM");
    expect((await daemon).exitCode).toBe(0);
    daemon = undefined;
    expect(readFileSync(join(w.paths.logs, "verifier.log"), "utf8")).toMatch(/"msg":"verifier stopped"/);
  });

  it("retry path: the guidance goes to the relaunched agent, which then succeeds", async () => {
    w = tempWorld();
    daemon = startVerifier(w.home);
    const id = await spawn(["prove it | need: file exists proof.txt", "--", fixture("learner.sh")]);
    const retry = await waitForEntry(w.paths, statusOf(id, "retry"));
    expect(retry.output).toBe('retry 1 of 3: proof.txt does not exist. Guidance: make "file exists proof.txt" true (now: proof.txt does not exist) [judge: evidence]');
    await waitForEntry(w.paths, statusOf(id, "verified"));
    expect(statuses(id)).toEqual(["start", "active", "finish", "retry", "active", "finish", "verified"]);
    const spawned = collectEntries(w.paths.log).entries.filter((e) => e.kind === "event" && e.id === id && e.output.startsWith("spawned pid"));
    expect(spawned.map((e) => e.output.replace(/pid \d+/, "pid N"))).toEqual([
      `spawned pid N (attempt 1): ${fixture("learner.sh")}`,
      `spawned pid N (attempt 2): ${fixture("learner.sh")}`,
    ]);
    expect(existsSync(join(w.home, "proof.txt"))).toBe(true);
  });

  it("escalation path: three retries → failed with a question for a person → world respond → retry → verified", async () => {
    w = tempWorld();
    daemon = startVerifier(w.home);
    const id = await spawn(["prove it | need: file exists proof.txt", "--", fixture("stubborn.sh")]);
    const failed = await waitForEntry(w.paths, statusOf(id, "failed"), { timeoutMs: 60_000 });
    expect(failed.output).toBe("proof.txt does not exist (after 4 tries) [judge: evidence]");
    expect(failed.kind === "agent" && failed.need).toBe("I could not find proof.txt after 4 tries. Where is it?");
    // The Verifier writes no second line about it: telling the person is the Spirit's one line.
    expect(collectEntries(w.paths.log).entries.filter((e) => e.kind === "event" && e.id === id && e.source !== "system")).toEqual([]);
    expect(collectEntries(w.paths.log).entries.filter((e) => e.kind === "event" && e.id === id && e.output.startsWith("nudge"))).toEqual([]);
    expect(statuses(id)).toEqual(["start", "active", "finish", "retry", "active", "finish", "retry", "active", "finish", "retry", "active", "finish", "failed"]);

    const r = await world(w.home, ["--as-human", "respond", id, "write", "proof.txt", "please"]);
    expect(r.exitCode).toBe(0);
    const retry = await waitForEntry(w.paths, (e) => statusOf(id, "retry")(e) && e.line > failed.line);
    expect(retry.output).toBe("human answered: write proof.txt please (from terminal) (it was blocked on: I could not find proof.txt after 4 tries. Where is it?)");
    await waitForEntry(w.paths, statusOf(id, "verified"), { timeoutMs: 60_000 });
    expect(readFileSync(join(w.home, "proof.txt"), "utf8")).toMatch(/^human answered: write proof\.txt please/);
    expect(statuses(id).slice(-4)).toEqual(["retry", "active", "finish", "verified"]);
  });

  it("every verdict is a log line with its reason; the process exits are logged by the Verifier that started them", async () => {
    w = tempWorld();
    daemon = startVerifier(w.home);
    const id = await spawn(["prove it | need: file exists proof.txt", "--", fixture("learner.sh")]);
    await waitForEntry(w.paths, statusOf(id, "verified"));
    // Attempt 2 was started by the Verifier, which lives on and sees it exit.
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.id === id && /\(attempt 2\) exited with code 0$/.test(e.output));
  });
});
