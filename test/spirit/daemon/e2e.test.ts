/**
 * End to end: a transcript with mixed speech, through the real `world listen`, into a
 * real Spirit process, which spawns a real reminder agent; a plan between two people,
 * offered offline as a search, which a yes opens through the real open-page agent.
 */
import { join } from "node:path";
import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { appendOnce } from "../../../tools/world/append.js";
import { ROOT, waitForEntry, world } from "../../support/world.js";
import { agentEnded, outputs, speak, spiritLines, waitForCursor, useSpiritWorld } from "../helpers.js";

const MIXED = join(ROOT, "test/fixtures/transcripts/mixed.jsonl");
const OPENER = join(ROOT, "test/fixtures/agents/browser-opener.mjs");

const EXPECTED = [
  'spawn: reminder "remind me to stretch in 2 seconds" because user asked (heard user: "remind me to stretch in 2 seconds")',
  // Alice's "we should book the flight" is hers; the user's own "yeah, we should…" is a plan
  // for later, offered offline as a search the open-page agent opens; "send 200 dollars to
  // bob", said to Alice, is quiet.
  'nudge: Want me to open a search for flights to Tokyo? (heard user: "yeah, we should book the flight to tokyo") yes: open-page "open a search for flights to Tokyo: https://duckduckgo.com/?q=flights+to+Tokyo" need “output contains "https://duckduckgo.com/?q=flights+to+Tokyo"”',
];

describe("the Spirit, end to end", () => {
  const sw = useSpiritWorld();

  it("mixed speech → exactly one reminder spawn and one flight nudge; the reminder fires and is verified; a restart repeats nothing", async () => {
    const verifier = world(sw.w.home, ["verifier"]);
    await sw.start();
    const listened = await world(sw.w.home, ["listen", "--file", MIXED]);
    expect(listened.exitCode).toBe(0);
    expect(listened.stderr).toContain("10 utterance(s) logged, 0 line(s) skipped");
    await waitForCursor(sw.w.paths);

    const lines = spiritLines(sw.w.paths);
    expect(outputs(lines)).toEqual(EXPECTED);
    const [spawn, flight] = lines;
    expect(spawn!.id).toMatch(/^reminder-[0-9a-f]{12}$/);
    expect(flight!.id).toMatch(/^nudge-flight-[0-9a-f]{12}$/);

    // The reminder agent: started with a machine-checkable need, delivers, finishes.
    const start = await waitForEntry(sw.w.paths, (e) => e.kind === "agent" && e.status === "start" && e.id === spawn!.id);
    expect(start).toMatchObject({ output: "remind me to stretch in 2 seconds", need: "event notify logged" });
    await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "notify" && e.id === spawn!.id && e.output === "Reminder: stretch");
    await waitForEntry(sw.w.paths, (e) => e.kind === "agent" && e.status === "finish" && e.id === spawn!.id);
    await agentEnded(sw.w.paths, spawn!.id);
    // The real Verifier checks the need exactly (the notify line exists) and verifies.
    const verified = await waitForEntry(sw.w.paths, (e) => e.kind === "agent" && e.id === spawn!.id && (e.status === "verified" || e.status === "retry" || e.status === "failed"));
    expect(verified).toMatchObject({ kind: "agent", status: "verified" });
    verifier.kill("SIGTERM");
    expect((await verifier).exitCode).toBe(0);
    // Money is asked about, never acted on: no agent for it.
    expect(spiritLines(sw.w.paths).filter((e) => e.output.startsWith("spawn:"))).toHaveLength(1);

    // Restart: everything after the cursor is read again, nothing is said twice.
    expect((await sw.stop()).exitCode).toBe(0);
    await sw.start();
    await waitForCursor(sw.w.paths);
    expect(outputs(spiritLines(sw.w.paths))).toEqual(EXPECTED);
    const self = outputs(spiritLines(sw.w.paths, true).filter((e) => e.id === "spirit"));
    expect(self).toEqual([
      expect.stringMatching(/^awake: offline brain, user speaker "user", reading from line 1, nudges expire after \S+$/),
      "asleep: stopped by SIGTERM",
      expect.stringMatching(/^awake: offline brain, user speaker "user", reading from line \d+, nudges expire after \S+$/),
    ]);
  });

  it("offline, a plan between two people → one search offered → a spoken yes → the page opens, finished and verified", async () => {
    const record = join(sw.w.home, "opener-argv.json");
    const verifier = world(sw.w.home, ["verifier"]);
    // The Spirit's agents inherit its environment: the opener is a fixture that records its argv.
    await sw.start(["--brain", "offline"], { WORLD_BROWSER_OPENER: OPENER, OPENER_RECORD: record });
    await speak(
      sw.w.home,
      ["alice", "The cherry blossoms peak in early April."],
      ["user", "We should book flights to Tokyo for April."],
      ["alice", "Yes! And a hotel near Shinjuku."],
      ["user", "Let's book a hotel in Tokyo too."],
    );
    await waitForCursor(sw.w.paths);
    // One question per conversation, built from the slots, not the words heard.
    const nudges = spiritLines(sw.w.paths).filter((e) => e.output.startsWith("nudge: "));
    expect(outputs(nudges)).toEqual([
      'nudge: Want me to open a search for flights to Tokyo for April? (heard user: "We should book flights to Tokyo for April.") yes: open-page "open a search for flights to Tokyo for April: https://duckduckgo.com/?q=flights+to+Tokyo+for+April" need “output contains "https://duckduckgo.com/?q=flights+to+Tokyo+for+April"”',
    ]);
    await speak(sw.w.home, ["user", "yes"]);
    const spawn = await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("spawn: open-page"), { what: "the spawn a yes starts" });
    const finish = await waitForEntry(sw.w.paths, (e) => e.kind === "agent" && e.id === spawn.id && (e.status === "finish" || e.status === "failed"), { what: "the open-page agent's end" });
    expect(finish).toMatchObject({ status: "finish", output: "opened https://duckduckgo.com/?q=flights+to+Tokyo+for+April in the browser" });
    expect(JSON.parse(readFileSync(record, "utf8"))).toEqual(["https://duckduckgo.com/?q=flights+to+Tokyo+for+April"]);
    // The offline Verifier checks the need exactly: no model, no human, no failure card.
    const verdict = await waitForEntry(sw.w.paths, (e) => e.kind === "agent" && e.id === spawn.id && (e.status === "verified" || e.status === "retry" || e.status === "failed"));
    expect(verdict).toMatchObject({ status: "verified" });
    verifier.kill("SIGTERM");
    expect((await verifier).exitCode).toBe(0);
    await agentEnded(sw.w.paths, spawn.id);
  });

  it("offline, a promise with no time → a note offered → a spoken yes → the note agent keeps it, verified", async () => {
    const verifier = world(sw.w.home, ["verifier"]);
    await sw.start(["--brain", "offline"]);
    await speak(sw.w.home, ["alice", "Can you lend me your ladder?"], ["user", "Sure, here it is."], ["alice", "Thanks, I'll return it tomorrow."], ["user", "And I'll fix your fence, promise."]);
    await waitForCursor(sw.w.paths);
    const nudges = spiritLines(sw.w.paths).filter((e) => e.output.startsWith("nudge: "));
    expect(outputs(nudges)).toEqual([
      'nudge: Want me to make a note to fix Alice\'s fence? (heard user: "And I\'ll fix your fence, promise.") yes: note "note: fix Alice\'s fence" need “output contains "noted: "”',
    ]);
    await speak(sw.w.home, ["user", "yes"]);
    const spawn = await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("spawn: note"), { what: "the spawn a yes starts" });
    await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "note" && e.id === spawn.id && e.output === "fix Alice's fence", { what: "the note kept" });
    const verdict = await waitForEntry(sw.w.paths, (e) => e.kind === "agent" && e.id === spawn.id && (e.status === "verified" || e.status === "retry" || e.status === "failed"), { what: "the verdict" });
    expect(verdict).toMatchObject({ status: "verified" });
    verifier.kill("SIGTERM");
    expect((await verifier).exitCode).toBe(0);
    await agentEnded(sw.w.paths, spawn.id);
  });

  it("a restart that re-reads lines it already acted on (a crash before the cursor moved) acts once", async () => {
    await sw.start();
    expect((await world(sw.w.home, ["listen", "--file", MIXED])).exitCode).toBe(0);
    await waitForCursor(sw.w.paths);
    expect(await sw.stop()).toMatchObject({ exitCode: 0 });
    // Forget the cursor: the next Spirit reads the whole log again.
    const { rmSync } = await import("node:fs");
    rmSync(join(sw.w.paths.cursors, "spirit.json"));
    await sw.start();
    await waitForCursor(sw.w.paths);
    expect(outputs(spiritLines(sw.w.paths))).toEqual(EXPECTED);
    await agentEnded(sw.w.paths, spiritLines(sw.w.paths)[0]!.id);
  });

  it("one Spirit per world: a second one is refused (exit 3); a lock left by a killed one is taken over", async () => {
    await sw.start();
    const second = await world(sw.w.home, ["spirit"]);
    expect(second.exitCode).toBe(3);
    expect(second.stderr).toBe(`world: the Spirit is already running in ${sw.w.home}: expected no other, received pid ${sw.spirit.child.pid}`);
    sw.spirit.child.kill("SIGKILL");
    await sw.spirit.child;
    await sw.start();
  });

  it("voice lines older than the stale age are context, not requests (first start on an old world)", async () => {
    const old = new Date(Date.now() - 3_600_000).toISOString();
    appendOnce(sw.w.paths, { kind: "event", source: "voice", id: "user", output: "remind me to water the plants in 5 minutes", ts: old });
    await sw.start();
    await waitForCursor(sw.w.paths);
    expect(spiritLines(sw.w.paths)).toEqual([]);
  });

  it("world listen --spirit runs both in one process", async () => {
    const child = world(sw.w.home, ["listen", "--spirit", "--file", MIXED]);
    await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output === EXPECTED[1]);
    await waitForCursor(sw.w.paths, statSync(sw.w.paths.log).size);
    child.kill("SIGTERM");
    const r = await child;
    expect(r.exitCode).toBe(0);
    expect(outputs(spiritLines(sw.w.paths))).toEqual(EXPECTED);
    await agentEnded(sw.w.paths, spiritLines(sw.w.paths)[0]!.id);
  });
});
