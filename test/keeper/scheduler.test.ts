/**
 * Parked sessions (agents/parked.ts) and the Keeper's scheduler (keeper/scheduler.ts), with
 * real processes: a reminder that parks ends its process and is delivered by the Keeper;
 * 1,000 parked reminders fire once each, across a kill -9 of the Keeper in the middle.
 */
import { afterEach, describe, expect, it } from "vitest";
import { execa } from "execa";
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnAgent } from "../../agents/spawn.js";
import { armedLine } from "../../agents/reminder/armed.js";
import { readProcRecord } from "../../agents/procs.js";
import { builtInAgent } from "../../agents/registry.js";
import { Appender, type Draft } from "../../tools/world/append.js";
import type { Located } from "../../tools/world/entry.js";
import { collectEntries } from "../../tools/world/read.js";
import { tempWorld, waitForEntry, WORLD_BIN, type TempWorld } from "../support/world.js";
import { waitUntil } from "../support/wait.js";
import { Daemons } from "../support/daemons.js";
import { testRandom } from "../support/random.js";

let w: TempWorld | undefined;
const daemons = new Daemons();
afterEach(async () => {
  await daemons.stop();
  w?.cleanup();
  w = undefined;
});

/** Every process below `pid` (children, their children…), from /proc. */
function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return children.flatMap((c) => [c, ...descendants(c)]);
}

function entries(): Located[] {
  return collectEntries(w!.paths.log).entries;
}

/** 1,000 deliveries are many process starts: a minute, more on a busy machine. */
const until = (check: () => boolean, what: string, timeoutMs = 60_000) => waitUntil(check, { what, timeoutMs });

/** `n` sessions already parked: a start line and a parked armed line each, as a parking agent leaves them. */
function parkReminders(n: number, dueAt: (i: number) => Date): string[] {
  const ids = Array.from({ length: n }, (_, i) => `park-${String(i).padStart(4, "0")}`);
  const drafts: Draft[] = ids.flatMap((id, i) => [
    { kind: "agent", status: "start", id, output: `remind me to drink water ${i}`, need: "event notify logged" } as const,
    { kind: "agent", status: "active", id, output: armedLine({ kind: "reminder", due: dueAt(i), message: `Reminder: drink water ${i}` }, "parked: the Keeper's scheduler delivers it") } as const,
  ]);
  const appender = new Appender(w!.paths);
  try {
    for (let i = 0; i < drafts.length; i += 200) appender.appendMany(drafts.slice(i, i + 200));
  } finally {
    appender.close();
  }
  return ids;
}


/**
 * An sh agent that parks for 2 s (`sleep until <now + 2 s><park>`) on its first run and,
 * relaunched after the wake-up, finishes with `finish` (shell words, expanded there).
 */
function parkingAgent(home: string, name: string, finish: string, park: string): string {
  const agent = join(home, name);
  writeFileSync(agent, [
    "#!/bin/sh",
    `if [ -n "$WORLD_WOKEN" ]; then node "$WORLD_BIN" agent finish "$WORLD_SESSION_ID" "${finish}" -q; exit 0; fi`,
    `node "$WORLD_BIN" agent active "$WORLD_SESSION_ID" "sleep until $(date -u -d @$(( $(date +%s) + 2 )) +%Y-%m-%dT%H:%M:%SZ)${park}" -q`,
    "",
  ].join("\n"));
  chmodSync(agent, 0o755);
  return agent;
}

describe("parked agents and the Keeper's scheduler", () => {
  it("a reminder with a long wait parked by its agent: its process ends, it is not failed, and the Keeper delivers it at the due time", async () => {
    w = tempWorld();
    // An --env the spawner does not read as the agent would (a time zone) leaves the reading, and the parking, to the agent.
    const { id, pid } = await spawnAgent(w.paths, { task: "remind me in 4 seconds to stretch", need: "event notify logged", kind: "reminder", env: { WORLD_PARK_AFTER_MS: "1", TZ: "UTC" } });
    expect(pid).not.toBeNull();
    const parked = await waitForEntry(w.paths, (e) => e.id === id && e.kind === "agent" && e.status === "active" && /^armed: due \S+ by reminder \(parked/.test(e.output), { timeoutMs: 60_000 });
    await waitForEntry(w.paths, (e) => e.id === id && e.kind === "event" && / exited with code 0$/.test(e.output), { timeoutMs: 60_000 });
    expect(entries().filter((e) => e.id === id && e.kind === "agent" && e.status === "failed")).toEqual([]);
    // The sweep leaves a parked session whose process is gone alone.
    const swept = await execa(process.execPath, [WORLD_BIN, "--home", w.home, "keep", "--once"]);
    expect(swept.stdout).toMatch(/ 0 dead,/);

    void daemons.keeper(w.home);
    const finish = await waitForEntry(w.paths, (e) => e.id === id && e.kind === "agent" && e.status === "finish", { timeoutMs: 60_000 });
    const due = /^armed: due (\S+)/.exec(parked.output)![1]!;
    expect(finish.output).toMatch(new RegExp(`^delivered at \\S+ \\(due ${due.replace(/[.]/g, "\\.")}(, late by \\d+s)?\\) by the Keeper's scheduler$`));
    const notify = entries().filter((e) => e.id === id && e.kind === "event" && e.source === "notify");
    expect(notify.map((e) => e.output)).toEqual(["Reminder: stretch"]);
    expect(Date.parse(notify[0]!.ts)).toBeGreaterThanOrEqual(Date.parse(due));
  });

  it("a reminder due later than the park threshold is parked by `world spawn` itself: no process, the lines a parking agent writes, treated as one, delivered at the due time and verified", async () => {
    w = tempWorld();
    const home = w.home;
    const cli = (...args: string[]) => execa(process.execPath, [WORLD_BIN, "--home", home, ...args], { env: { WORLD_PARK_AFTER_MS: "1" }, reject: false });
    const spawned = await cli("spawn", "--kind", "reminder", "--id", "rem-cli", "remind me in 15 seconds to stretch | need: event notify logged");
    expect(spawned.exitCode, spawned.stderr).toBe(0);
    expect(spawned.stdout).toBe("rem-cli");
    // In-process too, as the Spirit spawns: its --env WORLD_SAID_AT counts "for 15 seconds" from the words, 2 s ago.
    const saidAt = new Date(Date.now() - 2000).toISOString();
    const inProcess = await spawnAgent(w.paths, { task: "set a timer for 15 seconds", need: "event notify logged", kind: "timer", id: "tim-in", env: { WORLD_PARK_AFTER_MS: "1", WORLD_SAID_AT: saidAt } });
    expect(inProcess).toEqual({ id: "tim-in", pid: null });

    for (const id of ["rem-cli", "tim-in"]) {
      const own = entries().filter((e) => e.id === id);
      // The start line, then the one parked armed line: no `spawned pid`, no exit line (no process ran).
      expect(own.map((e) => (e.kind === "agent" ? e.status : `${e.kind}:${e.source}`))).toEqual(["start", "active"]);
      expect(own[1]!.output).toMatch(/^armed: due \S+ by (reminder|timer) \(parked: the Keeper's scheduler delivers it\) — (Reminder: stretch|Timer done: 15 seconds)$/);
      // The record a launch writes, with no process: what the Verifier and a retry read.
      expect(readProcRecord(w.paths, id)).toMatchObject({ id, pid: null, pgid: null, startTicks: null, attempt: 1, command: builtInAgent(id === "rem-cli" ? "reminder" : "timer") });
      expect(existsSync(join(w.paths.logs, "agents", `${id}.err`))).toBe(false);
    }
    const timerDue = Date.parse(/^armed: due (\S+)/.exec(entries().find((e) => e.id === "tim-in" && e.kind === "agent" && e.status === "active")!.output)![1]!);
    expect(Math.abs(timerDue - (Date.parse(saidAt) + 15_000))).toBeLessThan(1000);
    expect(readProcRecord(w.paths, "rem-cli")?.needFrom).toBe("program"); // no terminal here: a program's need
    // Everyone reads them as parked: status, the reminder list, and the Keeper's sweep (no process, not dead).
    const status = await cli("status", "--json");
    expect(JSON.parse(status.stdout)).toMatchObject({ parked: 2 });
    const list = await cli("reminder", "list", "--json");
    expect(list.stdout.split("\n").map((l) => JSON.parse(l) as { id: string; parked: boolean }).map((r) => [r.id, r.parked]).sort()).toEqual([["rem-cli", true], ["tim-in", true]]);
    const swept = await cli("keep", "--once");
    expect(swept.stdout).toMatch(/ 0 dead,/);

    // Due in 13–15 s: the Keeper daemon delivers them (or, on a very slow machine, the sweep above already did, once).
    void daemons.keeper(home);
    for (const id of ["rem-cli", "tim-in"]) {
      const finish = await waitForEntry(w.paths, (e) => e.id === id && e.kind === "agent" && e.status === "finish", { timeoutMs: 60_000 });
      const due = /^armed: due (\S+)/.exec(entries().find((e) => e.id === id && e.kind === "agent" && e.status === "active")!.output)![1]!;
      expect(finish.output).toMatch(new RegExp(`^delivered at \\S+ \\(due ${due.replace(/[.]/g, "\\.")}(, late by \\d+s)?\\) by the Keeper's scheduler$`));
      const notify = entries().filter((e) => e.id === id && e.kind === "event" && e.source === "notify");
      expect(notify).toHaveLength(1);
      expect(Date.parse(notify[0]!.ts)).toBeGreaterThanOrEqual(Date.parse(due));
    }
    // The Verifier judges the delivery as any other; then the sweep archives the record of no process.
    const verified = await cli("verify", "--once");
    expect(verified.exitCode, verified.stderr).toBe(0);
    for (const id of ["rem-cli", "tim-in"]) await waitForEntry(w.paths, (e) => e.id === id && e.kind === "agent" && e.status === "verified", { timeoutMs: 60_000 });
    // (The daemon stopped first: a sweep skips its run while another Keeper holds the lock.)
    await daemons.stop("SIGTERM");
    const archived = await cli("keep", "--once");
    expect(archived.stdout, archived.stderr).toMatch(/ 0 dead,/);
    expect(existsSync(join(w.paths.procs, "rem-cli.json"))).toBe(false);
    expect(readProcRecord(w.paths, "rem-cli")).toMatchObject({ pid: null });
    expect(entries().filter((e) => e.kind === "agent" && e.status === "failed")).toEqual([]);
  });

  it("1,000 parked reminders fire once each; a kill -9 of the Keeper in the middle loses none and doubles none", async () => {
    w = tempWorld();
    const first = daemons.keeper(w.home);
    await waitForEntry(w.paths, (e) => e.id === "keeper" && e.output.startsWith("scheduler: "));
    // Parked while the scheduler runs (it follows the log), due over 10 s in 20 groups:
    // many batches, so the kill lands between two of them.
    const start = Date.now() + 1500;
    const ids = parkReminders(1000, (i) => new Date(start + (i % 20) * 500));
    const notified = () => entries().filter((e) => e.kind === "event" && e.source === "notify").length;
    await until(() => notified() > 0, "the first deliveries");
    first.kill("SIGKILL");
    await first;
    const before = notified();
    expect(before).toBeLessThan(1000); // killed in the middle

    void daemons.keeper(w.home);
    await until(() => entries().filter((e) => e.kind === "agent" && e.status === "finish").length >= 1000, "1,000 deliveries");
    const all = entries();
    for (const id of ids) {
      expect(all.filter((e) => e.id === id && e.kind === "event" && e.source === "notify")).toHaveLength(1);
      expect(all.filter((e) => e.id === id && e.kind === "agent" && e.status === "finish")).toHaveLength(1);
    }
    // The restarted scheduler says what it found.
    const said = all.filter((e) => e.id === "keeper" && e.output.startsWith("scheduler: ")).map((e) => e.output);
    expect(said).toHaveLength(2);
    expect(said[0]).toBe("scheduler: 0 parked wake-ups pending");
    expect(said[1]).toMatch(new RegExp(`^scheduler: ${1000 - before} parked wake-ups pending`));
  }, 120_000);

  it("a kill -9 of `world up` and all its children at a random moment: each of 1,000 reminders delivered once after it starts again", async () => {
    w = tempWorld();
    const up = () => {
      return daemons.add(execa(process.execPath, [WORLD_BIN, "--home", w!.home, "up", "--only", "keeper"], { reject: false, stdin: "ignore" }));
    };
    const first = up();
    await waitForEntry(w.paths, (e) => e.id === "keeper" && e.output.startsWith("scheduler: "), { timeoutMs: 60_000 });
    const start = Date.now() + 1500;
    const ids = parkReminders(1000, (i) => new Date(start + (i % 20) * 500));
    // Anywhere from before the first delivery to after the last (due over 1.5 s … 11 s), seeded to be replayed.
    const { random, seed } = testRandom("kill -9 moment");
    await new Promise((r) => setTimeout(r, 1000 + Math.floor(random() * 10_000))); // the moment itself is the test's input
    const tree = descendants(first.pid!);
    for (const pid of [first.pid!, ...tree]) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    await first;
    void up(); // fire-and-forget like daemons.keeper: afterEach stops it
    await until(() => entries().filter((e) => e.kind === "agent" && e.status === "finish").length >= 1000, `1,000 deliveries (seed ${seed})`, 90_000);
    await new Promise((r) => setTimeout(r, 1500)); // a duplicate would come now, if at all
    const all = entries();
    for (const id of ids) {
      expect(all.filter((e) => e.id === id && e.kind === "event" && e.source === "notify")).toHaveLength(1);
      expect(all.filter((e) => e.id === id && e.kind === "agent" && e.status === "finish")).toHaveLength(1);
    }
  }, 180_000);

  it("after downtime, overdue wake-ups are delivered at once with how late they are", async () => {
    w = tempWorld();
    parkReminders(3, () => new Date(Date.now() - 90_000));
    void daemons.keeper(w.home);
    const said = await waitForEntry(w.paths, (e) => e.id === "keeper" && e.output.startsWith("scheduler: "));
    expect(said.output).toBe("scheduler: 3 parked wake-ups pending, 3 overdue (delivered now)");
    await until(() => entries().filter((e) => e.kind === "agent" && e.status === "finish").length === 3, "3 deliveries", 30_000);
    for (const f of entries().filter((e) => e.kind === "agent" && e.status === "finish")) expect(f.output).toMatch(/, late by [12]m\) by the Keeper's scheduler$/);
  });

  it("any agent can park with `sleep until <ISO>`: it is relaunched at that time with the same session, attempt and command", async () => {
    w = tempWorld();
    // First run: park for 2 s and end. Run after the wake-up: finish, with what it was woken for.
    const agent = parkingAgent(w.home, "sleepy.sh", "woken for $WORLD_WOKEN", "");
    void daemons.keeper(w.home);
    await waitForEntry(w.paths, (e) => e.id === "keeper" && e.output.startsWith("scheduler: "));
    const { id } = await spawnAgent(w.paths, { task: "nap then finish", need: "output matches /woken/", command: [agent] });
    const sleep = await waitForEntry(w.paths, (e) => e.id === id && e.kind === "agent" && e.status === "active" && e.output.startsWith("sleep until "));
    const woke = await waitForEntry(w.paths, (e) => e.id === id && e.kind === "agent" && e.status === "active" && e.output.startsWith("woke at "), { timeoutMs: 30_000 });
    expect(woke.output).toMatch(/: relaunching attempt 1$/);
    const finish = await waitForEntry(w.paths, (e) => e.id === id && e.kind === "agent" && e.status === "finish", { timeoutMs: 30_000 });
    const due = new Date(sleep.output.slice("sleep until ".length)).toISOString();
    expect(finish.output).toBe(`woken for ${due}`);
    expect(entries().filter((e) => e.id === id && e.kind === "event" && e.output.startsWith("spawned pid "))).toHaveLength(2);
    expect(entries().filter((e) => e.id === id && e.kind === "agent" && e.status === "failed")).toEqual([]);
  });

  it("a relaunched agent gets its context: the `world spawn --env` it was started with (never in the log) and the state it parked with", async () => {
    w = tempWorld();
    const agent = parkingAgent(w.home, "context.sh", "woken with token=$API_TOKEN mode=$MODE state=$WORLD_STATE", ' state {\\"v\\":1,\\"seen\\":\\"$MODE\\"} — first run had token=${#API_TOKEN} chars');
    void daemons.keeper(w.home);
    await waitForEntry(w.paths, (e) => e.id === "keeper" && e.output.startsWith("scheduler: "));
    const r = await execa(process.execPath, [WORLD_BIN, "--home", w.home, "spawn", "nap with a token | need: output matches /woken/", "--env", "API_TOKEN=s3cret=x", "--env", "MODE=quiet", "--", agent]);
    const id = r.stdout.trim();
    const file = join(w.paths.dir, "spawn-env", `${id}.json`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ API_TOKEN: "s3cret=x", MODE: "quiet" });
    const sleep = await waitForEntry(w.paths, (e) => e.id === id && e.kind === "agent" && e.status === "active" && e.output.startsWith("sleep until "));
    expect(sleep.output).toMatch(/ state \{"v":1,"seen":"quiet"\} — first run had token=8 chars$/);
    const finish = await waitForEntry(w.paths, (e) => e.id === id && e.kind === "agent" && e.status === "finish", { timeoutMs: 30_000 });
    expect(finish.output).toBe('woken with token=s3cret=x mode=quiet state={"v":1,"seen":"quiet"}');
    // The value reached the agent; the log holds it only where the agent itself wrote it.
    expect(readFileSync(w.paths.log, "utf8").split("s3cret").length - 1).toBe(1);
  });

  it("world spawn --env refuses a bad or reserved name, and writes nothing", async () => {
    w = tempWorld();
    for (const [pair, message] of [
      ["1X=a", /^world: invalid environment variable name: expected letters, digits and _ \(not first a digit\), received "1X"$/],
      ["WORLD_TASK=a", /^world: reserved environment variable: expected a name other than WORLD_HOME, .*, received "WORLD_TASK"$/],
      ["NOEQUALS", /^world: invalid --env: expected NAME=value, received "NOEQUALS"$/],
    ] as const) {
      const r = await execa(process.execPath, [WORLD_BIN, "--home", w.home, "spawn", "t | need: n", "--env", pair, "--", "/bin/true"], { reject: false });
      expect(r.exitCode).toBe(2);
      expect(r.stderr.trim()).toMatch(message);
    }
    expect(existsSync(w.paths.log)).toBe(false);
  });

  it("without the daemon, `world keep --once` (cron) delivers overdue parked reminders, once", async () => {
    w = tempWorld();
    const [id] = parkReminders(1, () => new Date(Date.now() - 5 * 60_000));
    const first = await execa(process.execPath, [WORLD_BIN, "--home", w.home, "keep", "--once"]);
    expect(first.stdout).toMatch(/, 1 parked woken;/);
    const again = await execa(process.execPath, [WORLD_BIN, "--home", w.home, "keep", "--once"]);
    expect(again.stdout).not.toMatch(/parked woken/);
    expect(entries().filter((e) => e.id === id && e.kind === "event" && e.source === "notify")).toHaveLength(1);
    expect(entries().filter((e) => e.id === id && e.kind === "agent").at(-1)!.output).toMatch(/late by 5m\) by the Keeper's scheduler$/);
  });
});
