/**
 * Managing reminders by voice, through the real Spirit daemon and real reminder agents:
 * the user's "cancel my alarm" (by name, with a guest present) closes the one pending (its `closed` line cites the voice
 * line, its process is gone); with two pending it asks which one; "push it to 8" moves
 * the latest and "snooze that" snoozes it; someone else's "cancel the alarm" does
 * nothing; an alarm without a time is asked for, and nothing is started.
 */
import { describe, expect, it } from "vitest";
import { readProcRecord, recordedGroupAlive } from "../../../agents/procs.js";
import type { Entry, Located } from "../../../tools/world/entry.js";
import { appendOnce } from "../../../tools/world/append.js";
import { collectEntries } from "../../../tools/world/read.js";
import { waitForEntry, type TempWorld } from "../../support/world.js";
import { waitUntil } from "../../support/wait.js";
import { speak, spiritLines, useSpiritWorld, waitForCursor } from "../helpers.js";

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
  const sw = useSpiritWorld();

  it("cancels the one alarm pending: a closed line citing the voice line, its process gone; someone else's words do nothing", async () => {
    await sw.start();
    await speak(sw.w.home, ["user", "remind me to stretch in 55 seconds"]);
    const id = await armed(sw.w, "remind me to stretch in 55 seconds");
    // The spawner writes the record just after the child starts, and a quick child may arm before it (agents/spawn.ts).
    await waitUntil(() => readProcRecord(sw.w.paths, id) !== undefined, { what: `the process record of ${id}`, timeoutMs: WAIT.timeoutMs });
    const record = readProcRecord(sw.w.paths, id);
    expect(record, "a reminder due within a minute is held by its own process").toBeDefined();

    await speak(sw.w.home, ["guest", "cancel the alarm"]);
    await waitForCursor(sw.w.paths);
    expect(closedLines(sw.w)).toHaveLength(0);
    expect(spiritLines(sw.w.paths).filter((e) => e.output.includes('"cancel the alarm"'))).toHaveLength(0);

    // With someone else present, the user's words are for them unless said to the assistant by name.
    await speak(sw.w.home, ["user", "world, cancel my alarm"]);
    const said = await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("manage: "), WAIT);
    expect(said.output).toMatch(new RegExp(`^manage: cancelled the reminder ".*stretch.*" \\(${id}\\) \\(heard user: "world, cancel my alarm"\\)$`));
    const closed = collectEntries(sw.w.paths.log).entries.find((e) => e.kind === "agent" && e.id === id && e.status === "closed");
    const voice = voiceLine(sw.w, "user", "world, cancel my alarm");
    expect(closed?.output).toBe(`closed by a person: reminder cancelled (said by user at ${voice.ts}, line ${voice.line}: "world, cancel my alarm") (from program)`);
    expect(recordedGroupAlive(record!)).toBe(false);
  }, 240_000);

  it("asks which one of two, moves the latest to 8, snoozes it, and starts an alarm said without a time (its agent asks when)", async () => {
    await sw.start();
    await speak(sw.w.home, ["user", "remind me to water the plants at 9pm"]);
    const plants = await armed(sw.w, "remind me to water the plants at 9pm");
    await speak(sw.w.home, ["user", "remind me to call mom tomorrow at 7am"]);
    const mom = await armed(sw.w, "remind me to call mom tomorrow at 7am");

    await speak(sw.w.home, ["user", "cancel my alarm"]);
    const which = await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("manage: "), WAIT);
    expect(which.output).toContain("which one?");
    expect(which.output).toContain(plants);
    expect(which.output).toContain(mom);

    await speak(sw.w.home, ["user", "push it to 8"]);
    const moveVoice = await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "voice" && e.output === "push it to 8", WAIT);
    const moved = await waitForEntry(sw.w.paths, (e) => e.kind === "agent" && e.id === mom && e.status === "active" && e.output.includes(`moved at the words of user, voice line ${moveVoice.line}`), WAIT);
    expect(moved.output).toContain("parked: moved");
    const movedSaid = await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("manage: moved"), WAIT);
    expect(movedSaid.output).toContain(`(${mom}) to `);
    expect(new Date(movedSaid.output.match(/ to (\S+Z) /)![1]!).getMinutes()).toBe(0);

    await speak(sw.w.home, ["user", "snooze that"]);
    const snoozed = await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("manage: snoozed"), WAIT);
    expect(snoozed.output).toContain(`(${mom}) for 10 min, until `);
    await waitForEntry(sw.w.paths, (e) => e.kind === "agent" && e.id === mom && e.status === "active" && e.output.includes("snoozed 10 min"), WAIT);
    expect(closedLines(sw.w)).toHaveLength(0);

    // Said without a time, an alarm is started like any reminder: its agent asks the user when.
    await speak(sw.w.home, ["user", "set an alarm"]);
    const asked = await waitForEntry(sw.w.paths, (e) => e.kind === "agent" && e.status === "failed" && e.need === "when to remind you", WAIT);
    expect(collectEntries(sw.w.paths.log).entries.find((e) => e.kind === "agent" && e.id === asked.id && e.status === "start")?.output).toBe("remind me about the alarm");
    expect(spiritLines(sw.w.paths).filter((e) => e.output.startsWith("spawn: "))).toHaveLength(3);
  }, 300_000);

  it("closes any session by voice, as world close does: asks which one among several, never guesses", async () => {
    await sw.start();
    appendOnce(sw.w.paths, { kind: "agent", status: "start", id: "general-flights", output: "search for flights to lisbon in may", need: "a list of flights" });
    appendOnce(sw.w.paths, { kind: "agent", status: "start", id: "shell-photos", output: "back up the photos", need: "the photos are backed up" });
    appendOnce(sw.w.paths, { kind: "agent", status: "failed", id: "shell-photos", output: "the disk is full", need: "free space on the backup disk" });

    await speak(sw.w.home, ["user", "stop that agent"]);
    const which = await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("manage: "), WAIT);
    expect(which.output).toContain("which one?");
    expect(which.output).toContain("general-flights");
    expect(which.output).toContain("shell-photos");
    expect(closedLines(sw.w)).toHaveLength(0);

    await speak(sw.w.home, ["user", "cancel the flight search"]);
    const closed = await waitForEntry(sw.w.paths, (e) => e.kind === "agent" && e.id === "general-flights" && e.status === "closed", WAIT);
    const voice = voiceLine(sw.w, "user", "cancel the flight search");
    expect(closed.output).toBe(`closed by a person: session closed (said by user at ${voice.ts}, line ${voice.line}: "cancel the flight search") (from program)`);
    await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith('manage: closed the session "search for flights to lisbon in may" (general-flights)'), WAIT);

    // The one left, failed and waiting for a person, is what "that task" means now.
    await speak(sw.w.home, ["user", "close that task"]);
    await waitForEntry(sw.w.paths, (e) => e.kind === "agent" && e.id === "shell-photos" && e.status === "closed", WAIT);
    expect(closedLines(sw.w)).toHaveLength(2);
  }, 240_000);
});
