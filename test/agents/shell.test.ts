import { afterEach, describe, expect, it } from "vitest";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { appendOnce } from "../../tools/world/append.js";
import { tempWorld, waitForEntry, world, type TempWorld } from "../support/world.js";
import { entriesOf, isEvent, isStatus, runAgentProcess, startSession } from "./agent-process.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

describe("shell agent (real process)", () => {
  it("runs an allowed command, logs it and its output, finishes with exit code and summary", async () => {
    w = tempWorld();
    startSession(w.paths, "s1", "run: echo hello world", "hello world is printed");
    const result = await runAgentProcess(w.paths, "shell", { id: "s1", task: "run: echo hello world" });
    expect(result.exitCode).toBe(0);
    const mine = entriesOf(w.paths, "s1");
    expect(mine.filter((e) => e.kind === "event").map((e) => e.output)).toEqual(["$ echo hello world", expect.stringMatching(/^exit 0 in \d+ ms:\nhello world$/)]);
    expect(mine.at(-1)).toMatchObject({ status: "finish", output: expect.stringMatching(/^exit 0 in \d+ ms, 1 line of output: hello world$/) });
  });

  it("takes an exact argv from WORLD_ARGV", async () => {
    w = tempWorld();
    writeFileSync(join(w.home, "a file; rm -rf x"), "inside\n");
    startSession(w.paths, "s2", "show the odd file");
    const result = await runAgentProcess(w.paths, "shell", { id: "s2", task: "show the odd file", env: { WORLD_ARGV: JSON.stringify(["cat", "a file; rm -rf x"]) } });
    expect(result.exitCode).toBe(0);
    await waitForEntry(w.paths, isEvent("s2", "bash", /^\$ cat 'a file; rm -rf x'$/));
    await waitForEntry(w.paths, isStatus("s2", "finish", /inside/));
  });

  it("refuses a command off the allow-list, then runs it on the retry after a human approves", async () => {
    w = tempWorld();
    const task = 'run: touch "made by agent.txt"';
    startSession(w.paths, "s3", task, "the file exists");
    const first = await runAgentProcess(w.paths, "shell", { id: "s3", task });
    expect(first.exitCode).toBe(3);
    const refused = entriesOf(w.paths, "s3").at(-1)!;
    expect(refused).toMatchObject({ status: "failed", need: "a human to approve: touch 'made by agent.txt'" });
    expect(existsSync(join(w.home, "made by agent.txt"))).toBe(false);

    expect((await world(w.home, ["--as-human", "respond", "s3", "approve"])).exitCode).toBe(0);
    appendOnce(w.paths, { kind: "agent", status: "retry", id: "s3", output: "a human approved" }); // what the Verifier writes
    const second = await runAgentProcess(w.paths, "shell", { id: "s3", task, attempt: 2, guidance: "approve" });
    expect(second.exitCode).toBe(0);
    expect(existsSync(join(w.home, "made by agent.txt"))).toBe(true);
    await waitForEntry(w.paths, isEvent("s3", "bash", /^\$ touch 'made by agent\.txt'  # approved by a human$/));
    await waitForEntry(w.paths, isStatus("s3", "finish", /^exit 0/));
  });

  it("does not run it when the human said no", async () => {
    w = tempWorld();
    const task = "run: rm -f somefile";
    writeFileSync(join(w.home, "somefile"), "keep me");
    startSession(w.paths, "s4", task);
    expect((await runAgentProcess(w.paths, "shell", { id: "s4", task })).exitCode).toBe(3);
    expect((await world(w.home, ["--as-human", "respond", "s4", "no, keep it"])).exitCode).toBe(0);
    appendOnce(w.paths, { kind: "agent", status: "retry", id: "s4", output: "human answered" });
    expect((await runAgentProcess(w.paths, "shell", { id: "s4", task, attempt: 2, guidance: "no, keep it" })).exitCode).toBe(3);
    expect(readFileSync(join(w.home, "somefile"), "utf8")).toBe("keep me");
  });

  it("refuses pipelines and says what it needs", async () => {
    w = tempWorld();
    startSession(w.paths, "s5", "run: ls | wc -l");
    expect((await runAgentProcess(w.paths, "shell", { id: "s5", task: "run: ls | wc -l" })).exitCode).toBe(3);
    expect(entriesOf(w.paths, "s5").at(-1)).toMatchObject({ status: "failed", need: expect.stringMatching(/one plain command without pipes/) });
  });

  it("fails with a need on a non-zero exit, a missing command or no command at all", async () => {
    w = tempWorld();
    startSession(w.paths, "s6", "run: ls /definitely/not/here");
    expect((await runAgentProcess(w.paths, "shell", { id: "s6", task: "run: ls /definitely/not/here" })).exitCode).toBe(3);
    expect(entriesOf(w.paths, "s6").at(-1)).toMatchObject({ status: "failed", output: expect.stringMatching(/^exit 2/), need: expect.stringMatching(/a human to look at the output of ls/) });

    startSession(w.paths, "s7", "tidy up");
    expect((await runAgentProcess(w.paths, "shell", { id: "s7", task: "tidy up" })).exitCode).toBe(3);
    expect(entriesOf(w.paths, "s7").at(-1)).toMatchObject({ status: "failed", need: expect.stringMatching(/the command to run/) });
  });

  it("keeps long output whole in an attachment", async () => {
    w = tempWorld();
    const big = Array.from({ length: 400 }, (_, i) => `line ${i} of a long file`).join("\n");
    writeFileSync(join(w.home, "big.txt"), big + "\n");
    startSession(w.paths, "s8", "run: cat big.txt");
    expect((await runAgentProcess(w.paths, "shell", { id: "s8", task: "run: cat big.txt" })).exitCode).toBe(0);
    const output = entriesOf(w.paths, "s8").find(isEvent("s8", "bash", /^exit 0/))!;
    expect(output.outputRef).toMatch(/^attachments\//);
    expect(readFileSync(join(w.paths.dir, output.outputRef!), "utf8")).toContain("line 399 of a long file");
  });
});
