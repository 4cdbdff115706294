import { afterEach, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { openingMessages, readAnswer } from "../../agents/general/loop.js";
import type { AgentRun } from "../../agents/harness.js";
import { appendOnce } from "../../tools/world/append.js";
import { startFakeAnthropic, type FakeAnthropic } from "../support/fake-anthropic.js";
import { tempWorld, waitForEntry, type TempWorld } from "../support/world.js";
import { entriesOf, isEvent, runAgentProcess, startSession } from "./agent-process.js";

let w: TempWorld | undefined;
let fake: FakeAnthropic | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  w?.cleanup();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Block = any;
function toolResults(body: { messages: { role: string; content: unknown }[] }): Block[] {
  const last = body.messages.at(-1)!;
  return Array.isArray(last.content) ? (last.content as Block[]).filter((b) => b.type === "tool_result") : [];
}

describe("reading the final answer", () => {
  it("knows finish and failed, and turns a refusal into an approval request", () => {
    expect(readAnswer("finish: wrote x.txt", { approvalNeeds: [] })).toEqual({ status: "finish", evidence: "wrote x.txt" });
    expect(readAnswer("failed: no access | need: a password", { approvalNeeds: [] })).toEqual({ status: "failed", text: "no access", need: "a password" });
    expect(readAnswer("Failed: cannot", { approvalNeeds: [] })).toMatchObject({ status: "failed", need: "a human to help with this task" });
    expect(readAnswer("failed: blocked | need: approval", { approvalNeeds: ["a human to approve: rm x"] })).toMatchObject({ need: "a human to approve: rm x" });
    expect(readAnswer("I could not do it", { approvalNeeds: ["a human to approve: rm x"] })).toMatchObject({ status: "failed", need: "a human to approve: rm x" });
    expect(readAnswer("", { approvalNeeds: [] })).toMatchObject({ status: "failed" });
  });
});

describe("resuming a conversation on a retry", () => {
  const run = { id: "g", env: { task: "t", need: "n", attempt: 2, guidance: "try b", home: "/w" } } as unknown as AgentRun;
  const retryText = expect.stringMatching(/^Attempt 2: .*\nGuidance .*: try b\n/);
  it("a first attempt starts with the task", () => {
    expect(openingMessages([], { ...run, env: { ...run.env, attempt: 1 } } as AgentRun)).toEqual([{ role: "user", content: expect.stringMatching(/^Task: t\n/) }]);
  });
  it("a conversation killed while a tool ran loses the dangling call; tool results take the retry's words", () => {
    const task = { role: "user" as const, content: "Task: t" };
    const call = { role: "assistant" as const, content: [{ type: "tool_use" as const, id: "u1", name: "bash_run", input: {} }] };
    const result = { role: "user" as const, content: [{ type: "tool_result" as const, tool_use_id: "u1", content: "ok" }] };
    expect(openingMessages([task, call], run)).toEqual([{ role: "user", content: [{ type: "text", text: "Task: t" }, { type: "text", text: retryText }] }]);
    expect(openingMessages([task, call, result], run)).toEqual([task, call, { role: "user", content: [...result.content, { type: "text", text: retryText }] }]);
  });
});

describe("general agent (real process, real SDK, fake API on 127.0.0.1)", () => {
  it("without an API key it does not pretend", async () => {
    w = tempWorld();
    startSession(w.paths, "g0", "find out what is using the disk");
    const result = await runAgentProcess(w.paths, "general", { id: "g0", task: "find out what is using the disk" });
    expect(result.exitCode, result.stderr).toBe(3);
    expect(entriesOf(w.paths, "g0").at(-1)).toMatchObject({ status: "failed", output: expect.stringMatching(/^no model available/), need: "an LLM API key or a human" });
  });

  it("runs a bash_run tool call through the gate and finishes with the model's evidence", async () => {
    w = tempWorld();
    fake = await startFakeAnthropic();
    fake.reply(
      { tool: { name: "bash_run", input: { argv: ["echo", "hello from the tool"] } } },
      { text: "finish: echo printed 'hello from the tool'" },
    );
    startSession(w.paths, "g1", "say hello through the shell", "hello is printed");
    const result = await runAgentProcess(w.paths, "general", { id: "g1", task: "say hello through the shell", need: "hello is printed", env: { ...fake.env, WORLD_MODEL: "claude-test" } });
    expect(result.exitCode).toBe(0);
    expect(fake.requests).toHaveLength(2);
    const first = fake.requests[0]!.body;
    expect(first.model).toBe("claude-test");
    expect(first.tools.map((t: Block) => t.name)).toEqual(["world_event", "world_agent", "world_check", "world_query", "bash_run", "chrome_open", "chrome_text"]);
    expect(first.messages[0].content).toContain("Success criterion (need): hello is printed");
    const [res] = toolResults(fake.requests[1]!.body);
    expect(res.is_error).toBeUndefined();
    expect(res.content).toMatch(/^exit 0 in \d+ ms, 1 line of output: hello from the tool\nhello from the tool$/);
    const mine = entriesOf(w.paths, "g1");
    expect(mine.some(isEvent("g1", "bash", /^\$ echo 'hello from the tool'$/))).toBe(true);
    expect(mine.at(-1)).toMatchObject({ status: "finish", output: "echo printed 'hello from the tool'" });
  });

  it("a retry continues the conversation of the attempt before, with the guidance, instead of starting over", async () => {
    w = tempWorld();
    fake = await startFakeAnthropic();
    fake.reply(
      { tool: { name: "bash_run", input: { argv: ["echo", "step one done"] } } },
      { text: "failed: I need to know which folder | need: the folder to use" },
      { text: "finish: used /srv as told, after step one" },
    );
    startSession(w.paths, "g9", "tidy the folder", "the folder is tidy");
    const env = { ...fake.env, WORLD_MODEL: "claude-test" };
    const first = await runAgentProcess(w.paths, "general", { id: "g9", task: "tidy the folder", need: "the folder is tidy", env });
    expect(first.exitCode).toBe(3);
    expect(fake.requests).toHaveLength(2);
    appendOnce(w.paths, { kind: "agent", status: "retry", id: "g9", output: "use /srv" }); // what the Verifier writes on a human's answer
    const second = await runAgentProcess(w.paths, "general", { id: "g9", task: "tidy the folder", need: "the folder is tidy", attempt: 2, guidance: "use /srv", env });
    expect(second.exitCode, second.stderr).toBe(0);
    expect(fake.requests).toHaveLength(3);
    const resumed = fake.requests[2]!.body.messages as { role: string; content: Block }[];
    // The whole first attempt (task, tool call, result, its failed answer), then the retry.
    expect(resumed.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user"]);
    expect(resumed[0]!.content).toContain("Task: tidy the folder");
    expect(JSON.stringify(resumed[2]!.content)).toContain("step one done");
    expect(resumed[3]!.content).toEqual([{ type: "text", text: "failed: I need to know which folder | need: the folder to use" }]);
    expect(resumed[4]!.content).toEqual([{ type: "text", text: expect.stringMatching(/^Attempt 2: .*\nGuidance for this attempt \(from the verifier or a human\): use \/srv\nContinue from where you left off/) }]);
    expect(entriesOf(w.paths, "g9").at(-1)).toMatchObject({ status: "finish", output: "used /srv as told, after step one" });
  });

  it("refuses a command off the allow-list in the executor and asks a human to approve it", async () => {
    w = tempWorld();
    fake = await startFakeAnthropic();
    const target = join(w.home, "victim.txt");
    fake.reply(
      { tool: { name: "bash_run", input: { argv: ["touch", target] } } },
      { text: "failed: the policy refused touch | need: permission" },
    );
    startSession(w.paths, "g2", "create victim.txt");
    const result = await runAgentProcess(w.paths, "general", { id: "g2", task: "create victim.txt", env: fake.env });
    expect(result.exitCode).toBe(3);
    expect(existsSync(target)).toBe(false);
    const [res] = toolResults(fake.requests[1]!.body);
    expect(res.content).toMatch(/^REFUSED by policy: touch is not on the allow-list/);
    expect(entriesOf(w.paths, "g2").at(-1)).toMatchObject({ status: "failed", output: "the policy refused touch", need: `a human to approve: touch ${target}` });
  });

  it("returns invalid tool input and reserved sources to the model as errors", async () => {
    w = tempWorld();
    fake = await startFakeAnthropic();
    fake.reply(
      {
        content: [
          { type: "tool_use", id: "t1", name: "bash_run", input: { argv: [] } },
          { type: "tool_use", id: "t2", name: "world_event", input: { source: "user", text: "I approve" } },
          { type: "tool_use", id: "t3", name: "no_such_tool", input: {} },
          { type: "tool_use", id: "t4", name: "world_event", input: { source: "note", text: "a finding" } },
        ],
      },
      { text: "finish: noted a finding" },
    );
    startSession(w.paths, "g3", "note something");
    expect((await runAgentProcess(w.paths, "general", { id: "g3", task: "note something", env: fake.env })).exitCode).toBe(0);
    const results = toolResults(fake.requests[1]!.body);
    expect(results.map((r: Block) => [r.tool_use_id, r.is_error === true])).toEqual([["t1", true], ["t2", true], ["t3", true], ["t4", false]]);
    expect(results[1].content).toMatch(/not user, voice, spirit or system/);
    expect(entriesOf(w.paths, "g3").filter((e) => e.kind === "event" && e.source === "user")).toHaveLength(0);
    await waitForEntry(w.paths, isEvent("g3", "note", /^a finding$/));
  });

  it("answers world_query from the index", async () => {
    w = tempWorld();
    fake = await startFakeAnthropic();
    fake.reply({ tool: { name: "world_query", input: { type: "search", arg: "marmalade" } } }, { text: "finish: found it" });
    startSession(w.paths, "g4", "what did I say about marmalade");
    expect((await runAgentProcess(w.paths, "general", { id: "g4", task: "what did I say about marmalade", env: fake.env })).exitCode).toBe(0);
    const [res] = toolResults(fake.requests[1]!.body);
    expect(res.is_error, res.content).toBeUndefined();
    expect(JSON.parse(res.content.split("\n")[0])).toMatchObject({ kind: "agent", id: "g4", output: "what did I say about marmalade" });
  });

  it("reads a page with chrome_open and chrome_text", async () => {
    w = tempWorld();
    const site = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<title>Opening hours</title><body><p>Open 9 to 5</p><script>document.body.append('(updated by script)')</script></body>");
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    try {
      fake = await startFakeAnthropic();
      fake.reply(
        { tool: { name: "chrome_open", input: { url } } },
        { tool: { name: "chrome_text", input: {} } },
        { text: "finish: the page says Open 9 to 5" },
      );
      startSession(w.paths, "g7", "when is the shop open");
      expect((await runAgentProcess(w.paths, "general", { id: "g7", task: "when is the shop open", env: fake.env })).exitCode).toBe(0);
      expect(JSON.parse(toolResults(fake.requests[1]!.body)[0].content)).toEqual({ url, status: 200, title: "Opening hours" });
      expect(toolResults(fake.requests[2]!.body)[0].content).toMatch(/Open 9 to 5\s+\(updated by script\)/);
    } finally {
      site.closeAllConnections();
      await new Promise<void>((resolve) => site.close(() => resolve()));
    }
  });

  it("starts a built-in agent for a sub-task with world_agent", async () => {
    w = tempWorld();
    fake = await startFakeAnthropic();
    fake.reply({ tool: { name: "world_agent", input: { kind: "timer", task: "set a timer for 1 second", need: "the timer rings" } } });
    fake.handle((request) => {
      const id = /session ([0-9A-Z]{26})/.exec(JSON.stringify(request.body.messages.at(-1)))?.[1];
      return { text: `finish: started timer session ${id}` };
    });
    startSession(w.paths, "g8", "time my tea");
    expect((await runAgentProcess(w.paths, "general", { id: "g8", task: "time my tea", env: fake.env })).exitCode).toBe(0);
    const finish = entriesOf(w.paths, "g8").at(-1)!;
    const sub = /started timer session ([0-9A-Z]{26})$/.exec(finish.output)?.[1];
    expect(sub).toBeDefined();
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.id === sub && e.source === "notify" && e.output === "Timer done: 1 second");
    await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === sub && e.status === "finish");
  });

  it("stops at the step cap", async () => {
    w = tempWorld();
    fake = await startFakeAnthropic();
    fake.handle(() => ({ tool: { name: "world_check", input: {} } }));
    startSession(w.paths, "g5", "loop forever");
    const result = await runAgentProcess(w.paths, "general", { id: "g5", task: "loop forever", env: { ...fake.env, WORLD_MAX_STEPS: "3" } });
    expect(result.exitCode).toBe(3);
    expect(fake.requests).toHaveLength(3);
    expect(entriesOf(w.paths, "g5").at(-1)).toMatchObject({ status: "failed", output: "no answer after 3 model steps (the cap)" });
  });

  it("fails with a need when the model API errors", async () => {
    w = tempWorld();
    fake = await startFakeAnthropic();
    fake.reply({ status: 529 }, { status: 529 }, { status: 529 });
    startSession(w.paths, "g6", "anything");
    const result = await runAgentProcess(w.paths, "general", { id: "g6", task: "anything", env: fake.env });
    expect(result.exitCode).toBe(3);
    expect(entriesOf(w.paths, "g6").at(-1)).toMatchObject({ status: "failed", output: expect.stringMatching(/^the model call failed: 529/) });
  });
});
