import { afterEach, describe, expect, it } from "vitest";
import { execa, type ResultPromise } from "execa";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { DEFAULT_PORT } from "../../ui/cli/monitor.js";
import { join } from "node:path";
import { childSpecs } from "../../daemons/children.js";
import { RESTART_DEFAULTS, statusLine, Supervisor } from "../../daemons/supervisor.js";
import { daemonLogger } from "../../tools/process/daemon.js";
import { procStat } from "../../tools/process/identity.js";
import { appendOnce } from "../../tools/world/append.js";
import { collectEntries } from "../../tools/world/read.js";
import { tempWorld, waitForEntry, world, WORLD_BIN, type TempWorld } from "../support/world.js";
import { fixture, waitGone } from "../agents/support.js";

let w: TempWorld | undefined;
let up: ResultPromise | undefined;
afterEach(async () => {
  if (up) {
    up.kill("SIGKILL");
    await up;
    up = undefined;
  }
  w?.cleanup();
  w = undefined;
});

const upLines = () => collectEntries(w!.paths.log).entries.filter((e) => e.kind === "event" && e.id === "up").map((e) => e.output);
const pidIn = (text: string) => Number(/pid (\d+)/.exec(text)![1]);

describe("world up", () => {
  it("--processes: runs the Keeper and the Verifier, restarts a crashed child, and stops gracefully on SIGTERM", async () => {
    w = tempWorld();
    // Each level a process of its own, so that one can be SIGKILLed (as threads: level-thread.test.ts).
    up = execa(process.execPath, [WORLD_BIN, "--home", w.home, "up", "--processes", "--only", "keeper,verifier", "--backoff", "50ms"], { reject: false, env: { ANTHROPIC_API_KEY: "" } });
    const started = await waitForEntry(w.paths, (e) => e.id === "up" && e.output.startsWith("started verifier"));
    await waitForEntry(w.paths, (e) => e.id === "keeper" && e.output.startsWith("swept: "));

    // The world works under it: an agent is judged.
    const r = await world(w.home, ["spawn", "write it | need: file exists result.txt", "--", fixture("finisher.sh")]);
    const id = String(r.stdout).trim();
    await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === id && e.status === "verified");

    // A crash is noticed and the child comes back.
    const verifierPid = pidIn(started.output);
    process.kill(verifierPid, "SIGKILL");
    await waitForEntry(w.paths, (e) => e.id === "up" && e.output === "verifier killed by SIGKILL; restarting in 50 ms (crash 1 of 5 allowed per 60 s)");
    const again = await waitForEntry(w.paths, (e) => e.id === "up" && e.output.startsWith("started verifier") && e.line > started.line);
    const newPid = pidIn(again.output);
    expect(newPid).not.toBe(verifierPid);

    up.kill("SIGTERM");
    const done = await up;
    up = undefined;
    expect(done.exitCode).toBe(0);
    expect(upLines().at(-1)).toBe("stopped all children");
    await waitGone(newPid);
    const out = String(done.stdout).split("\n");
    expect(out).toContain(`verifier  running  pid ${newPid}, 1 restart`);
    expect(out.filter((l) => /^(keeper|verifier) +stopped\b/.test(l))).toHaveLength(2);
    expect(out.find((l) => l.startsWith("verifier  stopped"))).toMatch(/^verifier  stopped, 1 restart \(last: /); // no stray space before the comma
    expect(readFileSync(join(w.paths.logs, "up.log"), "utf8")).toMatch(/stopped all children/);
  });

  it("shows the monitor's URL (with its token) once the monitor child is up", async () => {
    w = tempWorld();
    up = execa(process.execPath, [WORLD_BIN, "--home", w.home, "up", "--only", "monitor", "--port", "0"], { reject: false });
    let out = "";
    await new Promise<void>((resolve, reject) => {
      up!.stdout!.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (/^monitor +http:\/\/127\.0\.0\.1:\d+\/#token=\S+$/m.test(out)) resolve();
      });
      void up!.then(() => reject(new Error(`world up ended before showing the URL: ${out}`)));
    });
    const token = readFileSync(join(w.paths.dir, "monitor-token"), "utf8").trim();
    expect(out).toContain(`#token=${token}`);
    up.kill("SIGTERM");
    expect((await up).exitCode).toBe(0);
    up = undefined;
  });

  it("the default port taken: the monitor listens on a free one and up prints its URL", async () => {
    w = tempWorld();
    const holder = createServer();
    const held = await new Promise<boolean>((resolve) => {
      holder.once("error", () => resolve(false)); // already taken by someone else: as good
      holder.listen(DEFAULT_PORT, "127.0.0.1", () => resolve(true));
    });
    try {
      up = execa(process.execPath, [WORLD_BIN, "--home", w.home, "up", "--only", "monitor"], { reject: false });
      let out = "";
      const line = await new Promise<string>((resolve, reject) => {
        up!.stdout!.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          const m = /^monitor +(http:\/\/127\.0\.0\.1:\d+\/#token=\S+)$/m.exec(out);
          if (m) resolve(m[1]!);
        });
        void up!.then(() => reject(new Error(`world up ended before showing the URL: ${out}`)));
      });
      const port = new URL(line).port;
      expect(port).not.toBe(String(DEFAULT_PORT));
      expect(out).toContain(`monitor   port ${DEFAULT_PORT} is taken: listening on ${port} instead (world up --port N to choose one)\n`);
      expect(readFileSync(join(w.paths.logs, "monitor.out"), "utf8")).toContain(`port ${DEFAULT_PORT} is taken: listening on a free port instead`);
      up.kill("SIGTERM");
      const done = await up;
      expect(done.exitCode, `${done.signal} ${done.stderr}`).toBe(0);
      up = undefined;
    } finally {
      if (held) holder.close();
    }
  });

  it("a --port already taken: one line, exit 2, and nothing started", async () => {
    w = tempWorld();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const taken = (holder.address() as AddressInfo).port;
    try {
      const r = await world(w.home, ["up", "--port", String(taken)]);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toBe(`world: port in use: expected a free port for --port, received ${taken} (try --port 0 for any free port); nothing started`);
      expect(upLines().filter((l) => l.startsWith("started "))).toEqual([]);
    } finally {
      holder.close();
    }
  });

  it("a bad .world/config.json: one line, exit 2, and nothing started", async () => {
    w = tempWorld();
    mkdirSync(w.paths.dir, { recursive: true });
    writeFileSync(join(w.paths.dir, "config.json"), JSON.stringify({ spirit: { nudgeExpiry: "600" } }));
    const r = await world(w.home, ["up", "--port", "0"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^world: invalid \S+config\.json: spirit\.nudgeExpiry: expected a duration with its unit, [^\n]*received "600"$/);
    expect(upLines().filter((l) => l.startsWith("started "))).toEqual([]);
  });

  it.each([["processes", false], ["threads", true]])("a child's usage error met after the start (a race), as %s: not restarted, every other child stopped, up exits 2 with one line", async (_, threads) => {
    w = tempWorld();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const taken = (holder.address() as AddressInfo).port;
    try {
      const log = daemonLogger(w.paths, "up-test");
      const specs = childSpecs(w.home, ["keeper", "monitor"], { monitor: ["--port", String(taken)] }, [], threads);
      const sup = new Supervisor(w.paths, specs, log);
      sup.start();
      await sup.settled();
      const why = `world: port in use: expected a free port for --port, received ${taken} (try --port 0 for any free port)`;
      expect(sup.usageError?.name).toBe("monitor");
      expect(sup.usageError?.last).toBe(`exited with code 2: ${why}`);
      expect(sup.statuses().map((s) => s.state)).toEqual(["stopped", "given-up"]);
      const lines = upLines();
      expect(lines.filter((l) => l.startsWith("started monitor"))).toHaveLength(1);
      expect(lines).toContain(`gave up on monitor: it exited with code 2: ${why} — a usage error, so not restarted; fix it and start world up again`);
      expect(lines).toContain("stopping every child: monitor cannot start");
      expect(lines.at(-1)).toBe("stopped all children");
    } finally {
      holder.close();
    }
  });

  it("at stop, says which task agents it leaves running (they outlive world up)", async () => {
    w = tempWorld();
    up = execa(process.execPath, [WORLD_BIN, "--home", w.home, "up", "--only", "verifier"], { reject: false, env: { ANTHROPIC_API_KEY: "" } });
    await waitForEntry(w.paths, (e) => e.id === "up" && e.output.startsWith("started verifier"));
    const r = await world(w.home, ["spawn", "wait a while | need: n", "--", "sleep", "300"]);
    const id = String(r.stdout).trim();
    const spawned = await waitForEntry(w.paths, (e) => e.id === id && e.output.startsWith("spawned pid "));
    up.kill("SIGTERM");
    const done = await up;
    up = undefined;
    expect(done.exitCode).toBe(0);
    const out = String(done.stdout);
    expect(out).toContain("agents    1 still running: they outlive world up");
    expect(out).toMatch(new RegExp(`^ +${id} \\(pid ${pidIn(spawned.output)}\\): \\S*sleep 300$`, "m"));
  });

  it("refuses an unknown child name", async () => {
    w = tempWorld();
    const r = await world(w.home, ["up", "--only", "keeper,nobody"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe('world: unknown child for --only: expected some of keeper, verifier, spirit, monitor, received "nobody"');
  });

  it("the child list is data: every child runs unless --only chooses", () => {
    expect(childSpecs("/h").map((s) => s.name)).toEqual(["keeper", "verifier", "spirit", "monitor"]);
    expect(childSpecs("/h", ["spirit", "keeper"]).map((s) => s.name)).toEqual(["keeper", "spirit"]);
    expect(childSpecs("/h", ["verifier"])[0]!.command.slice(1)).toEqual([WORLD_BIN, "--home", "/h", "verifier"]);
  });
});

describe("Supervisor", () => {
  it("never gives up a child that died of a full disk: starts it again once there is space, not counted as a crash", { timeout: 60_000 }, async () => {
    w = tempWorld();
    const log = daemonLogger(w.paths, "up-test");
    const said = "world: cannot write: the disk holding /w/world.log is full (ENOSPC): nothing was written";
    const sup = new Supervisor(w.paths, [{ name: "filler", command: [process.execPath, "-e", `console.error(${JSON.stringify(said)}); process.exit(1)`] }], log, {
      ...RESTART_DEFAULTS, backoffMs: 10, maxRestarts: 1,
    });
    sup.start();
    // Past what maxRestarts allows (1): still being started, never given up.
    await expect.poll(() => sup.statuses()[0]!.restarts, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(3);
    expect(sup.statuses()[0]!.state).not.toBe("given-up");
    await sup.stop();
    const lines = upLines();
    expect(lines.some((l) => l.startsWith("gave up"))).toBe(false);
    expect(lines).toContain("filler exited with code 1 on a full disk; starting it again once there is space (not counted as a crash)");
  });

  it("gives up after too many crashes in the window, and says so in world.log", async () => {
    w = tempWorld();
    const log = daemonLogger(w.paths, "up-test");
    const sup = new Supervisor(w.paths, [{ name: "crasher", command: [process.execPath, "-e", "process.exit(3)"] }], log, {
      ...RESTART_DEFAULTS, backoffMs: 10, maxRestarts: 2,
    });
    sup.start();
    await sup.settled();
    const lines = upLines();
    expect(lines.filter((l) => l.startsWith("started crasher"))).toHaveLength(3);
    expect(lines.filter((l) => l.startsWith("crasher exited with code 3; restarting in "))).toEqual([
      "crasher exited with code 3; restarting in 10 ms (crash 1 of 2 allowed per 60 s)",
      "crasher exited with code 3; restarting in 20 ms (crash 2 of 2 allowed per 60 s)",
    ]);
    expect(lines.at(-1)).toBe("gave up on crasher: it exited with code 3, 3 times within 60 s; start it by hand to see why (.world/logs/crasher.out)");
    expect(statusLine(sup.statuses()[0]!)).toBe("crasher   given-up, 2 restarts (last: exited with code 3)");
  });

  it("SIGKILLs a child that ignores SIGTERM after the stop timeout; kill() is immediate", async () => {
    w = tempWorld();
    const log = daemonLogger(w.paths, "up-test");
    const env = { WORLD_BIN, WORLD_HOME: w.home, WORLD_SESSION_ID: "ignorer" };
    const spec = { name: "ignorer", command: [process.execPath, fixture("ignores-term.mjs")] };
    Object.assign(process.env, env);
    appendOnce(w.paths, { kind: "agent", status: "start", id: "ignorer", output: "t", need: "n" }); // so its `active` is allowed
    const sup = new Supervisor(w.paths, [spec], log, { ...RESTART_DEFAULTS, stopTimeoutMs: 300 });
    sup.start();
    const pid = sup.statuses()[0]!.pid!;
    await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === "ignorer" && e.status === "active");
    await sup.stop();
    expect(procStat(pid)).toBeUndefined();
    expect(statusLine(sup.statuses()[0]!)).toBe("ignorer   stopped (last: killed by SIGKILL)");

    const sup2 = new Supervisor(w.paths, [spec], log);
    sup2.start();
    const pid2 = sup2.statuses()[0]!.pid!;
    sup2.kill();
    await waitGone(pid2);
    for (const k of Object.keys(env)) delete process.env[k];
  });
});
