import { afterEach, describe, expect, it } from "vitest";
import { execa } from "execa";
import { AgentEnvError, readAgentEnv } from "../../agents/harness.js";
import { tempWorld, type TempWorld } from "../support/world.js";
import { agentArgs, entriesOf, startSession } from "./agent-process.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

describe("agent environment", () => {
  const good = { WORLD_HOME: "/tmp/x", WORLD_SESSION_ID: "s1", WORLD_TASK: " do it ", WORLD_NEED: "done", WORLD_ATTEMPT: "2", WORLD_GUIDANCE: "", WORLD_BIN: "/b/world.js" };
  it("reads and validates what the spawner gives", () => {
    expect(readAgentEnv(good)).toEqual({ home: "/tmp/x", sessionId: "s1", task: "do it", need: "done", attempt: 2, bin: "/b/world.js" });
    expect(readAgentEnv({ ...good, WORLD_ATTEMPT: undefined, WORLD_GUIDANCE: "try harder" })).toMatchObject({ attempt: 1, guidance: "try harder" });
  });
  it.each([
    [{ WORLD_TASK: "  " }, /WORLD_TASK expected the task text, received "  "/],
    [{ WORLD_SESSION_ID: "has space" }, /WORLD_SESSION_ID expected a session id/],
    [{ WORLD_ATTEMPT: "0" }, /WORLD_ATTEMPT expected a whole number from 1, received "0"/],
    [{ WORLD_HOME: undefined }, /WORLD_HOME .* received nothing/],
  ])("refuses %j in one line", (patch, message) => {
    expect(() => readAgentEnv({ ...good, ...patch })).toThrow(AgentEnvError);
    expect(() => readAgentEnv({ ...good, ...patch })).toThrow(message);
  });
});

describe("agent harness (real process)", () => {
  it("exits 2 on a bad environment and, when it knows the session, logs why", async () => {
    w = tempWorld();
    startSession(w.paths, "h1", "remind me");
    const result = await execa(process.execPath, agentArgs("reminder"), {
      reject: false,
      env: { WORLD_HOME: w.home, WORLD_SESSION_ID: "h1", WORLD_TASK: "", WORLD_ATTEMPT: "x" },
    });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^world agent: invalid agent environment: WORLD_TASK/);
    expect(entriesOf(w.paths, "h1").at(-1)).toMatchObject({ status: "failed", need: expect.stringMatching(/a correct spawn/) });
  });

  it("stops without acting when the session is already over (the Keeper failed it)", async () => {
    w = tempWorld();
    startSession(w.paths, "h2", "set a timer for 1 second");
    const { appendOnce } = await import("../../tools/world/append.js");
    appendOnce(w.paths, { kind: "agent", status: "failed", id: "h2", output: "timed out", need: "a human" });
    const result = await execa(process.execPath, agentArgs("timer"), {
      reject: false,
      env: { WORLD_HOME: w.home, WORLD_SESSION_ID: "h2", WORLD_TASK: "set a timer for 1 second", WORLD_NEED: "done", DISPLAY: "" },
    });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toMatch(/not writing active after failed \(lifecycle\)/);
    expect(entriesOf(w.paths, "h2").map((e) => (e.kind === "agent" ? e.status : e.source))).toEqual(["start", "failed"]); // no notify either
  });

  it("delivers nothing for a closed session even when the due time passed before arming (a slow start)", async () => {
    w = tempWorld();
    // Due at once: what a 1-second timer is when its agent took over a second to start.
    startSession(w.paths, "h3", "set a timer for 0 seconds");
    const { appendOnce } = await import("../../tools/world/append.js");
    appendOnce(w.paths, { kind: "agent", status: "failed", id: "h3", output: "timed out", need: "a human" });
    const result = await execa(process.execPath, agentArgs("timer"), {
      reject: false,
      env: { WORLD_HOME: w.home, WORLD_SESSION_ID: "h3", WORLD_TASK: "set a timer for 0 seconds", WORLD_NEED: "done", DISPLAY: "" },
    });
    expect(result.exitCode).toBe(4);
    expect(entriesOf(w.paths, "h3").map((e) => (e.kind === "agent" ? e.status : e.source))).toEqual(["start", "failed"]);
  });
});
