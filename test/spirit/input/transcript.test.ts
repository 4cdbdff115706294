import { describe, expect, it } from "vitest";
import { readTranscriptLine } from "../../../spirit/input/transcript.js";
import { speakerId } from "../../../spirit/input/speaker.js";

describe("transcript lines", () => {
  it("reads JSON Lines utterances and keeps extra fields out of the way", () => {
    expect(readTranscriptLine('{"ts":"2026-01-01T00:00:00Z","speaker":"alice","text":" hi there ","conf":0.9}', "jsonl", "user")).toEqual({
      ok: true,
      utterance: { speaker: "alice", text: "hi there", ts: "2026-01-01T00:00:00Z" },
    });
    expect(readTranscriptLine('{"ts":12.5,"speaker":"bob","text":"ok"}', "jsonl", "user")).toMatchObject({ ok: true, utterance: { ts: 12.5 } });
  });

  it("reports bad lines with what was expected and what was received", () => {
    const notJson = readTranscriptLine("hello {", "jsonl", "user");
    expect(notJson).toEqual({ ok: false, skip: false, error: 'expected a JSON object {"ts","speaker","text"}, received "hello {"' });
    const noSpeaker = readTranscriptLine('{"ts":"x","text":"hi"}', "jsonl", "user");
    expect(noSpeaker.ok).toBe(false);
    expect(!noSpeaker.ok && !noSpeaker.skip && noSpeaker.error).toBe('"speaker" should be a name, received nothing, in "{\\"ts\\":\\"x\\",\\"text\\":\\"hi\\"}"');
    const noTs = readTranscriptLine('{"speaker":"a","text":"hi"}', "jsonl", "user");
    expect(!noTs.ok && !noTs.skip && noTs.error).toMatch(/^"ts" should be a time \(an ISO string or a number\), received nothing, in /);
    const badText = readTranscriptLine('{"ts":1,"speaker":"a","text":42}', "jsonl", "user");
    expect(!badText.ok && !badText.skip && badText.error).toMatch(/^"text" should be the words as a string, received the number 42, in /);
    const list = readTranscriptLine("[1,2]", "jsonl", "user");
    expect(!list.ok && !list.skip && list.error).toBe('expected a JSON object {"ts","speaker","text"}, received "[1,2]"');
    // One plain sentence: no zod wording, no second "received".
    for (const r of [noSpeaker, noTs, badText]) {
      const error = !r.ok && !r.skip ? r.error : "";
      expect(error).not.toMatch(/invalid input|undefined/);
      expect(error.match(/received/g)).toHaveLength(1);
    }
  });

  it("skips blank lines and empty utterances silently", () => {
    expect(readTranscriptLine("   ", "jsonl", "user")).toEqual({ ok: false, skip: true });
    expect(readTranscriptLine('{"ts":1,"speaker":"a","text":"  "}', "jsonl", "user")).toEqual({ ok: false, skip: true });
  });

  it("treats plain lines as the default speaker's (--format text)", () => {
    expect(readTranscriptLine("remind me to stretch\r", "text", "me")).toEqual({ ok: true, utterance: { speaker: "me", text: "remind me to stretch" } });
  });

  it("reads whisper.cpp stream output: redraws, timestamps and noise markers", () => {
    const redrawn = "\x1b[2K\r remind me\x1b[2K\r remind me to stretch";
    expect(readTranscriptLine(redrawn, "whisper", "user")).toEqual({ ok: true, utterance: { speaker: "user", text: "remind me to stretch" } });
    expect(readTranscriptLine("[00:00:00.000 --> 00:00:02.500]   set a timer for 5 minutes", "whisper", "user")).toMatchObject({
      ok: true,
      utterance: { text: "set a timer for 5 minutes" },
    });
    for (const noise of ["### Transcription 0 START", "[Start speaking]", " [BLANK_AUDIO]", "init: found 1 capture devices:", ""]) {
      expect(readTranscriptLine(noise, "whisper", "user")).toEqual({ ok: false, skip: true });
    }
  });

  it("reads pocketsphinx JSON", () => {
    expect(readTranscriptLine('{"b":1.25,"d":2.0,"p":1,"t":"go forward ten meters","w":[]}', "pocketsphinx", "user")).toEqual({
      ok: true,
      utterance: { speaker: "user", text: "go forward ten meters", ts: 1.25 },
    });
    expect(readTranscriptLine('{"b":1}', "pocketsphinx", "user").ok).toBe(false);
  });

  it("turns speaker labels into log identifiers", () => {
    expect(speakerId("Alice Smith")).toBe("Alice_Smith");
    expect(speakerId("x]y")).toBe("x_y");
    expect(speakerId("   ")).toBe("unknown");
  });
});
