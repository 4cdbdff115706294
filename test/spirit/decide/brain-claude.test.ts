/**
 * The Claude brain against a fake Anthropic API on 127.0.0.1 (the real SDK, the real
 * Spirit process): scripted `decide` calls, an invalid one, and an outage.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startFakeAnthropic, type FakeAnthropic, type FakeReply, type FakeRequest } from "../../support/fake-anthropic.js";
import { tempWorld, waitForEntry, type TempWorld } from "../../support/world.js";
import { agentEnded, outputs, speak, spiritLines, startSpirit, stopSpirit, waitForCursor, type SpiritProcess } from "../helpers.js";

const decide = (input: unknown): FakeReply => ({ tool: { name: "decide", input } });

const SCRIPT: [said: string, reply: FakeReply][] = [
  ["could you remind me to drink water in 2 seconds", decide({ action: "spawn", reason: "an explicit reminder", kind: "reminder", task: "remind me to drink water in 2 seconds" })],
  ["we should grab dinner at luigi's tonight", decide({ action: "nudge", reason: "a plan for later", kind: "reservation", task: "book a table at luigi's tonight", need: "a table at luigi's is booked for tonight", question: "Want me to book a table at luigi's tonight?" })],
  ["what a day", decide({ action: "dance", reason: "why not" })],
  ["send 200 dollars to bob", { status: 529 }],
  ["set a timer for 1 second", { status: 500 }],
  ["thanks for everything", decide({ action: "quiet", reason: "small talk" })],
];

function lastUserText(request: FakeRequest): string {
  const messages = (request.body as { messages: { role: string; content: unknown }[] }).messages;
  const last = messages[messages.length - 1]!;
  return typeof last.content === "string" ? last.content : JSON.stringify(last.content);
}

describe("the Claude brain", () => {
  let w: TempWorld;
  let fake: FakeAnthropic;
  let spirit: SpiritProcess | undefined;
  beforeEach(async () => {
    w = tempWorld();
    fake = await startFakeAnthropic({
      handler: (request) => {
        const text = lastUserText(request);
        const hit = SCRIPT.find(([said]) => text.includes(`said: ${JSON.stringify(said)}`));
        return hit ? hit[1] : { status: 400, message: `fake: unscripted turn ${text.slice(0, 80)}` };
      },
    });
  });
  afterEach(async () => {
    if (spirit) await stopSpirit(spirit);
    spirit = undefined;
    await fake.close();
    if (process.env.DEBUG_SPIRIT) console.log(readFileSync(w.paths.log, "utf8"), readFileSync(join(w.paths.logs, "spirit.log"), "utf8"));
    w.cleanup();
  });

  it("decides through the decide tool; invalid input → quiet, said; an outage → the offline brain, said once", async () => {
    spirit = await startSpirit(w.paths, [], { ...fake.env, WORLD_MODEL: "claude-test-model", WORLD_SPIRIT_RETRIES: "0" });
    const awake = spiritLines(w.paths, true).find((e) => e.output.startsWith("awake:"));
    expect(awake?.output).toMatch(/^awake: claude \(claude-test-model\) brain, /);

    const said = (predicate: (output: string) => boolean) =>
      waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "spirit" && predicate(e.output));
    await speak(w.home, ["user", SCRIPT[0]![0]]);
    const spawn = await said((o) => o.startsWith("spawn:"));
    // Its start line first, so the next turn's situation has it (the log's order is the Spirit's).
    await waitForEntry(w.paths, (e) => e.kind === "agent" && e.status === "start" && e.id === spawn.id);
    await speak(w.home, ["user", SCRIPT[1]![0]]);
    await said((o) => o.startsWith("nudge: Want me to book a table"));
    await speak(w.home, ["user", SCRIPT[2]![0]]);
    await said((o) => o.startsWith("claude answered badly"));
    // The offline brain takes the turn; alone with the assistant, each request is its own: asked too.
    await speak(w.home, ["user", SCRIPT[3]![0]]);
    await said((o) => o.startsWith("claude unavailable"));
    await said((o) => o.startsWith("nudge: Want me to remind you to send 200 dollars"));
    await speak(w.home, ["user", SCRIPT[4]![0]]);
    const timer = await said((o) => o.startsWith("spawn: timer"));
    await speak(w.home, ["user", SCRIPT[5]![0]]);
    await said((o) => o === "claude available again");
    await waitForCursor(w.paths);

    const lines = outputs(spiritLines(w.paths));
    expect(lines).toEqual([
      'spawn: reminder "remind me to drink water in 2 seconds" because user asked (heard user: "could you remind me to drink water in 2 seconds")',
      // The model's own task and need are kept with the nudge, for the "yes".
      `nudge: Want me to book a table at luigi's tonight? (heard user: "we should grab dinner at luigi's tonight") yes: general "book a table at luigi's tonight" need "a table at luigi's is booked for tonight"`,
      expect.stringMatching(/^claude answered badly \(the model called decide with invalid input: .*action.*\): staying quiet$/),
      "claude unavailable (HTTP 529): using the offline brain",
      'nudge: Want me to remind you to send 200 dollars to bob in 1 hour? (heard user: "send 200 dollars to bob") yes: reminder "remind me to send 200 dollars to bob in 1 hour"',
      'spawn: timer "set a timer for 1 second" because user asked (heard user: "set a timer for 1 second")',
      "claude available again",
    ]);

    // The real SDK spoke the Messages API: model, one forced tool, a growing conversation.
    expect(fake.requests).toHaveLength(6);
    for (const r of fake.requests) {
      expect(r.body).toMatchObject({ model: "claude-test-model", tool_choice: { type: "tool", name: "decide" }, tools: [{ name: "decide" }] });
      expect(r.body.tools[0].input_schema.properties.action.enum).toEqual(["spawn", "nudge", "observe", "quiet"]);
    }
    expect(fake.requests.map((r) => r.body.messages.length)).toEqual([1, 3, 5, 5, 5, 5]);
    expect(fake.requests[1]!.body.messages[1]).toEqual({ role: "assistant", content: expect.stringMatching(/^decide \{"action":"spawn"/) });
    // Each turn carries the world now: the reminder just spawned (at work or finished), the machine.
    const second = lastUserText(fake.requests[1]!);
    expect(second).toMatch(new RegExp(`\\nThe world now:\\n(Agents at work|Finished, awaiting verification) \\(1\\): ${spawn.id} "remind me to drink water in 2 seconds"`));
    expect(second).toMatch(/\nMachine: [\d.]+ [MG]iB free of [\d.]+ [MG]iB \(\d+%\) where the log lives; load [\d.]+ on \d+ cores\n/);
    const stored = JSON.parse(readFileSync(join(w.paths.dir, "spirit-session.json"), "utf8")) as { messages: unknown[] };
    expect(stored.messages).toHaveLength(6);

    await agentEnded(w.paths, spawn.id);
    await agentEnded(w.paths, timer.id);
  });

  it("without a key the offline brain decides, and nothing is sent anywhere", async () => {
    spirit = await startSpirit(w.paths, [], { ANTHROPIC_BASE_URL: fake.url });
    await speak(w.home, ["user", "send 200 dollars to bob"]);
    await waitForCursor(w.paths);
    expect(outputs(spiritLines(w.paths))).toEqual([
      'nudge: Want me to remind you to send 200 dollars to bob in 1 hour? (heard user: "send 200 dollars to bob") yes: reminder "remind me to send 200 dollars to bob in 1 hour"',
    ]);
    expect(fake.requests).toHaveLength(0);
    expect(existsSync(join(w.paths.dir, "spirit-session.json"))).toBe(false);
  });

  it("sees the conversation (who talks to whom, questions asked) and follows the same rules", async () => {
    const replies: Record<string, FakeReply> = {
      "how was the trip?": decide({ action: "nudge", reason: "ignored: not the user", kind: "travel", task: "plan a trip", question: "Want me to plan a trip?" }),
      "we should fly to tokyo next month": decide({ action: "nudge", reason: "a plan for later", kind: "flight", task: "look for flights to Tokyo next month", need: "three flight options to Tokyo with prices and links", question: "Want me to look for flights to Tokyo next month?" }),
      "and book a hotel there too": decide({ action: "nudge", reason: "also a plan", kind: "hotel", task: "look for hotels in Tokyo", question: "Want me to look for hotels in Tokyo?" }),
    };
    await fake.close();
    fake = await startFakeAnthropic({
      handler: (request) => {
        const text = lastUserText(request);
        const hit = Object.entries(replies).find(([said]) => text.includes(`said: ${JSON.stringify(said)}`));
        return hit ? hit[1] : { status: 400, message: `fake: unscripted turn ${text.slice(0, 80)}` };
      },
    });
    spirit = await startSpirit(w.paths, [], { ...fake.env, WORLD_SPIRIT_RETRIES: "0" });
    await speak(w.home, ["alice", "how was the trip?"], ["user", "we should fly to tokyo next month"], ["user", "and book a hotel there too"]);
    await waitForCursor(w.paths);
    expect(fake.requests).toHaveLength(3);
    const turns = fake.requests.map(lastUserText);
    expect(turns[1]).toContain('The user (user) is in a conversation with alice: what the user says is said to them, not to you');
    expect(turns[1]).toContain('- user (the user) to alice: "we should fly to tokyo next month"');
    expect(turns[1]).toContain("No question asked in this conversation yet.");
    // Alice's "request" was not acted on; the user's plan was asked about once; the next plan waits for an answer.
    const [asked, ...rest] = spiritLines(w.paths);
    expect(rest).toEqual([]);
    expect(asked!.output).toBe(
      'nudge: Want me to look for flights to Tokyo next month? (heard user: "we should fly to tokyo next month") yes: general "look for flights to Tokyo next month" need "three flight options to Tokyo with prices and links"',
    );
    expect(turns[2]).toContain(`Questions already asked in this conversation: "Want me to look for flights to Tokyo next month?" (open)`);
  });
});
