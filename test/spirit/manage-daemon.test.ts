/**
 * Managing reminders by voice, through the real Spirit daemon and real reminder agents:
 * the user's "cancel my alarm" (by name, with a guest present) closes the one pending (its `closed` line cites the voice
 * line, its process is gone); with two pending it asks which one; "push it to 8" moves
 * the latest and "snooze that" snoozes it; someone else's "cancel the alarm" does
 * nothing; an alarm without a time is asked for, and nothing is started.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readProcRecord } from "../../agents/procs.js";
import { ownGroupAlive } from "../../tools/process/identity.js";
import type { Entry, Located } from "../../tools/world/entry.js";
import { appendOnce } from "../../tools/world/append.js";
import { collectEntries } from "../../tools/world/read.js";
import { tempWorld, waitForEntry, type TempWorld } from "../support/world.js";
import { speak, spiritLines, startSpirit, stopSpirit, waitForCursor, type SpiritProcess } from "./helpers.js";

const WAIT = { timeoutMs: 60_000 };

/** The reminder the Spirit spawned for `said`, once its agent has armed it. */
async function armed(w: TempWorld, said: string): Promise<string> {
  const spawn = await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("spawn: reminder") && e.output.includes(JSON.stringify(said)), WAIT);
  await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === spawn.id && e.status === "active", { ...WAIT, what: `the armed line of ${spawn.id}` });
  return spawn.id;
}

function voiceLine(w: TempWorld, speaker: string, text: string): Located<Entry> {
  const found = collectEntries(w.paths.log).entries.filter((e) => e.kind === "event" && e.source === "voice" && e.id === speaker && e.output === text).at(-1);
  if (found === undefined) throw new Error(`no voice line ${speaker}: ${text}`);
  return found;
}

const closedLines = (w: TempWorld) => collectEntries(w.paths.log).entries.filter((e) => e.kind === "agent" && e.status === "closed");

describe("managing reminders by voice, through the daemon", () => {
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

  it("cancels the one alarm pending: a closed line citing the voice line, its process gone; someone else's words do nothing", async () => {
    spirit = await startSpirit(w.paths);
    await speak(w.home, ["user", "remind me to stretch in 55 seconds"]);
    const id = await armed(w, "remind me to stretch in 55 seconds");
    const record = readProcRecord(w.paths, id);
    expect(record, "a reminder due within a minute is held by its own process").toBeDefined();

    await speak(w.home, ["guest", "cancel the alarm"]);
    await waitForCursor(w.paths);
    expect(closedLines(w)).toHaveLength(0);
    expect(spiritLines(w.paths).filter((e) => e.output.includes('"cancel the alarm"'))).toHaveLength(0);

    // With someone else present, the user's words are for them unless said to the assistant by name.
    await speak(w.home, ["user", "world, cancel my alarm"]);
    const said = await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("manage: "), WAIT);
    expect(said.output).toMatch(new RegExp(`^manage: cancelled the reminder ".*stretch.*" \\(${id}\\) \\(heard user: "world, cancel my alarm"\\)$`));
    const closed = collectEntries(w.paths.log).entries.find((e) => e.kind === "agent" && e.id === id && e.status === "closed");
    const voice = voiceLine(w, "user", "world, cancel my alarm");
    expect(closed?.output).toBe(`closed by a person: reminder cancelled (said by user at ${voice.ts}, line ${voice.line}: "world, cancel my alarm") (from program)`);
    expect(ownGroupAlive(record!.pgid, record!.startTicks)).toBe(false);
  }, 240_000);

  it("asks which one of two, moves the latest to 8, snoozes it, and starts an alarm said without a time (its agent asks when)", async () => {
    spirit = await startSpirit(w.paths);
    await speak(w.home, ["user", "remind me to water the plants at 9pm"]);
    const plants = await armed(w, "remind me to water the plants at 9pm");
    await speak(w.home, ["user", "remind me to call mom tomorrow at 7am"]);
    const mom = await armed(w, "remind me to call mom tomorrow at 7am");

    await speak(w.home, ["user", "cancel my alarm"]);
    const which = await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("manage: "), WAIT);
    expect(which.output).toContain("which one?");
    expect(which.output).toContain(plants);
    expect(which.output).toContain(mom);

    await speak(w.home, ["user", "push it to 8"]);
    const moveVoice = await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "voice" && e.output === "push it to 8", WAIT);
    const moved = await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === mom && e.status === "active" && e.output.includes(`moved at the words of user, voice line ${moveVoice.line}`), WAIT);
    expect(moved.output).toContain("parked: moved");
    const movedSaid = await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("manage: moved"), WAIT);
    expect(movedSaid.output).toContain(`(${mom}) to `);
    expect(new Date(movedSaid.output.match(/ to (\S+Z) /)![1]!).getMinutes()).toBe(0);

    await speak(w.home, ["user", "snooze that"]);
    const snoozed = await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("manage: snoozed"), WAIT);
    expect(snoozed.output).toContain(`(${mom}) for 10 min, until `);
    await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === mom && e.status === "active" && e.output.includes("snoozed 10 min"), WAIT);
    expect(closedLines(w)).toHaveLength(0);

    // Said without a time, an alarm is started like any reminder: its agent asks the user when.
    await speak(w.home, ["user", "set an alarm"]);
    const asked = await waitForEntry(w.paths, (e) => e.kind === "agent" && e.status === "failed" && e.need === "when to remind you", WAIT);
    expect(collectEntries(w.paths.log).entries.find((e) => e.kind === "agent" && e.id === asked.id && e.status === "start")?.output).toBe("remind me about the alarm");
    expect(spiritLines(w.paths).filter((e) => e.output.startsWith("spawn: "))).toHaveLength(3);
  }, 300_000);

  it("closes any session by voice, as world close does: asks which one among several, never guesses", async () => {
    spirit = await startSpirit(w.paths);
    appendOnce(w.paths, { kind: "agent", status: "start", id: "general-flights", output: "search for flights to lisbon in may", need: "a list of flights" });
    appendOnce(w.paths, { kind: "agent", status: "start", id: "shell-photos", output: "back up the photos", need: "the photos are backed up" });
    appendOnce(w.paths, { kind: "agent", status: "failed", id: "shell-photos", output: "the disk is full", need: "free space on the backup disk" });

    await speak(w.home, ["user", "stop that agent"]);
    const which = await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("manage: "), WAIT);
    expect(which.output).toContain("which one?");
    expect(which.output).toContain("general-flights");
    expect(which.output).toContain("shell-photos");
    expect(closedLines(w)).toHaveLength(0);

    await speak(w.home, ["user", "cancel the flight search"]);
    const closed = await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === "general-flights" && e.status === "closed", WAIT);
    const voice = voiceLine(w, "user", "cancel the flight search");
    expect(closed.output).toBe(`closed by a person: session closed (said by user at ${voice.ts}, line ${voice.line}: "cancel the flight search") (from program)`);
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith('manage: closed the session "search for flights to lisbon in may" (general-flights)'), WAIT);

    // The one left, failed and waiting for a person, is what "that task" means now.
    await speak(w.home, ["user", "close that task"]);
    await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === "shell-photos" && e.status === "closed", WAIT);
    expect(closedLines(w)).toHaveLength(2);
  }, 240_000);
});
