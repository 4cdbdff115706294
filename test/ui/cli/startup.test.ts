import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ROOT, tempWorld, waitForEntry, world, WORLD_BIN, type TempWorld } from "../../support/world.js";

const PACKAGES = join(ROOT, "test/fixtures/startup/packages.mjs");
/** Loaded only when used: the model's SDK (with a key), execa (world listen's command, the shell), the whole chrono-node, chokidar (the bench). */
const HEAVY = ["@anthropic-ai/sdk", "execa", "chrono-node", "chokidar"];

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

/** The packages a daemon imported by the time `ready` is on its stderr. */
async function packagesAtStart(args: string[], ready: string): Promise<string[]> {
  const child = spawn(process.execPath, ["--import", PACKAGES, WORLD_BIN, "--home", w!.home, ...args], {
    env: { ...process.env, ANTHROPIC_API_KEY: "" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let said = "";
  for await (const chunk of child.stderr!) {
    said += String(chunk);
    if (said.includes(ready)) break;
  }
  child.kill("SIGTERM");
  if (child.exitCode === null && child.signalCode === null) await once(child, "exit");
  expect(said).toContain(ready);
  return [...new Set([...said.matchAll(/^package: (.+)$/gm)].map((m) => m[1]!))];
}

describe("start-up loads what is used (offline)", () => {
  it("world spawn --kind reminder: neither the CLI nor the agent loads commander or zod, nor chrono-node's many modules, on the way to armed", async () => {
    w = tempWorld();
    await world(w.home, ["event", "test", "boot", "a world"]);
    const packagesOf = (said: string) => [...new Set([...said.matchAll(/^package: (.+)$/gm)].map((m) => m[1]!))];
    const heavy = (loaded: string[]) => loaded.filter((p) => ["commander", "zod", "chrono-node", ...HEAVY].some((h) => p === h || p.startsWith(`${h}/`)));
    // In an hour: `world spawn` parks it itself (agents/park-at-spawn.ts), reading the time in its own process.
    const env = { NODE_OPTIONS: `--import "${PACKAGES}"` };
    const cli = await world(w.home, ["spawn", "remind me in 1 hour to stretch | need: a reminder", "--kind", "reminder", "--id", "r1"], { env });
    expect(cli.exitCode).toBe(0);
    await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === "r1" && e.status === "active" && e.output.startsWith("armed:") && e.output.includes("(parked:"), { what: "the reminder armed" });
    expect(cli.stderr).toContain("packages: watched"); // the hook reached the CLI
    expect(existsSync(join(w.paths.logs, "agents", "r1.err"))).toBe(false); // and no agent ran
    // Given its id, the CLI makes none: no ulid, and so no node:crypto.
    const ofCli = packagesOf(cli.stderr);
    expect(heavy(ofCli)).toEqual([]);
    expect(ofCli).not.toContain("ulid");

    // Given a time zone with --env, the spawner leaves the reading to the agent, which parks it and ends by itself.
    // NODE_OPTIONS reaches the agent too (it inherits the CLI's environment); it says what it loads on its .err.
    const soon = await world(w.home, ["spawn", "remind me in 1 hour to stretch | need: a reminder", "--kind", "reminder", "--id", "r2", "--env", "TZ=UTC"], { env });
    expect(soon.exitCode).toBe(0);
    await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === "r2" && e.status === "active" && e.output.startsWith("armed:"), { what: "the reminder armed" });
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.id === "r2" && e.output.includes("exited with code 0"), { what: "the reminder's exit", timeoutMs: 60_000 });
    const agentSaid = readFileSync(join(w.paths.logs, "agents", "r2.err"), "utf8");
    expect(agentSaid).toContain("packages: watched");
    expect(heavy(packagesOf(agentSaid))).toEqual([]);
  });

  it("world verifier: no SDK, no execa, no chrono-node", async () => {
    w = tempWorld();
    await world(w.home, ["event", "test", "boot", "a world"]);
    const loaded = await packagesAtStart(["verifier"], "verifier: following");
    // The hook sees packages (imported ones: better-sqlite3 is required now, tools/world/index-db.ts).
    expect(loaded).toContain("commander");
    expect(loaded.filter((p) => HEAVY.some((h) => p === h || p.startsWith(`${h}/`)))).toEqual([]);
  });

  it("world spirit: no commander, no SDK, no execa, no chrono-node; with nothing heard and no spirit section in the config, no zod either, and none when started again (its cursor read)", async () => {
    w = tempWorld();
    await world(w.home, ["event", "test", "boot", "a world"]);
    // The Spirit says nothing on stderr when it is awake: a second child tells us, reading the log.
    const { loaded, said } = await packagesAtStartSpirit();
    expect(said).toContain("packages: watched"); // the hook reached the process
    // Its bundle (ui/cli/fast-spirit.ts) is all it loads of the project, pino inside it; better-sqlite3's driver is its own bundle.
    expect(loaded).toEqual([]); // so no commander, no SDK, no execa, no chrono-node
    // Started again, as after a restart: its cursor file is read without zod too (tools/world/cursor.ts).
    expect(existsSync(join(w.paths.cursors, "spirit.json"))).toBe(true);
    const again = await packagesAtStartSpirit(2);
    expect(again.said).toContain("packages: watched");
    expect(again.loaded).toEqual([]);
    // Its language (and the schemas some of it checks with) loads at the first voice line; its config's schema only for a config to check.
    expect(loaded.filter((p) => p === "zod" || p.startsWith("zod/"))).toEqual([]);
  });
});

/** The packages the Spirit loaded by its `nth` awake line in this world. */
async function packagesAtStartSpirit(nth = 1): Promise<{ loaded: string[]; said: string }> {
  const child = spawn(process.execPath, ["--import", PACKAGES, WORLD_BIN, "--home", w!.home, "spirit"], {
    env: { ...process.env, ANTHROPIC_API_KEY: "" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let said = "";
  child.stderr!.on("data", (chunk) => (said += String(chunk)));
  let seen = 0;
  await waitForEntry(w!.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("awake:") && ++seen === nth, { what: "the Spirit awake" });
  child.kill("SIGTERM");
  if (child.exitCode === null && child.signalCode === null) await once(child, "exit");
  return { loaded: [...new Set([...said.matchAll(/^package: (.+)$/gm)].map((m) => m[1]!))], said };
}
