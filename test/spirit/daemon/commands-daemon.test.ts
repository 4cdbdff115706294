/**
 * Spoken commands through the real Spirit daemon and a real timer agent (20 s: long enough
 * to be still running when it is asked for again on a busy machine): a timer said twice while it runs is confirmed, not started twice, and the same words after it rang
 * start a new one; a question about the world is answered in one line; a request no agent
 * can do gets one honest line.
 */
import { describe, expect, it } from "vitest";
import { waitForEntry, type TempWorld } from "../../support/world.js";
import { speak, spiritLines, waitForCursor, useSpiritWorld } from "../helpers.js";

/** A 20-second timer ends well after agentEnded's default wait on a busy machine. */
const ended = (w: TempWorld, id: string) =>
  waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === id && (e.status === "finish" || e.status === "failed"), { timeoutMs: 120_000, what: `the end of agent ${id}` });

describe("spoken commands, through the daemon", () => {
  const sw = useSpiritWorld();

  it("confirms a timer still running, starts it anew once it rang, answers what is set and says what it cannot do", async () => {
    await sw.start();
    await speak(sw.w.home, ["user", "set a timer for 20 seconds"]);
    const first = await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("spawn: timer"));
    await waitForEntry(sw.w.paths, (e) => e.kind === "agent" && e.status === "start" && e.id === first.id);

    await speak(sw.w.home, ["user", "what timers do i have"], ["user", "set a timer for 20 seconds"], ["user", "turn off the lights"]);
    await waitForCursor(sw.w.paths);
    const said = spiritLines(sw.w.paths).map((e) => e.output);
    expect(said).toContain(`answer: 1 timer set: "set a timer for 20 seconds" (heard user: "what timers do i have")`);
    expect(said).toContain(`already: your 20 seconds timer is already running (${first.id}) (heard user: "set a timer for 20 seconds")`);
    expect(said).toContain(`can't: I can't control the lights yet (heard user: "turn off the lights")`);
    expect(said.filter((o) => o.startsWith("spawn: "))).toHaveLength(1);

    await ended(sw.w, first.id);
    await speak(sw.w.home, ["user", "set a timer for 20 seconds"]);
    const second = await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("spawn: timer") && e.id !== first.id);
    expect(second.output).toBe('spawn: timer "set a timer for 20 seconds" because user asked (heard user: "set a timer for 20 seconds")');
    await ended(sw.w, second.id);
  }, 300_000);
});
