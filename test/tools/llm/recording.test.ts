/**
 * Model requests recorded against a stand-in model on 127.0.0.1 (the real SDK over HTTP),
 * then replayed with the server stopped: the same answers, in order, errors included; a
 * request that was not recorded is refused, never answered.
 */
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { anthropicFromEnv, anthropicSdk, type Anthropic } from "../../../tools/llm/provider.js";
import { NotInRecording, Recorder, RecordingError, Replay } from "../../../tools/llm/recording.js";
import { startFakeAnthropic, type FakeAnthropic } from "../../support/fake-anthropic.js";
import { tempWorld, type TempWorld } from "../../support/world.js";

const ask = (client: Anthropic, words: string) =>
  client.messages.create({ model: "claude-test-model", max_tokens: 50, messages: [{ role: "user", content: words }] });
const textOf = (reply: Anthropic.Message) => reply.content.map((b) => (b.type === "text" ? b.text : b.type)).join(" ");

describe("recording and replaying model requests", () => {
  let w: TempWorld;
  let fake: FakeAnthropic;
  let file: string;
  beforeEach(async () => {
    w = tempWorld("recording-");
    file = join(w.home, "run.jsonl");
    fake = await startFakeAnthropic();
  });
  afterEach(async () => {
    await fake.close();
    w.cleanup();
  });

  it("replays what was recorded, with no server and no key, and refuses what was not", async () => {
    fake.reply({ text: "first answer" }, { text: "second answer" }, { text: "about rome" }, { status: 529 });
    const recorder = new Recorder(file, "claude-test-model");
    const live = anthropicFromEnv({ env: fake.env, maxRetries: 0, middleware: [recorder.middleware] })!;
    expect(textOf(await ask(live, "hello"))).toBe("first answer");
    // The same request asked again got another answer: both are kept, in order.
    expect(textOf(await ask(live, "hello"))).toBe("second answer");
    expect(textOf(await ask(live, "trip to rome\nin may"))).toBe("about rome");
    await expect(ask(live, "overloaded?")).rejects.toMatchObject({ status: 529 });
    expect(recorder.count).toBe(4);
    await fake.close();

    const lines = readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toEqual({ recording: "world model requests", version: 1, model: "claude-test-model" });
    expect(lines.slice(1).map((l) => [l.about, l.status])).toEqual([["hello", 200], ["hello", 200], ["trip to rome", 200], ["overloaded?", 529]]);
    expect(lines[1]!.key).toMatch(/^[0-9a-f]{64}$/);
    expect(lines[1]!.key).toBe(lines[2]!.key);

    const replay = Replay.load(file);
    expect(replay.model).toBe("claude-test-model");
    const replayed = replay.client();
    expect(textOf(await ask(replayed, "hello"))).toBe("first answer");
    expect(textOf(await ask(replayed, "trip to rome\nin may"))).toBe("about rome");
    expect(textOf(await ask(replayed, "hello"))).toBe("second answer");
    const overloaded = await ask(replayed, "overloaded?").catch((e: unknown) => e);
    expect(overloaded).toBeInstanceOf(anthropicSdk().APIError);
    expect(overloaded).toMatchObject({ status: 529 });
    expect(replay.missed).toBeUndefined();
    expect(replay.replayed).toBe(4);

    // Asked once more than recorded, or never recorded: refused, and remembered.
    const again = await ask(replayed, "hello").catch((e: unknown) => e);
    expect(again).toBeInstanceOf(NotInRecording);
    expect((again as Error).message).toMatch(/^a model request is not in the recording .*run\.jsonl \("hello", key [0-9a-f]{12}\): it holds 4 answers from another run/);
    await expect(ask(replayed, "goodbye")).rejects.toBeInstanceOf(NotInRecording);
    expect(replay.missed?.message).toContain('("hello"');
    // Another model is another request.
    await expect(replayed.messages.create({ model: "claude-other", max_tokens: 50, messages: [{ role: "user", content: "trip to rome\nin may" }] })).rejects.toBeInstanceOf(NotInRecording);
  });

  it("records a request that got no answer, and replays it as the same connection error", async () => {
    await fake.close(); // nothing listens there now
    const recorder = new Recorder(file, "claude-test-model");
    const live = anthropicFromEnv({ env: fake.env, maxRetries: 0, middleware: [recorder.middleware] })!;
    const failed = await ask(live, "anyone there?").catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(anthropicSdk().APIConnectionError);
    const [, line] = readFileSync(file, "utf8").trim().split("\n");
    expect(JSON.parse(line!)).toMatchObject({ about: "anyone there?", error: "connection" });
    const replayed = await ask(Replay.load(file).client(), "anyone there?").catch((e: unknown) => e);
    expect(replayed).toBeInstanceOf(anthropicSdk().APIConnectionError);
  });

  it("says in one line what is wrong with a file that is not a recording", () => {
    expect(() => Replay.load(join(w.home, "none.jsonl"))).toThrow(/^cannot read the recording .*none\.jsonl: expected a file written with --record, received no such file$/);
    writeFileSync(file, '{"not":"a recording"}\n');
    expect(() => Replay.load(file)).toThrow(RecordingError);
    expect(() => Replay.load(file)).toThrow(/run\.jsonl:1: expected the header \{"recording":"world model requests","version":1,"model":…\}/);
    new Recorder(file, "m");
    appendFileSync(file, '{"key":"abc"}\n');
    expect(() => Replay.load(file)).toThrow(/run\.jsonl:2: expected \{"key","about","status","body"\} or \{"key","about","error","message"\}, received: \{"key":"abc"\}$/);
  });
});
