import { afterEach, describe, expect, it } from "vitest";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { knownKinds } from "../../agents/registry.js";
import { readProcRecord } from "../../agents/procs.js";
import { spawnAgent } from "../../agents/spawn.js";
import { collectEntries } from "../../tools/world/read.js";
import { waitGone } from "./support.js";
import { ownEntries, ROOT, tempWorld, waitForEntry, world, WORLD_BIN, type TempWorld } from "../support/world.js";

const FIXTURES = join(ROOT, "test/fixtures/agents");
let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

describe("world spawn", () => {
  it("logs start, runs the command detached with its assignment in the environment, records the process", async () => {
    w = tempWorld();
    const r = await world(w.home, ["spawn", "dump the env | need: file exists env-1.json", "--", join(FIXTURES, "env-dump.mjs"), "a b", "--flag"]);
    expect(r.stderr).toBe("");
    expect(r.exitCode).toBe(0);
    const id = String(r.stdout).trim();
    expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    await waitForEntry(w.paths, (e) => e.kind === "agent" && e.status === "finish" && e.id === id);
    const entries = ownEntries(collectEntries(w.paths.log).entries);
    expect(entries[0]).toMatchObject({ kind: "agent", status: "start", id, output: "dump the env", need: "file exists env-1.json" });
    expect(entries[1]).toMatchObject({ kind: "event", source: "system", id });
    expect(entries[1]!.output).toMatch(/^spawned pid \d+ \(attempt 1\): .*env-dump\.mjs a b --flag$/);

    const seen = JSON.parse(readFileSync(join(w.home, "env-1.json"), "utf8"));
    expect(seen.args).toEqual(["a b", "--flag"]); // an array, no shell: the space survives
    expect(seen.env).toMatchObject({
      WORLD_HOME: w.home, WORLD_SESSION_ID: id, WORLD_TASK: "dump the env", WORLD_NEED: "file exists env-1.json",
      WORLD_ATTEMPT: "1", WORLD_GUIDANCE: "", WORLD_BIN,
    });
    // Its own process group, led by the sh parent that waits for it (agents/parent.ts).
    expect(seen.pgid).not.toBe(seen.pid);
    expect(seen.ppid).toBe(seen.pgid);

    const record = readProcRecord(w.paths, id)!;
    expect(record).toMatchObject({ id, pid: seen.pgid, pgid: seen.pgid, attempt: 1, kind: null, task: "dump the env" });
    expect(record.startTicks).toBeGreaterThan(0);
    expect(readFileSync(join(w.paths.logs, "agents", `${id}.out`), "utf8")).toBe("hello on stdout\n");
    expect(readFileSync(join(w.paths.logs, "agents", `${id}.err`), "utf8")).toBe("hello on stderr\n");
  });

  it("writes the agent's exit whatever NODE_OPTIONS the agent was given (--env is the agent's, not its exit note's)", async () => {
    w = tempWorld();
    const r = await world(w.home, ["spawn", "t | need: n", "--env", "NODE_OPTIONS=--require=/no/such/preload.js", "--", "/bin/true"]);
    expect(r.exitCode, r.stderr).toBe(0);
    const id = String(r.stdout).trim();
    const failed = await waitForEntry(w.paths, (e) => e.kind === "agent" && e.status === "failed" && e.id === id);
    expect(failed.output).toMatch(/exited with code 0 before finishing/);
  });

  it("--plain: an ordinary command's exit 0 is its finish, its stdout the output, and the Verifier judges it", async () => {
    w = tempWorld();
    const r = await world(w.home, ["spawn", 'say done | need: output contains "done"', "--plain", "--", "sh", "-c", "echo working; echo done"]);
    expect(r.exitCode, r.stderr).toBe(0);
    const id = String(r.stdout).trim();
    const finish = await waitForEntry(w.paths, (e) => e.kind === "agent" && e.status === "finish" && e.id === id);
    expect(finish.output).toBe("working\ndone");
    expect(readProcRecord(w.paths, id)).toMatchObject({ plain: true, stdoutFrom: 0 });
    const v = await world(w.home, ["verify", "--once"]);
    expect(v.exitCode, v.stderr).toBe(0);
    await waitForEntry(w.paths, (e) => e.kind === "agent" && e.status === "verified" && e.id === id);
    expect(ownEntries(collectEntries(w.paths.log).entries).filter((e) => e.id === id && e.kind === "agent" && e.status === "failed")).toEqual([]);
  });

  it("--plain: a plain command that exits non-zero fails as any agent does; one that prints nothing says so", async () => {
    w = tempWorld();
    const bad = String((await world(w.home, ["spawn", "t | need: n", "--plain", "--", "sh", "-c", "echo oops >&2; exit 3"])).stdout).trim();
    const failed = await waitForEntry(w.paths, (e) => e.kind === "agent" && e.status === "failed" && e.id === bad);
    expect(failed.output).toMatch(/exited with code 3 before finishing; stderr: oops$/);
    const quiet = String((await world(w.home, ["spawn", "t | need: n", "--plain", "--", "/bin/true"])).stdout).trim();
    const finish = await waitForEntry(w.paths, (e) => e.kind === "agent" && e.status === "finish" && e.id === quiet);
    expect(finish.output).toBe("exited with code 0, printing nothing");
  });

  it("a reminder parked by world spawn itself keeps spawn's contract; one with no time starts its agent as before, which asks when", async () => {
    w = tempWorld();
    const far = await world(w.home, ["spawn", "--kind", "reminder", "--id", "far", "remind me in 1 hour to stretch | need: event notify logged"]);
    expect([far.exitCode, far.stdout, far.stderr]).toEqual([0, "far", ""]);
    expect(readProcRecord(w.paths, "far")).toMatchObject({ id: "far", pid: null, pgid: null, kind: "reminder", task: "remind me in 1 hour to stretch", need: "event notify logged" });
    // A person's spawn: their authority bound to the start line, as a launch records it (agents/need-author.ts).
    const mine = await world(w.home, ["spawn", "--as-human", "--kind", "timer", "--id", "mine", "set a timer for 2 hours | need: event notify logged"]);
    expect(mine.exitCode, mine.stderr).toBe(0);
    const start = ownEntries(collectEntries(w.paths.log).entries).find((e) => e.id === "mine" && e.kind === "agent" && e.status === "start")!;
    expect(readProcRecord(w.paths, "mine")).toMatchObject({ pid: null, needFrom: "human", needLine: { ts: start.ts } });
    // The same id again is refused, and nothing is written.
    const size = readFileSync(w.paths.log).length;
    const again = await world(w.home, ["spawn", "--kind", "reminder", "--id", "far", "remind me in 2 hours to sit | need: event notify logged"]);
    expect(again.exitCode).toBe(3);
    expect(readFileSync(w.paths.log).length).toBe(size);

    const when = await world(w.home, ["spawn", "--kind", "reminder", "--id", "when", "remind me to stretch | need: event notify logged"]);
    expect(when.exitCode, when.stderr).toBe(0);
    const failed = await waitForEntry(w.paths, (e) => e.kind === "agent" && e.status === "failed" && e.id === "when", { timeoutMs: 30_000 });
    expect(failed).toMatchObject({ need: "when to remind you" });
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.id === "when" && /exited with code 3$/.test(e.output), { timeoutMs: 30_000 });
    const own = ownEntries(collectEntries(w.paths.log).entries).filter((e) => e.id === "when");
    expect(own[1]!.output).toMatch(/^spawned pid \d+ \(attempt 1\): /); // its agent ran
    expect(readProcRecord(w.paths, "when")!.pid).toBeGreaterThan(0);
  });

  it("a built-in kind that knows what done means takes its own need when none is given; other agents must be told", async () => {
    w = tempWorld();
    const r = await world(w.home, ["spawn", "--kind", "reminder", "--id", "bare", "remind me in 1 hour to stretch"]);
    expect([r.exitCode, r.stdout, r.stderr]).toEqual([0, "bare", ""]);
    const start = ownEntries(collectEntries(w.paths.log).entries).find((e) => e.id === "bare" && e.kind === "agent" && e.status === "start")!;
    expect(start).toMatchObject({ output: "remind me in 1 hour to stretch", need: "event notify logged" });
    expect(readProcRecord(w.paths, "bare")).toMatchObject({ pid: null, need: "event notify logged" });
    const size = readFileSync(w.paths.log).length;
    const shell = await world(w.home, ["spawn", "--kind", "shell", "run: git status"]);
    expect(shell.exitCode).toBe(2);
    expect(shell.stderr).toMatch(/^world: missing need: [^\n]*$/);
    expect(readFileSync(w.paths.log).length).toBe(size);
    // The meeting brief's need names the session's own file.
    const prep = await world(w.home, ["spawn", "--kind", "meeting-prep", "--id", "prep", "prepare for 'Budget review' tomorrow at 10"]);
    expect(prep.exitCode, prep.stderr).toBe(0);
    const prepStart = ownEntries(collectEntries(w.paths.log).entries).find((e) => e.id === "prep" && e.kind === "agent" && e.status === "start")!;
    expect(prepStart).toMatchObject({ need: 'file exists .world/briefs/prep.md and output contains "brief at"' });
  });

  it("world spawn --help shows --plain with an example", async () => {
    w = tempWorld();
    const r = await world(w.home, ["spawn", "--help"]);
    expect(r.stdout).toMatch(/--plain +an ordinary command that never calls world agent/);
    expect(r.stdout).toContain("--plain -- sh -c 'sleep 2; echo done'");
  });

  it("refuses bad requests with one line and logs nothing", async () => {
    w = tempWorld();
    const noNeed = await world(w.home, ["spawn", "just a task", "--", "true"]);
    expect(noNeed.exitCode).toBe(2);
    expect(noNeed.stderr).toMatch(/^world: missing need: [^\n]*$/);
    const unknown = await world(w.home, ["spawn", "t | need: n", "--kind", "no-such-agent"]);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/unknown agent kind: expected one of .*, received "no-such-agent"/);
    const neither = await world(w.home, ["spawn", "t | need: n"]);
    expect(neither.exitCode).toBe(2);
    expect(neither.stderr).toMatch(/no agent to run/);
    const missing = await world(w.home, ["spawn", "t | need: n", "--", "/no/such/program"]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(/cannot run the agent: .*"\/no\/such\/program"/);
    expect(existsSync(w.paths.log)).toBe(false);
  });

  it("lists the built-in kinds that exist in dist/agents", () => {
    for (const kind of knownKinds()) expect(existsSync(join(ROOT, "dist/agents", kind, "main.js"))).toBe(true);
  });

  it("records the exit, whoever spawned it: the parent sees it", async () => {
    w = tempWorld();
    const { id } = await spawnAgent(w.paths, { task: "t", need: "n", command: [join(FIXTURES, "env-dump.mjs")], env: { EXTRA: "x" } });
    const exit = await waitForEntry(w.paths, (e) => e.kind === "event" && e.id === id && / exited with code /.test(e.output));
    expect(exit.output).toMatch(/^pid \d+ \(attempt 1\) exited with code 0$/);
    expect(readProcRecord(w.paths, id)!.exit).toMatchObject({ code: 0, signal: null });
    expect(JSON.parse(readFileSync(join(w.home, "env-1.json"), "utf8")).env.EXTRA).toBe("x");
  });

  it("a command that cannot be started fails its session at once, with the reason", async () => {
    w = tempWorld();
    const r = await world(w.home, ["spawn", "run a folder | need: never", "--", w.home]); // executable bit, but a directory
    expect(r.exitCode, r.stderr).toBe(0);
    const id = r.stdout.trim();
    const failed = await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === id && e.status === "failed");
    expect(failed).toMatchObject({ output: expect.stringMatching(new RegExp(`^could not start ${w.home} \\(exited with code 126\\); stderr: .*Permission denied$`)), need: "a command that can be started" });
    const exit = await waitForEntry(w.paths, (e) => e.kind === "event" && e.id === id && / exited with code /.test(e.output));
    expect(exit.output).toMatch(/ exited with code 126$/);
  });

  it("a one-shot `world spawn` has exited long before its agent: the exit code is still recorded, after the spawn line", async () => {
    w = tempWorld();
    const r = await world(w.home, ["spawn", "fail fast | need: never", "--", "/bin/sh", "-c", "exit 3"]);
    const id = r.stdout.trim();
    const exit = await waitForEntry(w.paths, (e) => e.kind === "event" && e.id === id && / exited with code /.test(e.output));
    const record = readProcRecord(w.paths, id)!;
    expect(exit.output).toBe(`pid ${record.pid} (attempt 1) exited with code 3`);
    expect(record.exit).toMatchObject({ code: 3, signal: null });
    const spawned = await waitForEntry(w.paths, (e) => e.kind === "event" && e.id === id && e.output.startsWith("spawned pid "));
    expect(spawned.line).toBeLessThan(exit.line);
  });

  it("an agent that exits 1 without finishing is failed at once, with its exit and stderr's last lines (no Keeper)", async () => {
    w = tempWorld();
    const script = "echo starting >&2; echo 'cannot reach the calendar' >&2; echo 'giving up' >&2; exit 1";
    const { id, pid } = await spawnAgent(w.paths, { task: "crash | need: never", need: "never", command: ["/bin/sh", "-c", script] });
    const failed = await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === id && e.status === "failed");
    expect(failed.output).toBe(`process ${pid} (attempt 1) exited with code 1 before finishing; stderr: starting / cannot reach the calendar / giving up`);
    // Its stderr has words: the need points at it (never at an empty file), without the command (the plea says it once).
    expect(failed.kind === "agent" && failed.need).toBe(`a look at why it stopped (its stderr: .world/logs/agents/${id}.err)`);
    const exit = collectEntries(w.paths.log).entries.find((e) => e.id === id && / exited with code 1$/.test(e.output))!;
    expect(exit.line).toBe(failed.line - 1); // one write: the exit line and the verdict together
  });

  it("an agent whose world was deleted while it ran does not bring the world back when it exits", async () => {
    w = tempWorld();
    // The agent waits for its world to go (a test's cleanup, a cleared directory), then exits.
    const script = 'while [ -e "$WORLD_HOME/world.log" ]; do sleep 0.05; done; exit 1';
    const { id, pid } = await spawnAgent(w.paths, { task: "outlive the world", need: "never", command: ["/bin/sh", "-c", script] });
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.id === id && e.output.startsWith("spawned pid "));
    rmSync(w.home, { recursive: true, force: true });
    await waitGone(pid);
    expect(existsSync(w.home)).toBe(false);
  });

  it("an agent that finished and then exits is not failed", async () => {
    w = tempWorld();
    const { id } = await spawnAgent(w.paths, { task: "t", need: "n", command: [join(FIXTURES, "finisher.sh")] });
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.id === id && / exited with code 0$/.test(e.output));
    expect(collectEntries(w.paths.log).entries.filter((e) => e.id === id && e.kind === "agent").map((e) => e.kind === "agent" && e.status)).toEqual(["start", "active", "finish"]);
  });

  it("the parent is a small sh: a few MB resident; a SIGTERM to the group reaches the agent and the parent records it", async () => {
    w = tempWorld();
    const { id, pid } = await spawnAgent(w.paths, { task: "t", need: "n", command: [join(FIXTURES, "sleeper.sh")] });
    await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === id && e.status === "active");
    expect(readFileSync(`/proc/${pid}/comm`, "utf8").trim()).toBe("sh");
    const rssKb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]);
    expect(rssKb).toBeLessThan(5 * 1024);
    process.kill(-pid, "SIGTERM"); // the whole group, as the Keeper or a terminal does
    const exit = await waitForEntry(w.paths, (e) => e.kind === "event" && e.id === id && / killed by /.test(e.output));
    expect(exit.output).toBe(`pid ${pid} (attempt 1) killed by SIGTERM`);
    expect(readProcRecord(w.paths, id)!.exit).toMatchObject({ code: null, signal: "SIGTERM" });
  });
});
