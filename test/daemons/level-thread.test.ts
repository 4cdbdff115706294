import { afterEach, describe, expect, it } from "vitest";
import { execa, type ResultPromise } from "execa";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { RESTART_DEFAULTS, statusLine, Supervisor, type ChildSpec } from "../../daemons/supervisor.js";
import { daemonLogger } from "../../tools/process/daemon.js";
import { tryLock } from "../../tools/process/lock.js";
import { collectEntries } from "../../tools/world/read.js";
import { ROOT, tempWorld, waitForEntry, world, WORLD_BIN, type TempWorld } from "../support/world.js";
import { fixture } from "../agents/support.js";

let w: TempWorld | undefined;
let up: ResultPromise | undefined;
let sup: Supervisor | undefined;
afterEach(async () => {
  if (up) {
    up.kill("SIGKILL");
    await up;
    up = undefined;
  }
  if (sup) {
    sup.kill();
    await sup.settled();
    sup = undefined;
  }
  w?.cleanup();
  w = undefined;
});

const LEVEL = join(ROOT, "test/fixtures/level.mjs");
const level = (name: string, ...args: string[]): ChildSpec => ({ name, command: [process.execPath, LEVEL, ...args], thread: true });
const upLines = () => collectEntries(w!.paths.log).entries.filter((e) => e.kind === "event" && e.id === "up").map((e) => e.output);
const out = (name: string) => readFileSync(join(w!.paths.logs, `${name}.out`), "utf8");
const POLL = { timeout: 60_000, interval: 50 };

describe("levels as threads of one process (daemons/level-thread.ts)", () => {
  it("a level that throws ends its own thread only: restarted, its last words in its .out, the others run on", async () => {
    w = tempWorld();
    sup = new Supervisor(w.paths, [level("crasher", "crash"), level("steady", "steady")], daemonLogger(w.paths, "up-test"), { ...RESTART_DEFAULTS, backoffMs: 20, maxRestarts: 2 });
    sup.start();
    const steady = sup.statuses()[1]!;
    expect(steady.pid).toBe(process.pid);
    expect(statusLine(steady)).toMatch(/^steady +running +pid \d+ thread \d+$/);
    await expect.poll(() => sup!.statuses()[0]!.state, POLL).toBe("given-up");
    expect(statusLine(sup.statuses()[0]!)).toBe("crasher   given-up, 2 restarts (last: exited with code 1: uncaught Error: boom)");
    expect(upLines().filter((l) => l.startsWith("crasher exited with code 1; restarting in "))).toHaveLength(2);
    expect(out("crasher").match(/^crash running$/gm)).toHaveLength(3);
    expect(out("crasher")).toMatch(/Error: boom\n +at /);
    // The other level never noticed: the same thread, still running.
    expect(sup.statuses()[1]).toMatchObject({ state: "running", thread: steady.thread, restarts: 0 });

    await sup.stop();
    expect(statusLine(sup.statuses()[1]!)).toBe("steady    stopped (last: exited with code 0)");
    expect(out("steady")).toBe("steady running\nstopping gracefully\n");
    expect(upLines().at(-1)).toBe("stopped all children");
  });

  it("the locks a level held when its thread died are released, as a process's death would release them", async () => {
    w = tempWorld();
    sup = new Supervisor(w.paths, [level("locker", "lock-then-crash", w.home)], daemonLogger(w.paths, "up-test"), { ...RESTART_DEFAULTS, backoffMs: 20, maxRestarts: 1 });
    sup.start();
    await sup.settled();
    // Started twice: the second start found the lock free although the first thread's process (ours) lives on.
    expect(out("locker")).not.toMatch(/lock is held/);
    expect(statusLine(sup.statuses()[0]!)).toBe("locker    given-up, 1 restart (last: exited with code 1: uncaught Error: boom, holding the lock)");
    const lock = tryLock(w.paths, "verifier");
    expect("release" in lock).toBe(true);
    if ("release" in lock) lock.release();
  });

  it("stops a level by its stop message (its SIGTERM); one that will not stop is ended by force after the timeout; kill() is immediate", async () => {
    w = tempWorld();
    const log = daemonLogger(w.paths, "up-test");
    sup = new Supervisor(w.paths, [level("stubborn", "stubborn")], log, { ...RESTART_DEFAULTS, stopTimeoutMs: 300 });
    sup.start();
    await expect.poll(() => out("stubborn"), POLL).toBe("stubborn running\n");
    await sup.stop();
    expect(out("stubborn")).toBe("stubborn running\nnot stopping\n");
    expect(statusLine(sup.statuses()[0]!)).toBe("stubborn  stopped (last: ended by force (its thread terminated))");

    sup = new Supervisor(w.paths, [level("steady", "steady")], log);
    sup.start();
    await expect.poll(() => out("steady"), POLL).toBe("steady running\n");
    sup.kill();
    await sup.settled();
    expect(statusLine(sup.statuses()[0]!)).toBe("steady    stopped (last: ended by force (its thread terminated))");
    expect(out("steady")).toBe("steady running\n"); // never told to stop gracefully
  });
});

describe("world up runs the levels as threads of its own process", () => {
  it("one process: an agent is judged, world status names each level's thread, SIGTERM stops them gracefully", async () => {
    w = tempWorld();
    up = execa(process.execPath, [WORLD_BIN, "--home", w.home, "up", "--only", "keeper,verifier"], { reject: false, env: { ANTHROPIC_API_KEY: "" } });
    const started = await waitForEntry(w.paths, (e) => e.id === "up" && e.output.startsWith("started verifier"));
    expect(started.output).toMatch(new RegExp(`^started verifier \\(thread \\d+ of pid ${up.pid}\\): `));
    await waitForEntry(w.paths, (e) => e.id === "keeper" && e.output.startsWith("swept: "));
    const r = await world(w.home, ["spawn", "write it | need: file exists result.txt", "--", fixture("finisher.sh")]);
    const id = String(r.stdout).trim();
    await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === id && e.status === "verified");

    const status = await world(w.home, ["status"]);
    expect(status.stdout).toMatch(new RegExp(`^(daemons)? +keeper +running since .* \\(thread \\d+ of world up, pid ${up.pid}\\)$`, "m"));
    expect(status.stdout).toMatch(new RegExp(`^(daemons)? +verifier +running since .* \\(thread \\d+ of world up, pid ${up.pid}\\)$`, "m"));

    up.kill("SIGTERM");
    const done = await up;
    up = undefined;
    expect(done.exitCode, String(done.stderr)).toBe(0);
    expect(upLines().at(-1)).toBe("stopped all children");
    const lines = String(done.stdout).split("\n");
    expect(lines.filter((l) => /^(keeper|verifier) +stopped \(last: exited with code 0\)$/.test(l))).toHaveLength(2);
    expect(readFileSync(join(w.paths.logs, "verifier.log"), "utf8")).toMatch(/"msg":"stopping \(send the signal again to force\)"/);
  });

  it("a level stopped by up's stop message says so: the Spirit's asleep line names it, not a signal", async () => {
    w = tempWorld();
    up = execa(process.execPath, [WORLD_BIN, "--home", w.home, "up", "--only", "spirit"], { reject: false, env: { ANTHROPIC_API_KEY: "" } });
    await waitForEntry(w.paths, (e) => e.id === "spirit" && e.output.startsWith("awake: "));
    up.kill("SIGTERM");
    const done = await up;
    up = undefined;
    expect(done.exitCode, String(done.stderr)).toBe(0);
    const said = collectEntries(w.paths.log).entries.filter((e) => e.kind === "event" && e.id === "spirit" && e.output.startsWith("asleep"));
    expect(said.map((e) => e.output)).toEqual(["asleep: stopped by world up (its stop message)"]);
  });
});
