import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Located } from "../../../tools/world/entry.js";
import { collectEntries } from "../../../tools/world/read.js";
import { ROOT, tempWorld, waitForEntry, world, type TempWorld } from "../../support/world.js";

const FAKE_WHISPER = join(ROOT, "test/fixtures/stt/fake-whisper.mjs");

function voices(w: TempWorld): string[] {
  return collectEntries(w.paths.log)
    .entries.filter((e) => e.kind === "event" && e.source === "voice")
    .map((e) => `${e.id}: ${e.output}`);
}

describe("world listen", () => {
  let w: TempWorld;
  beforeEach(() => {
    w = tempWorld();
  });
  afterEach(() => w.cleanup());

  it("logs JSON Lines from stdin; a bad line is reported by number and skipped", async () => {
    const input = [
      '{"ts":"2026-03-02T09:00:00Z","speaker":"alice","text":"hello"}',
      "this is not json",
      '{"ts":"2026-03-02T09:00:01Z","speaker":"Bob Jones","text":"hi alice"}',
      '{"ts":"2026-03-02T09:00:02Z","text":"who said this?"}',
      "",
      '{"ts":"2026-03-02T09:00:03Z","speaker":"user","text":"line | need: with a pipe\\nand a newline"}',
    ].join("\n");
    const r = await world(w.home, ["listen"], { input });
    expect(r.exitCode).toBe(0);
    const problems = r.stderr.split("\n").filter((l) => l.includes("skipped:"));
    expect(problems).toEqual([
      'world: listen: transcript line 2 skipped: expected a JSON object {"ts","speaker","text"}, received "this is not json"',
      expect.stringMatching(/^world: listen: transcript line 4 skipped: "speaker" should be a name, received nothing, in "/),
    ]);
    expect(r.stderr).toContain("3 utterance(s) logged, 2 line(s) skipped");
    expect(voices(w)).toEqual(["alice: hello", "Bob_Jones: hi alice", "user: line | need: with a pipe\nand a newline"]);
  });

  it("a speaker with a lone surrogate skips that line only, not the rest of the transcript", async () => {
    const input = [
      '{"ts":"1","speaker":"alice","text":"one"}',
      '{"ts":"2","speaker":"b\\ud800","text":"two"}',
      '{"ts":"3","speaker":"carol","text":"three \\udc00 kept"}',
    ].join("\n");
    const r = await world(w.home, ["listen"], { input });
    expect(r.exitCode).toBe(0);
    expect(r.stderr.split("\n").filter((l) => l.includes("skipped:"))).toEqual([
      'world: listen: transcript line 2 skipped: invalid identifier: expected 1–200 characters with no whitespace, \']\', control, invisible, format, private-use, unassigned or replacement characters (and no combining mark first), received "b\\ud800"',
    ]);
    expect(voices(w)).toEqual(["alice: one", "carol: three \udc00 kept"]);
  });

  it("reads a file once, or follows it as it grows until stopped", async () => {
    const file = join(w.home, "talk.jsonl");
    writeFileSync(file, '{"ts":1,"speaker":"user","text":"one"}\n');
    expect((await world(w.home, ["listen", "--file", file])).exitCode).toBe(0);
    expect(voices(w)).toEqual(["user: one"]);

    const child = world(w.home, ["listen", "--file", file, "--follow"]);
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.output === "one" && e.line === 2, { what: "the first line read again by --follow" });
    appendFileSync(file, '{"ts":2,"speaker":"user","text":"two"}\n{"ts":3,"speaker":"alice","te');
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.output === "two");
    appendFileSync(file, 'xt":"three"}\n'); // the rest of a line written in two pieces
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.output === "three");
    child.kill("SIGTERM");
    const r = await child;
    expect(r.exitCode).toBe(0);
    expect(voices(w)).toEqual(["user: one", "user: one", "user: two", "alice: three"]);
  });

  it("keeps a character whole when it arrives split across two appends", async () => {
    const file = join(w.home, "talk.txt");
    const cafe = Buffer.from("un caf\u00e9 au lait\n");
    const split = cafe.indexOf(0xc3) + 1; // between the two bytes of é
    // The first half is in the file before the follower starts: its first read takes the whole
    // file, so once "hello" is logged it has read the first half alone (no sleep to guess that).
    writeFileSync(file, Buffer.concat([Buffer.from("hello\n"), cafe.subarray(0, split)]));
    const child = world(w.home, ["listen", "--file", file, "--follow", "--format", "text", "--speaker", "mic"]);
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.output === "hello");
    appendFileSync(file, cafe.subarray(split));
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "voice" && e.output !== "hello");
    child.kill("SIGTERM");
    expect((await child).exitCode).toBe(0);
    expect(voices(w)).toEqual(["mic: hello", "mic: un caf\u00e9 au lait"]);
  });

  it("follows a FIFO across writers, and stops on a signal while waiting for one", async () => {
    const fifo = join(w.home, "talk.fifo");
    mkdirSync(w.home, { recursive: true });
    await execa("mkfifo", [fifo]);
    const child = world(w.home, ["listen", "--file", fifo, "--follow", "--format", "text", "--speaker", "mic"]);
    await execa("sh", ["-c", 'printf "first words\\n" > "$1"', "sh", fifo]);
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.output === "first words");
    await execa("sh", ["-c", 'printf "second writer\\n" > "$1"', "sh", fifo]);
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.output === "second writer");
    child.kill("SIGTERM");
    expect((await child).exitCode).toBe(0);
    expect(voices(w)).toEqual(["mic: first words", "mic: second writer"]);
  });

  it("runs a speech-to-text command (array arguments) and reads whisper.cpp's output", async () => {
    const r = await world(w.home, ["listen", "--format", "whisper", "--user", "me", "--from-command", "--", "node", FAKE_WHISPER, "0"]);
    expect(r.exitCode).toBe(0);
    expect(voices(w)).toEqual(["me: remind me to stretch in an hour", "me: set a timer for 10 minutes"]);
  });

  it("fails in one line when the command fails or cannot start", async () => {
    const failed = await world(w.home, ["listen", "--format", "whisper", "--from-command", "--", "node", FAKE_WHISPER, "3"]);
    expect(failed.exitCode).toBe(1);
    expect(failed.stderr).toMatch(/^world: the speech-to-text command "node .*fake-whisper\.mjs 3" exited with code 3 \(its stderr is in .*listen-command\.err\)$/m);
    const missing = await world(w.home, ["listen", "--from-command", "--", "no-such-stt-program"]);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toMatch(/^world: the speech-to-text command "no-such-stt-program" .*ENOENT/m);
  });

  it("refuses contradictory or unknown options with exit 2", async () => {
    for (const args of [["listen", "--format", "mp3"], ["listen", "--follow"], ["listen", "extra"], ["listen", "--from-command"], ["listen", "--file", "x", "--from-command", "--", "y"]]) {
      const r = await world(w.home, args);
      expect(r.exitCode, args.join(" ")).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
    }
    const missing = await world(w.home, ["listen", "--file", join(w.home, "nope.jsonl")]);
    expect(missing.exitCode).toBe(4);
  });
});

export type { Located };
