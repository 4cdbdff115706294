import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { readProcRecord } from "../../../agents/procs.js";
import { optionOf, SPIRIT_FLAGS } from "../../../ui/cli/spirit.js";
import { startFakeAnthropic } from "../../support/fake-anthropic.js";
import { waitUntil } from "../../support/wait.js";
import { ROOT, tempWorld, waitForEntry, world, WORLD_BIN, type TempWorld } from "../../support/world.js";

// `world spirit` runs the bundle scripts/finish-build.mjs makes of ui/cli/fast-spirit.ts (bin/world.ts requires it).
const BUNDLE = join(ROOT, "dist/ui/cli/fast-spirit.cjs");

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

describe("world spirit, started from its CommonJS bundle", () => {
  it("is built, and is awake with the flags it was given; it hears a request, spawns its agent, and stops gracefully on SIGTERM", async () => {
    expect(existsSync(BUNDLE)).toBe(true);
    w = tempWorld();
    await world(w.home, ["event", "test", "boot", "a world"]);
    const spirit = execa("node", [WORLD_BIN, "--home", w.home, "spirit", "--user", "A", "--nudge-expiry=5m", "--brain", "offline"], {
      reject: false,
      env: { WORLD_HOME: undefined, ANTHROPIC_API_KEY: undefined },
      extendEnv: true,
    });
    try {
      const awake = await waitForEntry(w.paths, (e) => e.kind === "event" && e.id === "spirit" && e.output.startsWith("awake:"), { what: "the Spirit awake", timeoutMs: 60_000 });
      expect(awake.output).toBe('awake: offline brain, user speaker "A", reading from line 1, nudges expire after 5m');
      // Its language (the intent model, read from beside its module in dist/) loads now, and the spawner.
      const heard = await world(w.home, ["listen"], { input: `${JSON.stringify({ ts: 0, speaker: "A", text: "remind me in 1 hour to stretch" })}\n` });
      expect(heard.exitCode).toBe(0);
      const spawned = await waitForEntry(w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("spawn: reminder"), { what: "the reminder spawned", timeoutMs: 60_000 });
      const armed = await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === spawned.id && e.status === "active" && e.output.startsWith("armed:"), { what: "the reminder armed", timeoutMs: 60_000 });
      // An hour away, the Spirit's spawner parks it itself (agents/park-at-spawn.ts): no agent process.
      expect(armed.output).toMatch(/^armed: due \S+ by reminder \(parked: the Keeper's scheduler delivers it\) — Reminder: stretch$/);
      // Its process record follows the armed line: it names no process.
      await waitUntil(() => readProcRecord(w!.paths, spawned.id) !== undefined, { what: "the reminder's process record", timeoutMs: 20_000 });
      expect(readProcRecord(w.paths, spawned.id)).toMatchObject({ pid: null, kind: "reminder" });
    } finally {
      spirit.kill("SIGTERM");
    }
    const done = await spirit;
    expect(done.exitCode).toBe(0);
    expect(done.stderr).toBe("");
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.id === "spirit" && e.output === "asleep: stopped by SIGTERM", { what: "the Spirit asleep" });
  });

  it("a second SIGTERM ends it at once (143) while the first waits for a decision in flight", async () => {
    w = tempWorld();
    // The model never answers: the decision waits for its deadline, and a graceful stop waits for the decision.
    const fake = await startFakeAnthropic({ handler: () => new Promise<never>(() => undefined) });
    try {
      const spirit = execa("node", [WORLD_BIN, "--home", w.home, "spirit", "--brain", "claude", "--brain-deadline", "10m"], {
        reject: false,
        env: { WORLD_HOME: undefined, ...fake.env },
        extendEnv: true,
      });
      await waitForEntry(w.paths, (e) => e.kind === "event" && e.id === "spirit" && e.output.startsWith("awake: claude"), { what: "the Spirit awake", timeoutMs: 60_000 });
      const heard = await world(w.home, ["listen"], { input: `${JSON.stringify({ ts: 0, speaker: "user", text: "remind me in 1 hour to stretch" })}\n` });
      expect(heard.exitCode).toBe(0);
      await waitUntil(() => fake.requests.length > 0, { what: "the model asked", timeoutMs: 60_000 });
      spirit.kill("SIGTERM");
      // The first is taken (its operational log says so) before the second is sent.
      await waitUntil(() => existsSync(join(w!.paths.logs, "spirit.log")) && readFileSync(join(w!.paths.logs, "spirit.log"), "utf8").includes("stopping (send the signal again to force)"), { what: "the first signal taken", timeoutMs: 60_000 });
      expect(spirit.exitCode).toBeNull();
      spirit.kill("SIGTERM");
      expect((await spirit).exitCode).toBe(143);
    } finally {
      await fake.close();
    }
  });

  it("takes every option `world spirit --help` lists", async () => {
    w = tempWorld();
    const help = await world(w.home, ["spirit", "--help"]);
    expect(help.exitCode).toBe(0);
    const listed = [...help.stdout.matchAll(/^\s+(--[a-z-]+)/gm)].map((m) => m[1]).filter((o) => o !== "--help");
    expect(listed.sort()).toEqual(SPIRIT_FLAGS.map(optionOf).sort());
  });

  it("leaves what it does not know to the full CLI, with its messages and exit codes; a bad value is one line, exit 2", async () => {
    w = tempWorld();
    const cases: [string[], RegExp][] = [
      [["spirit", "now"], /^world: too many arguments for 'spirit'\. Expected 0 arguments but got 1\./],
      [["spirit", "--bogus"], /^world: unknown option '--bogus'/],
      [["spirit", "--user"], /^world: option '--user <speaker>' argument missing/],
      [["spirit", "--nudge-expiry", "soon"], /^world: invalid --nudge-expiry: expected a duration with its unit, like "10m" \(ms, s, m, h or d\), received "soon"$/],
    ];
    for (const [args, said] of cases) {
      const r = await world(w.home, args);
      expect(r.exitCode, args.join(" ")).toBe(2);
      expect(r.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
      expect(r.stderr.trim()).toMatch(said);
    }
    // A home that is a file: the CLI's one line, not an internal error.
    const file = join(w.home, "not-a-dir");
    writeFileSync(file, "");
    const r = await execa("node", [WORLD_BIN, "--home", file, "spirit"], { reject: false, env: { WORLD_HOME: undefined }, extendEnv: true });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^world: invalid world home: expected a directory/);
    // Nothing was heard, so nothing was written.
    expect(existsSync(w.paths.log)).toBe(false);
  });
});
