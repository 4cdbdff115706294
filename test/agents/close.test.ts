/**
 * Closing a session (agents/close.ts): one `closed` line saying who and why, its process
 * group stopped for real, nothing after it (the lifecycle refuses every status), refused
 * to programs and to a voice citation that does not match the log.
 */
import { afterEach, describe, expect, it } from "vitest";
import { closeSession } from "../../agents/close.js";
import { readProcRecord, recordedGroupAlive } from "../../agents/procs.js";
import { appendOnce } from "../../tools/world/append.js";
import { appendStatus } from "../../tools/world/append-status.js";
import { collectEntries } from "../../tools/world/read.js";
import { RefusedError, UsageError } from "../../tools/errors.js";
import { tempWorld, waitForEntry, world, type TempWorld } from "../support/world.js";
import { entriesOf, startSession } from "./agent-process.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

describe("closeSession", () => {
  it("a running agent: the closed line, SIGTERM to its group, the group gone, no status after", async () => {
    w = tempWorld();
    const spawned = await world(w.home, ["spawn", "wait for ever | need: output contains \"never\"", "--id", "long", "--", "sleep", "300"]);
    expect(spawned.exitCode, spawned.stderr).toBe(0);
    const record = readProcRecord(w.paths, "long")!;
    expect(recordedGroupAlive(record)).toBe(true);

    const closed = await closeSession(w.paths, "long", "not needed any more", { person: "terminal" });
    expect(closed.entry).toMatchObject({ kind: "agent", status: "closed", output: "closed by a person: not needed any more (from terminal)" });
    expect(closed.processes).toBe("stopped");
    expect(recordedGroupAlive(record)).toBe(false);
    expect(readProcRecord(w.paths, "long")).toBeDefined(); // archived, kept for the record
    await waitForEntry(w.paths, (e) => e.id === "long" && e.kind === "event" && /^pid \d+ \(attempt 1\) killed by SIGTERM$/.test(e.output), { what: "the exit line" });
    expect(entriesOf(w.paths, "long").some((e) => e.kind === "event" && e.output.startsWith("SIGTERM to process group"))).toBe(true);
    // The exit of a closed session's process fails nothing: closed stays the latest status.
    expect(entriesOf(w.paths, "long").filter((e) => e.kind === "agent").map((e) => e.kind === "agent" && e.status)).toEqual(["start", "closed"]);
    for (const status of ["active", "finish", "failed", "retry", "verified"] as const) {
      expect(() => appendStatus(w!.paths, { status, id: "long", output: "late" })).toThrow(RefusedError);
    }
  });

  it("a failed session closes; a verified or closed one is refused (exit 3), an unknown one is not found", async () => {
    w = tempWorld();
    startSession(w.paths, "f", "book a table");
    appendStatus(w.paths, { status: "failed", id: "f", output: "gave up", need: "a credit card" });
    expect((await closeSession(w.paths, "f", "", { person: "monitor" })).entry.output).toBe("closed by a person: no reason given (from monitor)");
    await expect(closeSession(w.paths, "f", "again", { person: "terminal" })).rejects.toThrow(/already closed/);
    startSession(w.paths, "v", "done thing");
    appendStatus(w.paths, { status: "finish", id: "v", output: "done" });
    appendStatus(w.paths, { status: "verified", id: "v", output: "ok" });
    await expect(closeSession(w.paths, "v", "x", { person: "terminal" })).rejects.toThrow(RefusedError);
    await expect(closeSession(w.paths, "nobody", "x", { person: "terminal" })).rejects.toMatchObject({ exitCode: 4 });
  });

  it("only a person: a program or MCP is refused and nothing is written", async () => {
    w = tempWorld();
    startSession(w.paths, "p", "some work");
    const before = collectEntries(w.paths.log).entries.length;
    await expect(closeSession(w.paths, "p", "x", { person: "program" })).rejects.toThrow(/only a person may close/);
    await expect(closeSession(w.paths, "p", "x", { person: "mcp" })).rejects.toThrow(RefusedError);
    expect(collectEntries(w.paths.log).entries.length).toBe(before);
  });

  it("the Spirit on a person's words: the line cites the voice line, which must be in the log as cited", async () => {
    w = tempWorld();
    startSession(w.paths, "alarm", "wake me at 7");
    const voice = appendOnce(w.paths, { kind: "event", source: "voice", id: "user", output: "cancel my alarm" });
    const line = collectEntries(w.paths.log).entries.find((e) => e.kind === "event" && e.source === "voice")!.line;
    const cited = { voice: { line, ts: voice.ts, speaker: "user", text: "cancel my alarm" } };
    await expect(closeSession(w.paths, "alarm", "x", { voice: { ...cited.voice, text: "cancel everything" } })).rejects.toThrow(UsageError);
    await expect(closeSession(w.paths, "alarm", "x", { voice: { ...cited.voice, line: line - 1 } })).rejects.toThrow(UsageError);
    const closed = await closeSession(w.paths, "alarm", "the user cancelled it", cited);
    expect(closed.entry.output).toBe(`closed by a person: the user cancelled it (said by user at ${voice.ts}, line ${line}: "cancel my alarm") (from program)`);
  });
});
