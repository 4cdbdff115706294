import { afterEach, describe, expect, it } from "vitest";
import { noteOf } from "../../agents/note/note.js";
import { tempWorld, waitForEntry, type TempWorld } from "../support/world.js";
import { entriesOf, isEvent, isStatus, runAgentProcess, startSession } from "./agent-process.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

describe("note: the words kept", () => {
  it("takes what follows \"note:\", or the whole task; nothing for a blank one", () => {
    expect(noteOf("note: pay Ana back")).toBe("pay Ana back");
    expect(noteOf("  call   the clinic ")).toBe("call the clinic");
    expect(noteOf("note:   ")).toBeUndefined();
  });
});

describe("note agent (real process)", () => {
  it("logs the note as an event and finishes with it, which its need checks", async () => {
    w = tempWorld();
    startSession(w.paths, "n1", "note: pay Ana back", 'output contains "noted: "');
    const result = await runAgentProcess(w.paths, "note", { id: "n1", task: "note: pay Ana back" });
    expect(result.exitCode).toBe(0);
    const kept = await waitForEntry(w.paths, isEvent("n1", "note"), { what: "note line" });
    expect(kept.output).toBe("pay Ana back");
    const finish = await waitForEntry(w.paths, isStatus("n1", "finish"), { what: "finish" });
    expect(finish.output).toBe("noted: pay Ana back");
  });

  it("a task with no words fails, saying what it needs", async () => {
    w = tempWorld();
    startSession(w.paths, "n2", "note:");
    await runAgentProcess(w.paths, "note", { id: "n2", task: "note:" });
    await waitForEntry(w.paths, isStatus("n2", "failed"), { what: "failed" });
    expect(entriesOf(w.paths, "n2").some((e) => e.kind === "event" && e.source === "note")).toBe(false);
  });
});
