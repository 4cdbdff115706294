import { afterEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { appendOnce } from "../../tools/world/append.js";
import { approvalNeed, authorize, isApproved } from "../../tools/command/gate.js";
import { vetCommand } from "../../tools/command/policy.js";
import { runCommand, summarize } from "../../tools/command/exec.js";
import { CommandSyntaxError, showCommand, splitCommand } from "../../tools/command/words.js";
import { tempWorld, world, type TempWorld } from "../support/world.js";
import type { WorldPaths } from "../../tools/world/paths.js";
import { existsSync } from "node:fs";
import { join } from "node:path";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

describe("policy", () => {
  it.each([
    [["ls", "-la"]], [["cat", "README.md"]], [["git", "status"]], [["git", "log", "-n", "3"]], [["date", "+%s"]],
    [["date", "-u"]], [["echo", "rm -rf /"]], [["df", "-h"]], [["tail", "-n", "5", "x"]], [["hostname"]], [["grep", "-r", "x", "."]],
  ])("allows the read-only %j", (argv) => {
    expect(vetCommand(argv)).toEqual({ allowed: true });
  });

  it.each([
    [["rm", "-rf", "x"], /rm is not on the allow-list/],
    [["/bin/ls"], /path to a program/],
    [["git", "push"], /read-only subcommands/],
    [["git", "-c", "core.pager=sh", "log"], /read-only subcommands/],
    [["git", "diff", "--output=/tmp/x"], /--output=\/tmp\/x can change/],
    [["git", "log", "--ext-diff"], /can change/],
    [["date", "-s", "2020-01-01"], /date -s can change/],
    [["date", "-us", "2020-01-01"], /date -s can change/],
    [["date", "--set=2020-01-01"], /can change/],
    [["date", "--se", "2020-01-01"], /can change/],
    [["hostname", "evil"], /with arguments/],
    [["tail", "-f", "x"], /tail -f/],
    [["tail", "--follow=name", "x"], /can change/],
    [["sh", "-c", "ls"], /not on the allow-list/],
    [["toString"], /not on the allow-list/],
    [[""], /no command/],
  ])("refuses %j", (argv, reason) => {
    const verdict = vetCommand(argv);
    expect(verdict.allowed).toBe(false);
    if (!verdict.allowed) expect(verdict.reason).toMatch(reason);
  });

  it("stops looking at options after --", () => {
    expect(vetCommand(["grep", "--", "--set", "file"])).toEqual({ allowed: true });
  });
});

describe("command words", () => {
  it("splits like a shell without expanding anything", () => {
    expect(splitCommand(`git log -n 3 "my file" 'it''s' a\\ b $HOME *.ts`)).toEqual(["git", "log", "-n", "3", "my file", "its", "a b", "$HOME", "*.ts"]);
    expect(splitCommand(`echo "say \\"hi\\""`)).toEqual(["echo", 'say "hi"']);
    expect(splitCommand(`echo 'a | b' "c > d"`)).toEqual(["echo", "a | b", "c > d"]);
    expect(splitCommand("  ")).toEqual([]);
  });

  it.each(["ls | wc -l", "ls; rm x", "ls && rm x", "cat < x", "echo > x", "echo `id`", "echo $(id)", "echo 'open"])("refuses %j", (text) => {
    expect(() => splitCommand(text)).toThrow(CommandSyntaxError);
  });

  it("shows any argv so that it splits back to the same argv", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 }).filter((s) => !s.includes("\0")), { minLength: 1, maxLength: 6 }), (argv) => {
        expect(splitCommand(showCommand(argv))).toEqual(argv);
      }),
      { numRuns: 300 },
    );
  });
});

describe("runCommand (real processes)", () => {
  it("captures output and the exit code", async () => {
    const r = await runCommand({ argv: ["sh", "-c", "echo out; echo err >&2; exit 3"] });
    expect(r).toMatchObject({ exitCode: 3, stdout: "out", stderr: "err", timedOut: false, startError: undefined });
    expect(r.all).toBe("out\nerr");
    expect(summarize(r)).toMatch(/^exit 3 in \d+ ms, 2 lines of output: out …$/);
  });

  it("passes arguments as an array: nothing is interpreted", async () => {
    const r = await runCommand({ argv: ["echo", "$(id)", "; rm -rf /", "`x`"] });
    expect(r.stdout).toBe("$(id) ; rm -rf / `x`");
  });

  it("kills a command that runs past its timeout", async () => {
    const r = await runCommand({ argv: ["sleep", "30"], timeoutMs: 200 });
    expect(r.timedOut).toBe(true);
    expect(summarize(r)).toMatch(/^timed out after \d+ ms/);
  });

  it("reports a command that does not exist", async () => {
    const r = await runCommand({ argv: ["no-such-command-here"] });
    expect(r.exitCode).toBeUndefined();
    expect(r.startError).toMatch(/ENOENT|no-such-command-here/);
    expect(summarize(r)).toMatch(/^did not start/);
  });

  it("cuts output at the capture limit", async () => {
    const r = await runCommand({ argv: ["head", "-c", "100000", "/dev/zero"], maxOutputBytes: 1000 });
    expect(r.truncated).toBe(true);
  });

  it("stops when the caller aborts", async () => {
    const stop = new AbortController();
    const running = runCommand({ argv: ["sleep", "30"] }, stop.signal);
    stop.abort();
    const r = await running;
    expect(r.exitCode).toBeUndefined();
  });
});

/** What the shell and general agents do (agents/shell/main.ts, agents/general/tools.ts): authorize, then run. */
async function gatedRun(paths: WorldPaths, id: string, argv: string[]): Promise<ReturnType<typeof authorize> & { exitCode?: number | undefined }> {
  const auth = authorize(paths, id, argv);
  return auth.allowed ? { ...auth, exitCode: (await runCommand({ argv })).exitCode } : auth;
}

describe("approval gate", () => {
  it("runs allowed commands, refuses others with the approval need", async () => {
    w = tempWorld();
    const ok = await gatedRun(w.paths, "s1", ["echo", "hi"]);
    expect(ok).toMatchObject({ allowed: true, approvedBy: "policy", exitCode: 0 });
    const file = join(w.home, "made");
    const no = await gatedRun(w.paths, "s1", ["touch", file]);
    expect(no).toMatchObject({ allowed: false, need: `a human to approve: touch ${file}` });
    expect(existsSync(file)).toBe(false);
  });

  it("lets a command run once a human approved it in the log, for that command and session only", async () => {
    w = tempWorld();
    const argv = ["touch", join(w.home, "approved file")];
    appendOnce(w.paths, { kind: "agent", status: "start", id: "s2", output: "make a file", need: "the file exists" });
    appendOnce(w.paths, { kind: "agent", status: "failed", id: "s2", output: "refused", need: approvalNeed(argv) });
    expect(isApproved(w.paths, "s2", argv)).toBe(false);
    // A person answers through the real CLI (no terminal here, so they say so).
    const answer = await world(w.home, ["--as-human", "respond", "s2", "approve"]);
    expect(answer.exitCode).toBe(0);
    expect(isApproved(w.paths, "s2", argv)).toBe(true);
    expect(isApproved(w.paths, "s2", ["touch", "other"])).toBe(false);
    expect(isApproved(w.paths, "s3", argv)).toBe(false);
    expect(authorize(w.paths, "s2", argv)).toEqual({ allowed: true, approvedBy: "human" });
    const ran = await gatedRun(w.paths, "s2", argv);
    expect(ran).toMatchObject({ allowed: true, approvedBy: "human", exitCode: 0 });
    expect(existsSync(argv[1]!)).toBe(true);
  });

  it("a later 'no' withdraws the approval; an answer before the request does not count", () => {
    w = tempWorld();
    const argv = ["rm", "x"];
    appendOnce(w.paths, { kind: "event", source: "user", id: "s4", output: "approve (from terminal)" });
    appendOnce(w.paths, { kind: "agent", status: "failed", id: "s4", output: "refused", need: approvalNeed(argv) });
    expect(isApproved(w.paths, "s4", argv)).toBe(false);
    appendOnce(w.paths, { kind: "event", source: "user", id: "s4", output: "Approved, go ahead (from monitor)" });
    expect(isApproved(w.paths, "s4", argv)).toBe(true);
    appendOnce(w.paths, { kind: "event", source: "user", id: "s4", output: "no, wait (from terminal)" });
    expect(isApproved(w.paths, "s4", argv)).toBe(false);
  });
});
