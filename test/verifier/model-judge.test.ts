/** The model judge, against a fake Anthropic server on 127.0.0.1 with the real SDK. */
import { afterEach, describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ModelJudge, verdictDigest, type Case } from "../../verifier/model-judge.js";
import { SUMMARY_SYSTEM } from "../../tools/llm/summarise.js";
import { appendOnce } from "../../tools/world/append.js";
import { collectEntries } from "../../tools/world/read.js";
import { startFakeAnthropic, type FakeAnthropic } from "../support/fake-anthropic.js";
import { tempWorld, world, type TempWorld } from "../support/world.js";

let w: TempWorld | undefined;
let fake: FakeAnthropic | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  w?.cleanup();
  w = undefined;
});

function finished(id: string, need: string, output: string) {
  appendOnce(w!.paths, { kind: "agent", status: "start", id, output: `task ${id}`, need });
  appendOnce(w!.paths, { kind: "agent", status: "finish", id, output });
}

function last(id: string) {
  const e = collectEntries(w!.paths.log).entries.filter((x) => x.kind === "agent" && x.id === id).at(-1)!;
  return e.kind === "agent" ? { status: e.status, output: e.output, need: e.need } : undefined;
}

const verdict = (input: object) => ({ tool: { name: "record_verdict", input } });
const run = () => world(w!.home, ["verify", "--once"], { env: { ...fake!.env, WORLD_MODEL: "claude-test-model" } });

describe("the model judge", () => {
  it("asks the model with a forced, validated tool call and writes its verdict with the reason", async () => {
    w = tempWorld();
    fake = await startFakeAnthropic({ replies: [verdict({ verdict: "verified", reason: "the confirmation code LX-22 shows the booking" })] });
    finished("m1", "a table for four at Luigi's tonight", "Booked: Luigi's 20:00, 4 people, confirmation LX-22");
    const r = await run();
    expect(r.stdout).toBe("verify: 1 verified, 0 retry, 0 failed; 0 human answers, 0 agents relaunched");
    expect(last("m1")).toEqual({ status: "verified", output: "model: the confirmation code LX-22 shows the booking [judge: model]", need: undefined });
    const body = fake.requests[0]!.body;
    expect(body.model).toBe("claude-test-model");
    expect(body.tool_choice).toEqual({ type: "tool", name: "record_verdict" });
    expect(body.tools[0].input_schema.properties.verdict.enum).toEqual(["verified", "retry", "failed"]);
    const asked = body.messages.at(-1).content.at(-1).text as string;
    expect(asked).toContain("Need: a table for four at Luigi's tonight");
    expect(asked).toContain("Booked: Luigi's 20:00, 4 people, confirmation LX-22");
    expect(asked).toContain("attempt 1 (3 retries left)");
  });

  it("keeps its conversation in .world/verifier-session.json and resumes it on the next run", async () => {
    w = tempWorld();
    fake = await startFakeAnthropic({
      replies: [
        verdict({ verdict: "retry", reason: "no confirmation shown", guidance: "paste the confirmation email subject" }),
        verdict({ verdict: "verified", reason: "confirmation subject shown" }),
      ],
    });
    finished("m2", "the dentist appointment is moved to Friday", "I called them");
    await run();
    expect(last("m2")).toMatchObject({
      status: "retry",
      output: "retry 1 of 3: model: no confirmation shown. Guidance: paste the confirmation email subject [judge: model]",
    });
    const file = join(w.paths.dir, "verifier-session.json");
    const saved = JSON.parse(readFileSync(file, "utf8"));
    expect(saved.messages).toHaveLength(2);
    const toolUseId = saved.messages[1].content.find((b: { type: string }) => b.type === "tool_use").id;

    appendOnce(w.paths, { kind: "agent", status: "active", id: "m2", output: "again" });
    appendOnce(w.paths, { kind: "agent", status: "finish", id: "m2", output: "Subject: Your appointment is now Friday 10:00" });
    await run();
    expect(last("m2")).toMatchObject({ status: "verified" });
    const second = fake.requests[1]!.body.messages;
    expect(second).toHaveLength(3); // the saved two, and the new question
    expect(second[2].content[0]).toEqual({ type: "tool_result", tool_use_id: toolUseId, content: "recorded" });
    expect(second[2].content[1].text).toContain("attempt 2 (2 retries left)");
  });

  it("falls back to the offline judge when the API is overloaded (529), and says so", async () => {
    w = tempWorld();
    fake = await startFakeAnthropic({ handler: () => ({ status: 529 }) });
    finished("m3", "groceries ordered", "done");
    await run();
    expect(last("m3")).toMatchObject({
      status: "retry",
      output: expect.stringMatching(/^retry 1 of 3: offline check \(no model\): the finish output does not show "groceries", "ordered" from the need \(the model was unavailable: HTTP 529\)\. Guidance: .* \[judge: offline\]$/),
    });
    expect(fake.requests.length).toBeGreaterThanOrEqual(1);
    expect(existsSync(join(w.paths.dir, "verifier-session.json"))).toBe(false); // nothing to resume from a failed call
  });

  it("a model's 'failed' escalates to a human at once; exact checks still decide first", async () => {
    w = tempWorld();
    fake = await startFakeAnthropic({
      replies: [
        verdict({ verdict: "failed", reason: "the shop needs a signature", guidance: "your signature on the delivery form" }),
        verdict({ verdict: "verified", reason: "the text is polite" }),
      ],
    });
    finished("m4", "the parcel is collected", "they want a signature");
    finished("m5", "file exists letter.txt and the letter is polite", "wrote a polite letter");
    await run();
    expect(last("m4")).toEqual({ status: "failed", output: "model: the shop needs a signature [judge: model]", need: "your signature on the delivery form" });
    // The model found the text fine, but letter.txt does not exist: not verified.
    expect(last("m5")).toMatchObject({ status: "retry", output: expect.stringMatching(/^retry 1 of 3: letter\.txt does not exist\. Guidance: make "file exists letter\.txt" true/) });
    const asked = fake.requests[1]!.body.messages.at(-1).content.at(-1).text as string;
    expect(asked).toContain("- FAIL file exists letter.txt: letter.txt does not exist");
  });
});

describe("the model judge's conversation as it grows", () => {
  it("is trimmed and what was cut summarised by the model, or digested from the verdicts when the model cannot", async () => {
    w = tempWorld();
    let summaryUp = true;
    fake = await startFakeAnthropic({
      handler: (request) => {
        if ((request.body as { system?: string }).system === SUMMARY_SYSTEM) return summaryUp ? { text: "judged many cases, mostly verified" } : { status: 529 };
        return verdict({ verdict: "verified", reason: "the evidence shows it" });
      },
    });
    const { anthropicFromEnv } = await import("../../tools/llm/provider.js");
    const judge = new ModelJudge(anthropicFromEnv({ env: fake.env, maxRetries: 0 })!, "m", w.paths);
    const aCase = (i: number): Case => ({ id: `c${i}`, attempt: 1, retriesLeft: 3, task: `task ${i}`, need: "done", output: "did it", checks: [], history: [] });
    for (let i = 0; i < 20; i++) await judge.judgeCase(aCase(i));
    const stored = JSON.parse(readFileSync(join(w.paths.dir, "verifier-session.json"), "utf8")) as { summary?: string; messages: { content: unknown }[] };
    expect(stored.summary).toBe("judged many cases, mostly verified");
    expect(stored.messages.length).toBeLessThanOrEqual(32); // the first case, the note, the latest 30
    expect(String(stored.messages[1]!.content)).toMatch(/\nSummary of them: judged many cases, mostly verified$/);

    summaryUp = false;
    for (let i = 20; i < 40; i++) await judge.judgeCase(aCase(i));
    const after = JSON.parse(readFileSync(join(w.paths.dir, "verifier-session.json"), "utf8")) as { summary?: string };
    expect(after.summary).toMatch(/^judged many cases, mostly verified( Then \d+ earlier verdicts: \d+ verified, 0 retry, 0 failed; latest: verified: the evidence shows it(; verified: the evidence shows it){0,2}\.)+$/);
  });

  it("the digest counts verdicts and keeps what came before", () => {
    const use = (input: object) => ({ role: "assistant" as const, content: [{ type: "tool_use" as const, id: "x", name: "record_verdict", input }] });
    expect(verdictDigest([use({ verdict: "retry", reason: "no file" }), use({ verdict: "nonsense" }), use({ verdict: "verified", reason: "ok" })], undefined)).toBe(
      "2 earlier verdicts: 1 verified, 1 retry, 0 failed; latest: retry: no file; verified: ok.",
    );
  });
});
