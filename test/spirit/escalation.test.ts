/** Failed agents: the user is told once, again only on the Keeper's escalation, never after answering. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempWorld, waitForEntry, world, type TempWorld } from "../support/world.js";
import { outputs, spiritLines, startSpirit, stopSpirit, waitForCursor, type SpiritProcess } from "./helpers.js";

const KEEPER_LINE = 'nudge: agent "fetch the report" has been failed for 1d with no answer; it needs: the new password. Answer with: world respond job-1 <text>';
const TOLD = 'needs you: the new password (agent failed: "fetch the report"; answer: world respond job-1 <text>)';
const TOLD_AGAIN = 'needs you again: the new password (agent failed: "fetch the report"; answer: world respond job-1 <text>)';

describe("agents that need a human", () => {
  let w: TempWorld;
  let spirit: SpiritProcess | undefined;
  beforeEach(() => {
    w = tempWorld();
  });
  afterEach(async () => {
    if (spirit) await stopSpirit(spirit);
    spirit = undefined;
    w.cleanup();
  });

  const run = async (...args: string[]) => expect((await world(w.home, args)).exitCode, args.join(" ")).toBe(0);

  it("a failure is told once (with a notification), again only per the Keeper's escalation, not repeated on restart", async () => {
    await run("agent", "start", "job-1", "fetch the report", "--need", "file exists report.pdf");
    spirit = await startSpirit(w.paths);
    await run("agent", "failed", "job-1", "the login page changed", "--need", "the new password");
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "notify" && e.id === "job-1");
    await waitForCursor(w.paths);
    expect(outputs(spiritLines(w.paths))).toEqual([TOLD]);
    const notified = await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "notify" && e.id === "job-1");
    expect(notified.output).toBe("An agent needs you: the new password (task: fetch the report). Answer with: world respond job-1 <text>");

    await stopSpirit(spirit);
    spirit = await startSpirit(w.paths);
    await waitForCursor(w.paths);
    expect(outputs(spiritLines(w.paths))).toEqual([TOLD]);

    // The Verifier's own notice of the same failure (verifier/handle.ts) is not a repeat.
    await run("event", "system", "job-1", 'nudge: agent "fetch the report" failed and needs you: the new password. Answer with: world respond job-1 <text>');
    await waitForCursor(w.paths);
    expect(outputs(spiritLines(w.paths))).toEqual([TOLD]);

    // The Keeper's periodic escalation (keeper/escalate.ts): told again, once.
    await run("event", "system", "job-1", KEEPER_LINE);
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output === TOLD_AGAIN);
    await stopSpirit(spirit);
    spirit = await startSpirit(w.paths);
    await waitForCursor(w.paths);
    expect(outputs(spiritLines(w.paths))).toEqual([TOLD, TOLD_AGAIN]);

    // Once the user answered, an escalation line changes nothing.
    await run("respond", "job-1", "the password is in the vault");
    await run("event", "system", "job-1", KEEPER_LINE);
    await waitForCursor(w.paths);
    expect(outputs(spiritLines(w.paths))).toEqual([TOLD, TOLD_AGAIN]);
  });

  it("the Keeper's disk-low line is told once per time the disk goes low", async () => {
    const keeperSays = async (diskLowMiB: number) => {
      mkdirSync(w.paths.dir, { recursive: true });
      writeFileSync(join(w.paths.dir, "config.json"), JSON.stringify({ keeper: { diskLowMiB } }));
      await run("keep", "--once");
    };
    const diskNotices = () => outputs(spiritLines(w.paths)).filter((o) => o.startsWith("needs you: disk low: "));
    await keeperSays(2 ** 40); // low, before the Spirit ever ran
    await keeperSays(0); // and back: history on a first start
    spirit = await startSpirit(w.paths);
    await waitForCursor(w.paths);
    expect(diskNotices()).toEqual([]);

    await keeperSays(2 ** 40);
    const notified = await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "notify" && e.id === "keeper-disk");
    expect(notified.output).toMatch(/^The disk is nearly full: [\d.]+ [MG]iB free of [\d.]+ [MG]iB \(\d+%\) where world.log lives /);
    await keeperSays(2 ** 40); // still low: the Keeper says nothing new, nor does the Spirit
    await stopSpirit(spirit);
    spirit = await startSpirit(w.paths);
    await waitForCursor(w.paths);
    expect(diskNotices()).toEqual([expect.stringMatching(/^needs you: disk low: [\d.]+ [MG]iB free of .* where world.log lives .*; free some space before world.log can take no more entries$/)]);

    await keeperSays(0);
    await keeperSays(2 ** 40);
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.id === "keeper-disk" && e.line > notified.line + 1);
    await waitForCursor(w.paths);
    expect(diskNotices()).toHaveLength(2);
  });

  it("on a first start, failures that were answered or moved on since are history; one still waiting is told", async () => {
    await run("agent", "start", "old-1", "water the plants", "--need", "event water logged");
    await run("agent", "failed", "old-1", "no pump", "--need", "a pump");
    await run("respond", "old-1", "bought one");
    await run("agent", "retry", "old-1", "try again with the pump");
    await run("agent", "start", "old-2", "renew the domain", "--need", "output contains renewed");
    await run("agent", "failed", "old-2", "card declined", "--need", "a working card");
    spirit = await startSpirit(w.paths);
    await waitForCursor(w.paths);
    expect(outputs(spiritLines(w.paths))).toEqual(['needs you: a working card (agent failed: "renew the domain"; answer: world respond old-2 <text>)']);
  });
});
