import { afterEach, describe, expect, it } from "vitest";
import { collectEntries } from "../../tools/world/read.js";
import { tempWorld, waitForEntry, type TempWorld } from "../support/world.js";
import { isEvent, isStatus, runAgentProcess, startSession } from "./agent-process.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

describe("timer agent (real process)", () => {
  it("\"set a timer for 1 second\" → Timer done: 1 second, then finish", async () => {
    w = tempWorld();
    startSession(w.paths, "t1", "set a timer for 1 second");
    const child = runAgentProcess(w.paths, "timer", { id: "t1", task: "set a timer for 1 second" });
    const armed = await waitForEntry(w.paths, isStatus("t1", "active", /^armed: due \S+ by timer — Timer done: 1 second$/), { what: "armed" });
    const done = await waitForEntry(w.paths, isEvent("t1", "notify"), { what: "timer done" });
    expect(done.output).toBe("Timer done: 1 second");
    expect(done.line).toBeGreaterThan(armed.line);
    await waitForEntry(w.paths, isStatus("t1", "finish", /^delivered at /), { what: "finish" });
    expect((await child).exitCode).toBe(0);
  });

  it("a long timer parks at once and says armed once: its parking line is the armed line", async () => {
    w = tempWorld();
    startSession(w.paths, "t3", "set a timer for 10 minutes");
    const result = await runAgentProcess(w.paths, "timer", { id: "t3", task: "set a timer for 10 minutes" });
    expect(result.exitCode).toBe(0);
    const armed = collectEntries(w.paths.log).entries.filter((e) => e.id === "t3" && e.kind === "agent" && e.status === "active");
    expect(armed.map((e) => e.output)).toEqual([expect.stringMatching(/^armed: due \S+ by timer \(parked: the Keeper's scheduler delivers it\) — Timer done: 10 minutes$/)]);
  });

  it("fails with a need when no duration is given", async () => {
    w = tempWorld();
    startSession(w.paths, "t2", "set a timer");
    const result = await runAgentProcess(w.paths, "timer", { id: "t2", task: "set a timer" });
    expect(result.exitCode).toBe(3);
    await waitForEntry(w.paths, (e) => e.kind === "agent" && e.status === "failed" && e.need === "how long the timer should run");
  });
});
