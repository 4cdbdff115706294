/**
 * Failed agents: the user is told in ONE line per failure (plus a desktop notification,
 * not logged again), the Keeper's reminder is its own one line (the Spirit only shows it
 * on the desktop), never after answering.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectEntries } from "../../../tools/world/read.js";
import { waitForEntry, world } from "../../support/world.js";
import { outputs, speak, spiritLines, waitForCursor, useSpiritWorld } from "../helpers.js";

const KEEPER_LINE = 'nudge: still waiting for you after 1 d: "fetch the report" needs the new password. (answer: world respond job-1 <text>)';
const TOLD = 'needs you: "fetch the report" needs the new password. (answer: world respond job-1 <text>)';

describe("agents that need a human", () => {
  const sw = useSpiritWorld();

  const run = async (...args: string[]) => expect((await world(sw.w.home, args)).exitCode, args.join(" ")).toBe(0);

  /** A display and a notify-send that writes down what it was asked to show, one line each. */
  function fakeDesktop(): { env: Record<string, string>; shown: () => string[] } {
    const bin = join(sw.w.home, "fake-bin");
    const file = join(sw.w.home, "desktop.txt");
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, "notify-send"), `#!/bin/sh\nfor last; do :; done\nprintf '%s\\n' "$last" >> ${JSON.stringify(file)}\n`);
    chmodSync(join(bin, "notify-send"), 0o755);
    return {
      env: { DISPLAY: ":99", PATH: `${bin}:${process.env.PATH ?? ""}` },
      shown: () => {
        try {
          return readFileSync(file, "utf8").split("\n").filter(Boolean);
        } catch {
          return [];
        }
      },
    };
  }

  it("a failure is told in one line (and on the desktop), the Keeper's reminder only on the desktop, nothing repeated on restart", async () => {
    const desktop = fakeDesktop();
    await run("agent", "start", "job-1", "fetch the report", "--need", "file exists report.pdf");
    await sw.start([], desktop.env);
    await run("agent", "failed", "job-1", "the login page changed", "--need", "the new password");
    await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.id === "job-1");
    await waitForCursor(sw.w.paths);
    expect(outputs(spiritLines(sw.w.paths))).toEqual([TOLD]);
    await expect.poll(desktop.shown, { timeout: 20_000 }).toEqual(['"fetch the report" needs the new password. (answer: world respond job-1 <text>)']);
    // One line: no [event:notify] saying it again.
    expect(collectEntries(sw.w.paths.log).entries.filter((e) => e.kind === "event" && e.source === "notify")).toEqual([]);

    await sw.stop();
    await sw.start([], desktop.env);
    await waitForCursor(sw.w.paths);
    expect(outputs(spiritLines(sw.w.paths))).toEqual([TOLD]);

    // The Keeper's periodic reminder (keeper/escalate.ts) is its own line: shown on the desktop, no line of ours.
    await run("event", "system", "job-1", KEEPER_LINE);
    await expect.poll(() => desktop.shown().length, { timeout: 20_000 }).toBe(2);
    expect(desktop.shown()[1]).toBe(KEEPER_LINE.slice("nudge: ".length));
    await waitForCursor(sw.w.paths);
    expect(outputs(spiritLines(sw.w.paths))).toEqual([TOLD]);

    // Once the user answered, a reminder changes nothing.
    await run("respond", "job-1", "the password is in the vault");
    await run("event", "system", "job-1", KEEPER_LINE);
    await waitForCursor(sw.w.paths);
    expect(outputs(spiritLines(sw.w.paths))).toEqual([TOLD]);
    expect(desktop.shown()).toHaveLength(2);
    expect(collectEntries(sw.w.paths.log).entries.filter((e) => e.kind === "event" && e.source === "notify")).toEqual([]);
  });

  it("a time said aloud after a reminder asked when is relayed as the user's answer; other words are not", async () => {
    await run("agent", "start", "rem-1", "remind me to call mom");
    await sw.start();
    await run("agent", "failed", "rem-1", "no time found in the words", "--need", "when to remind you");
    await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.id === "rem-1");
    await speak(sw.w.home, ["user", "Ugh, not again."]);
    await speak(sw.w.home, ["user", "Four pm."]);
    const answer = await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "user" && e.id === "rem-1", { what: "the spoken time relayed to rem-1" });
    expect(answer.output).toBe("Four pm. (spoken)");
    await waitForCursor(sw.w.paths);
    // Said once: the muttered line before it was conversation, and the question is closed now.
    expect(collectEntries(sw.w.paths.log).entries.filter((e) => e.kind === "event" && e.source === "user")).toHaveLength(1);
  });

  it("the Keeper's disk-low line is told once per time the disk goes low", async () => {
    const keeperSays = async (diskLowMiB: number) => {
      mkdirSync(sw.w.paths.dir, { recursive: true });
      writeFileSync(join(sw.w.paths.dir, "config.json"), JSON.stringify({ keeper: { diskLowMiB } }));
      await run("keep", "--once");
    };
    const diskNotices = () => outputs(spiritLines(sw.w.paths)).filter((o) => o.startsWith("needs you: disk low: "));
    await keeperSays(2 ** 40); // low, before the Spirit ever ran
    await keeperSays(0); // and back: history on a first start
    await sw.start();
    await waitForCursor(sw.w.paths);
    expect(diskNotices()).toEqual([]);

    await keeperSays(2 ** 40);
    const notified = await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.id === "keeper-disk");
    expect(notified.output).toMatch(/^needs you: disk low: [\d.]+ [MG]iB free of [\d.]+ [MG]iB \(\d+%\) where world.log lives /);
    await keeperSays(2 ** 40); // still low: the Keeper says nothing new, nor does the Spirit
    await sw.stop();
    await sw.start();
    await waitForCursor(sw.w.paths);
    expect(diskNotices()).toEqual([expect.stringMatching(/^needs you: disk low: [\d.]+ [MG]iB free of .* where world.log lives .*; free some space before world.log can take no more entries$/)]);

    await keeperSays(0);
    await keeperSays(2 ** 40);
    await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.id === "keeper-disk" && e.line > notified.line);
    await waitForCursor(sw.w.paths);
    expect(diskNotices()).toHaveLength(2);
  });

  it("on a first start, failures that were answered or moved on since are history; one still waiting is told", async () => {
    await run("agent", "start", "old-1", "water the plants", "--need", "event water logged");
    await run("agent", "failed", "old-1", "no pump", "--need", "a pump");
    await run("--as-human", "respond", "old-1", "bought one"); // a person: a program's answer sends nothing back to work
    await run("agent", "retry", "old-1", "try again with the pump");
    await run("agent", "start", "old-2", "renew the domain", "--need", "output contains renewed");
    await run("agent", "failed", "old-2", "card declined", "--need", "a working card");
    await sw.start();
    await waitForCursor(sw.w.paths);
    expect(outputs(spiritLines(sw.w.paths))).toEqual(['needs you: "renew the domain" needs a working card. (answer: world respond old-2 <text>)']);
  });
});
